#pragma once
// Decimal text to the nearest double, ties to even, for every input: the
// fast Eisel-Lemire products decide almost every number; the few they leave
// open (and significands of more than 19 digits that they cannot bracket)
// are decided exactly by big_decimal_rounding.hpp. Integer arithmetic only,
// so the result does not depend on the target's floating point.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "big_decimal_rounding.hpp"
#include "eisel_lemire.hpp"

namespace ultrajson::detail {

// A number's text as the scanner split it (sign left out): the digits
// before the point, those after it (maybe none), and the exponent after 'e'.
struct decimal_text {
  std::string_view integer;
  std::string_view fraction;
  long long exponent = 0;
};

// The significant digits (leading and trailing zeros dropped) and where the
// decimal point goes.
inline void collect_digits(const decimal_text& text, decimal_digits& out) noexcept {
  long long point = 0;
  const auto take = [&out](char c) {
    if (out.count == 0 && c == '0') return;
    if (out.count < max_exact_digits) {
      out.digits[out.count++] = c;
    } else if (c != '0') {
      out.nonzero_dropped = true;
    }
  };
  for (const char c : text.integer) {
    take(c);
    if (out.count != 0) ++point;
  }
  for (const char c : text.fraction) {
    if (out.count == 0 && c == '0') --point;
    take(c);
  }
  while (out.count != 0 && out.digits[out.count - 1] == '0') --out.count;
  out.point = point + text.exponent;
}

// The slow path: any number of digits, any exponent. Non-negative result.
inline double long_decimal_to_double(const decimal_text& text) noexcept {
  decimal_digits decimal;
  collect_digits(text, decimal);
  if (decimal.count == 0) return 0;
  // 0.d1d2... * 10^point: at least 10^310 overflows; below 10^-325 is less
  // than half the smallest subnormal (2.47e-324).
  if (decimal.point > 310) return double_from_bits(infinity_bits);
  if (decimal.point < -324) return 0;
  const std::size_t leading = decimal.count < 19 ? decimal.count : 19;
  std::uint64_t significand = 0;
  for (std::size_t i = 0; i < leading; ++i) {
    significand = significand * 10 + static_cast<std::uint64_t>(decimal.digits[i] - '0');
  }
  const long long exponent = decimal.point - static_cast<long long>(leading);
  double guess;
  const bool certain = eisel_lemire(significand, exponent, guess);
  if (decimal.count <= 19 && !decimal.nonzero_dropped) {
    if (certain) return guess;
  } else if (certain) {
    // The value lies strictly between significand and significand + 1
    // (times 10^exponent): digits were left out of significand, or dropped
    // after the 800 kept (trailing zeros trimmed, so a dropped nonzero digit
    // can leave 19 or fewer). When both ends round alike, so does it.
    double above;
    if (eisel_lemire(significand + 1, exponent, above) &&
        bits_of_double(above) == bits_of_double(guess)) {
      return guess;
    }
  }
  return nearest_double(decimal, guess);
}

// The fast path: significand is the number's digits (at most 19, so exact)
// and exponent the power of ten that scales them; text is the same number,
// for the rare case that needs the exact decision. Non-negative result.
inline double decimal_to_double(std::uint64_t significand, long long exponent,
                                const decimal_text& text) noexcept {
  if (significand == 0) return 0;
  double value;
  if (eisel_lemire(significand, exponent, value)) return value;
  return long_decimal_to_double(text);
}

}  // namespace ultrajson::detail
