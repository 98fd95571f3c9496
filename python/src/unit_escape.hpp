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
#include <ultrajson/detail/inlining.hpp>
#include <ultrajson/detail/string_special_bytes.hpp>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ultrajson::python {

// What escaping needs to know, read once per dumps() call.
struct unit_escaping {
  const detail::escape_table* table;
  bool ensure_ascii;
  bool slash;  // '/' is escaped
  bool html;   // '<', '>', '&' are escaped: no word-at-a-time path
};

// Worst case per input unit: "\u00XX" (6 units), or a surrogate pair of
// escapes for a unit above U+FFFF under ensure_ascii (12); plus room for
// one sixteen-byte store past the end.
constexpr std::size_t max_escaped_units(std::size_t count, std::size_t unit_size) noexcept {
  return count * (unit_size == 4 ? 12 : 6) + 16;
}

// Two lowercase hex digits for each byte value.
struct hex_pairs {
  char digits[512];
  constexpr hex_pairs() : digits() {
    constexpr char hex[] = "0123456789abcdef";
    for (int i = 0; i < 256; ++i) {
      digits[2 * i] = hex[i >> 4];
      digits[2 * i + 1] = hex[i & 0xF];
    }
  }
};
inline constexpr hex_pairs hex_pair_table{};

// \uXXXX for a unit up to U+FFFF, written straight in the output's units
// (non-ASCII text under ensure_ascii is mostly these: one per character).
template <class Out>
ULTRAJSON_ALWAYS_INLINE Out* unicode_escape(Out* out, std::uint32_t unit) noexcept {
  const char* high = hex_pair_table.digits + 2 * ((unit >> 8) & 0xFF);
  const char* low = hex_pair_table.digits + 2 * (unit & 0xFF);
  if constexpr (sizeof(Out) == 1) {
    // Three two-byte copies: building the six bytes in a local array first
    // cost a store per byte: a fifth of 256 Arabic strs under ensure_ascii
    // (callgrind).
    std::memcpy(out, "\\u", 2);
    std::memcpy(out + 2, high, 2);
    std::memcpy(out + 4, low, 2);
  } else {
    out[0] = '\\';
    out[1] = 'u';
    out[2] = static_cast<Out>(high[0]);
    out[3] = static_cast<Out>(high[1]);
    out[4] = static_cast<Out>(low[0]);
    out[5] = static_cast<Out>(low[1]);
  }
  return out + 6;
}

// A non-ASCII unit under ensure_ascii: \u escapes (a surrogate pair above
// U+FFFF).
template <class Out>
ULTRAJSON_ALWAYS_INLINE Out* non_ascii_escape(Out* out, std::uint32_t unit) noexcept {
  if (unit < 0x10000) return unicode_escape(out, unit);
  const std::uint32_t offset = unit - 0x10000;
  out = unicode_escape(out, 0xD800 + (offset >> 10));
  return unicode_escape(out, 0xDC00 + (offset & 0x3FF));
}

// An ASCII unit that the table escapes: a short form or \u00XX.
template <class Out>
ULTRAJSON_ALWAYS_INLINE Out* ascii_escape(Out* out, std::uint32_t unit, const detail::escape_table& table) noexcept {
  const char escape = table[unit];
  if (escape == 'u') return unicode_escape(out, unit);
  out[0] = '\\';
  out[1] = static_cast<Out>(escape);
  return out + 2;
}

