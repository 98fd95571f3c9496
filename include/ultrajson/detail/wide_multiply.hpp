#pragma once
// The full 128-bit product of two 64-bit numbers, which both double
// conversions are built on. Compilers with a 128-bit integer (64-bit GCC and
// Clang) or an intrinsic (64-bit MSVC) give it in one instruction; elsewhere
// (32-bit targets) four 32x32->64 products are combined. Integer arithmetic
// only: nothing here depends on how the target rounds floating point.

#include <cstdint>

#if defined(_MSC_VER) && !defined(__clang__) && defined(_M_X64)
#include <intrin.h>
#endif

namespace ultrajson::detail {

struct uint128_parts {
  std::uint64_t high;
  std::uint64_t low;
};

// The same product from 32-bit halves; always compiled so that the tests can
// check it on every target against the native one.
inline constexpr uint128_parts multiply_64x64_portable(std::uint64_t a, std::uint64_t b) noexcept {
  const std::uint64_t a_low = a & 0xFFFFFFFFu, a_high = a >> 32;
  const std::uint64_t b_low = b & 0xFFFFFFFFu, b_high = b >> 32;
  const std::uint64_t low_low = a_low * b_low;
  const std::uint64_t high_low = a_high * b_low;
  const std::uint64_t low_high = a_low * b_high;
  const std::uint64_t high_high = a_high * b_high;
  // The middle column cannot overflow: each term is below 2^64 - 2^33 + 1
  // plus two values below 2^32.
  const std::uint64_t middle = (low_low >> 32) + (high_low & 0xFFFFFFFFu) + low_high;
  return {high_high + (high_low >> 32) + (middle >> 32), (middle << 32) | (low_low & 0xFFFFFFFFu)};
}

inline uint128_parts multiply_64x64(std::uint64_t a, std::uint64_t b) noexcept {
#if defined(__SIZEOF_INT128__)
  __extension__ using uint128 = unsigned __int128;
  const uint128 product = static_cast<uint128>(a) * b;
  return {static_cast<std::uint64_t>(product >> 64), static_cast<std::uint64_t>(product)};
#elif defined(_MSC_VER) && !defined(__clang__) && defined(_M_X64)
  std::uint64_t high;
  const std::uint64_t low = _umul128(a, b, &high);
  return {high, low};
#else
  return multiply_64x64_portable(a, b);
#endif
}

// Number of leading zero bits of a nonzero value.
inline int count_leading_zeros(std::uint64_t value) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_clzll(value);
#else
  int count = 0;
  while ((value & (std::uint64_t{1} << 63)) == 0) {
    value <<= 1;
    ++count;
  }
  return count;
#endif
}

}  // namespace ultrajson::detail
