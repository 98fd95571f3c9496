#pragma once
// w * 10^q to the nearest double (ties to even) with one or two 64x128-bit
// integer products: the Eisel-Lemire algorithm (Lemire, "Number Parsing at a
// Gigabyte per Second", 2021). It either decides the rounding for certain or
// says it cannot, in which case the caller decides exactly
// (big_decimal_rounding.hpp). Integer arithmetic only: correct on x87 too.

#include <cstdint>
#include <cstring>

#include "inlining.hpp"
#include "powers_of_ten.hpp"
#include "wide_multiply.hpp"

namespace ultrajson::detail {

inline double double_from_bits(std::uint64_t bits) noexcept {
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

inline std::uint64_t bits_of_double(double value) noexcept {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

inline constexpr std::uint64_t infinity_bits = 0x7FF0000000000000u;

// Why the rounding decided here is right.
//
// Let w' = w << lz be w normalized to [2^63, 2^64) and T the table's
// significand of 10^q, so 10^q = T_exact * 2^(floor_log2_pow10(q) - 127)
// with T = floor(T_exact) for q >= 0 and floor(T_exact) + 1 for q < 0. The
// 192-bit integer P = w' * T then differs from the exact X = w' * T_exact
// by less than w' < 2^64 (and not at all for 0 <= q <= 55, where T is
// exact), and the value is X * 2^(floor_log2_pow10(q) - 127 - lz).
//
// The double keeps the top 53 bits of X (fewer for subnormals): with s the
// number of bits below them, the result is floor(X / 2^s) rounded up when
// the remainder X mod 2^s is above the halfway point H = 2^(s-1). Reading P
// instead of X gives the same double unless P mod 2^s lies within 2^64 of H:
// a remainder near 0 or 2^s can only move the result across a representable
// double, which both sides round to. That window is 2^-72 of the space for
// normal doubles, so almost every input is decided here; inside it we give
// up, except when T is exact and P's remainder is exactly H (a true tie).
//
// s >= 138, so the decision reads P's top word and, only when that word is
// within 2 of the halfway point at bit s - 128, the exact lower words.
// Leaving out the low product (w' * T.low) makes the top word at most one
// too small, which cannot move a remainder across H from outside that band.

// The rounding when P's top word lies within 2 of the halfway point (see
// above): decided from the exact lower words. Out of line: only the
// numbers whose kept bits end that close to the halfway point take it, and
// inlined, its values kept the common path's registers and stack busy for
// every number.
struct near_halfway_rounding {
  std::uint64_t top_word;
  bool round_up;
  bool certain;
};

ULTRAJSON_NOINLINE near_halfway_rounding round_near_halfway(std::uint64_t normalized,
                                                            std::uint64_t table_low,
                                                            std::uint64_t upper_high,
                                                            std::uint64_t upper_low, int shift,
                                                            int power) noexcept {
  const std::uint64_t mask = (std::uint64_t{1} << shift) - 1;
  const std::uint64_t half = std::uint64_t{1} << (shift - 1);
  const uint128_parts lower = multiply_64x64(normalized, table_low);
  const std::uint64_t middle = upper_low + lower.high;
  // Stays inside the band: no carry out of it.
  const std::uint64_t top_word = upper_high + (middle < lower.high ? 1 : 0);
  const std::uint64_t remainder = top_word & mask;
  if (power >= 0 && power <= 55) {  // T exact: P is the exact product
    const bool exactly_half = remainder == half && (middle | lower.low) == 0;
    const bool round_up = remainder > half || (remainder == half && !exactly_half) ||
                          (exactly_half && ((top_word >> shift) & 1) != 0);
    return {top_word, round_up, true};
  }
  const bool certain = !((remainder == half && middle <= 1) ||
                         (remainder == half - 1 && middle >= ~std::uint64_t{1}));
  return {top_word, certain && remainder >= half, certain};
}

// Returns true and sets out (a non-negative double) when the rounding is
// certain; false with out within one unit in the last place otherwise.
// w must be nonzero.
inline bool eisel_lemire(std::uint64_t w, long long q, double& out) noexcept {
  if (q < smallest_power_of_ten) {  // w * 10^q < 2^64 * 10^-343 < 2^-1075
    out = 0;
    return true;
  }
  if (q > 308) {  // w * 10^q >= 10^309
    out = double_from_bits(infinity_bits);
    return true;
  }
  const int power = static_cast<int>(q);
  const int lz = count_leading_zeros(w);
  const std::uint64_t normalized = w << lz;
  const power_of_ten_significand t = power_of_ten(power);
  const uint128_parts upper = multiply_64x64(normalized, t.high);
  const int top = static_cast<int>(upper.high >> 63);  // 1 when P >= 2^191
  // The binary exponent of the value's leading bit.
  const int leading = 63 + top + floor_log2_pow10(power) - lz;
  if (leading > 1023) {
    out = double_from_bits(infinity_bits);
    return true;
  }
  int shift = 10 + top;  // bits of P's top word below the 53 kept
  if (leading < -1022) shift += -1022 - leading;
  if (shift >= 64) {
    // Below 2^-1074: zero, unless near the halfway point 2^-1075.
    out = 0;
    return leading < -1076;
  }
  const std::uint64_t mask = (std::uint64_t{1} << shift) - 1;
  const std::uint64_t half = std::uint64_t{1} << (shift - 1);
  std::uint64_t top_word = upper.high;
  bool round_up = (top_word & mask) > half;
  bool certain = true;
  if ((top_word & mask) - (half - 2) <= 2) {  // within 2 of the halfway point
    const near_halfway_rounding decided =
        round_near_halfway(normalized, t.low, upper.high, upper.low, shift, power);
    top_word = decided.top_word;
    round_up = decided.round_up;
    certain = decided.certain;
  }
  // A carry out of the 53 bits moves to the next binade by itself: the
  // exponent field and the mantissa are added, not or-ed.
  const std::uint64_t mantissa = (top_word >> shift) + (round_up ? 1 : 0);
  if (leading < -1022) {
    out = double_from_bits(mantissa);  // subnormal (or, rounded up, DBL_MIN)
  } else {
    out = double_from_bits((static_cast<std::uint64_t>(leading + 1023) << 52) + mantissa -
                           (std::uint64_t{1} << 52));
  }
  return certain;
}

}  // namespace ultrajson::detail