#if defined(__SSE2__)
// Sixteen one-byte units at a time: a bit for each that needs a closer
// look ('"', '\\', control characters, '/' when asked, everything from
// U+007F under ensure_ascii); zero when all are written as they are.
// (Two-byte strs have copy_plain_two_byte.)
template <bool slash, bool ensure_ascii, class Unit>
ULTRAJSON_ALWAYS_INLINE unsigned special_bytes(const Unit* in) noexcept {
  static_assert(sizeof(Unit) == 1, "one-byte units");
  const __m128i units = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
  const __m128i zero = _mm_setzero_si128();
  __m128i special = _mm_or_si128(_mm_cmpeq_epi8(_mm_subs_epu8(units, _mm_set1_epi8(0x1F)), zero),
                                 _mm_or_si128(_mm_cmpeq_epi8(units, _mm_set1_epi8('"')),
                                              _mm_cmpeq_epi8(units, _mm_set1_epi8('\\'))));
  if constexpr (slash) special = _mm_or_si128(special, _mm_cmpeq_epi8(units, _mm_set1_epi8('/')));
  if constexpr (ensure_ascii) {
    const __m128i plain = _mm_cmpeq_epi8(_mm_subs_epu8(units, _mm_set1_epi8(0x7E)), zero);
    special = _mm_or_si128(special, _mm_andnot_si128(plain, _mm_set1_epi8(-1)));
  }
  return static_cast<unsigned>(_mm_movemask_epi8(special));
}

// Stores eight two-byte units at out, widened to Out (two or four bytes).
template <class Out>
ULTRAJSON_ALWAYS_INLINE void store_two_byte_units(Out* out, __m128i units) noexcept {
  static_assert(sizeof(Out) >= 2, "two- and four-byte output units");
  auto* to = reinterpret_cast<__m128i*>(out);
  if constexpr (sizeof(Out) == 2) {
    _mm_storeu_si128(to, units);
  } else {
    const __m128i zero = _mm_setzero_si128();
    _mm_storeu_si128(to, _mm_unpacklo_epi16(units, zero));
    _mm_storeu_si128(to + 1, _mm_unpackhi_epi16(units, zero));
  }
}

// Stores the first `count` bytes of a block (4, 8 or 16) as units of Out.
template <class Out, std::size_t count>
ULTRAJSON_ALWAYS_INLINE void store_bytes_as(Out* out, __m128i bytes) noexcept {
  static_assert(count == 4 || count == 8 || count == 16, "a quarter, half or whole block");
  auto* to = reinterpret_cast<__m128i*>(out);
  const __m128i zero = _mm_setzero_si128();
  if constexpr (sizeof(Out) == 1) {
    if constexpr (count == 16) {
      _mm_storeu_si128(to, bytes);
    } else if constexpr (count == 8) {
      _mm_storel_epi64(to, bytes);
    } else {
      const auto four = static_cast<std::uint32_t>(_mm_cvtsi128_si32(bytes));
      std::memcpy(out, &four, 4);
    }
  } else if constexpr (sizeof(Out) == 2) {
    const __m128i low = _mm_unpacklo_epi8(bytes, zero);
    if constexpr (count == 4) {
      _mm_storel_epi64(to, low);
    } else {
      _mm_storeu_si128(to, low);
    }
    if constexpr (count == 16) _mm_storeu_si128(to + 1, _mm_unpackhi_epi8(bytes, zero));
  } else {
    const __m128i low = _mm_unpacklo_epi8(bytes, zero);
    _mm_storeu_si128(to, _mm_unpacklo_epi16(low, zero));
    if constexpr (count >= 8) _mm_storeu_si128(to + 1, _mm_unpackhi_epi16(low, zero));
    if constexpr (count == 16) {
      const __m128i high = _mm_unpackhi_epi8(bytes, zero);
      _mm_storeu_si128(to + 2, _mm_unpacklo_epi16(high, zero));
      _mm_storeu_si128(to + 3, _mm_unpackhi_epi16(high, zero));
    }
  }
}

// Stores sixteen bytes of units at out, each widened to Out.
template <class Out, class In>
inline void store_widened(Out* out, const In* in) noexcept {
  const __m128i units = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
  if constexpr (sizeof(In) == 1) {
    store_bytes_as<Out, 16>(out, units);
  } else {
    store_two_byte_units(out, units);
  }
}
#endif

