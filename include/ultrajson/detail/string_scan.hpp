#pragma once
// The string scanner: finds a string's end, checks it (UTF-8, no raw control
// characters, valid escapes) and unescapes it. A string with no escapes is
// returned as a view into the input: no copy at all.

#include <cstddef>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "../error.hpp"
#include "swar.hpp"
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

inline int hex_digit_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  const char lower = static_cast<char>(c | 0x20);
  if (lower >= 'a' && lower <= 'f') return lower - 'a' + 10;
  return -1;
}

// Reads the four hex digits after "\u" at p (p points at the backslash).
// Returns the code unit, or -1 when they are missing or not hex.
inline long read_unicode_escape(const char* p, const char* end) noexcept {
  if (end - p < 6) return -1;
  long value = 0;
  for (int i = 2; i < 6; ++i) {
    const int digit = hex_digit_value(p[i]);
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

struct string_scan {
  parse_error error = parse_error::none;
  std::string_view value;  // on success: into the input, or into scratch
};

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
  // Escapes (or an error): unescape into scratch from here on.
  scratch.assign(start, static_cast<std::size_t>(p - start));
  for (;;) {
    if (p == end) return {parse_error::unterminated_string, {}};
    const char c = *p;
    if (c == '"') {
      ++p;
      return {parse_error::none, scratch};
    }
    if (c != '\\') return {parse_error::control_character_in_string, {}};
    if (end - p < 2) {
      ++p;
      return {parse_error::unterminated_string, {}};
    }
    char unescaped;
    switch (p[1]) {
      case '"': unescaped = '"'; break;
      case '\\': unescaped = '\\'; break;
      case '/': unescaped = '/'; break;
      case 'b': unescaped = '\b'; break;
      case 'f': unescaped = '\f'; break;
      case 'n': unescaped = '\n'; break;
      case 'r': unescaped = '\r'; break;
      case 't': unescaped = '\t'; break;
      case 'u': {
        const long unit = read_unicode_escape(p, end);
        if (unit < 0) return {parse_error::invalid_unicode_escape, {}};
        char32_t code_point = static_cast<char32_t>(unit);
        std::size_t consumed = 6;
        if (unit >= 0xD800 && unit <= 0xDBFF && end - p >= 12 && p[6] == '\\' && p[7] == 'u') {
          const long low = read_unicode_escape(p + 6, end);
          if (low >= 0xDC00 && low <= 0xDFFF) {
            code_point = static_cast<char32_t>(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
            consumed = 12;
          }
        }
        if (is_surrogate(code_point) && !allow_lone_surrogates) {
          return {parse_error::lone_surrogate, {}};
        }
        char encoded[4];
        scratch.append(encoded, static_cast<std::size_t>(encode_utf8(code_point, encoded) - encoded));
        p += consumed;
        goto plain_run;
      }
      default:
        return {parse_error::invalid_escape, {}};
    }
    scratch.push_back(unescaped);
    p += 2;
  plain_run:
    const char* run = p;
    if (!skip_plain(p, end, allow_wtf8_input)) return {parse_error::invalid_utf8, {}};
    scratch.append(run, static_cast<std::size_t>(p - run));
  }
}

}  // namespace ultrajson::detail
