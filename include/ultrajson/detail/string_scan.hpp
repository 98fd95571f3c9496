#pragma once
// The string scanner: finds a string's end, checks it (UTF-8, no raw control
// characters, valid escapes) and unescapes it. A string with no escapes is
// returned as a view into the input: no copy at all.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "../error.hpp"
#include "bits.hpp"
#include "inlining.hpp"
#include "string_special_bytes.hpp"
#include "swar.hpp"
#include "unicode_escape.hpp"
#include "utf8.hpp"

namespace ultrajson::detail {

// For a word with no '"', '\\' or control byte: how many leading bytes are
// ASCII and whole two-byte UTF-8 sequences (leads C2..DF: Latin, Greek,
// Cyrillic, Hebrew, Arabic...): 8, or 7 when the last byte is a lead whose
// continuation lies in the next word; 0 when the word has anything else. It
// tests eight bytes at once, so text that mixes such letters with ASCII
// spaces and punctuation runs without a branch per character.
inline std::size_t two_byte_prefix(std::uint64_t word) noexcept {
  constexpr std::uint64_t high = repeat_byte(0x80);
  // Bit 7 of each byte of `word << k` is bit 7-k of the same byte (a shift
  // below 8 moves no byte's bit into another byte's bit 7).
  const std::uint64_t lead = word & (word << 1) & high;          // 11xxxxxx
  const std::uint64_t continuation = word & ~(word << 1) & high;  // 10xxxxxx
  // Leads E0..FF (bit 5 set) begin longer sequences; C0 and C1 (bits 4..1
  // clear) are overlong forms.
  const std::uint64_t bad_lead =
      lead & ((word << 2) | ~((word << 3) | (word << 4) | (word << 5) | (word << 6)));
  // Each continuation follows a lead and each lead but the last byte is
  // followed by a continuation; a continuation in byte 0 fails this too.
  if (bad_lead != 0 || continuation != (lead << 8)) return 0;
  return (lead >> 63) != 0 ? 7 : 8;
}


// The portable form of skip_plain (below): a word of eight bytes at a time
// for ASCII and two-byte sequences, longer sequences byte by byte. Exact at
// every byte, so the vector form falls back to it to find where UTF-8 breaks.
inline bool skip_plain_words(const char*& p, const char* end, bool allow_surrogates) noexcept {
  for (;;) {
    while (end - p >= 8) {
      const std::uint64_t word = load_word(p);
      const std::uint64_t ascii_special = quote_backslash_control_bytes(word);
      const std::uint64_t special = ascii_special | has_high_byte(word);
      if (special == 0) {
        p += 8;
        continue;
      }
      if (ascii_special == 0) {
        const std::size_t plain = two_byte_prefix(word);
        if (plain != 0) {
          p += plain;
          continue;
        }
      }
      // Go straight to the first byte that is not plain ASCII (the string's
      // end, most often) rather than test a word again after every byte.
      p += first_flagged_byte(special);
      break;
    }
    // A run of non-ASCII sequences (a word of Arabic, say) goes byte-wise
    // with no word test between its characters: a word test is tried again
    // only after an ASCII byte.
    unsigned char byte;
    for (;;) {
      if (p == end) return true;
      byte = static_cast<unsigned char>(*p);
      if (byte < 0x80) break;
      char32_t ignored;
      const std::size_t length =
          decode_utf8_sequence(reinterpret_cast<const unsigned char*>(p),
                               reinterpret_cast<const unsigned char*>(end), allow_surrogates,
                               ignored);
      if (length == 0) return false;
      p += length;
    }
    if (byte == '"' || byte == '\\' || byte < 0x20) return true;
    ++p;
  }
}

#if defined(__SSE2__)
// What utf8_block_prefix returns for a block that is not UTF-8.
inline constexpr unsigned not_utf8 = 32;

// The UTF-8 check of sixteen bytes with non-ASCII bytes before the first
// '"', '\\' or control byte (at stop, 16 if none), without a branch per
// character. Returns how many bytes at the block's start are plain text:
// stop, or 16, or less when a sequence goes on past the block (the next
// block begins at its lead); not_utf8 when a sequence before stop is not
// UTF-8 (the exact byte-wise path then says where).
//
// Inlined into skip_plain's loop, which runs only out of line (in the
// rest of a string's scan, and unescaping), and into the writer's general
// escaping loop (escape.hpp), out of line too.
ULTRAJSON_ALWAYS_INLINE unsigned utf8_block_prefix(__m128i bytes, unsigned high, unsigned stop,
                                                   bool allow_surrogates) noexcept {
  // Masks of byte positions by their top bits (adding a byte to itself
  // shifts it left by one within the byte).
  const __m128i times2 = _mm_add_epi8(bytes, bytes);
  const __m128i times4 = _mm_add_epi8(times2, times2);
  const auto bit6 = static_cast<unsigned>(_mm_movemask_epi8(times2));
  const auto bit5 = static_cast<unsigned>(_mm_movemask_epi8(times4));
  const unsigned lead = high & bit6;           // 11xxxxxx
  const unsigned continuation = high & ~bit6;  // 10xxxxxx
  const unsigned long_lead = lead & bit5;      // 111xxxxx: three or four bytes
  // Where continuation bytes must be, and nowhere else: one after each lead,
  // a second after three- and four-byte leads, a third after four-byte ones.
  unsigned required = (lead << 1) | (long_lead << 2);
  unsigned four_byte_lead = 0;  // 11110xxx
  unsigned bad = static_cast<unsigned>(_mm_movemask_epi8(
      _mm_cmpeq_epi8(_mm_and_si128(bytes, _mm_set1_epi8(static_cast<char>(0xFE))),
                     _mm_set1_epi8(static_cast<char>(0xC0)))));  // C0, C1: overlong forms
  if (long_lead != 0) {
    const auto bit4 = static_cast<unsigned>(_mm_movemask_epi8(_mm_add_epi8(times4, times4)));
    four_byte_lead = long_lead & bit4;
    required |= four_byte_lead << 3;
    // As signed bytes, F5..FF are the non-ASCII bytes above F4 (no such lead).
    const auto above_f4 = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpgt_epi8(bytes, _mm_set1_epi8(static_cast<char>(0xF4)))));
    bad |= above_f4 & high;
    // The second byte's range after E0 (no overlong form), ED (no
    // surrogate), F0 (no overlong form) and F4 (nothing above U+10FFFF).
    // Those leads are rare in most text (CJK is E3..E9, an emoji F0 now
    // and then): one test for any of them first. (A byte masked with EF is
    // E0 for E0 and F0 only.)
    const __m128i narrow_leads = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(_mm_and_si128(bytes, _mm_set1_epi8(static_cast<char>(0xEF))),
                                    _mm_set1_epi8(static_cast<char>(0xE0))),
                     _mm_cmpeq_epi8(bytes, _mm_set1_epi8(static_cast<char>(0xED)))),
        _mm_cmpeq_epi8(bytes, _mm_set1_epi8(static_cast<char>(0xF4))));
    if (_mm_movemask_epi8(narrow_leads) != 0) {
      // Each byte beside the byte before it. Signed, 80..9F are below A0.
      const __m128i previous = _mm_slli_si128(bytes, 1);
      const __m128i below_a0 = _mm_cmpgt_epi8(_mm_set1_epi8(static_cast<char>(0xA0)), bytes);
      const __m128i below_90 = _mm_cmpgt_epi8(_mm_set1_epi8(static_cast<char>(0x90)), bytes);
      const auto after = [&previous](unsigned char lead_byte) {
        return _mm_cmpeq_epi8(previous, _mm_set1_epi8(static_cast<char>(lead_byte)));
      };
      __m128i wrong_second = _mm_or_si128(
          _mm_or_si128(_mm_and_si128(after(0xE0), below_a0),
                       _mm_and_si128(after(0xF0), below_90)),
          _mm_andnot_si128(below_90, after(0xF4)));
      if (!allow_surrogates) {
        wrong_second = _mm_or_si128(wrong_second, _mm_andnot_si128(below_a0, after(0xED)));
      }
      bad |= static_cast<unsigned>(_mm_movemask_epi8(wrong_second));
    }
  }
  bad |= required ^ continuation;
  if (stop < 16) {
    // A sequence cut short by the special byte is not UTF-8 either. Only
    // the leads before it count: those after it (text after a string's
    // closing quote) are not this text's.
    const unsigned before = (1u << stop) - 1;
    const unsigned cut = ((lead & before) << 1) | ((long_lead & before) << 2) |
                         ((four_byte_lead & before) << 3);
    if ((bad & before) != 0 || (cut >> stop) != 0) return not_utf8;
    return stop;
  }
  if ((bad & 0xFFFF) != 0) return not_utf8;
  // A sequence that goes on in the next block: that block begins at its
  // lead, the last lead of this one (at most three bytes from its end).
  if ((required >> 16) != 0) return (lead & 0x8000) != 0 ? 15 : (lead & 0x4000) != 0 ? 14 : 13;
  return 16;
}