#if defined(__SSE2__)
// The plain-run copies below test blocks of up to sixty-four units with one
// branch: the per-vector tests are folded together first, and the exact
// position is looked for only in a block that has a hit. A test per sixteen
// bytes, as before, was most of the instructions of a long str (perf).
//
// Their test is on bytes: an ASCII str's own, or a two-byte str's units
// narrowed with signed saturation, which keeps a unit below U+0080 and makes
// every other one 0x7F or 0x80, both plain where this test is used.
// x ^ 2 maps each control byte onto another and '"' onto 0x20, and nothing
// else at or below 0x20, so one unsigned "at most 0x20" test catches both.
template <bool slash, bool del>
struct plain_byte_test {
  // Bytes as the fold needs them: x ^ 2.
  static ULTRAJSON_ALWAYS_INLINE __m128i flipped(__m128i bytes) noexcept {
    return _mm_xor_si128(bytes, _mm_set1_epi8(2));
  }
  // 0xFF in each byte of `bytes` that is not written as it is: the exact test.
  static ULTRAJSON_ALWAYS_INLINE __m128i special(__m128i bytes) noexcept {
    const __m128i x = flipped(bytes);
    __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x20)), x),
                               _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\')));
    if constexpr (slash) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(bytes, _mm_set1_epi8('/')));
    if constexpr (del) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(0x7F)));
    return hit;
  }
  // Whether any byte of the n blocks is special: the "at most 0x20" test
  // once on the blocks' byte-wise minimum, U+007F (ASCII strs under
  // ensure_ascii, which have nothing above it) once on their maximum.
  template <std::size_t n>
  static ULTRAJSON_ALWAYS_INLINE bool any(const __m128i (&bytes)[n]) noexcept {
    __m128i low = flipped(bytes[0]);
    __m128i high = bytes[0];
    __m128i hit = _mm_cmpeq_epi8(bytes[0], _mm_set1_epi8('\\'));
    for (std::size_t i = 1; i < n; ++i) {
      low = _mm_min_epu8(low, flipped(bytes[i]));
      if constexpr (del) high = _mm_max_epu8(high, bytes[i]);
      hit = _mm_or_si128(hit, _mm_cmpeq_epi8(bytes[i], _mm_set1_epi8('\\')));
      if constexpr (slash) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(bytes[i], _mm_set1_epi8('/')));
    }
    if constexpr (slash) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(bytes[0], _mm_set1_epi8('/')));
    if constexpr (del) hit = _mm_or_si128(hit, _mm_cmpeq_epi8(high, _mm_set1_epi8(0x7F)));
    hit = _mm_or_si128(hit, _mm_cmpeq_epi8(_mm_min_epu8(low, _mm_set1_epi8(0x20)), low));
    return _mm_movemask_epi8(hit) != 0;
  }
  // The place of the first special byte of the n blocks (16 * n if none),
  // a block at a time: a hit is most often early (a URL's '/', a short
  // str's escape), where the four blocks' bits at once cost more.
  template <std::size_t n>
  static ULTRAJSON_ALWAYS_INLINE std::size_t first(const __m128i (&bytes)[n]) noexcept {
    for (std::size_t i = 0; i < n; ++i) {
      const auto found = static_cast<unsigned>(_mm_movemask_epi8(special(bytes[i])));
      if (found != 0) return 16 * i + static_cast<std::size_t>(__builtin_ctz(found));
    }
    return 16 * n;
  }
};

// The first special byte of n blocks that hold the units at `first` and,
// from byte `split` on (half of them unless said), at `second` (two
// windows, which may overlap; when the first has none, every unit before
// `second` is plain); `none` if none is.
template <class test, std::size_t n, std::size_t split = 8 * n>
ULTRAJSON_ALWAYS_INLINE std::size_t first_special_of_two(const __m128i (&bytes)[n], std::size_t second,
                                                         std::size_t none) noexcept {
  if (!test::any(bytes)) return none;
  const std::size_t at = test::first(bytes);
  return at < split ? at : second + (at - split);
}

