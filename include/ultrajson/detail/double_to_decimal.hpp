#pragma once
// A double to its shortest decimal: the fewest significant digits that read
// back to the same double, and of those the nearest to it (ties to an even
// digit). Schubfach (Giulietti, "The Schubfach way to render doubles",
// 2020), with the 128-bit powers of ten the parser uses. Integer arithmetic
// only, so 32-bit x87 targets print the same digits.

#include <cstdint>

#include "bits.hpp"
#include "eisel_lemire.hpp"
#include "inlining.hpp"
#include "powers_of_ten.hpp"
#include "wide_multiply.hpp"

namespace ultrajson::detail {

// value = significand * 10^exponent. The significand may end in zeros (0.1
// comes out as 1000000000000000e-16): the caller drops them as characters,
// cheaper than dividing.
struct shortest_decimal {
  std::uint64_t significand;
  int exponent;
};

// Why the digits are right.
//
// A double v = c * 2^q reads back from every decimal inside its rounding
// interval, [v - 2^(q-1), v + 2^(q-1)] (only 2^(q-2) below when c = 2^52 and
// the double below is closer), closed when c is even (ties to even). With
// k = floor(log10(2^q)) (floor(log10(3/4 * 2^q)) for the closer-below case)
// the interval scaled by 10^-k is at least 1 and less than 10 wide, so it
// holds at least one integer and at most one multiple of ten: the shortest
// digits are that multiple of ten when there is one, else the integer
// nearest v * 10^-k (the paper's theorem).
//
// The scaled bounds are computed in units of 1/4 (vbl, vb, vbr = 4 * bound *
// 10^-k) as floor(g * cb * 2^h / 2^128), or-ed with 1 when the fraction is
// nonzero ("round to odd"). That keeps every comparison with an even number
// (4s, 4t, 2(s+t)) exact. g is the table's 10^-k rounded up, strictly above
// the exact value (the table's exact entries get +1), so the computed
// product exceeds the exact one by less than cb * 2^h < 2^59, i.e. by less
// than 2^-69 of a unit: an exact integer shows a zero middle word, and the
// paper shows that a fraction which is not zero is at least 2^-63, so the
// middle word is nonzero exactly when the true fraction is.
inline std::uint64_t round_to_odd(power_of_ten_significand g, std::uint64_t scaled) noexcept {
  const uint128_parts high = multiply_64x64(g.high, scaled);
  const uint128_parts low = multiply_64x64(g.low, scaled);
  const std::uint64_t middle = high.low + low.high;
  const std::uint64_t integer = high.high + (middle < low.high ? 1 : 0);
  return integer | (middle != 0 ? 1 : 0);
}

// double_to_decimal makes the table's rounded-down entries (10^q, q >= 0)
// upper bounds by adding 1 to their low words, with no carry: none of those
// words may be all ones. The table is generated, so the compiler checks.
constexpr bool no_rounded_down_power_ends_in_ones() noexcept {
  for (int q = 0; q <= largest_power_of_ten; ++q) {
    if (power_of_ten(q).low == ~std::uint64_t{0}) return false;
  }
  return true;
}
static_assert(no_rounded_down_power_ends_in_ones(),
              "double_to_decimal adds 1 to these entries' low words without a carry");

// The scaled values in round-to-odd form (quarter units, see above): the
// double's (middle) and its interval's ends.
struct odd_rounded_scaled {
  std::uint64_t middle, below, above;
};

// The search's choice from them; odd: the interval is open. k is the
// decimal exponent of the digits returned.
inline shortest_decimal choose_shortest(const odd_rounded_scaled& scaled, std::uint64_t odd, int k) noexcept {
  const std::uint64_t vb = scaled.middle, vbl = scaled.below, vbr = scaled.above;
  const std::uint64_t s = vb >> 2;
  // One digit shorter: the multiple of ten in the interval, if any. (Java's
  // Double.toString tries this only from s >= 100: Java wants at least two
  // digits; repr wants the shortest: 5e-323, not 4.9e-323.)
  const std::uint64_t shorter = s / 10 * 10;
  const std::uint64_t longer = shorter + 10;
  const bool shorter_in = vbl + odd <= shorter << 2;
  const bool longer_in = (longer << 2) + odd <= vbr;
  if (shorter_in != longer_in) return {shorter_in ? shorter : longer, k};
  const std::uint64_t t = s + 1;
  const bool s_in = vbl + odd <= s << 2;
  const bool t_in = (t << 2) + odd <= vbr;
  std::uint64_t digits;
  if (s_in != t_in) {
    digits = s_in ? s : t;
  } else {
    // Both in: the nearer to v, ties to the even one.
    const std::uint64_t midpoint = (s + t) << 1;
    digits = vb < midpoint || (vb == midpoint && (s & 1) == 0) ? s : t;
  }
  return {digits, k};
}

// The scaling for exponents q, k: 10^-k as an upper bound g (the table's
// rounded-down or exact entries get +1, with no carry: see
// no_rounded_down_power_ends_in_ones) and the shift h (1..4) that puts
// the product's integer part in quarter units.
struct scaling {
  power_of_ten_significand g;
  int h;
};

inline scaling scaling_for(int q, int k) noexcept {
  power_of_ten_significand g = power_of_ten(-k);
  if (-k >= 0) g.low += 1;
  return {g, q + floor_log2_pow10(-k) + 1};
}

// The scaled values exactly, from three products; c, q as in double_to_decimal, k the
// decimal exponent for them.
inline odd_rounded_scaled scale_exactly(std::uint64_t c, int q, int k, bool closer_below) noexcept {
  const std::uint64_t cb = c << 2;
  const std::uint64_t cbr = cb + 2;
  const std::uint64_t cbl = closer_below ? cb - 1 : cb - 2;
  const scaling scale = scaling_for(q, k);
  return {round_to_odd(scale.g, cb << scale.h), round_to_odd(scale.g, cbl << scale.h),
          round_to_odd(scale.g, cbr << scale.h)};
}

// The search with three round-to-odd products, exact for every double:
// double_to_decimal's fallback when its one-product estimate cannot decide.
// c, q as in double_to_decimal (not an integer below 2^53).
ULTRAJSON_NOINLINE shortest_decimal shortest_decimal_exact(std::uint64_t c, int q, bool closer_below) noexcept {
  const int k = closer_below ? floor_log10_three_quarters_pow2(q) : floor_log10_pow2(q);
  return choose_shortest(scale_exactly(c, q, k, closer_below), c & 1, k);
}

// A fixed-point value with 64 fraction bits, in the scaled units of the
// search (1/4 of a last digit).
struct scaled_value {
  std::uint64_t integer;
  std::uint64_t fraction;
};

// Within 2^-50 of an integer: the estimates below are off by less than
// 2^-57, so a value this far from every integer compares with integers as
// the exact value does.
inline bool near_integer(std::uint64_t fraction) noexcept {
  constexpr std::uint64_t margin = std::uint64_t{1} << 14;
  return fraction + margin < 2 * margin;
}

// Whether every scaled value of a double with exponents q, k is an integer
// or at least 2^-49 from every integer. The three are n * 2^q * 10^-k for
// integers n (4c and 4c -+ 2), i.e. n * 2^(q-k) * 5^-k:
//   - k > 0 (then q > k): a multiple of 5^-k, and 5^21 < 2^49;
//   - k <= 0: an integer times 2^(q-k), a multiple of 2^-49 when
//     k - q <= 49.
// Then an estimate within the margin of an integer (off by less than
// 2^-57) is that integer exactly. Outside (doubles above about 10^37 or
// below about 10^-21) the fraction can be nonzero and smaller.
inline bool scaled_fractions_are_coarse(int q, int k) noexcept {
  return k > 0 ? k <= 21 : k - q <= 49;
}

// The three scaled values estimated from one product, with their
// fractions; never the closer-below case (that goes to the exact search).
// The exact scaled midpoint Vb = cb * 2^h * 10^-k (quarter units) comes
// from g * (cb << h): high 128 of the 192 bits, below the exact value by
// less than 2^-64 (the dropped word), above it by less than 2^-69 (g's
// excess times cb << h < 2^59). The half-width D = 2^(h+1) * 10^-k is the
// same for every double with this exponent, so it needs no product: g.high
// shifted, off by less than 2^-59 (g.low's part). The ends are Vb - D and
// Vb + D.
struct scaled_estimates {
  scaled_value middle, below, above;
};

inline scaled_estimates estimate_scaled(std::uint64_t c, int q, int k) noexcept {
  const scaling scale = scaling_for(q, k);
  const power_of_ten_significand& g = scale.g;
  const int h = scale.h;
  const std::uint64_t scaled = c << (2 + h);
  const uint128_parts high = multiply_64x64(g.high, scaled);
  const uint128_parts low = multiply_64x64(g.low, scaled);
  scaled_estimates estimates;
  scaled_value& middle = estimates.middle;
  middle.fraction = high.low + low.high;
  middle.integer = high.high + (middle.fraction < low.high ? 1 : 0);
  const scaled_value half_width{g.high >> (63 - h), g.high << (h + 1)};
  estimates.above.fraction = middle.fraction + half_width.fraction;
  estimates.above.integer = middle.integer + half_width.integer +
                            (estimates.above.fraction < half_width.fraction ? 1 : 0);
  estimates.below.fraction = middle.fraction - half_width.fraction;
  estimates.below.integer = middle.integer - half_width.integer -
                            (middle.fraction < half_width.fraction ? 1 : 0);
  return estimates;
}

// The round-to-odd value of a scaled estimate whose exponents pass
// scaled_fractions_are_coarse: the integer it is within the margin of, else
// its integer part (the exact value's floor) made odd.
inline std::uint64_t odd_rounded(scaled_value estimate) noexcept {
  return near_integer(estimate.fraction) ? estimate.integer + (estimate.fraction >> 63)
                                         : estimate.integer | 1;
}

inline odd_rounded_scaled odd_rounded(const scaled_estimates& estimates) noexcept {
  return {odd_rounded(estimates.middle), odd_rounded(estimates.below), odd_rounded(estimates.above)};
}

// double_to_decimal's rare case: a scaled value within the margin of an
// integer (doubles with few significant bits, and integers above 2^53:
// 2^q * 10^-k has few factors of five; a tenth of the Python benchmark's
// doubles). Where that makes it an integer (scaled_fractions_are_coarse),
// the estimates give scale_exactly's values and the choice needs no
// product; elsewhere the exact search decides. Inline, from the estimates
// already made: a call that made them again cost that tenth more than the
// choice itself.
inline shortest_decimal shortest_decimal_near_integer(const scaled_estimates& estimates, std::uint64_t c, int q,
                                                      int k) noexcept {
  if (!scaled_fractions_are_coarse(q, k)) return shortest_decimal_exact(c, q, false);
  return choose_shortest(odd_rounded(estimates), c & 1, k);
}

// For a finite, positive double.
//
// The common case with one product instead of three (estimate_scaled).
// When none of the three is within the margin of an integer, none is an
// integer, so the interval's open or closed ends do not matter and each
// comparison with an integer is one with its integer part:
//   - the one multiple of ten (40 quarter units) that may lie inside is
//     the largest not above Vr; it is inside when Vl's integer part is below it;
//   - otherwise the digits are Vb rounded to the nearest unit (no tie: Vb
//     is no integer), which lies inside since the interval is at least one
//     unit wide (10^k <= 2^q) and Vb is its middle.
// Otherwise shortest_decimal_near_integer decides.
// From the double's bits, which format_double has at hand (with the sign
// bit cleared); double_to_decimal below takes the double. Always inline:
// with the rare case in it GCC would make it a call of its own.
ULTRAJSON_ALWAYS_INLINE shortest_decimal positive_bits_to_decimal(std::uint64_t bits) noexcept {
  const std::uint64_t biased = bits >> 52;
  const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
  const std::uint64_t c = biased == 0 ? fraction : fraction | (std::uint64_t{1} << 52);
  const int q = biased == 0 ? -1074 : static_cast<int>(biased) - 1075;

  // Integers below 2^53 are their own shortest digits: the interval is at
  // most 1 wide, and a decimal with no more digits than the integer is an
  // integer. (c's fraction bits are its low -q, all the shift keeps.)
  if (q < 0 && q >= -52 && c << (64 + q) == 0) {
    return {c >> -q, 0};
  }
  const bool closer_below = fraction == 0 && biased > 1;
  if (closer_below) return shortest_decimal_exact(c, q, true);

  const int k = floor_log10_pow2(q);
  const scaled_estimates estimates = estimate_scaled(c, q, k);
  const scaled_value& vb = estimates.middle;
  const scaled_value& vl = estimates.below;
  const scaled_value& vr = estimates.above;
  if (near_integer(vb.fraction) || near_integer(vr.fraction) || near_integer(vl.fraction)) {
    return shortest_decimal_near_integer(estimates, c, q, k);
  }
  const std::uint64_t shorter = vr.integer / 40 * 10;
  if (vl.integer < shorter << 2) return {shorter, k};
  return {(vb.integer >> 2) + ((vb.integer >> 1) & 1), k};
}

inline shortest_decimal double_to_decimal(double value) noexcept {
  return positive_bits_to_decimal(bits_of_double(value));
}

}  // namespace ultrajson::detail
