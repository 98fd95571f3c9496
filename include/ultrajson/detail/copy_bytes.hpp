#pragma once
// Copying a run of bytes whose length is known only at run time, most often
// short.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "inlining.hpp"

namespace ultrajson::detail {

// The n bytes at p, sizeof(Word) <= n <= 2 * sizeof(Word), by two
// overlapping loads and stores of one word each.
template <class Word>
ULTRAJSON_ALWAYS_INLINE void copy_two_words(char* out, const char* p, std::size_t n) noexcept {
  Word head, tail;
  std::memcpy(&head, p, sizeof(Word));
  std::memcpy(&tail, p + n - sizeof(Word), sizeof(Word));
  std::memcpy(out, &head, sizeof(Word));
  std::memcpy(out + n - sizeof(Word), &tail, sizeof(Word));
}

// A block of bytes copied as one value: a fixed-size memcpy the compiler
// turns into vector moves.
template <std::size_t size>
struct byte_block {
  unsigned char bytes[size];
};

// Where there are 16-byte vector registers. Without them, 17 to 64 bytes
// in word moves take more registers and instructions than the library
// call (callgrind, minify under -m32).
#if defined(__SSE2__) || defined(__ARM_NEON)
inline constexpr bool has_vector_moves = true;
#else
inline constexpr bool has_vector_moves = false;
#endif

// The 2 to 16 bytes at p, by two overlapping words of the size that fits.
ULTRAJSON_ALWAYS_INLINE void copy_short_bytes(char* out, const char* p, std::size_t n) noexcept {
  if (n >= 8) {
    copy_two_words<std::uint64_t>(out, p, n);
  } else if (n >= 4) {
    copy_two_words<std::uint32_t>(out, p, n);
  } else {
    copy_two_words<std::uint16_t>(out, p, n);
  }
}

// Copies the n >= 2 bytes at p to out and returns the end of the copy. Up
// to 16 bytes (64 with vector moves) by two overlapping loads and stores of
// a fixed size, inline: a memcpy of a size unknown at compile time is a
// library call, costlier than the copy of most keys and of most strings
// (texts of tweets and URLs are often longer than 16 bytes, seldom than
// 64). Reads only [p, p + n), writes only [out, out + n).
ULTRAJSON_ALWAYS_INLINE char* copy_bytes(char* out, const char* p, std::size_t n) noexcept {
  if constexpr (has_vector_moves) {
    if (n <= 16) {
      copy_short_bytes(out, p, n);
    } else if (n <= 32) {
      copy_two_words<byte_block<16>>(out, p, n);
    } else if (n <= 64) {
      copy_two_words<byte_block<32>>(out, p, n);
    } else {
      std::memcpy(out, p, n);
    }
  } else {
    if (n > 16) {
      std::memcpy(out, p, n);
    } else {
      copy_short_bytes(out, p, n);
    }
  }
  return out + n;
}

}  // namespace ultrajson::detail