// Copies the units of an ASCII str (a compact one's: nothing at or above
// 0x80) to out, widened to Out, up to the first that needs an escape;
// returns how many went out as they are. Stores nothing past out + count.
// For most strs it is all their writing, where the general escape_units'
// set-up and option tests cost more than the copy (callgrind).
template <class Out, bool slash, bool ensure_ascii>
ULTRAJSON_ALWAYS_INLINE std::size_t copy_plain_ascii(Out* out, const unsigned char* in,
                                                    std::size_t count) noexcept {
  using test = plain_byte_test<slash, ensure_ascii>;
  const auto load = [](const unsigned char* at) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
  };
  if (count >= 64) {
    // Sixty-four units a test; then the sixty-four that end the str,
    // overlapping plain ones (stored again as they are, and not special).
    std::size_t i = 0;
    for (;;) {
      const __m128i block[4] = {load(in + i), load(in + i + 16), load(in + i + 32), load(in + i + 48)};
      for (std::size_t k = 0; k < 4; ++k) store_bytes_as<Out, 16>(out + i + 16 * k, block[k]);
      if (test::any(block)) return i + test::first(block);
      if (i + 64 == count) return count;
      i = count - i >= 128 ? i + 64 : count - 64;
    }
  }
  if (count >= 32) {
    if (count <= 48) {
      // The first thirty-two and the last sixteen, in one test: a block
      // fewer than below, for one-line strs (a sentence, a URL). Tested
      // within the longer strs' branch, so the shorter ones pay nothing.
      const std::size_t third = count - 16;
      const __m128i blocks[3] = {load(in), load(in + 16), load(in + third)};
      for (std::size_t k = 0; k < 2; ++k) store_bytes_as<Out, 16>(out + 16 * k, blocks[k]);
      store_bytes_as<Out, 16>(out + third, blocks[2]);
      return first_special_of_two<test, 3, 32>(blocks, third, count);
    }
    // The first and the last thirty-two, which may overlap, in one test.
    const std::size_t second = count - 32;
    const __m128i blocks[4] = {load(in), load(in + 16), load(in + second), load(in + second + 16)};
    for (std::size_t k = 0; k < 2; ++k) store_bytes_as<Out, 16>(out + 16 * k, blocks[k]);
    for (std::size_t k = 0; k < 2; ++k) store_bytes_as<Out, 16>(out + second + 16 * k, blocks[2 + k]);
    return first_special_of_two<test>(blocks, second, count);
  }
  if (count >= 16) {
    const std::size_t second = count - 16;
    const __m128i blocks[2] = {load(in), load(in + second)};
    store_bytes_as<Out, 16>(out, blocks[0]);
    store_bytes_as<Out, 16>(out + second, blocks[1]);
    return first_special_of_two<test>(blocks, second, count);
  }
  // Shorter (most keys): its first and last halves, which may overlap, in
  // one block. The bytes past them in the block are zero, which the test
  // flags: their bits are masked off.
  __m128i units;
  unsigned tested;
  if (count >= 8) {
    const __m128i first = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(in));
    const __m128i last = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(in + count - 8));
    store_bytes_as<Out, 8>(out, first);
    store_bytes_as<Out, 8>(out + count - 8, last);
    units = _mm_unpacklo_epi64(first, last);
    tested = 0xFFFF;
  } else if (count >= 4) {
    std::uint32_t first, last;
    std::memcpy(&first, in, 4);
    std::memcpy(&last, in + count - 4, 4);
    const __m128i first_units = _mm_cvtsi32_si128(static_cast<int>(first));
    const __m128i last_units = _mm_cvtsi32_si128(static_cast<int>(last));
    store_bytes_as<Out, 4>(out, first_units);
    store_bytes_as<Out, 4>(out + count - 4, last_units);
    units = _mm_unpacklo_epi32(first_units, last_units);
    tested = 0xFF;
  } else if (count != 0) {
    const unsigned first = in[0], middle = in[count / 2], last = in[count - 1];
    out[0] = static_cast<Out>(first);
    out[count / 2] = static_cast<Out>(middle);
    out[count - 1] = static_cast<Out>(last);
    units = _mm_cvtsi32_si128(static_cast<int>(first | middle << 8 | last << 16));
    tested = 0x7;
  } else {
    return 0;
  }
  return (static_cast<unsigned>(_mm_movemask_epi8(test::special(units))) & tested) == 0 ? count : 0;
}

