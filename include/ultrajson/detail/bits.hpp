#pragma once
// The few bit operations the scanners need, each behind one portable
// function: the compiler's builtins on GCC and Clang, MSVC's intrinsics, and
// plain C++ for any other compiler (slower, but the same answers; defining
// ULTRAJSON_PORTABLE_BITS selects it anywhere, which is how it is tested).

#include <cstdint>
#include <limits>
#include <type_traits>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#include <stdlib.h>
#endif

#if (defined(__GNUC__) || defined(__clang__)) && !defined(ULTRAJSON_PORTABLE_BITS)
#define ULTRAJSON_BITS_BUILTINS 1
#elif defined(_MSC_VER) && !defined(__clang__) && !defined(ULTRAJSON_PORTABLE_BITS)
#define ULTRAJSON_BITS_MSVC 1
#endif

namespace ultrajson::detail {

// True on machines that store the most significant byte first (s390x, ...).
// MSVC targets only little-endian machines and defines no byte-order macro.
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__)
inline constexpr bool big_endian = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
#elif defined(_MSC_VER) || defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
inline constexpr bool big_endian = false;
#else
#error "ultrajson: unknown byte order; define __BYTE_ORDER__ as __ORDER_BIG_ENDIAN__ or __ORDER_LITTLE_ENDIAN__"
#endif

// The index of the lowest set bit of x, which must not be 0.
inline unsigned count_trailing_zeros(std::uint64_t x) noexcept {
#if defined(ULTRAJSON_BITS_BUILTINS)
  if constexpr (sizeof(void*) < sizeof(std::uint64_t)) {
    // GCC compiles the 64-bit builtin on a 32-bit target to a libgcc call
    // (__ctzdi2); two 32-bit scans stay inline.
    const auto low = static_cast<std::uint32_t>(x);
    if (low != 0) return static_cast<unsigned>(__builtin_ctz(low));
    return static_cast<unsigned>(__builtin_ctz(static_cast<std::uint32_t>(x >> 32))) + 32;
  }
  return static_cast<unsigned>(__builtin_ctzll(x));
#elif defined(ULTRAJSON_BITS_MSVC) && (defined(_M_X64) || defined(_M_ARM64))
  unsigned long index;
  _BitScanForward64(&index, x);
  return static_cast<unsigned>(index);
#elif defined(ULTRAJSON_BITS_MSVC)
  // 32-bit MSVC has only the 32-bit scan.
  unsigned long index;
  if (_BitScanForward(&index, static_cast<unsigned long>(x))) return static_cast<unsigned>(index);
  _BitScanForward(&index, static_cast<unsigned long>(x >> 32));
  return static_cast<unsigned>(index) + 32;
#else
  unsigned n = 0;
  for (; (x & 1) == 0; x >>= 1) ++n;
  return n;
#endif
}

// The bytes of x in the opposite order.
inline std::uint64_t byte_swap(std::uint64_t x) noexcept {
#if defined(ULTRAJSON_BITS_BUILTINS)
  return __builtin_bswap64(x);
#elif defined(ULTRAJSON_BITS_MSVC)
  return _byteswap_uint64(x);
#else
  std::uint64_t swapped = 0;
  for (int i = 0; i < 8; ++i, x >>= 8) swapped = (swapped << 8) | (x & 0xFF);
  return swapped;
#endif
}

// out = a * b and out = a + b for an unsigned type; false (out unspecified)
// when the exact result does not fit.
template <class T>
inline bool checked_multiply(T a, T b, T& out) noexcept {
  static_assert(std::is_unsigned_v<T>, "checked_multiply is for unsigned types");
#if defined(ULTRAJSON_BITS_BUILTINS)
  return !__builtin_mul_overflow(a, b, &out);
#else
  if (b != 0 && a > std::numeric_limits<T>::max() / b) return false;
  out = static_cast<T>(a * b);
  return true;
#endif
}

template <class T>
inline bool checked_add(T a, T b, T& out) noexcept {
  static_assert(std::is_unsigned_v<T>, "checked_add is for unsigned types");
#if defined(ULTRAJSON_BITS_BUILTINS)
  return !__builtin_add_overflow(a, b, &out);
#else
  out = static_cast<T>(a + b);
  return out >= a;  // unsigned addition wraps: a smaller sum overflowed
#endif
}

}  // namespace ultrajson::detail