// The last bytes of the input, fewer than a block, and the exact search for
// where UTF-8 breaks.
ULTRAJSON_NOINLINE bool skip_plain_tail(const char*& p, const char* end,
                                        bool allow_surrogates) noexcept {
  return skip_plain_words(p, end, allow_surrogates);
}
#endif

// Advances p over bytes that stand for themselves: printable ASCII other than
// '"' and '\\', and valid UTF-8 sequences. Stops at end or at the first other
// byte. Returns false, with p at the sequence, when UTF-8 is invalid
// (WTF-8 with allow_surrogates).
inline bool skip_plain(const char*& p, const char* end, bool allow_surrogates = false) noexcept {
#if defined(__SSE2__)
  // Sixteen bytes at a time (SSE2 is part of every x86-64).
  while (end - p >= 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned flagged = byte_bits(special_or_high_bytes(bytes));
    if (flagged == 0) {
      p += 16;
      continue;
    }
    const unsigned high = high_bytes(bytes);
    const unsigned first = count_trailing_zeros(flagged);
    if (((high >> first) & 1) == 0) {  // ASCII up to a special byte
      p += first;
      return true;
    }
    const unsigned special = flagged & ~high;
    const unsigned stop = special != 0 ? count_trailing_zeros(special) : 16;
    const unsigned plain = utf8_block_prefix(bytes, high, stop, allow_surrogates);
    if (plain == not_utf8) {
      p += count_trailing_zeros(high);
      break;
    }
    p += plain;
    if (stop < 16) return true;
  }
  return skip_plain_tail(p, end, allow_surrogates);
#else
  return skip_plain_words(p, end, allow_surrogates);
#endif
}

