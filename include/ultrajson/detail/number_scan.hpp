#pragma once
// The number scanner: checks JSON's number grammar, makes integers exact in
// 64 bits (or hands back their text when larger) and doubles correctly
// rounded through std::from_chars, which only ever sees text the grammar
// check has accepted.

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <system_error>

#include "../error.hpp"

namespace ultrajson::detail {

inline bool is_digit(char c) noexcept { return static_cast<unsigned char>(c - '0') < 10; }

struct scanned_number {
  enum class kind { int64, uint64, big_integer, floating };
  kind type = kind::int64;
  std::int64_t int64 = 0;
  std::uint64_t uint64 = 0;
  double floating = 0;
  std::string_view text;
};

// When from_chars reports out of range, the value is either above DBL_MAX or
// below half the smallest subnormal; the decimal magnitude tells which. digits
// is the text without sign; exponent is the value after 'e' (0 if none).
inline double out_of_range_value(std::string_view digits, long long exponent, bool negative) {
  // Position of the first significant digit relative to the decimal point.
  long long magnitude = 0;
  std::size_t i = 0;
  if (digits[0] != '0') {
    while (i < digits.size() && is_digit(digits[i])) ++i;
    magnitude = static_cast<long long>(i);
  } else {
    i = 2;  // past "0."
    while (i < digits.size() && digits[i] == '0') {
      ++i;
      --magnitude;
    }
  }
  const double value =
      magnitude + exponent > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  return negative ? -value : value;
}

// Scans the number at p (which holds '-' or a digit). On success p is past
// it; on error p is at the offending byte.
inline parse_error scan_number(const char*& p, const char* end, scanned_number& out) {
  const char* const start = p;
  const bool negative = *p == '-';
  if (negative) ++p;
  if (p == end || !is_digit(*p)) return parse_error::invalid_number;
  const char* const integer_start = p;
  std::uint64_t mantissa = 0;
  if (*p == '0') {
    ++p;
    if (p != end && is_digit(*p)) return parse_error::invalid_number;  // leading zero
  } else {
    // Wraps silently past 19 digits; such integers are re-read below.
    do {
      mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
      ++p;
    } while (p != end && is_digit(*p));
  }
  const auto integer_digits = static_cast<std::size_t>(p - integer_start);
  bool is_floating = false;
  long long exponent = 0;
  if (p != end && *p == '.') {
    ++p;
    if (p == end || !is_digit(*p)) return parse_error::invalid_number;
    do ++p;
    while (p != end && is_digit(*p));
    is_floating = true;
  }
  if (p != end && (*p == 'e' || *p == 'E')) {
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
    const auto [end_of_number, ec] = std::from_chars(start, p, out.floating);
    (void)end_of_number;
    if (ec == std::errc::result_out_of_range) {
      out.floating = out_of_range_value(
          std::string_view(integer_start, static_cast<std::size_t>(p - integer_start)), exponent,
          negative);
    }
    return parse_error::none;
  }

  bool fits = integer_digits <= 19;  // 19 digits never overflow 64 bits
  if (integer_digits == 20) {
    mantissa = 0;
    fits = true;
    for (const char* d = integer_start; d != p && fits; ++d) {
      fits = !__builtin_mul_overflow(mantissa, 10u, &mantissa) &&
             !__builtin_add_overflow(mantissa, static_cast<unsigned>(*d - '0'), &mantissa);
    }
  }
  constexpr auto int64_max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (fits && negative && mantissa <= int64_max + 1) {
    out.type = scanned_number::kind::int64;
    // -(2^63) has no positive int64 counterpart, so negate in unsigned.
    out.int64 = static_cast<std::int64_t>(0 - mantissa);
  } else if (fits && !negative) {
    out.type = mantissa <= int64_max ? scanned_number::kind::int64 : scanned_number::kind::uint64;
    out.int64 = static_cast<std::int64_t>(mantissa);
    out.uint64 = mantissa;
  } else {
    out.type = scanned_number::kind::big_integer;
  }
  return parse_error::none;
}

}  // namespace ultrajson::detail
