#pragma once
// UTF-8 decoding with full validation (no overlong forms, no code points
// above U+10FFFF, surrogates only when WTF-8 is allowed), and encoding.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "bits.hpp"

namespace ultrajson::detail {

// Decodes the multi-byte sequence at p (*p >= 0x80), never reading at or past
// end. Returns its length (2 to 4) and stores the code point, or returns 0
// when the bytes are not UTF-8. With allow_surrogates, U+D800..U+DFFF encoded
// in three bytes (WTF-8) are accepted.
inline std::size_t decode_utf8_sequence(const unsigned char* p, const unsigned char* end,
                                        bool allow_surrogates, char32_t& code_point) noexcept {
  const unsigned lead = p[0];
  const std::size_t available = static_cast<std::size_t>(end - p);
  auto continuation = [](unsigned byte) { return (byte & 0xC0u) == 0x80u; };
  if (lead >= 0xC2 && lead <= 0xDF) {
    if (available < 2 || !continuation(p[1])) return 0;
    code_point = static_cast<char32_t>(((lead & 0x1Fu) << 6) | (p[1] & 0x3Fu));
    return 2;
  }
  if (lead >= 0xE0 && lead <= 0xEF) {
    if (available < 3) return 0;
    const unsigned second = p[1];
    // The second byte's range excludes overlong forms (E0) and, unless
    // allowed, the surrogates (ED A0..BF).
    const unsigned low = lead == 0xE0 ? 0xA0u : 0x80u;
    const unsigned high = (lead == 0xED && !allow_surrogates) ? 0x9Fu : 0xBFu;
    if (second < low || second > high || !continuation(p[2])) return 0;
    code_point = static_cast<char32_t>(((lead & 0x0Fu) << 12) | ((second & 0x3Fu) << 6) |
                                       (p[2] & 0x3Fu));
    return 3;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    if (available < 4) return 0;
    const unsigned second = p[1];
    const unsigned low = lead == 0xF0 ? 0x90u : 0x80u;
    const unsigned high = lead == 0xF4 ? 0x8Fu : 0xBFu;
    if (second < low || second > high || !continuation(p[2]) || !continuation(p[3])) return 0;
    code_point = static_cast<char32_t>(((lead & 0x07u) << 18) | ((second & 0x3Fu) << 12) |
                                       ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu));
    return 4;
  }
  return 0;
}

// Writes code_point (any value up to U+10FFFF, surrogates included, which
// gives WTF-8) and returns the position after it.
inline char* encode_utf8(char32_t code_point, char* out) noexcept {
  if (code_point < 0x80) {
    *out++ = static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    *out++ = static_cast<char>(0xC0 | (code_point >> 6));
    *out++ = static_cast<char>(0x80 | (code_point & 0x3F));
  } else if (code_point < 0x10000) {
    *out++ = static_cast<char>(0xE0 | (code_point >> 12));
    *out++ = static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (code_point & 0x3F));
  } else {
    *out++ = static_cast<char>(0xF0 | (code_point >> 18));
    *out++ = static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
    *out++ = static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (code_point & 0x3F));
  }
  return out;
}

// Writes up to four bytes of UTF-8 with one store: `bytes` holds them in
// memory order, the first in its low byte. Bytes past the sequence are
// garbage that what comes next overwrites; needs four bytes of room. One
// store instead of two or three byte stores: the unescaping of a run of \u
// escapes is bound by such work per character.
inline void store_utf8_bytes(char* out, std::uint32_t bytes) noexcept {
  if constexpr (big_endian) bytes = static_cast<std::uint32_t>(byte_swap(bytes) >> 32);
  std::memcpy(out, &bytes, sizeof bytes);
}

inline constexpr bool is_surrogate(char32_t c) noexcept { return c >= 0xD800 && c <= 0xDFFF; }

}  // namespace ultrajson::detail
