#pragma once
// Numbers to text: integers exactly, doubles as the shortest text that reads
// back to the same double (std::to_chars), laid out as Python's repr(float)
// lays it out: "1.0", "0.0001", "1e-05", "1e+16", "1.5e+300", "-0.0".

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ultrajson::detail {

// Room any formatted double or 64-bit integer needs.
inline constexpr std::size_t max_number_chars = 32;

template <class Integer>
inline char* format_integer(char* out, Integer value) noexcept {
  return std::to_chars(out, out + max_number_chars, value).ptr;
}

// Writes a finite double; returns the position after it.
inline char* format_double(char* out, double value) noexcept {
  // Shortest round-trip digits in scientific form: "-1.2345e+16", "5e-324".
  char scientific[max_number_chars];
  const char* const sci_end =
      std::to_chars(scientific, scientific + sizeof scientific, value, std::chars_format::scientific)
          .ptr;
  const char* s = scientific;
  if (*s == '-') *out++ = *s++;
  char digits[20];
  std::size_t digit_count = 0;
  for (; *s != 'e'; ++s) {
    if (*s != '.') digits[digit_count++] = *s;
  }
  ++s;  // 'e'
  const bool negative_exponent = *s == '-';
  ++s;  // sign
  int exponent = 0;
  for (; s != sci_end; ++s) exponent = exponent * 10 + (*s - '0');
  if (negative_exponent) exponent = -exponent;

  // repr switches to exponent form when the decimal point would sit more
  // than 16 places right of the first digit or 4 places left of it.
  const int point = exponent + 1;  // digits before the decimal point
  const auto count = static_cast<int>(digit_count);
  if (point > 16 || point < -3) {
    *out++ = digits[0];
    if (count > 1) {
      *out++ = '.';
      std::memcpy(out, digits + 1, digit_count - 1);
      out += count - 1;
    }
    *out++ = 'e';
    *out++ = negative_exponent ? '-' : '+';
    const int magnitude = negative_exponent ? -exponent : exponent;
    if (magnitude < 10) *out++ = '0';
    return std::to_chars(out, out + 4, magnitude).ptr;
  }
  if (point <= 0) {
    *out++ = '0';
    *out++ = '.';
    for (int i = point; i < 0; ++i) *out++ = '0';
    std::memcpy(out, digits, digit_count);
    return out + count;
  }
  if (point >= count) {
    std::memcpy(out, digits, digit_count);
    out += count;
    for (int i = count; i < point; ++i) *out++ = '0';
    *out++ = '.';
    *out++ = '0';
    return out;
  }
  std::memcpy(out, digits, static_cast<std::size_t>(point));
  out += point;
  *out++ = '.';
  std::memcpy(out, digits + point, static_cast<std::size_t>(count - point));
  return out + (count - point);
}

}  // namespace ultrajson::detail