// Copies the units of a two-byte str to out (two or four bytes a unit) up
// to the first that needs an escape without ensure_ascii ('"', '\\',
// controls, '/' when asked; every unit from U+0080 is plain, lone
// surrogates too); returns how many went out as they are. Stores nothing
// past out + count, reads nothing past in + count.
template <class Out, bool slash>
ULTRAJSON_ALWAYS_INLINE std::size_t copy_plain_two_byte(Out* out, const std::uint16_t* in,
                                                       std::size_t count) noexcept {
  using test = plain_byte_test<slash, false>;
  const auto load = [](const std::uint16_t* at) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
  };
  // Sixteen units from `at` stored at out + (at - in) and narrowed to bytes.
  const auto copy_sixteen = [&](std::size_t at) {
    const __m128i low = load(in + at);
    const __m128i high = load(in + at + 8);
    // Stored from the registers: from memory, each store made the next
    // load reread the str (out may alias it, as GCC sees it).
    store_two_byte_units(out + at, low);
    store_two_byte_units(out + at + 8, high);
    return _mm_packs_epi16(low, high);
  };
  if (count >= 64) {
    std::size_t i = 0;
    for (;;) {
      const __m128i block[4] = {copy_sixteen(i), copy_sixteen(i + 16), copy_sixteen(i + 32), copy_sixteen(i + 48)};
      if (test::any(block)) return i + test::first(block);
      if (i + 64 == count) return count;
      i = count - i >= 128 ? i + 64 : count - 64;
    }
  }
  if (count >= 32) {
    if (count <= 48) {
      const std::size_t third = count - 16;
      const __m128i blocks[3] = {copy_sixteen(0), copy_sixteen(16), copy_sixteen(third)};
      return first_special_of_two<test, 3, 32>(blocks, third, count);
    }
    const std::size_t second = count - 32;
    const __m128i blocks[4] = {copy_sixteen(0), copy_sixteen(16), copy_sixteen(second), copy_sixteen(second + 16)};
    return first_special_of_two<test>(blocks, second, count);
  }
  if (count >= 16) {
    const std::size_t second = count - 16;
    const __m128i blocks[2] = {copy_sixteen(0), copy_sixteen(second)};
    return first_special_of_two<test>(blocks, second, count);
  }
  if (count >= 8) {
    const std::size_t second = count - 8;
    const __m128i first = load(in);
    const __m128i last = load(in + second);
    store_two_byte_units(out, first);
    store_two_byte_units(out + second, last);
    const __m128i blocks[1] = {_mm_packs_epi16(first, last)};
    return first_special_of_two<test>(blocks, second, count);
  }
  if (count >= 4) {
    const std::size_t second = count - 4;
    const __m128i first = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(in));
    const __m128i last = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(in + second));
    const __m128i both = _mm_unpacklo_epi64(first, last);
    for (std::size_t k = 0; k < 4; ++k) out[k] = static_cast<Out>(in[k]);
    for (std::size_t k = 0; k < 4; ++k) out[second + k] = static_cast<Out>(in[second + k]);
    const unsigned found = static_cast<unsigned>(_mm_movemask_epi8(test::special(_mm_packs_epi16(both, both)))) & 0xFF;
    if (found == 0) return count;
    const auto at = static_cast<std::size_t>(__builtin_ctz(found));
    return at < 4 ? at : second + (at - 4);
  }
  for (std::size_t k = 0; k < count; ++k) {
    const unsigned unit = in[k];
    if (unit < 0x20 || unit == '"' || unit == '\\' || (slash && unit == '/')) return k;
    out[k] = static_cast<Out>(unit);
  }
  return count;
}
#endif

