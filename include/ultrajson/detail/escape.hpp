#pragma once
// String escaping for the encoder. Input is UTF-8 (validated here) or, for
// bindings such as Python's str, fixed-width code units (latin-1, UCS-2,
// UCS-4) that are code points already. The caller reserves
// max_escaped_size(n, unit size) bytes: the worst case and some slack.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "inlining.hpp"
#include "string_scan.hpp"
#include "string_special_bytes.hpp"
#include "swar.hpp"
#include "utf8.hpp"

// The plain-run copy and the writer's escape() are forced inline where the
// 16-byte block path is: a short key's call cost more than its copy
// (callgrind, write of citm_catalog). The word path of targets without SSE2
// ran slower so (bench_cpp -m32, write and minify), and is left to the
// compiler there.
#if defined(__SSE2__)
#define ULTRAJSON_ESCAPE_INLINE ULTRAJSON_ALWAYS_INLINE
#else
#define ULTRAJSON_ESCAPE_INLINE inline
#endif

namespace ultrajson::detail {

struct escape_config {
  bool ensure_ascii = false;
  bool escape_forward_slashes = false;
  bool encode_html_chars = false;
  bool allow_lone_surrogates = false;
  bool lone_surrogates_as_wtf8 = false;  // write_options::lone_surrogates_as_wtf8
};

// Whether a code point at or above U+0080 goes out as it is (UTF-8, or WTF-8
// for a surrogate when so configured) rather than as \u escapes.
inline bool written_as_is(char32_t code_point, const escape_config& config) noexcept {
  return !config.ensure_ascii && (!is_surrogate(code_point) || config.lone_surrogates_as_wtf8);
}

// Bytes past the output's end that escaping may overwrite: it stores whole
// 16-byte blocks and keeps only what was plain.
inline constexpr std::size_t escape_slack = 16;

// The room to reserve for escaping `units` units: the worst case per unit
// (a control byte becomes "\u00XX", 6 bytes; a UCS-4 unit above U+FFFF a
// surrogate pair of escapes, 12 bytes) plus escape_slack.
inline constexpr std::size_t max_escaped_size(std::size_t units, std::size_t unit_size) noexcept {
  return units * (unit_size == 4 ? 12 : 6) + escape_slack;
}

// Long text is escaped in pieces of at most this many units, each in a
// reservation of its own worst case (24 KiB, 48 KiB for UCS-4): memory then
// follows the output, not six or twelve times the input, and a caller's
// fixed buffer never needs a larger spill area. Short strings are one piece.
inline constexpr std::size_t escape_piece_units = 4096;

// How many of the `count` units at text go in the next piece. UTF-8 is cut
// before a continuation byte, so no sequence is split: valid text escapes
// exactly as in one piece. (Invalid text may be cut inside a run of stray
// continuation bytes; it is invalid in its piece too, so the result is the
// same error.) Code units are code points: any cut will do.
template <bool is_utf8, class Unit>
inline std::size_t escape_piece(const Unit* text, std::size_t count) noexcept {
  if (count <= escape_piece_units) return count;
  std::size_t size = escape_piece_units;
  if constexpr (is_utf8) {
    while (size > escape_piece_units - 3 &&
           (static_cast<unsigned char>(text[size]) & 0xC0u) == 0x80u) {
      --size;
    }
  }
  return size;
}

// For each ASCII byte: 0 when it stands for itself, else the character that
// follows the backslash ('u' for the \u00XX form).
using escape_table = std::array<char, 128>;

// Which optional escapes a table includes, as bits of its index.
enum escape_table_flags : unsigned {
  escape_slash = 1,  // '/' as "\/"
  escape_html = 2,   // '<', '>', '&' as \u00XX
  escape_delete = 4, // U+007F as \u007f: with ensure_ascii, as Python's json does
};

inline constexpr escape_table make_escape_table(unsigned flags) noexcept {
  escape_table table{};
  for (int c = 0; c < 0x20; ++c) table[static_cast<std::size_t>(c)] = 'u';
  table['\b'] = 'b';
  table['\f'] = 'f';
  table['\n'] = 'n';
  table['\r'] = 'r';
  table['\t'] = 't';
  table['"'] = '"';
  table['\\'] = '\\';
  if (flags & escape_slash) table['/'] = '/';
  if (flags & escape_html) table['<'] = table['>'] = table['&'] = 'u';
  if (flags & escape_delete) table[0x7f] = 'u';
  return table;
}

inline const escape_table& escape_table_for(const escape_config& config) noexcept {
  static constexpr escape_table tables[8] = {
      make_escape_table(0), make_escape_table(1), make_escape_table(2), make_escape_table(3),
      make_escape_table(4), make_escape_table(5), make_escape_table(6), make_escape_table(7)};
  return tables[(config.escape_forward_slashes ? escape_slash : 0u) |
                (config.encode_html_chars ? escape_html : 0u) |
                (config.ensure_ascii ? escape_delete : 0u)];
}

inline char* write_unicode_escape(char* out, unsigned unit) noexcept {
  static constexpr char hex[] = "0123456789abcdef";
  out[0] = '\\';
  out[1] = 'u';
  out[2] = hex[(unit >> 12) & 0xF];
  out[3] = hex[(unit >> 8) & 0xF];
  out[4] = hex[(unit >> 4) & 0xF];
  out[5] = hex[unit & 0xF];
  return out + 6;
}

inline char* write_ascii_escaped(char* out, unsigned char byte, const escape_table& table) noexcept {
  const char escape = table[byte];
  if (escape == 0) {
    *out = static_cast<char>(byte);
    return out + 1;
  }
  if (escape == 'u') return write_unicode_escape(out, byte);
  out[0] = '\\';
  out[1] = escape;
  return out + 2;
}

// A code point at or above U+0080: as \u escapes when ASCII is required or
// when it is a lone surrogate (which UTF-8 cannot carry, unless WTF-8 is
// asked for), else as UTF-8.
inline char* write_non_ascii(char* out, char32_t code_point, const escape_config& config) noexcept {
  if (written_as_is(code_point, config)) return encode_utf8(code_point, out);
  if (code_point < 0x10000) return write_unicode_escape(out, code_point);
  const char32_t offset = code_point - 0x10000;
  out = write_unicode_escape(out, 0xD800 + (offset >> 10));
  return write_unicode_escape(out, 0xDC00 + (offset & 0x3FF));
}

// Flags the bytes of a word that need a closer look under the common
// settings: '"', '\\', control bytes, non-ASCII, and '/' or DEL when asked.
// (HTML escaping is rare and takes the byte-wise path throughout.)
inline std::uint64_t escape_mask(std::uint64_t word, bool slash, bool ascii) noexcept {
  std::uint64_t special = quote_backslash_control_bytes(word) | has_high_byte(word);
  if (slash) special |= has_byte(word, '/');
  if (ascii) special |= has_byte(word, 0x7f);
  return special;
}

// The settings a writer escapes with, resolved once when it is made, not
// once per string: the table and the choices the hot loop branches on.
struct escaper {
  explicit escaper(const escape_config& settings) noexcept
      : config(settings),
        table(&escape_table_for(settings)),
        non_ascii_as_is(!settings.ensure_ascii &&
                        (!settings.allow_lone_surrogates || settings.lone_surrogates_as_wtf8)),
        plain_blocks(!settings.ensure_ascii && !settings.escape_forward_slashes &&
                     !settings.encode_html_chars) {}

