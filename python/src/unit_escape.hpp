#pragma once
// Escaping a str's code units straight into the output's code units (1, 2 or
// 4 bytes each): a str is read from its own kind, never through UTF-8. Code
// units are code points, so non-ASCII units go out as they are (lone
// surrogates too, as json writes them) unless ensure_ascii asks for \u
// escapes.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include <ultrajson/detail/escape.hpp>
#include <ultrajson/detail/swar.hpp>

namespace ultrajson::python {

// What escaping needs to know, read once per dumps() call.
struct unit_escaping {
  const detail::escape_table* table;
  bool ensure_ascii;
  bool slash;  // '/' is escaped
  bool html;   // '<', '>', '&' are escaped: no word-at-a-time path
};

// Worst case per input unit: "\u00XX" (6 units), or a surrogate pair of
// escapes for a unit above U+FFFF under ensure_ascii (12).
constexpr std::size_t max_escaped_units(std::size_t count, std::size_t unit_size) noexcept {
  return count * (unit_size == 4 ? 12 : 6);
}

// One unit that is not written as it is: an ASCII escape, or \u escapes.
template <class Out>
Out* escape_one(Out* out, std::uint32_t unit, const unit_escaping& how) noexcept {
  char text[12];
  char* end;
  if (unit < 0x80) {
    end = detail::write_ascii_escaped(text, static_cast<unsigned char>(unit), *how.table);
  } else if (unit < 0x10000) {
    end = detail::write_unicode_escape(text, unit);
  } else {
    const std::uint32_t offset = unit - 0x10000;
    end = detail::write_unicode_escape(text, 0xD800 + (offset >> 10));
    end = detail::write_unicode_escape(end, 0xDC00 + (offset & 0x3FF));
  }
  for (const char* p = text; p != end; ++p) *out++ = static_cast<Out>(static_cast<unsigned char>(*p));
  return out;
}

// Flags the 16-bit lanes of a word of four UCS-2 units that need a closer
// look: '"', '\\', control characters, and '/' when asked. (Borrows may flag
// lanes above a flagged one: the word then goes unit by unit anyway.)
inline std::uint64_t ucs2_escape_mask(std::uint64_t word, bool slash) noexcept {
  constexpr std::uint64_t ones = 0x0001000100010001ull;
  constexpr std::uint64_t highs = 0x8000800080008000ull;
  const auto zero_lane = [](std::uint64_t w) { return (w - ones) & ~w & highs; };
  std::uint64_t special = ((word - ones * 0x20) & ~word & highs) | zero_lane(word ^ (ones * '"')) |
                          zero_lane(word ^ (ones * '\\'));
  if (slash) special |= zero_lane(word ^ (ones * '/'));
  return special;
}

// Escapes `count` units from `in` to `out`, which has room for
// max_escaped_units(count, sizeof(In)). Out must be wide enough for every
// unit written as it is (the caller widens the output first).
template <class Out, class In>
Out* escape_units(Out* out, const In* in, std::size_t count, const unit_escaping& how) noexcept {
  const In* const end = in + count;
  const detail::escape_table& table = *how.table;
  while (in != end) {
    // Runs of units that need no escape, a word at a time where the output
    // has the input's width.
    if constexpr (sizeof(Out) == 1 && sizeof(In) == 1) {
      if (!how.html) {
        const detail::escape_config config{how.ensure_ascii, how.slash, false, true, true};
        const char* p = reinterpret_cast<const char*>(in);
        char* o = reinterpret_cast<char*>(out);
        detail::copy_plain_run(o, p, reinterpret_cast<const char*>(end), config);
        in = reinterpret_cast<const In*>(p);
        out = reinterpret_cast<Out*>(o);
        if (in == end) break;
      }
    } else if constexpr (sizeof(Out) == 2 && sizeof(In) == 2) {
      if (!how.html && !how.ensure_ascii) {
        while (end - in >= 4) {
          std::uint64_t word;
          std::memcpy(&word, in, 8);
          if (ucs2_escape_mask(word, how.slash) != 0) break;
          std::memcpy(out, in, 8);
          in += 4;
          out += 4;
        }
        if (in == end) break;
      }
    }
    const auto unit = static_cast<std::uint32_t>(*in++);
    const bool plain = unit < 0x80 ? table[unit] == 0 : !how.ensure_ascii;
    if (plain) {
      *out++ = static_cast<Out>(unit);
    } else {
      out = escape_one(out, unit, how);
    }
  }
  return out;
}

}  // namespace ultrajson::python