// Copies `bytes` bytes (1 to 15) from `in` to `window` by two loads that
// may overlap, reading nothing past the end.
inline void copy_short(unsigned char* window, const void* in, std::size_t bytes) noexcept {
  const auto* from = static_cast<const unsigned char*>(in);
  if (bytes >= 8) {
    std::memcpy(window, from, 8);
    std::memcpy(window + bytes - 8, from + bytes - 8, 8);
  } else if (bytes >= 4) {
    std::memcpy(window, from, 4);
    std::memcpy(window + bytes - 4, from + bytes - 4, 4);
  } else {
    window[0] = from[0];
    window[bytes / 2] = from[bytes / 2];
    window[bytes - 1] = from[bytes - 1];
  }
}

// escape_units for one set of options, fixed at compile time: the loop
// tests none of them at each step (a char output may alias `how`, so a
// test there reloaded it every sixteen bytes: callgrind). `scan`: the
// sixteen-byte path is used (not under encode_html_chars, whose characters
// it does not look for).
template <class Out, class In, bool scan, bool slash, bool ensure_ascii>
Out* escape_units_as(Out* out, const In* in, std::size_t count, const detail::escape_table& table) noexcept {
  [[maybe_unused]] const In* const begin = in;  // read by the SSE2 path only
  // Where the units written one for one (in and out advancing together)
  // begin: after the last escape.
  const In* one_for_one = in;
  const In* const end = in + count;
#if defined(__SSE2__)
  // A str shorter than sixteen bytes (most keys) is tested at once from a
  // copy, not a unit at a time: unit by unit, twitter.json's short strs
  // cost more than all its long ones (callgrind).
  // (copy_plain_two_byte does its own; with ensure_ascii, two-byte strs
  // take no scan.)
  if constexpr (scan && sizeof(In) == 1 && sizeof(Out) >= sizeof(In)) {
    const std::size_t bytes = count * sizeof(In);
    if (bytes != 0 && bytes < 16) {
      alignas(16) unsigned char window[16] = {};
      copy_short(window, in, bytes);
      const auto* units = reinterpret_cast<const In*>(window);
      const unsigned special = special_bytes<slash, ensure_ascii>(units) & ((1u << bytes) - 1);
      store_widened(out, units);
      const std::size_t plain =
          special == 0 ? count : static_cast<std::size_t>(__builtin_ctz(special)) / sizeof(In);
      in += plain;
      out += plain;
    }
  }
#endif
  while (in != end) {
#if defined(__SSE2__)
    // Runs of units that need no escape, sixteen bytes of them at a time.
    // (Room is reserved for the worst case of what is left, so storing all
    // of them before knowing how many are plain is safe.)
    if constexpr (sizeof(In) <= 2 && sizeof(Out) >= sizeof(In)) {
      [[maybe_unused]] constexpr std::size_t lanes = 16 / sizeof(In);
      if constexpr (scan) {
        if constexpr (sizeof(In) == 2 && !ensure_ascii) {
          const std::size_t plain = copy_plain_two_byte<Out, slash>(out, in, static_cast<std::size_t>(end - in));
          in += plain;
          out += plain;
          if (in == end) break;
        } else {
          while (static_cast<std::size_t>(end - in) >= lanes) {
            const unsigned special = special_bytes<slash, ensure_ascii>(in);
            store_widened(out, in);
            if (special != 0) {
              const auto plain = static_cast<std::size_t>(__builtin_ctz(special)) / sizeof(In);
              in += plain;
              out += plain;
              break;
            }
            in += lanes;
            out += lanes;
          }
          // The last units: the sixteen bytes that end with the str, which
          // overlap units already written, tested at once; nothing past the
          // end is read.
          const auto left = static_cast<std::size_t>(end - in);
          if (left != 0 && left < lanes && static_cast<std::size_t>(end - begin) >= lanes) {
            const unsigned done_bits = static_cast<unsigned>((lanes - left) * sizeof(In));
            const unsigned special = special_bytes<slash, ensure_ascii>(end - lanes) >> done_bits;
            const std::size_t plain =
                special == 0 ? left : static_cast<std::size_t>(__builtin_ctz(special)) / sizeof(In);
            const In* const window = end - lanes;
            if (window >= one_for_one) {
              // The window's units before `in` went out one for one: storing
              // all of it rewrites them as they are (what follows the plain
              // ones is overwritten next, within the room reserved).
              store_widened(out - (in - window), window);
            } else {
              for (std::size_t i = 0; i < plain; ++i) out[i] = static_cast<Out>(in[i]);
            }
            in += plain;
            out += plain;
          }
          if (in == end) break;
        }
      }
    }
#endif
    const auto unit = static_cast<std::uint32_t>(*in++);
    if (unit >= 0x80) {
      if constexpr (ensure_ascii) {
        // A run of non-ASCII units (a word of Arabic, say) goes out as
        // \u escapes here, not a unit per trip through the scan above,
        // which would find each one special at its first lane.
        out = non_ascii_escape(out, unit);
        while (in != end && *in >= 0x80) out = non_ascii_escape(out, static_cast<std::uint32_t>(*in++));
        one_for_one = in;
      } else {
        *out++ = static_cast<Out>(unit);
      }
    } else if (sizeof(In) == 1 ? ULTRAJSON_LIKELY(table[unit] == 0) : table[unit] == 0) {
      // A one-byte str's units are nearly all plain ASCII: said so, GCC
      // lays the no-SSE2 (i686) loop out with one taken jump per such unit
      // rather than three, which costs time though not instructions
      // (callgrind --collect-jumps). Not said for wider strs, whose
      // non-ASCII units share this store: there it took them from one
      // taken jump to two.
      *out++ = static_cast<Out>(unit);
    } else {
      out = ascii_escape(out, unit, table);
      one_for_one = in;
    }
  }
  return out;
}