  escape_config config;
  const escape_table* table;
  // Every valid sequence (and, when allowed, every WTF-8 surrogate) goes
  // out as it came, so whole blocks of it can be copied once checked.
  bool non_ascii_as_is;
  // No optional escape ('/', DEL, HTML): copy_plain_blocks applies.
  bool plain_blocks;
};

// Copies the n < 16 bytes at p that need no escape, up to the first that
// does or the end, in a few overlapping word tests and stores (no loop, no
// library call: most keys and many values are this short). Room for n
// bytes at out is reserved; the stores stay inside it.
inline void copy_plain_tail(char*& out, const char*& p, std::size_t n, bool slash,
                            bool ascii) noexcept {
  if (n == 0) return;
  std::size_t plain;
  if (n >= 8) {
    const std::uint64_t head = load_word(p), last = load_word(p + n - 8);
    std::memcpy(out, p, 8);
    std::memcpy(out + n - 8, p + n - 8, 8);
    const std::uint64_t special = escape_mask(head, slash, ascii);
    if (special != 0) {
      plain = first_flagged_byte(special);
    } else {
      const std::uint64_t later = escape_mask(last, slash, ascii);
      plain = later == 0 ? n : n - 8 + first_flagged_byte(later);
    }
  } else if (n >= 4) {
    // p[0..3] and p[n-4..n-1] (overlapping) in one word.
    std::uint32_t low, high;
    std::memcpy(&low, p, 4);
    std::memcpy(&high, p + n - 4, 4);
    std::memcpy(out, &low, 4);
    std::memcpy(out + n - 4, &high, 4);
    if constexpr (big_endian) {
      low = static_cast<std::uint32_t>(byte_swap(std::uint64_t{low}) >> 32);
      high = static_cast<std::uint32_t>(byte_swap(std::uint64_t{high}) >> 32);
    }
    const std::uint64_t special =
        escape_mask(std::uint64_t{low} | (std::uint64_t{high} << 32), slash, ascii);
    const unsigned first = special == 0 ? 8 : first_flagged_byte(special);
    plain = first < 4 ? first : first == 8 ? n : n - 8 + first;
  } else {
    // p[0], p[n/2], p[n-1] cover one to three bytes; the rest of the word is
    // 'a', which needs no escape. Where two of them are the same byte, the
    // lower position is flagged first, so the mapping back stays exact.
    const std::size_t middle = n / 2;
    out[0] = p[0];
    out[middle] = p[middle];
    out[n - 1] = p[n - 1];
    const std::uint64_t word = (repeat_byte('a') & ~std::uint64_t{0xFFFFFF}) |
                               static_cast<unsigned char>(p[0]) |
                               (std::uint64_t{static_cast<unsigned char>(p[middle])} << 8) |
                               (std::uint64_t{static_cast<unsigned char>(p[n - 1])} << 16);
    const std::uint64_t special = escape_mask(word, slash, ascii);
    const unsigned first = special == 0 ? 3 : first_flagged_byte(special);
    plain = first == 0 ? 0 : first == 1 ? middle : first == 2 ? n - 1 : n;
  }
  out += plain;
  p += plain;
}

#if defined(__SSE2__)
// The n < 16 bytes at p as a vector whose other bytes are 'a' (which needs
// no escape), loaded in overlapping pieces without reading past p + n: a
// string's last bytes take the same vector test as the rest.
inline __m128i load_padded_block(const char* p, std::size_t n) noexcept {
  constexpr std::uint64_t fill = repeat_byte('a');
  std::uint64_t low, high = fill;
  if (n >= 8) {
    low = load_word(p);
    // p[8..n-1]: the last word shifted down, the freed top bytes filled.
    if (n > 8) high = (load_word(p + n - 8) >> (8 * (16 - n))) | (fill << (8 * (n - 8)));
  } else if (n >= 4) {
    std::uint32_t first, last;
    std::memcpy(&first, p, 4);
    std::memcpy(&last, p + n - 4, 4);
    low = first | ((std::uint64_t{last} >> (8 * (8 - n))) << 32) | (fill << (8 * n));
  } else {
    low = n == 0 ? fill : fill << (8 * n);
    for (std::size_t i = 0; i < n; ++i) {
      low |= std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
    }
  }
  return _mm_set_epi64x(static_cast<long long>(high), static_cast<long long>(low));
}
#endif

#if defined(__SSE2__)
// One bit per byte of the block that ends a plain run or needs a UTF-8
// check: the shared special bytes, and '/' or DEL when the options escape
// them. With known_utf8 (see copy_plain_run) no non-ASCII byte.
ULTRAJSON_ALWAYS_INLINE unsigned escape_flags(__m128i bytes, bool slash, bool ascii,
                                              bool known_utf8 = false) noexcept {
  // Known UTF-8: the quote, the backslash and bytes up to 0x1F (unsigned).
  __m128i flagged =
      known_utf8
          ? _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, vector_constant<'"'>()),
                                      _mm_cmpeq_epi8(bytes, vector_constant<'\\'>())),
                         _mm_cmpeq_epi8(_mm_min_epu8(bytes, vector_constant<0x1F>()), bytes))
          : special_or_high_bytes(bytes);
  if (slash) flagged = _mm_or_si128(flagged, _mm_cmpeq_epi8(bytes, vector_constant<'/'>()));
  if (ascii) flagged = _mm_or_si128(flagged, _mm_cmpeq_epi8(bytes, vector_constant<0x7f>()));
  return byte_bits(flagged);
}

