// The portable bit operations of detail/bits.hpp against plain arithmetic.
// CMake builds this file twice: test_bits with the compiler's builtins and
// test_bits_portable with ULTRAJSON_PORTABLE_BITS (the plain C++ fallbacks
// that compilers other than GCC, Clang and MSVC get).

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

#include <ultrajson/detail/bits.hpp>

using ultrajson::detail::byte_swap;
using ultrajson::detail::checked_add;
using ultrajson::detail::checked_multiply;
using ultrajson::detail::count_trailing_zeros;

TEST_CASE("count_trailing_zeros: every lowest bit, with any bits above it") {
  std::mt19937_64 random(20261130);
  for (unsigned bit = 0; bit < 64; ++bit) {
    const std::uint64_t lowest = std::uint64_t{1} << bit;
    CHECK(count_trailing_zeros(lowest) == bit);
    for (int i = 0; i < 100; ++i) {
      const std::uint64_t above = bit == 63 ? 0 : random() << (bit + 1);
      CHECK(count_trailing_zeros(lowest | above) == bit);
    }
  }
}

TEST_CASE("byte_swap reverses the bytes") {
  CHECK(byte_swap(0x0102030405060708ull) == 0x0807060504030201ull);
  std::mt19937_64 random(7);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t x = random();
    unsigned char bytes[8], swapped[8];
    std::memcpy(bytes, &x, 8);
    const std::uint64_t y = byte_swap(x);
    std::memcpy(swapped, &y, 8);
    for (int k = 0; k < 8; ++k) CHECK(swapped[k] == bytes[7 - k]);
    CHECK(byte_swap(y) == x);
  }
}

TEST_CASE("checked_multiply and checked_add: exact results, overflow refused") {
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t out = 0;
  CHECK(checked_multiply(max / 10, std::uint64_t{10}, out));
  CHECK(out == max / 10 * 10);
  CHECK_FALSE(checked_multiply(max / 10 + 1, std::uint64_t{10}, out));
  CHECK(checked_multiply(max, std::uint64_t{0}, out));
  CHECK(out == 0);
  CHECK(checked_multiply(std::uint64_t{0}, max, out));
  CHECK(out == 0);
  CHECK(checked_add(max - 9, std::uint64_t{9}, out));
  CHECK(out == max);
  CHECK_FALSE(checked_add(max - 9, std::uint64_t{10}, out));
  CHECK_FALSE(checked_add(max, max, out));
  // Against 32-bit operands widened to 64 bits, where nothing overflows.
  std::mt19937 random(11);
  for (int i = 0; i < 10000; ++i) {
    const auto a = static_cast<std::uint32_t>(random() >> (random() % 32));
    const auto b = static_cast<std::uint32_t>(random() >> (random() % 32));
    const std::uint64_t product = std::uint64_t{a} * b;
    const std::uint64_t sum = std::uint64_t{a} + b;
    std::uint32_t result = 0;
    CHECK(checked_multiply(a, b, result) == (product <= 0xFFFFFFFFu));
    if (product <= 0xFFFFFFFFu) CHECK(result == product);
    CHECK(checked_add(a, b, result) == (sum <= 0xFFFFFFFFu));
    if (sum <= 0xFFFFFFFFu) CHECK(result == sum);
  }
}
