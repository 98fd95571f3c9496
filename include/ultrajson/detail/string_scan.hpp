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

#if defined(__SSE2__)
// The SSE2 form of the word tests, sixteen bytes at once (SSE2 is part of
// every x86-64): how many leading bytes of the block are plain text, ASCII
// and whole two-byte sequences; 16, 15 when the last byte is a lead whose
// continuation is in the next block, or the offset of the first byte that
// needs a closer look (always < 16 then).
inline unsigned plain_block_prefix(const char* p) noexcept {
  const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i ascii_special = _mm_or_si128(
      _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"')),
                   _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'))),
      // Bits 7..5 clear: a byte below 0x20.
      _mm_cmpeq_epi8(_mm_and_si128(bytes, _mm_set1_epi8(static_cast<char>(0xE0))),
                     _mm_setzero_si128()));
  const auto special = static_cast<unsigned>(_mm_movemask_epi8(ascii_special));
  const auto high = static_cast<unsigned>(_mm_movemask_epi8(bytes));  // bit 7 of each byte
  if ((special | high) == 0) return 16;
  if (special == 0) {
    // Adding a byte to itself shifts it left by one within the byte.
    const __m128i times2 = _mm_add_epi8(bytes, bytes);
    const __m128i times4 = _mm_add_epi8(times2, times2);
    const auto bit6 = static_cast<unsigned>(_mm_movemask_epi8(times2));
    const auto bit5 = static_cast<unsigned>(_mm_movemask_epi8(times4));
    const auto overlong = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(
        _mm_and_si128(bytes, _mm_set1_epi8(static_cast<char>(0xFE))),
        _mm_set1_epi8(static_cast<char>(0xC0)))));  // C0, C1
    const unsigned lead = high & bit6;
    const unsigned continuation = high & ~bit6;
    if ((lead & (bit5 | overlong)) == 0 && continuation == ((lead << 1) & 0xFFFF)) {
      return (lead & 0x8000) != 0 ? 15 : 16;
    }
  }
  return static_cast<unsigned>(__builtin_ctz(special | high));
}
#endif

// Advances p over bytes that stand for themselves: printable ASCII other than
// '"' and '\\', and valid UTF-8 sequences. Stops at end or at the first other
// byte. Returns false, with p at the sequence, when UTF-8 is invalid
// (WTF-8 with allow_surrogates).
inline bool skip_plain(const char*& p, const char* end, bool allow_surrogates = false) noexcept {
  for (;;) {
#if defined(__SSE2__)
    while (end - p >= 16) {
      const unsigned plain = plain_block_prefix(p);
      p += plain;
      if (plain < 15) break;
    }
#endif
    while (end - p >= 8) {
      const std::uint64_t word = load_word(p);
      const std::uint64_t ascii_special =
          has_byte(word, '"') | has_byte(word, '\\') | has_byte_below(word, 0x20);
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

struct string_scan {
  parse_error error = parse_error::none;
  std::string_view value;  // on success: into the input, or into scratch
};

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

// The string from the first byte that is not plain (p), with the plain text
// [start, p) before it: unescapes into scratch, a buffer that only grows.
inline string_scan unescape_string(const char* start, const char*& p, const char* end,
                                   std::string& scratch, bool allow_lone_surrogates,
                                   bool allow_wtf8_input) {
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
    if (p == end) return {parse_error::unterminated_string, {}};
    if (*p != '\\') {
      if (*p != '"') return {parse_error::control_character_in_string, {}};
      ++p;
      return {parse_error::none,
              std::string_view(scratch.data(), static_cast<std::size_t>(out - scratch.data()))};
    }
    if (end - p < 2) {
      ++p;
      return {parse_error::unterminated_string, {}};
    }
    // Runs of escapes (text as json.dumps writes it: \u3042\u3086...) loop
    // here without a plain-text scan between them.
    do {
      if (limit - out < 4) {
        out = grow_scratch(scratch, out, 4);
        limit = scratch.data() + scratch.size();
      }
      if (p[1] == 'u') {
        const parse_error error = unescape_unicode(p, end, out, allow_lone_surrogates);
        if (error != parse_error::none) return {error, {}};
      } else {
        const char unescaped = simple_escape_table[static_cast<unsigned char>(p[1])];
        if (unescaped == 0) return {parse_error::invalid_escape, {}};
        *out++ = unescaped;
        p += 2;
      }
    } while (end - p >= 2 && *p == '\\');
    const char* const run = p;
    if (!skip_plain(p, end, allow_wtf8_input)) return {parse_error::invalid_utf8, {}};
    const auto length = static_cast<std::size_t>(p - run);
    if (static_cast<std::size_t>(limit - out) < length) {
      out = grow_scratch(scratch, out, length);
      limit = scratch.data() + scratch.size();
    }
    std::memcpy(out, run, length);
    out += length;
  }
}

// Scans the string whose opening quote is just before p. On success p is past
// the closing quote; on error p is at the offending byte. allow_wtf8_input
// accepts surrogates encoded in the input (see parse_options).
inline string_scan scan_string(const char*& p, const char* end, std::string& scratch,
                               bool allow_lone_surrogates, bool allow_wtf8_input = false) {
  const char* const start = p;
  if (!skip_plain(p, end, allow_wtf8_input)) return {parse_error::invalid_utf8, {}};
  if (p != end && *p == '"') {
    std::string_view value(start, static_cast<std::size_t>(p - start));
    ++p;
    return {parse_error::none, value};
  }
  return unescape_string(start, p, end, scratch, allow_lone_surrogates, allow_wtf8_input);
}

}  // namespace ultrajson::detail