// (known_utf8 in this and the next two: see copy_plain_run.)
// Whether the n (4..15) bytes at p, a string's end or the whole of a short
// key, are all plain ASCII; copies them to out either way. Two overlapping
// halves (p[0..7] and p[n-8..n-1], or four bytes each below 8) make one
// vector, loaded without reading past p + n, tested once and stored as
// loaded: fewer steps than the exact padded block, which the caller builds
// only when this says no.
ULTRAJSON_ALWAYS_INLINE bool copy_if_short_plain(char* out, const char* p, std::size_t n, bool slash,
                                                 bool ascii, bool known_utf8 = false) noexcept {
  if (n >= 8) {
    const __m128i bytes = _mm_castpd_si128(
        _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))),
                     reinterpret_cast<const double*>(p + n - 8)));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out), bytes);
    // (Not _mm_storeh_pd: GCC's stores through a double*, which must be aligned.)
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + n - 8), _mm_unpackhi_epi64(bytes, bytes));
    return escape_flags(bytes, slash, ascii, known_utf8) == 0;
  }
  std::uint32_t head, tail;
  std::memcpy(&head, p, 4);
  std::memcpy(&tail, p + n - 4, 4);
  std::memcpy(out, &head, 4);
  std::memcpy(out + n - 4, &tail, 4);
  const __m128i bytes = _mm_unpacklo_epi32(_mm_cvtsi32_si128(static_cast<int>(head)),
                                           _mm_cvtsi32_si128(static_cast<int>(tail)));
  // Only the low eight bytes hold text (the zeros above would count as
  // control bytes).
  return (escape_flags(bytes, slash, ascii, known_utf8) & 0xFFu) == 0;
}
#endif

