#pragma once
// Eight bytes at a time: tests that tell whether any byte of a 64-bit word
// needs a closer look. Each is exact as a yes/no answer for the whole word.
//
// A word holds its bytes in little-endian order on every machine: byte 0
// (the first in memory) is the least significant. The loads below swap
// bytes on big-endian machines, so a test that looks at neighbouring bytes
// (a UTF-8 lead and its continuation, a digit and the next) and the index
// of the first flagged byte mean the same everywhere.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "bits.hpp"

namespace ultrajson::detail {

inline constexpr std::uint64_t repeat_byte(unsigned char b) noexcept {
  return 0x0101010101010101ull * b;
}

inline std::uint64_t load_word(const char* p) noexcept {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof word);
  if constexpr (big_endian) word = byte_swap(word);
  return word;
}

// Whether p[0], p[1] are `first`, `second`: one two-byte load and compare,
// which compilers keep inline where a two-byte memcmp may become a call.
inline bool holds_pair(const char* p, char first, char second) noexcept {
  std::uint16_t pair;
  std::memcpy(&pair, p, sizeof pair);
  const auto a = static_cast<unsigned>(static_cast<unsigned char>(first));
  const auto b = static_cast<unsigned>(static_cast<unsigned char>(second));
  return static_cast<unsigned>(pair) == (big_endian ? (a << 8 | b) : (b << 8 | a));
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

// The index of the lowest flagged byte (the first in memory) of a nonzero
// mask made by the tests above. Only the lowest flag is exact: the tests'
// borrows run upwards from a true match.
inline unsigned first_flagged_byte(std::uint64_t mask) noexcept {
  return count_trailing_zeros(mask) / 8;
}

// The widest word a machine's integer registers hold: on a 32-bit target a
// 64-bit word takes two registers and two instructions per operation, and
// i386 has too few registers for that (measured: the whitespace run took 7%
// more instructions on citm_catalog with 64-bit words there). For loops
// that need no 8-byte span.
using machine_word = std::conditional_t<(sizeof(void*) < sizeof(std::uint64_t)), std::uint32_t,
                                        std::uint64_t>;

inline constexpr machine_word repeat_byte_in_machine_word(unsigned char b) noexcept {
  return static_cast<machine_word>(repeat_byte(b));
}

inline machine_word load_machine_word(const char* p) noexcept {
  machine_word word;
  std::memcpy(&word, p, sizeof word);
  if constexpr (big_endian) {
    word = static_cast<machine_word>(byte_swap(word) >> (64 - 8 * sizeof word));
  }
  return word;
}

// Loads the n < 8 bytes at p into a word whose other bytes are `fill`, so a
// short tail can take a word test without reading past its end.
inline std::uint64_t load_partial_word(const char* p, std::size_t n, unsigned char fill) noexcept {
  std::uint64_t word = repeat_byte(fill);
  std::memcpy(&word, p, n);
  if constexpr (big_endian) word = byte_swap(word);
  return word;
}

}  // namespace ultrajson::detail