// Advances p to the first '"', '\\' or control byte, or to end, over every
// other byte unchecked: for input its caller knows to be valid UTF-8
// (parse_options::input_is_valid_utf8).
inline void skip_to_special(const char*& p, const char* end) noexcept {
#if defined(__SSE2__)
  while (end - p >= 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const unsigned special = byte_bits(special_or_high_bytes(bytes)) & ~high_bytes(bytes);
    if (special != 0) {
      p += count_trailing_zeros(special);
      return;
    }
    p += 16;
  }
#endif
  while (end - p >= 8) {
    // A high byte is never flagged: the first flag is exact.
    const std::uint64_t special = quote_backslash_control_bytes(load_word(p));
    if (special != 0) {
      p += first_flagged_byte(special);
      return;
    }
    p += 8;
  }
  while (p != end) {
    const auto byte = static_cast<unsigned char>(*p);
    if (byte == '"' || byte == '\\' || byte < 0x20) return;
    ++p;
  }
}

// Makes room for at least `more` bytes after out in scratch, whose whole
// size is the unescaping buffer (its contents past out are garbage), and
// returns out's new place. Grows geometrically: a string's unescaping
// reserves a few times, a document's only while its strings get longer.
inline char* grow_scratch(std::string& scratch, char* out, std::size_t more) {
  const auto used = static_cast<std::size_t>(out - scratch.data());
  std::size_t size = scratch.size() * 2;
  if (size < used + more) size = used + more;
  scratch.resize(size);
  return scratch.data() + used;
}