#if defined(__SSE2__)
// Whether the n < 16 bytes at p all need no escape (plain ASCII under the
// common settings: '/' and DEL flagged when asked, HTML never checked here);
// copies them to out either way, so that the caller finishes a plain string
// with no second pass and otherwise starts it over on the general path.
// Reads only p[0, n); stores only inside out[0, 16).
ULTRAJSON_ALWAYS_INLINE bool copy_short_text_if_plain(char* out, const char* p, std::size_t n,
                                                      bool slash, bool ascii,
                                                      bool known_utf8 = false) noexcept {
  // The same call twice on purpose: inlined under each test, the copy's
  // own 8-byte/4-byte choice folds away, so most keys and short values
  // (8 bytes or more, tested first) take a copy with no length branch.
  if (n >= 8) return copy_if_short_plain(out, p, n, slash, ascii, known_utf8);
  if (n >= 4) return copy_if_short_plain(out, p, n, slash, ascii, known_utf8);
  if (n == 0) return true;
  // p[0], p[n/2], p[n-1] in one word, then 'a' (which needs no escape): its
  // first n bytes are the text's, so it is stored whole.
  const std::uint32_t word = static_cast<std::uint32_t>('a') << 24 |
                             std::uint32_t{static_cast<unsigned char>(p[n - 1])} << 16 |
                             std::uint32_t{static_cast<unsigned char>(p[n / 2])} << 8 |
                             static_cast<unsigned char>(p[0]);
  std::memcpy(out, &word, 4);
  // Only the low four bytes hold text (the zeros above would count as
  // control bytes).
  return (escape_flags(_mm_cvtsi32_si128(static_cast<int>(word)), slash, ascii, known_utf8) &
          0xFu) == 0;
}
#endif

