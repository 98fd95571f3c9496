#pragma once
// The plain-run copy of a two-byte str (unit_escape.hpp's
// copy_plain_two_byte) in 32-byte vectors, for x86-64 CPUs that have AVX2,
// chosen at run time: a wheel is built for plain x86-64, whose SSE2 form
// takes two-operand instructions and so a register copy for each value
// used twice, and twice the vectors.

#include <cstddef>
#include <cstdint>

#include "simd_level.hpp"
#include "unit_escape.hpp"

#if defined(ULTRAJSON_PYTHON_AVX2)
#include <immintrin.h>
#endif

namespace ultrajson::python {

#if defined(ULTRAJSON_PYTHON_AVX2)
// plain_byte_test's `any` on a 32-byte block (U+007F plain).
template <bool slash>
__attribute__((target("avx2"), always_inline)) inline bool any_special_avx2(__m256i bytes) noexcept {
  const __m256i low = _mm256_xor_si256(bytes, _mm256_set1_epi8(2));
  __m256i hit = _mm256_cmpeq_epi8(_mm256_min_epu8(low, _mm256_set1_epi8(0x20)), low);
  hit = _mm256_or_si256(hit, _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('\\')));
  if constexpr (slash) hit = _mm256_or_si256(hit, _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('/')));
  return !_mm256_testz_si256(hit, hit);
}

// Copies the 32 units at in + at to out + at; whether any of them is special.
template <bool slash>
__attribute__((target("avx2"), always_inline)) inline bool copy_block_avx2(std::uint16_t* out, const std::uint16_t* in,
                                                                          std::size_t at) noexcept {
  const auto* from = reinterpret_cast<const __m256i*>(in + at);
  auto* to = reinterpret_cast<__m256i*>(out + at);
  const __m256i low = _mm256_loadu_si256(from), high = _mm256_loadu_si256(from + 1);
  _mm256_storeu_si256(to, low);
  _mm256_storeu_si256(to + 1, high);
  // Narrowed within each 128-bit lane, so out of order: the test only says
  // whether the block has a hit.
  return any_special_avx2<slash>(_mm256_packs_epi16(low, high));
}

// The place of the first special unit of the 32 at in + at, which has one:
// from the sixteen-byte test, in order.
template <bool slash>
__attribute__((target("avx2"))) inline std::size_t first_special_avx2(const std::uint16_t* in, std::size_t at) noexcept {
  const auto* units = reinterpret_cast<const __m128i*>(in + at);
  const __m128i block[2] = {_mm_packs_epi16(_mm_loadu_si128(units), _mm_loadu_si128(units + 1)),
                            _mm_packs_epi16(_mm_loadu_si128(units + 2), _mm_loadu_si128(units + 3))};
  return at + plain_byte_test<slash, false>::first(block);
}

// copy_plain_two_byte's contract, into a two-byte output. Strs shorter than
// two blocks take the SSE2 form, compiled here with AVX's three-operand
// encoding.
template <bool slash>
__attribute__((target("avx2"))) std::size_t copy_plain_two_byte_avx2(std::uint16_t* out, const std::uint16_t* in,
                                                                     std::size_t count) noexcept {
  if (count < 64) return copy_plain_two_byte<std::uint16_t, slash>(out, in, count);
  // The first block as it falls; then blocks stored on the output's 64-byte
  // lines, as a store across two lines costs about two; the last block ends
  // with the str, overlapping plain units.
  if (copy_block_avx2<slash>(out, in, 0)) return first_special_avx2<slash>(in, 0);
  std::size_t i = 32 - ((reinterpret_cast<std::uintptr_t>(out) % 64) / 2);
  for (; count - i >= 32; i += 32) {
    if (copy_block_avx2<slash>(out, in, i)) return first_special_avx2<slash>(in, i);
  }
  if (i == count) return count;
  return copy_block_avx2<slash>(out, in, count - 32) ? first_special_avx2<slash>(in, count - 32) : count;
}
#endif

}  // namespace ultrajson::python