// A short run of plain ASCII that ends at a backslash (the space between two
// words of text as json.dumps writes it, \u0645\u0631 \u062d...), copied
// with one block load and store: the general path's scan call and memcpy
// cost several times such a run. Copies, advancing p and out, only when the
// block holds the whole run and its backslash, both input and room allow a
// block, and the run is not empty; returns whether it did. (The store's
// bytes past the run are rewritten by what follows.)
ULTRAJSON_ALWAYS_INLINE bool copy_ascii_before_escape(const char*& p, const char* end, char*& out,
                                                      const char* limit) noexcept {
#if defined(__SSE2__)
  constexpr std::ptrdiff_t block = 16;
  if (end - p < block || limit - out < block) return false;
  const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const unsigned flagged = byte_bits(special_or_high_bytes(bytes));
  if (flagged == 0) return false;
  const unsigned run = count_trailing_zeros(flagged);
  if (run == 0 || p[run] != '\\') return false;
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), bytes);
#else
  constexpr std::ptrdiff_t block = 8;
  if (end - p < block || limit - out < block) return false;
  const std::uint64_t word = load_word(p);
  const std::uint64_t flagged = quote_backslash_control_bytes(word) | has_high_byte(word);
  if (flagged == 0) return false;
  const unsigned run = first_flagged_byte(flagged);
  if (run == 0 || p[run] != '\\') return false;
  std::memcpy(out, p, sizeof word);  // the bytes as they are: word is little-endian
#endif
  p += run;
  out += run;
  return true;
}

// The string from the first byte that is not plain (p), with the plain text
// [start, p) before it: unescapes into scratch, a buffer that only grows.
// Works on a copy of p that never leaves a register: through the reference,
// every byte written to the output could alias p (both are chars), and the
// compiler would store and reload p around every escape.
inline parse_error unescape_from(const char* start, const char*& p, const char* end,
                                 std::string_view& value, std::string& scratch,
                                 bool allow_lone_surrogates, bool allow_wtf8_input) {
  // An escape never writes more bytes than it reads, so the output fits in
  // the input's length: ask for the rest of the input up to a limit, and
  // grow on the rare string longer than that.
  constexpr std::size_t first_reservation = 4096;
  const auto plain = static_cast<std::size_t>(p - start);
  const auto rest = static_cast<std::size_t>(end - p);
  const std::size_t wanted = plain + (rest < first_reservation ? rest : first_reservation);
  if (scratch.size() < wanted) scratch.resize(wanted);
  char* out = scratch.data();
  std::memcpy(out, start, plain);
  out += plain;
  char* limit = scratch.data() + scratch.size();
  for (;;) {
    if (p == end) return parse_error::unterminated_string;
    if (*p != '\\') {
      if (*p != '"') return parse_error::control_character_in_string;
      ++p;
      value = std::string_view(scratch.data(), static_cast<std::size_t>(out - scratch.data()));
      return parse_error::none;
    }
    if (end - p < 2) {
      ++p;
      return parse_error::unterminated_string;
    }
    // Runs of escapes (text as json.dumps writes it: \u3042\u3086...) loop
    // here without a plain-text scan between them.
    do {
      if (p[1] == 'u') {
        unescape_bmp_run(p, end, out, limit);
        // On to the loop's test unless it stopped at a \u escape of its own.
        if (end - p < 2 || !starts_unicode_escape(p)) continue;
      }
      if (limit - out < 4) {
        out = grow_scratch(scratch, out, 4);
        limit = scratch.data() + scratch.size();
      }
      if (p[1] == 'u') {
        const parse_error error = unescape_unicode(p, end, out, allow_lone_surrogates);
        if (error != parse_error::none) return error;
      } else {
        const char unescaped = simple_escape_table[static_cast<unsigned char>(p[1])];
        if (unescaped == 0) return parse_error::invalid_escape;
        *out++ = unescaped;
        p += 2;
      }
    } while (end - p >= 2 && *p == '\\');
    if (copy_ascii_before_escape(p, end, out, limit)) continue;
    const char* const run = p;
    const char* run_end = p;  // its address goes to skip_plain; p's must not
    if (!skip_plain(run_end, end, allow_wtf8_input)) {
      p = run_end;
      return parse_error::invalid_utf8;
    }
    p = run_end;
    const auto length = static_cast<std::size_t>(p - run);
    if (static_cast<std::size_t>(limit - out) < length) {
      out = grow_scratch(scratch, out, length);
      limit = scratch.data() + scratch.size();
    }
    std::memcpy(out, run, length);
    out += length;
  }
}