#if defined(__SSE2__)
// The plain blocks at p copied in a loop of their own, with no option tests
// and no UTF-8 check call in it (for writers that escape neither '/' nor
// DEL), up to the first block that is not plain; p and out advance past
// them. True when that took the text to its end: a last part shorter than
// a block, after plain blocks, is tested as the block that ends with it,
// loaded from inside the text and stored over the output of the same bytes
// (copied as they are). Room as for copy_plain_run.
template <bool known_utf8>
ULTRAJSON_ALWAYS_INLINE bool copy_plain_blocks(char*& out, const char*& p, const char* end) noexcept {
  const char* const start = p;
  while (end - p >= 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), bytes);
    if (escape_flags(bytes, false, false, known_utf8) != 0) return false;
    p += 16;
    out += 16;
  }
  const auto left = static_cast<std::size_t>(end - p);
  if (left == 0) return true;
  if (p == start) return false;
  const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(end - 16));
  if (escape_flags(bytes, false, false, known_utf8) != 0) return false;
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + left - 16), bytes);
  p = end;
  out += left;
  return true;
}
#endif

// Copies the bytes at p that need no escape (with non_ascii_as_is, valid
// UTF-8 included), up to the first that does or the end. Advances p and out
// past them. Room is reserved for the worst case of what is left plus
// escape_slack, so a block is stored whole before knowing how much of it
// is plain.
//
// known_utf8: the text is valid UTF-8 without surrogates (a strict
// parse's strings) and settings.non_ascii_as_is holds, so non-ASCII bytes
// are plain, with no UTF-8 check.
template <bool known_utf8 = false>
ULTRAJSON_ESCAPE_INLINE void copy_plain_run(char*& out, const char*& p, const char* end,
                                            const escaper& settings) noexcept {
  const bool slash = settings.config.escape_forward_slashes;
  const bool ascii = settings.config.ensure_ascii;
#if defined(__SSE2__)
  // Sixteen bytes at a time (SSE2 is part of every x86-64). Whole plain
  // blocks first, when no optional escape is asked (nearly always): see
  // copy_plain_blocks. The first block that is not plain is taken again
  // below.
  if (!slash && !ascii && copy_plain_blocks<known_utf8>(out, p, end)) return;
  for (;;) {
    const auto left = static_cast<std::size_t>(end - p);
    if (left == 0) return;
    __m128i bytes;
    if (left >= 16) {
      bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    } else {
      if (left >= 4 && copy_if_short_plain(out, p, left, slash, ascii, known_utf8)) {
        p = end;
        out += left;
        return;
      }
      bytes = load_padded_block(p, left);
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), bytes);
    const unsigned flagged = escape_flags(bytes, slash, ascii, known_utf8);
    unsigned plain = 16;
    bool stopped = false;  // at a byte the caller must look at
    if (flagged != 0) {
      // Known UTF-8 flags no non-ASCII byte: every flagged one is a stop.
      const unsigned high = known_utf8 ? 0 : high_bytes(bytes);
      const unsigned special = flagged & ~high;
      const unsigned stop = special != 0 ? count_trailing_zeros(special) : 16;
      const unsigned ascii_run = high != 0 ? count_trailing_zeros(high) : 16;
      if (ascii_run >= stop || !settings.non_ascii_as_is) {
        plain = ascii_run < stop ? ascii_run : stop;
        stopped = true;
      } else {
        // Non-ASCII before the stop: checked as UTF-8 a block at a time
        // (the parser's check, inline: this loop runs only out of line,
        // see escape_utf8), copied as it is when valid. Else the byte-wise
        // path finds the error (or the sequence) exactly.
        plain = utf8_block_prefix(bytes, high, stop, settings.config.allow_lone_surrogates);
        stopped = plain == not_utf8 || plain == 0 || (plain == stop && stop != 16);
        if (plain == not_utf8 || plain == 0) plain = ascii_run;
        // Else plain < stop: a sequence goes on past the block; the next
        // block begins at its lead.
      }
    }
    if (plain >= left) {  // the padding of the last block is never stopped at
      p = end;
      out += left;
      return;
    }
    p += plain;
    out += plain;
    if (stopped) return;
  }
