#pragma once
// The one test of which bytes in a JSON string need a closer look, shared by
// the parser's string scan (string_scan.hpp) and the writer's escaping
// (escape.hpp): '"', '\\' and control bytes below 0x20 end a run of plain
// text for both, and bytes at or above 0x80 are UTF-8 to check. A portable
// form on 8-byte words and an SSE2 form on 16-byte blocks.

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "inlining.hpp"
#include "swar.hpp"

namespace ultrajson::detail {

// The high bit set in each byte of `word` that is '"', '\\' or below 0x20
// (only the lowest flag is exact: see first_flagged_byte).
ULTRAJSON_ALWAYS_INLINE constexpr std::uint64_t quote_backslash_control_bytes(std::uint64_t word) noexcept {
  return has_byte(word, '"') | has_byte(word, '\\') | has_byte_below(word, 0x20);
}

// Whether one byte is plain ASCII text in a string: none of those bytes,
// and not UTF-8 (what the word and block tests flag, for one byte).
constexpr bool is_plain_ascii(char c) noexcept {
  const auto byte = static_cast<unsigned char>(c);
  return byte >= 0x20 && byte < 0x80 && byte != '"' && byte != '\\';
}

#if defined(__SSE2__)
// Sixteen copies of a byte, loaded from memory where it is used. Left
// alone, GCC keeps the string scan's constants in registers across the
// parse loop, so it stores them to the stack and reloads them at every
// string; the load in an asm statement of its own is one instruction per
// use and leaves the compiler nothing to keep. Measured with callgrind
// (GCC 12, Release, x86-64): without it, parsing twitter.json takes 4.8%
// more instructions, citm_catalog.json 2.7%, and writing them 5% and 3%.
template <char byte>
ULTRAJSON_ALWAYS_INLINE __m128i vector_constant() noexcept {
  alignas(16) static constexpr char copies[16] = {byte, byte, byte, byte, byte, byte, byte, byte,
                                                  byte, byte, byte, byte, byte, byte, byte, byte};
#if defined(__GNUC__)
  __m128i bytes;
  __asm__ volatile("movdqa %1, %0" : "=x"(bytes) : "m"(copies));
  return bytes;
#else
  return _mm_load_si128(reinterpret_cast<const __m128i*>(copies));
#endif
}

// 0xFF in each byte of the block that is '"', '\\', below 0x20 or at or
// above 0x80, else 0. As signed bytes, "below 0x20" is the control bytes
// and every non-ASCII byte (negative) at once: three compares, no zero
// vector. The non-ASCII ones are those of high_bytes.
ULTRAJSON_ALWAYS_INLINE __m128i special_or_high_bytes(__m128i bytes) noexcept {
  return _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, vector_constant<'"'>()),
                                   _mm_cmpeq_epi8(bytes, vector_constant<'\\'>())),
                      _mm_cmpgt_epi8(vector_constant<0x20>(), bytes));
}

// One bit per byte of a block (bit i for byte i): its bit 7.
ULTRAJSON_ALWAYS_INLINE unsigned byte_bits(__m128i bytes) noexcept {
  return static_cast<unsigned>(_mm_movemask_epi8(bytes));
}

// The bytes at or above 0x80, one bit per byte.
ULTRAJSON_ALWAYS_INLINE unsigned high_bytes(__m128i bytes) noexcept { return byte_bits(bytes); }
#endif

}  // namespace ultrajson::detail