// What a string scan needs besides the text, for its rare paths only: the
// buffer that unescaped strings are written to (it only grows) and the
// options about strings. One object, so the inlined fast path passes one
// address and loads nothing for them.
struct string_scan_state {
  std::string scratch;
  bool allow_lone_surrogates = false;  // escaped lone surrogates, as WTF-8
  bool allow_wtf8_input = false;       // surrogates encoded in the input
  bool input_is_valid_utf8 = false;    // not checked again here
};

// What the out-of-line part of a string scan hands back, by value: were it
// written through references, the inlined fast path's position and view
// would have their addresses taken and live on the stack at every string.
struct scanned_string_rest {
  const char* p;  // past the closing quote, or at the offending byte
  parse_error error;
  std::string_view value;
};

// A string's scan from p, its first byte that is not plain ASCII or the
// start of its last bytes (fewer than a block): UTF-8, escapes, the input's
// end. Out of line: most strings (keys above all) are plain ASCII closed in
// their first block, and the parse loop stays small where the scan is
// inlined.
ULTRAJSON_NOINLINE scanned_string_rest scan_string_rest(const char* start, const char* p,
                                                        const char* end,
                                                        string_scan_state& state) {
  if (state.input_is_valid_utf8) {
    skip_to_special(p, end);
  } else if (!skip_plain(p, end, state.allow_wtf8_input)) {
    return {p, parse_error::invalid_utf8, {}};
  }
  if (p != end && *p == '"') {
    return {p + 1, parse_error::none,
            std::string_view(start, static_cast<std::size_t>(p - start))};
  }
  std::string_view value;
  const parse_error error = unescape_from(start, p, end, value, state.scratch,
                                          state.allow_lone_surrogates, state.allow_wtf8_input);
  return {p, error, value};
}

// Scans the string whose opening quote is just before p into value (a view
// into the input, or into state.scratch when it had escapes). Reports as the
// number scanner does: on success p is past the closing quote; on error p is
// at the offending byte and the error says what is wrong. Inlined into both
// call sites of the parse loop, which GCC would not do by itself: only the
// search for the closing quote of plain ASCII text, the rest is
// scan_string_rest's.
ULTRAJSON_ALWAYS_INLINE parse_error scan_string(const char*& p, const char* end,
                                                std::string_view& value,
                                                string_scan_state& state) {
  const char* const start = p;
#if defined(__SSE2__)
  while (end - p >= 16) {
    const unsigned flagged =
        byte_bits(special_or_high_bytes(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
    if (flagged == 0) {
      p += 16;
      continue;
    }
    p += count_trailing_zeros(flagged);
    // Likely: left to itself, GCC put the closing quote's few instructions
    // away from the scan, two taken jumps for nearly every string.
    if (!ULTRAJSON_LIKELY(*p == '"')) break;
    value = std::string_view(start, static_cast<std::size_t>(p - start));
    ++p;
    return parse_error::none;
  }
#else
  while (end - p >= 8) {
    const std::uint64_t word = load_word(p);
    const std::uint64_t special = quote_backslash_control_bytes(word) | has_high_byte(word);
    if (special == 0) {
      p += 8;
      continue;
    }
    p += first_flagged_byte(special);
    if (*p != '"') break;
    value = std::string_view(start, static_cast<std::size_t>(p - start));
    ++p;
    return parse_error::none;
  }
#endif
  const scanned_string_rest rest = scan_string_rest(start, p, end, state);
  p = rest.p;
  value = rest.value;
  return rest.error;
}

}  // namespace ultrajson::detail