#else
  while (end - p >= 8) {
    const std::uint64_t special = escape_mask(load_word(p), slash, ascii);
    std::memcpy(out, p, 8);
    const unsigned plain = special == 0 ? 8 : first_flagged_byte(special);
    out += plain;
    p += plain;
    if (plain != 8) return;
  }
  copy_plain_tail(out, p, static_cast<std::size_t>(end - p), slash, ascii);
#endif
}

// Escapes UTF-8 text from the first byte copy_plain_run stopped at.
// Returns the position after it, or nullptr when the text is not valid
// UTF-8 (WTF-8 with allow_lone_surrogates). Out of line: most strings end
// inside the plain run.
template <bool known_utf8 = false>
ULTRAJSON_NOINLINE char* escape_utf8_rest(char* out, const char* p, const char* end,
                                          const escaper& settings) noexcept {
  const escape_config& config = settings.config;
  const escape_table& table = *settings.table;
  for (;;) {
    const auto byte = static_cast<unsigned char>(*p);
    if (byte < 0x80) {
      out = write_ascii_escaped(out, byte, table);
      ++p;
    } else {
      // A run of non-ASCII characters goes on byte-wise, with no block test
      // between them (what the block test left: an error, or code points
      // written as escapes).
      do {
        char32_t code_point;
        const std::size_t length =
            decode_utf8_sequence(reinterpret_cast<const unsigned char*>(p),
                                 reinterpret_cast<const unsigned char*>(end),
                                 config.allow_lone_surrogates, code_point);
        if (length == 0) return nullptr;
        if (written_as_is(code_point, config)) {
          std::memcpy(out, p, length);
          out += length;
        } else {
          out = write_non_ascii(out, code_point, config);
        }
        p += length;
      } while (p != end && static_cast<unsigned char>(*p) >= 0x80);
    }
    if (!config.encode_html_chars) copy_plain_run<known_utf8>(out, p, end, settings);
    if (p == end) return out;
  }
}

#if defined(__SSE2__)
// escape_utf8 past the plain blocks at its start.
template <bool known_utf8>
ULTRAJSON_NOINLINE char* escape_utf8_from(char* out, const char* p, const char* end,
                                          const escaper& settings) noexcept {
  if (!settings.config.encode_html_chars) copy_plain_run<known_utf8>(out, p, end, settings);
  if (p == end) return out;
  return escape_utf8_rest<known_utf8>(out, p, end, settings);
}
#endif

// Escapes UTF-8 text. Returns the position after it, or nullptr when the
// text is not valid UTF-8 (WTF-8 with allow_lone_surrogates). Inlined: the
// plain run is the whole of most strings and keys.
// known_utf8: see copy_plain_run.
template <bool known_utf8 = false>
ULTRAJSON_ALWAYS_INLINE char* escape_utf8(char* out, const char* text, std::size_t size,
                                          const escaper& settings) noexcept {
  const char* p = text;
  const char* const end = text + size;
#if defined(__SSE2__)
  // Inline, only the plain blocks' loop: it needs few registers, so the
  // caller of a plain string (most) saves none; the rest out of line.
  if (settings.plain_blocks && copy_plain_blocks<known_utf8>(out, p, end)) return out;
  return escape_utf8_from<known_utf8>(out, p, end, settings);
#else
  if (!settings.config.encode_html_chars) copy_plain_run<known_utf8>(out, p, end, settings);
  if (p == end) return out;
  return escape_utf8_rest<known_utf8>(out, p, end, settings);
#endif
}

// Escapes code units that are code points (latin-1 bytes, UCS-2, UCS-4).
// Returns nullptr for a unit above U+10FFFF, which no encoding can carry.
template <class Unit>
inline char* escape_code_units(char* out, const Unit* units, std::size_t count,
                               const escaper& settings) noexcept {
  const escape_config& config = settings.config;
  const escape_table& table = *settings.table;
  for (std::size_t i = 0; i < count; ++i) {
    const auto unit = static_cast<char32_t>(units[i]);
    if (unit < 0x80) {
      out = write_ascii_escaped(out, static_cast<unsigned char>(unit), table);
    } else if (unit <= 0x10FFFF) {
      out = write_non_ascii(out, unit, config);
    } else {
      return nullptr;
    }
  }
  return out;
}

}  // namespace ultrajson::detail