// Escapes `count` units from `in` to `out`, which has room for
// max_escaped_units(count, sizeof(In)). Out must be wide enough for every
// unit written as it is (the caller widens the output first): only
// ensure_ascii writes into a narrower one. The options pick the loop once
// per str.
//
// The sixteen-byte loop is compiled only where it runs: for ensure_ascii,
// into a one-byte output from a one-byte str. An ensure_ascii output is
// wider only after a non-ASCII separator or __json__ text widened it, and
// its non-ASCII strs stop the scan at their first such unit; those cases,
// rare or no faster that way, take the unit-at-a-time loop, which saved
// eight of the loop's copies.
template <class Out, class In>
Out* escape_units(Out* out, const In* in, std::size_t count, const unit_escaping& how) noexcept {
  const detail::escape_table& table = *how.table;
  if constexpr (sizeof(Out) < sizeof(In)) {
    return escape_units_as<Out, In, false, false, true>(out, in, count, table);
  } else {
    if (!how.html) {
      if constexpr (sizeof(Out) == 1) {
        if (how.ensure_ascii) {
          return how.slash ? escape_units_as<Out, In, true, true, true>(out, in, count, table)
                           : escape_units_as<Out, In, true, false, true>(out, in, count, table);
        }
      }
      if constexpr (sizeof(In) <= 2) {
        if (!how.ensure_ascii) {
          return how.slash ? escape_units_as<Out, In, true, true, false>(out, in, count, table)
                           : escape_units_as<Out, In, true, false, false>(out, in, count, table);
        }
      }
    }
    return how.ensure_ascii ? escape_units_as<Out, In, false, false, true>(out, in, count, table)
                            : escape_units_as<Out, In, false, false, false>(out, in, count, table);
  }
}

}  // namespace ultrajson::python
