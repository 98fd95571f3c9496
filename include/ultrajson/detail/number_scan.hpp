#pragma once
// The number scanner: checks JSON's number grammar, makes integers exact in
// 64 bits (or hands back their text when larger) and doubles correctly
// rounded (decimal_to_double.hpp), from text the grammar check has accepted.

#include <cfloat>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>

#include "../error.hpp"
#include "bits.hpp"
#include "decimal_to_double.hpp"
#include "inlining.hpp"
#include "swar.hpp"

namespace ultrajson::detail {

inline bool is_digit(char c) noexcept { return static_cast<unsigned char>(c - '0') < 10; }

// The number that eight digit values make (0..9 in each byte, the first
// digit in the lowest byte), by combining neighbours pairwise: 8 digits ->
// 4 two-digit -> 2 four-digit -> 1, with three multiplications instead of
// eight dependent ones.
inline std::uint32_t eight_digit_values_combined(std::uint64_t word) noexcept {
  word = word * 10 + (word >> 8);  // bytes 0,2,4,6 now hold two-digit values
  const std::uint64_t pair_mask = 0x000000FF000000FFull;
  const std::uint64_t high = ((word & pair_mask) * ((1000000ull << 32) + 100));
  const std::uint64_t low = (((word >> 16) & pair_mask) * ((10000ull << 32) + 1));
  return static_cast<std::uint32_t>((high + low) >> 32);
}

// Which bytes of a little-endian word are not ASCII digits, given the word
// and its digit values (word - repeat_byte('0')): the high bit set in each
// such byte, clear in each digit. A byte below '0' borrows and one above '9'
// reaches 0x80 when 0x46 is added (or carries out, from 0xBA up, with its
// borrow-free value then at 0x8A or more). Exact up to the first non-digit,
// which is all its users look at: only a non-digit carries or borrows.
inline std::uint64_t non_digit_bytes(std::uint64_t word, std::uint64_t values) noexcept {
  return ((word + repeat_byte(0x46)) | values) & repeat_byte(0x80);
}

inline constexpr std::uint32_t powers_of_ten_32[] = {1,      10,      100,      1000,     10000,
                                                     100000, 1000000, 10000000, 100000000};

// Appends the digits at p to mantissa (wrapping past 19 digits), eight at a
// time where it can, and a shorter run that ends inside a word with one word
// operation too (mesh.json's and canada.json's numbers are mostly 1 to 16
// digits: a loop per digit cost a third of their scan). Returns how many it
// read. Forced inline: GCC's guess puts the fraction's call late among its
// inlining candidates, and in a parse loop that a document builder makes
// large the growth limit is reached before it (a call per number then).
ULTRAJSON_ALWAYS_INLINE std::size_t accumulate_digits(const char*& p, const char* end,
                                                      std::uint64_t& mantissa) noexcept {
  const char* const start = p;
  while (end - p >= 8) {
    const std::uint64_t word = load_word(p);
    const std::uint64_t values = word - repeat_byte('0');
    const std::uint64_t non_digit = non_digit_bytes(word, values);
    if (non_digit == 0) {
      mantissa = mantissa * 100000000u + eight_digit_values_combined(values);
      p += 8;
      continue;
    }
    const unsigned digits = count_trailing_zeros(non_digit) / 8;
    if (digits != 0) {
      // The digits' values moved to the word's top, zeros shifted in below
      // them. (The subtraction borrows only above the first non-digit,
      // from bytes the shift drops.)
      mantissa = mantissa * powers_of_ten_32[digits] +
                 eight_digit_values_combined(values << (8 * (8 - digits)));
      p += digits;
    }
    return static_cast<std::size_t>(p - start);
  }
  while (p != end && is_digit(*p)) {
    mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
    ++p;
  }
  return static_cast<std::size_t>(p - start);
}

// The integer part's digits after its first (whose value mantissa holds),
// as accumulate_digits reads them. On a 32-bit target the word method's
// 64-bit multiplications take three each: the first nine digits (all of
// most integers) go a digit at a time into 32 bits there, then on in words
// if there are more. (Not for fractions: numbers.json's twelve-digit ones
// took 7% more instructions that way.)
// Forced inline, as accumulate_digits and for the same reason; a unit with
// several parse loops also reaches GCC's inline-unit-growth limit.
ULTRAJSON_ALWAYS_INLINE void accumulate_integer_digits(const char*& p, const char* end,
                                                       std::uint64_t& mantissa) noexcept {
  if constexpr (sizeof(void*) < sizeof(std::uint64_t)) {
    const char* const stop = end - p > 8 ? p + 8 : end;
    auto value = static_cast<std::uint32_t>(mantissa);
    while (p != stop && is_digit(*p)) {
      value = value * 10 + static_cast<std::uint32_t>(*p - '0');
      ++p;
    }
    mantissa = value;
    if (p != stop || p == end || !is_digit(*p)) return;
  }
  accumulate_digits(p, end, mantissa);
}

struct scanned_number {
  enum class kind { int64, uint64, big_integer, floating };
  kind type = kind::int64;
  std::int64_t int64 = 0;
  std::uint64_t uint64 = 0;
  double floating = 0;
  std::string_view text;
  // A floating number written as a plain decimal, digits, a point and
  // digits (no exponent), of at most 19 digits in all: its digits as one
  // integer and how many follow the point. Else plain_fraction_digits is 0.
  // For parse(text, writer), which copies the text when the writer would
  // print it unchanged (format_number.hpp, prints_plain_decimal_as_is).
  std::uint64_t plain_digits = 0;
  unsigned plain_fraction_digits = 0;
};

// At most the largest significand Clinger's fast path takes.
inline bool fits_exact_double(std::uint64_t significand) noexcept {
  return significand <= (std::uint64_t{1} << 53);
}

// Clinger's fast path: when the decimal significand fits in 53 bits (the
// caller's test, fits_exact_double) and |exponent| <= 22, both it and the
// power of ten are exact doubles, so one IEEE multiplication or division
// rounds correctly. Only where doubles are evaluated in double precision
// (not x87's extended registers).
inline bool exact_double_fast_path(std::uint64_t significand, long long exponent,
                                   bool negative, double& out) noexcept {
#if FLT_EVAL_METHOD == 0
  static constexpr double powers_of_ten[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                             1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                             1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (exponent < -22 || exponent > 22) return false;
  double value = static_cast<double>(significand);
  if (exponent < 0) {
    value /= powers_of_ten[-exponent];
  } else {
    value *= powers_of_ten[exponent];
  }
  out = negative ? -value : value;
  return true;
#else
  (void)significand, (void)exponent, (void)negative, (void)out;
  return false;
#endif
}

// The literals NaN, Infinity and -Infinity (parse_options::allow_nan_literals),
// p just past the sign, at a byte that is not a digit. Out of line: rare.
ULTRAJSON_NOINLINE parse_error scan_nan_literal(const char* start, const char*& p, const char* end,
                                                scanned_number& out) noexcept {
  const bool negative = p != start;
  const auto follows = [&](std::string_view word) {
    return static_cast<std::size_t>(end - p) >= word.size() &&
           std::memcmp(p, word.data(), word.size()) == 0;
  };
  if (!negative && follows("NaN")) {
    out.floating = std::numeric_limits<double>::quiet_NaN();
    p += 3;
  } else if (follows("Infinity")) {
    out.floating = negative ? -std::numeric_limits<double>::infinity()
                            : std::numeric_limits<double>::infinity();
    p += 8;
  } else if (*p == 'I' || (!negative && *p == 'N')) {
    p = start;  // a misspelt literal is reported where it begins
    return parse_error::invalid_literal;
  } else {
    return parse_error::invalid_number;
  }
  out.type = scanned_number::kind::floating;
  out.text = std::string_view(start, static_cast<std::size_t>(p - start));
  return parse_error::none;
}

// A double that misses the exact fast path: correctly rounded from its
// digits (the integer part's at integer_start, then the fraction's after
// the point). Out of line, so the scan stays small where it is inlined. The
// text's pieces come as scalars and the text is put together here, where
// only the rare exact decision reads it: as a struct built by the caller it
// was stored to the stack at every such number.
ULTRAJSON_NOINLINE double slow_decimal_to_double(std::uint64_t mantissa,
                                                 const char* integer_start,
                                                 std::size_t integer_digits,
                                                 std::size_t fraction_digits,
                                                 long long exponent) noexcept {
  const long long scale = exponent - static_cast<long long>(fraction_digits);
  const decimal_text text{
      std::string_view(integer_start, integer_digits),
      fraction_digits == 0
          ? std::string_view()
          : std::string_view(integer_start + integer_digits + 1, fraction_digits),
      exponent};
  return integer_digits + fraction_digits <= 19 ? decimal_to_double(mantissa, scale, text)
                                                : long_decimal_to_double(text);
}

// An integer of 20 or more digits: exact when it still fits 64 bits, else
// big_integer (its text).
ULTRAJSON_NOINLINE void scan_long_integer(std::string_view digits, bool negative,
                                          scanned_number& out) noexcept {
  std::uint64_t value = 0;
  bool fits = digits.size() == 20;
  for (std::size_t i = 0; i < digits.size() && fits; ++i) {
    fits = checked_multiply(value, std::uint64_t{10}, value) &&
           checked_add(value, static_cast<std::uint64_t>(digits[i] - '0'), value);
  }
  constexpr auto int64_max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (fits && negative && value <= int64_max + 1) {
    out.type = scanned_number::kind::int64;
    out.int64 = static_cast<std::int64_t>(0 - value);
  } else if (fits && !negative) {
    out.type = value <= int64_max ? scanned_number::kind::int64 : scanned_number::kind::uint64;
    out.int64 = static_cast<std::int64_t>(value);
    out.uint64 = value;
  } else {
    out.type = scanned_number::kind::big_integer;
  }
}

// Scans the number at p (which holds '-' or a digit; or 'N' or 'I' when
// allow_nan_literals accepts NaN, Infinity and -Infinity). Reports as the
// string scanner does: on success p is past the number; on error p is at
// the offending byte and the error says what is wrong. Always inlined into
// the parse loop, where the scanned number then lives in registers; the
// rare paths are calls. keeps_plain_decimal: whether to fill in
// plain_digits and plain_fraction_digits (only the parse into a writer
// reads them; the other parses leave them 0).
template <bool keeps_plain_decimal = true>
ULTRAJSON_ALWAYS_INLINE parse_error scan_number(const char*& p, const char* end,
                                                scanned_number& out,
                                                bool allow_nan_literals = false) {
  const char* const start = p;
  const bool negative = *p == '-';
  if (negative) ++p;
  if (p == end || !is_digit(*p)) {
    if (allow_nan_literals && p != end) {
      // Through copies: the caller's position and number, whose addresses
      // would escape into this out-of-line call, can then stay in registers.
      const char* at = p;
      scanned_number literal;
      const parse_error error = scan_nan_literal(start, at, end, literal);
      p = at;
      out = literal;
      return error;
    }
    return parse_error::invalid_number;
  }
  const char* const integer_start = p;
  std::uint64_t mantissa = 0;
  if (*p == '0') {
    ++p;
    if (p != end && is_digit(*p)) return parse_error::invalid_number;  // leading zero
  } else {
    // A lone digit (the integer part of every double printed with an
    // exponent, and the smallest integers) is taken without a word.
    mantissa = static_cast<unsigned>(*p - '0');
    ++p;
    // Wraps silently past 19 digits; such integers are re-read below.
    if (p != end && is_digit(*p)) accumulate_integer_digits(p, end, mantissa);
  }
  const auto integer_digits = static_cast<std::size_t>(p - integer_start);
  bool is_floating = false;
  long long exponent = 0;
  std::size_t fraction_digits = 0;
  if (p != end && *p == '.') {
    ++p;
    if (p == end || !is_digit(*p)) return parse_error::invalid_number;
    // The significand goes on accumulating (wrapping past 19 digits, when
    // only the long path below is used).
    fraction_digits = accumulate_digits(p, end, mantissa);
    is_floating = true;
  }
  bool has_exponent = false;
  if (p != end && (*p == 'e' || *p == 'E')) {
    has_exponent = true;
    ++p;
    bool negative_exponent = false;
    if (p != end && (*p == '+' || *p == '-')) negative_exponent = *p++ == '-';
    if (p == end || !is_digit(*p)) return parse_error::invalid_number;
    do {
      if (exponent < 100000000) exponent = exponent * 10 + (*p - '0');
      ++p;
    } while (p != end && is_digit(*p));
    if (negative_exponent) exponent = -exponent;
    is_floating = true;
  }
  out.text = std::string_view(start, static_cast<std::size_t>(p - start));

  if (is_floating) {
    out.type = scanned_number::kind::floating;
    if constexpr (keeps_plain_decimal) {
      if (!has_exponent && integer_digits + fraction_digits <= 19) {
        out.plain_digits = mantissa;
        out.plain_fraction_digits = static_cast<unsigned>(fraction_digits);
      }
    }
    const long long scale = exponent - static_cast<long long>(fraction_digits);
    // The significand's size first: most numbers that miss the fast path
    // (17 significant digits, as doubles are printed) are out at once,
    // before the digit count, which the scan's loops left on the stack.
    if (fits_exact_double(mantissa) && integer_digits + fraction_digits <= 19 &&
        exact_double_fast_path(mantissa, scale, negative, out.floating)) {
      return parse_error::none;
    }
    const double magnitude = slow_decimal_to_double(mantissa, integer_start, integer_digits,
                                                    fraction_digits, exponent);
    out.floating = negative ? -magnitude : magnitude;
    return parse_error::none;
  }

  if (integer_digits > 19) {  // 19 digits never overflow 64 bits
    // Through a copy, as scan_nan_literal above.
    scanned_number long_integer;
    long_integer.text = out.text;
    scan_long_integer(std::string_view(integer_start, integer_digits), negative, long_integer);
    out = long_integer;
    return parse_error::none;
  }
  constexpr auto int64_max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (negative) {
    if (mantissa > int64_max + 1) {
      out.type = scanned_number::kind::big_integer;
      return parse_error::none;
    }
    out.type = scanned_number::kind::int64;
    // -(2^63) has no positive int64 counterpart, so negate in unsigned.
    out.int64 = static_cast<std::int64_t>(0 - mantissa);
    return parse_error::none;
  }
  out.type = mantissa <= int64_max ? scanned_number::kind::int64 : scanned_number::kind::uint64;
  out.int64 = static_cast<std::int64_t>(mantissa);
  out.uint64 = mantissa;
  return parse_error::none;
}

// The double nearest to the whole of `text`, one JSON number (an integer
// too big for 64 bits, a raw number): false when it is not one, or when it
// is beyond double's range (which is where from_chars says out of range).
inline bool number_text_to_double(std::string_view text, double& out) noexcept {
  const char* p = text.data();
  const char* const end = p + text.size();
  scanned_number number;
  if (p == end || !(*p == '-' || is_digit(*p)) || scan_number(p, end, number) != parse_error::none ||
      p != end) {
    return false;
  }
  switch (number.type) {
    case scanned_number::kind::int64: out = static_cast<double>(number.int64); return true;
    case scanned_number::kind::uint64: out = static_cast<double>(number.uint64); return true;
    case scanned_number::kind::floating: out = number.floating; break;
    case scanned_number::kind::big_integer: {
      const bool negative = text.front() == '-';
      const double magnitude = long_decimal_to_double(decimal_text{text.substr(negative ? 1 : 0), {}, 0});
      out = negative ? -magnitude : magnitude;
      break;
    }
  }
  return out - out == 0;  // finite
}

}  // namespace ultrajson::detail
