#pragma once
// The exact decision the fast conversion leaves open: whether a decimal is
// above, below or exactly at the halfway point between two neighbouring
// doubles, by comparing integers (Clinger's "bigcomp" idea). Rarely run:
// random input reaches it about once in 2^70 numbers, but inputs made to sit
// on a halfway point (9007199254740993, long significands) do.

#include <cstddef>
#include <cstdint>

#include "eisel_lemire.hpp"

namespace ultrajson::detail {

// Every halfway point between doubles has at most 768 significant digits
// ((2m+1) * 2^-1075 = (2m+1) * 5^1075 / 10^1075 at the bottom), so the first
// 800 digits of a decimal and whether any later digit is nonzero decide
// which side of it the decimal lies on.
inline constexpr std::size_t max_exact_digits = 800;

// A decimal as digits: value = 0.d1d2...dn * 10^point, d1 != 0, plus whether
// a nonzero digit was dropped after the first max_exact_digits.
struct decimal_digits {
  char digits[max_exact_digits];  // '0'..'9'
  std::size_t count = 0;
  long long point = 0;
  bool nonzero_dropped = false;
};

// An unsigned integer of fixed capacity in 32-bit limbs (least significant
// first): 32-bit limbs keep the products in 64 bits on every target. The
// comparison sizes stay below 2700 bits (800 digits times up to 5^1124).
class big_unsigned {
 public:
  static constexpr std::size_t capacity = 128;

  explicit big_unsigned(std::uint64_t value) noexcept {
    while (value != 0) {
      limbs_[size_++] = static_cast<std::uint32_t>(value);
      value >>= 32;
    }
  }

  void multiply_add(std::uint32_t factor, std::uint32_t addend) noexcept {
    std::uint64_t carry = addend;
    for (std::size_t i = 0; i < size_; ++i) {
      const std::uint64_t product = std::uint64_t{limbs_[i]} * factor + carry;
      limbs_[i] = static_cast<std::uint32_t>(product);
      carry = product >> 32;
    }
    if (carry != 0) limbs_[size_++] = static_cast<std::uint32_t>(carry);
  }

  void multiply_power_of_five(long long exponent) noexcept {
    constexpr std::uint32_t five_to_13 = 1220703125;  // the largest power in 32 bits
    for (; exponent >= 13; exponent -= 13) multiply_add(five_to_13, 0);
    std::uint32_t rest = 1;
    for (; exponent > 0; --exponent) rest *= 5;
    multiply_add(rest, 0);
  }

  void shift_left(long long bits) noexcept {
    if (size_ == 0) return;
    const auto words = static_cast<std::size_t>(bits / 32);
    const auto shift = static_cast<unsigned>(bits % 32);
    std::uint32_t carry = 0;
    if (shift != 0) {
      for (std::size_t i = 0; i < size_; ++i) {
        const std::uint32_t limb = limbs_[i];
        limbs_[i] = (limb << shift) | carry;
        carry = limb >> (32 - shift);
      }
      if (carry != 0) limbs_[size_++] = carry;
    }
    if (words != 0) {
      for (std::size_t i = size_; i-- > 0;) limbs_[i + words] = limbs_[i];
      for (std::size_t i = 0; i < words; ++i) limbs_[i] = 0;
      size_ += words;
    }
  }

  friend int compare(const big_unsigned& a, const big_unsigned& b) noexcept {
    if (a.size_ != b.size_) return a.size_ < b.size_ ? -1 : 1;
    for (std::size_t i = a.size_; i-- > 0;) {
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
    }
    return 0;
  }

 private:
  std::uint32_t limbs_[capacity];
  std::size_t size_ = 0;
};

// Sign of (decimal - halfway point above the finite double with these bits).
inline int compare_with_upper_halfway(const decimal_digits& decimal, std::uint64_t bits) noexcept {
  const std::uint64_t biased = bits >> 52;
  const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
  const std::uint64_t mantissa = biased == 0 ? fraction : fraction | (std::uint64_t{1} << 52);
  // halfway = (2 * mantissa + 1) * 2^binary, decimal = digits * 10^ten.
  const long long binary = (biased == 0 ? -1074 : static_cast<long long>(biased) - 1075) - 1;
  const long long ten = decimal.point - static_cast<long long>(decimal.count);
  big_unsigned digits(0);
  std::size_t i = 0;
  // Nine digits at a time fit a 32-bit limb's multiplier.
  for (; i + 9 <= decimal.count; i += 9) {
    std::uint32_t chunk = 0;
    for (std::size_t k = i; k < i + 9; ++k) chunk = chunk * 10 + static_cast<std::uint32_t>(decimal.digits[k] - '0');
    digits.multiply_add(1000000000u, chunk);
  }
  for (; i < decimal.count; ++i) digits.multiply_add(10, static_cast<std::uint32_t>(decimal.digits[i] - '0'));
  big_unsigned halfway(2 * mantissa + 1);
  // digits * 5^ten * 2^ten against halfway * 2^binary: move each power to
  // the side where its exponent is non-negative.
  if (ten >= 0) {
    digits.multiply_power_of_five(ten);
  } else {
    halfway.multiply_power_of_five(-ten);
  }
  if (ten >= binary) {
    digits.shift_left(ten - binary);
  } else {
    halfway.shift_left(binary - ten);
  }
  const int order = compare(digits, halfway);
  return order == 0 && decimal.nonzero_dropped ? 1 : order;
}

// The double nearest the decimal (ties to even), starting from a guess
// within one unit in the last place (or infinity for a guess just above
// DBL_MAX). Non-negative values only.
inline double nearest_double(const decimal_digits& decimal, double guess) noexcept {
  std::uint64_t bits = bits_of_double(guess);
  if (bits == infinity_bits) --bits;
  // Up while above the halfway point to the next double (or on it, from an
  // odd mantissa: ties go to the even one).
  while (bits < infinity_bits) {
    const int order = compare_with_upper_halfway(decimal, bits);
    if (order < 0 || (order == 0 && (bits & 1) == 0)) break;
    ++bits;
  }
  if (bits == infinity_bits) return double_from_bits(bits);
  // Down while below the halfway point to the previous double.
  while (bits > 0) {
    const int order = compare_with_upper_halfway(decimal, bits - 1);
    if (order > 0 || (order == 0 && (bits & 1) == 0)) break;
    --bits;
  }
  return double_from_bits(bits);
}

}  // namespace ultrajson::detail
