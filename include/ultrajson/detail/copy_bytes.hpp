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

// Copies the n >= 2 bytes at p to out and returns the end of the copy. Up
// to 16 bytes by two overlapping loads and stores of a fixed size, inline:
// a memcpy of a size unknown at compile time is a library call, costlier
// than the copy of most keys and many strings. Reads only [p, p + n),
// writes only [out, out + n).
ULTRAJSON_ALWAYS_INLINE char* copy_bytes(char* out, const char* p, std::size_t n) noexcept {
  if (n > 16) {
    std::memcpy(out, p, n);
  } else if (n >= 8) {
    copy_two_words<std::uint64_t>(out, p, n);
  } else if (n >= 4) {
    copy_two_words<std::uint32_t>(out, p, n);
  } else {
    copy_two_words<std::uint16_t>(out, p, n);
  }
  return out + n;
}

}  // namespace ultrajson::detail
