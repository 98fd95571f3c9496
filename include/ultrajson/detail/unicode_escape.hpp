#pragma once
// Reading JSON's escapes: the two-character ones through a table, \uXXXX
// through a hex table, surrogate pairs joined, and the result written
// straight as UTF-8 (WTF-8 for a lone surrogate, when allowed).

#include <array>
#include <cstddef>
#include <cstdint>

#include "../error.hpp"
#include "bits.hpp"
#include "string_special_bytes.hpp"
#include "swar.hpp"
#include "utf8.hpp"

namespace ultrajson::detail {

// A hex digit's value, or 0xFFFF0000 for any other byte: shifted left by 0,
// 4, 8 or 12 and OR-ed with the other digits, a bad digit leaves bits above
// 0xFFFF set, so four digits take one test instead of four.
inline constexpr std::uint32_t not_hex = 0xFFFF0000u;

constexpr std::array<std::uint32_t, 256> make_hex_table() {
  std::array<std::uint32_t, 256> table{};
  for (unsigned c = 0; c < 256; ++c) {
    if (c >= '0' && c <= '9') {
      table[c] = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      table[c] = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      table[c] = c - 'A' + 10;
    } else {
      table[c] = not_hex;
    }
  }
  return table;
}

inline constexpr std::array<std::uint32_t, 256> hex_table = make_hex_table();

// The code unit of the four hex digits at p, or a value above 0xFFFF when
// one of them is not a hex digit. Reads p[0..3].
inline std::uint32_t read_hex4(const char* p) noexcept {
  const auto digit = [p](int i) { return hex_table[static_cast<unsigned char>(p[i])]; };
  return (digit(0) << 12) | (digit(1) << 8) | (digit(2) << 4) | digit(3);
}

// Whether p[0], p[1] are the backslash and 'u' of a \u escape.
inline bool starts_unicode_escape(const char* p) noexcept { return holds_pair(p, '\\', 'u'); }

// JSON's two-character escapes: the letter after the backslash, and the
// character it stands for.
struct short_escape {
  char letter;
  char character;
};
inline constexpr short_escape short_escapes[] = {
    {'"', '"'},   {'\\', '\\'}, {'/', '/'},   {'b', '\b'},
    {'f', '\f'}, {'n', '\n'},   {'r', '\r'}, {'t', '\t'},
};

// What the character after a backslash stands for; 0 when JSON has no such
// two-character escape ('u' included: \u has its own reader).
constexpr std::array<char, 256> make_simple_escape_table() {
  std::array<char, 256> table{};
  for (const short_escape& escape : short_escapes) {
    table[static_cast<unsigned char>(escape.letter)] = escape.character;
  }
  return table;
}

inline constexpr std::array<char, 256> simple_escape_table = make_simple_escape_table();

// Unescapes the \u escape at p (p[0] is the backslash, p[1] the 'u'), joined
// with a following \u low surrogate when it makes a pair. On success writes
// 1 to 4 bytes at out, advances p and out, and returns none. On error p stays
// at the backslash. Never reads at or past end; writes at most 4 bytes.
inline parse_error unescape_unicode(const char*& p, const char* end, char*& out,
                                    bool allow_lone_surrogates) noexcept {
  if (end - p < 6) return parse_error::invalid_unicode_escape;
  const std::uint32_t unit = read_hex4(p + 2);
  if (unit < 0x80) {
    *out++ = static_cast<char>(unit);
  } else if (unit < 0x800) {
    out[0] = static_cast<char>(0xC0 | (unit >> 6));
    out[1] = static_cast<char>(0x80 | (unit & 0x3F));
    out += 2;
  } else if (unit - 0xD800 >= 0x800) {  // neither a surrogate nor a bad digit
    if (unit > 0xFFFF) return parse_error::invalid_unicode_escape;
    out[0] = static_cast<char>(0xE0 | (unit >> 12));
    out[1] = static_cast<char>(0x80 | ((unit >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (unit & 0x3F));
    out += 3;
  } else {
    if (unit < 0xDC00 && end - p >= 12 && p[6] == '\\' && p[7] == 'u') {
      const std::uint32_t low = read_hex4(p + 8);
      if (low - 0xDC00 < 0x400) {
        const std::uint32_t code_point = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
        out[0] = static_cast<char>(0xF0 | (code_point >> 18));
        out[1] = static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
        out[2] = static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
        out[3] = static_cast<char>(0x80 | (code_point & 0x3F));
        out += 4;
        p += 12;
        return parse_error::none;
      }
    }
    if (!allow_lone_surrogates) return parse_error::lone_surrogate;
    out = encode_utf8(static_cast<char32_t>(unit), out);  // WTF-8
  }
  p += 6;
  return parse_error::none;
}

// The four hex digits of a \u escape read once for two results: the code
// unit, and the payload bits of its UTF-8 form. For the digit c at place k
// (0 the most significant) the table holds, in its high half, the digit's
// bits in the code unit (or not_hex), and in its low half the same bits
// where the three-byte form U+0800..U+FFFF carries them: bytes 0, 1, 2 are
// d0, d1 << 2 | d2 >> 2, (d2 & 3) << 4 | d3, markers left out. Below
// U+0800 (d0 = 0, d1 < 8) bytes 1 and 2 are the two-byte form's payload.
// OR-ing four entries thus both converts and encodes: no shifts and masks
// per character.
constexpr std::array<std::array<std::uint64_t, 256>, 4> make_hex_utf8_table() {
  std::array<std::array<std::uint64_t, 256>, 4> table{};
  for (unsigned c = 0; c < 256; ++c) {
    const std::uint64_t d = hex_table[c];
    if (d == not_hex) {
      for (auto& place : table) place[c] = std::uint64_t{not_hex} << 32;
      continue;
    }
    table[0][c] = (d << 44) | d;
    table[1][c] = (d << 40) | (d << 10);
    table[2][c] = (d << 36) | ((d >> 2) << 8) | ((d & 3) << 20);
    table[3][c] = (d << 32) | (d << 16);
  }
  return table;
}

inline constexpr std::array<std::array<std::uint64_t, 256>, 4> hex_utf8_table =
    make_hex_utf8_table();

// The run of \u escapes at p for U+0080..U+FFFF other than surrogates
// (Greek, Cyrillic, CJK... as json.dumps writes them), unescaped with the
// fewest tests per escape: room is checked once for as many escapes as fit,
// and each is stored with one write. A plain ASCII byte between two such
// escapes (the space between words) is copied within the run, which would
// otherwise end and start again at every word. Stops, with p at it, at the
// first escape it leaves to unescape_unicode (ASCII, a surrogate, a bad
// digit), at anything else, or when input or room runs short; writes at
// most `limit - out` bytes.
inline void unescape_bmp_run(const char*& p, const char* end, char*& out,
                             const char* limit) noexcept {
  const char* q = p;
  char* o = out;
  for (;;) {
    const auto by_input = static_cast<std::size_t>(end - q) / 6;
    const auto by_room = static_cast<std::size_t>(limit - o) / 4;
    for (std::size_t n = by_input < by_room ? by_input : by_room; n != 0; --n) {
      if (!starts_unicode_escape(q)) break;
      const auto entry = [q](std::size_t place) {
        return hex_utf8_table[place][static_cast<unsigned char>(q[2 + place])];
      };
      const std::uint64_t both = entry(0) | entry(1) | entry(2) | entry(3);
      const auto unit = static_cast<std::uint32_t>(both >> 32);
      const auto payload = static_cast<std::uint32_t>(both);
      if (unit < 0x800) {
        if (unit < 0x80) break;
        store_utf8_bytes(o, 0x80C0u | (payload >> 8));
        o += 2;
      } else {
        // A surrogate, or bits above 0xFFFF from a bad digit.
        if (unit - 0xD800 < 0x800 || unit > 0xFFFF) break;
        store_utf8_bytes(o, 0x8080E0u | payload);
        o += 3;
      }
      q += 6;
    }
    // One plain byte, then an escape: copied, and the run goes on. Tested
    // here rather than in the escapes' loop, where GCC gave every escape
    // more instructions (README, "Where ultrajson loses").
    if (end - q < 7 || o == limit || !is_plain_ascii(*q) || !starts_unicode_escape(q + 1)) break;
    *o++ = *q++;
  }
  p = q;
  out = o;
}

}  // namespace ultrajson::detail
