#pragma once
// Powers of ten as the double conversions use them: a 128-bit significand
// from the generated table and the binary exponent that goes with it, and
// the integer logarithms that pick which power a conversion needs.

#include <cstdint>

#include "powers_of_ten_table.hpp"

namespace ultrajson::detail {

// The arithmetic right shifts below floor negative products, as GCC, Clang
// and MSVC all do (and C++20 requires). The tests check each formula
// against the exact value over the whole range the conversions use.

// floor(q * log2(10)) for |q| <= 1233.
inline constexpr int floor_log2_pow10(int q) noexcept { return (q * 1741647) >> 19; }

// floor(e * log10(2)) for |e| <= 1650.
inline constexpr int floor_log10_pow2(int e) noexcept { return (e * 315653) >> 20; }

// floor(log10(3/4 * 2^e)) for |e| <= 1650.
inline constexpr int floor_log10_three_quarters_pow2(int e) noexcept {
  return (e * 315653 - 131237) >> 20;
}

// 10^q ~= significand * 2^(floor_log2_pow10(q) - 127), for q in
// [smallest_power_of_ten, largest_power_of_ten]; see the table's header.
inline constexpr power_of_ten_significand power_of_ten(int q) noexcept {
  return powers_of_ten_table[q - smallest_power_of_ten];
}

}  // namespace ultrajson::detail
