#pragma once
// Numbers to text: integers exactly, doubles as the
// shortest text that reads back to the same double (double_to_decimal.hpp),
// laid out as Python's repr(float) lays it out: "1.0", "0.0001", "1e-05",
// "1e+16", "1.5e+300", "-0.0".

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "double_to_decimal.hpp"

namespace ultrajson::detail {

// Room any formatted double or 64-bit integer needs: at most 24 characters,
// plus slack for the fixed-size copies format_double makes.
inline constexpr std::size_t max_number_chars = 40;

// "00" "01" ... "99": two digits per division.
struct digit_pairs {
  char chars[200];
  constexpr digit_pairs() : chars() {
    for (int i = 0; i < 100; ++i) {
      chars[2 * i] = static_cast<char>('0' + i / 10);
      chars[2 * i + 1] = static_cast<char>('0' + i % 10);
    }
  }
};
inline constexpr digit_pairs two_digits{};

inline void write_two_digits(char* out, std::uint32_t value) noexcept {
  std::memcpy(out, two_digits.chars + 2 * value, 2);
}

// Exactly eight digits, zero-padded.
inline void write_eight_digits(char* out, std::uint32_t value) noexcept {
  const std::uint32_t high = value / 10000, low = value % 10000;
  write_two_digits(out, high / 100);
  write_two_digits(out + 2, high % 100);
  write_two_digits(out + 4, low / 100);
  write_two_digits(out + 6, low % 100);
}

// How many digits a value below 10^9 has: a few compares, no loop.
inline int decimal_length(std::uint32_t value) noexcept {
  if (value < 10000) return value < 100 ? (value < 10 ? 1 : 2) : (value < 1000 ? 3 : 4);
  if (value < 1000000) return value < 100000 ? 5 : 6;
  if (value < 100000000) return value < 10000000 ? 7 : 8;
  return 9;
}

// The digits of a value below 10^9, no padding; returns how many.
inline int write_short_number(char* out, std::uint32_t value) noexcept {
  const int length = decimal_length(value);
  char* end = out + length;
  for (; value >= 100; value /= 100) {
    end -= 2;
    write_two_digits(end, value % 100);
  }
  if (value >= 10) {
    write_two_digits(end - 2, value);
  } else {
    end[-1] = static_cast<char>('0' + value);
  }
  return length;
}

// Any 64-bit value: up to 20 digits, in pieces of eight so that 32-bit
// targets divide 64 bits at most twice. (std::to_chars counts the digits
// in a loop and was the largest part of writing integer-heavy documents.)
inline char* format_unsigned(char* out, std::uint64_t value) noexcept {
  if (value < 100000000) return out + write_short_number(out, static_cast<std::uint32_t>(value));
  constexpr std::uint64_t ten_to_8 = 100000000;
  if (value < ten_to_8 * ten_to_8) {
    const auto high = static_cast<std::uint32_t>(value / ten_to_8);
    const int length = write_short_number(out, high);
    write_eight_digits(out + length, static_cast<std::uint32_t>(value - high * ten_to_8));
    return out + length + 8;
  }
  const std::uint64_t top = value / (ten_to_8 * ten_to_8);  // at most 1844
  const std::uint64_t rest = value - top * (ten_to_8 * ten_to_8);
  const auto middle = static_cast<std::uint32_t>(rest / ten_to_8);
  const int length = write_short_number(out, static_cast<std::uint32_t>(top));
  write_eight_digits(out + length, middle);
  write_eight_digits(out + length + 8, static_cast<std::uint32_t>(rest - middle * ten_to_8));
  return out + length + 16;
}

template <class Integer>
inline char* format_integer(char* out, Integer value) noexcept {
  static_assert(sizeof(Integer) <= 8, "64-bit integers at most");
  if constexpr (std::is_signed_v<Integer>) {
    if (value < 0) {
      *out++ = '-';
      // The magnitude in unsigned arithmetic: -INT64_MIN does not fit.
      return format_unsigned(out, std::uint64_t{0} - static_cast<std::uint64_t>(value));
    }
  }
  return format_unsigned(out, static_cast<std::uint64_t>(value));
}

// The digits of a significand of at most 17 digits; returns how many. Split
// in 32-bit pieces so that 32-bit targets divide 64 bits only once.
inline int write_significand(char* out, std::uint64_t significand) noexcept {
  if (significand < 100000000) return write_short_number(out, static_cast<std::uint32_t>(significand));
  const auto high = static_cast<std::uint32_t>(significand / 100000000);
  const auto low = static_cast<std::uint32_t>(significand - std::uint64_t{high} * 100000000);
  const int length = write_short_number(out, high);
  write_eight_digits(out + length, low);
  return length + 8;
}

// Writes a finite double; returns the position after it. Writes scratch
// bytes up to max_number_chars past out (fixed-size copies are cheaper
// than exact ones).
inline char* format_double(char* out, double value) noexcept {
  if (bits_of_double(value) >> 63) {
    *out++ = '-';
    value = -value;
  }
  if (value == 0) {
    std::memcpy(out, "0.0", 3);
    return out + 3;
  }
  const shortest_decimal decimal = double_to_decimal(value);
  char digits[32] = {};
  int count = write_significand(digits, decimal.significand);
  const int exponent = decimal.exponent + count - 1;  // of the first digit
  while (digits[count - 1] == '0') --count;

  // repr switches to exponent form when the decimal point would sit more
  // than 16 places right of the first digit or 4 places left of it.
  const int point = exponent + 1;  // digits before the decimal point
  if (point > 16 || point < -3) {
    out[0] = digits[0];
    out[1] = '.';
    std::memcpy(out + 2, digits + 1, 16);  // count <= 17
    out += count > 1 ? count + 1 : 1;
    *out++ = 'e';
    *out++ = exponent < 0 ? '-' : '+';
    const auto magnitude = static_cast<std::uint32_t>(exponent < 0 ? -exponent : exponent);
    if (magnitude < 100) {
      write_two_digits(out, magnitude);
      return out + 2;
    }
    *out = static_cast<char>('0' + magnitude / 100);
    write_two_digits(out + 1, magnitude % 100);
    return out + 3;
  }
  if (point <= 0) {  // 0.000ddd: at most three zeros after the point
    std::memcpy(out, "0.000", 5);
    std::memcpy(out + 2 - point, digits, 24);
    return out + 2 - point + count;
  }
  std::memcpy(out, digits, 16);  // point <= 16
  if (point >= count) {  // ddd000.0
    std::memset(out + count, '0', 16);
    out[point] = '.';
    out[point + 1] = '0';
    return out + point + 2;
  }
  out[point] = '.';  // ddd.ddd
  std::memcpy(out + point + 1, digits + point, 16);
  return out + count + 1;
}

}  // namespace ultrajson::detail
