#pragma once
// Eight bytes at a time: tests that tell whether any byte of a 64-bit word
// needs a closer look. Each is exact as a yes/no answer for the whole word.

#include <cstdint>
#include <cstring>

namespace ultrajson::detail {

inline constexpr std::uint64_t repeat_byte(unsigned char b) noexcept {
  return 0x0101010101010101ull * b;
}

inline std::uint64_t load_word(const char* p) noexcept {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof word);
  return word;
}

// High bit set in some byte iff that word has a byte equal to b.
inline constexpr std::uint64_t has_byte(std::uint64_t word, unsigned char b) noexcept {
  const std::uint64_t x = word ^ repeat_byte(b);
  return (x - repeat_byte(1)) & ~x & repeat_byte(0x80);
}

// Nonzero iff some byte is below n (n <= 128).
inline constexpr std::uint64_t has_byte_below(std::uint64_t word, unsigned char n) noexcept {
  return (word - repeat_byte(n)) & ~word & repeat_byte(0x80);
}

inline constexpr std::uint64_t has_high_byte(std::uint64_t word) noexcept {
  return word & repeat_byte(0x80);
}

// The index of the lowest flagged byte of a nonzero mask made by the tests
// above (on little-endian machines, the first in memory). Only the lowest
// flag is exact: the tests' borrows run upwards from a true match.
// Big-endian machines get 0, which callers treat as "look byte by byte".
inline unsigned first_flagged_byte(std::uint64_t mask) noexcept {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  (void)mask;
  return 0;
#else
  return static_cast<unsigned>(__builtin_ctzll(mask)) / 8;
#endif
}

// Loads the n < 8 bytes at p into a word whose other bytes are `fill`, so a
// short tail can take a word test without reading past its end.
inline std::uint64_t load_partial_word(const char* p, std::size_t n, unsigned char fill) noexcept {
  std::uint64_t word = repeat_byte(fill);
  std::memcpy(&word, p, n);
  return word;
}

}  // namespace ultrajson::detail
