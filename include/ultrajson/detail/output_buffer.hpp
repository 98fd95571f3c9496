#pragma once
// The encoder's output: one contiguous buffer that grows geometrically, or a
// caller's fixed buffer that never grows. Writers reserve the worst case for
// a whole value once, then write through a raw pointer with no further checks.
// A fixed buffer short of the worst case lends a spill area instead, and
// commit() copies what was really written back if it fits, so a caller's
// buffer may be exactly as large as the document. The spill is as large as
// the largest worst-case reservation: the writer keeps those small (long
// strings go in pieces, text that cannot fit is refused before).

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "inlining.hpp"

namespace ultrajson::detail {

class output_buffer {
 public:
  output_buffer() noexcept = default;
  // Writes into the caller's memory; reserve() fails once it is full. A
  // null buffer holds nothing, whatever the capacity given.
  output_buffer(char* external, std::size_t capacity) noexcept
      : data_(external),
        end_(external),
        limit_(external != nullptr ? external + capacity : nullptr),
        owned_(false) {}
  output_buffer(const output_buffer&) = delete;
  output_buffer& operator=(const output_buffer&) = delete;
  // Moving takes the memory (or the caller's buffer) and leaves an empty
  // growing buffer behind.
  output_buffer(output_buffer&& other) noexcept { take(other); }
  output_buffer& operator=(output_buffer&& other) noexcept {
    if (this != &other) {
      if (owned_) std::free(data_);
      std::free(spill_);
      take(other);
    }
    return *this;
  }
  ~output_buffer() {
    if (owned_) std::free(data_);
    std::free(spill_);
  }

  // A pointer to at least n writable bytes at the end of the content, or
  // nullptr when memory runs out.
  // Only the slow path sets spilling_: it is cleared by commit() and
  // clear(), and a reservation that is not committed is an error after
  // which the writer reserves nothing until it is cleared.
  ULTRAJSON_ALWAYS_INLINE char* reserve(std::size_t n) noexcept {
    // Pointers, not sizes: the test is one subtraction and one compare, the
    // writer's most frequent. Strictly more than n, so that a new buffer
    // (no memory, all pointers null) grows even for zero bytes and the
    // pointer returned is never null on success.
    if (static_cast<std::size_t>(limit_ - end_) > n) return end_;
    spilling_ = false;
    return owned_ ? grow(n) : spill(n);
  }
  // The end of the content when more than n bytes are free there, else
  // nullptr, with no growth and no spill: for a writer's fast path, which
  // falls back on reserve() otherwise and marks what it wrote with
  // commit_in_place().
  ULTRAJSON_ALWAYS_INLINE char* room_in_place(std::size_t n) const noexcept {
    return static_cast<std::size_t>(limit_ - end_) > n ? end_ : nullptr;
  }
  // The same test as a bool, with end() the place: a fast path that tests
  // this needs no test of the pointer for null besides.
  ULTRAJSON_ALWAYS_INLINE bool has_room(std::size_t n) const noexcept {
    return static_cast<std::size_t>(limit_ - end_) > n;
  }
  char* end() const noexcept { return end_; }
  // Marks everything up to `end`, inside the room room_in_place() or
  // has_room() gave, as written.
  void commit_in_place(char* end) noexcept { end_ = end; }
  // Whether this is a caller's buffer that never grows, and its room left.
  bool is_fixed() const noexcept { return !owned_; }
  std::size_t free_space() const noexcept { return static_cast<std::size_t>(limit_ - end_); }
  // Marks everything up to `end` (a pointer from the last reserve(), advanced)
  // as written. False when a fixed buffer cannot hold it.
  ULTRAJSON_ALWAYS_INLINE bool commit(char* end) noexcept {
    if (!spilling_) {
      end_ = end;
      return true;
    }
    spilling_ = false;
    const auto length = static_cast<std::size_t>(end - spill_);
    if (free_space() < length) return false;
    std::memcpy(end_, spill_, length);
    end_ += length;
    return true;
  }

  const char* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return static_cast<std::size_t>(end_ - data_); }
  std::string_view view() const noexcept { return {data_, size()}; }
  void clear() noexcept {
    end_ = data_;
    spilling_ = false;
  }

 private:
  ULTRAJSON_NOINLINE char* spill(std::size_t n) noexcept {
    if (spill_capacity_ < n || spill_ == nullptr) {
      void* bigger = std::realloc(spill_, n != 0 ? n : 1);
      if (bigger == nullptr) return nullptr;
      spill_ = static_cast<char*>(bigger);
      spill_capacity_ = n;
    }
    spilling_ = true;
    return spill_;
  }

  // Room for n bytes and one more (see reserve).
  ULTRAJSON_NOINLINE char* grow(std::size_t n) noexcept {
    constexpr std::size_t max_size = static_cast<std::size_t>(-1);
    const std::size_t size = this->size();
    const auto capacity = static_cast<std::size_t>(limit_ - data_);
    if (n >= max_size - size) return nullptr;
    std::size_t wanted = capacity <= max_size / 2 ? capacity * 2 : max_size;
    if (wanted <= size + n) wanted = size + n + 1;
    if (wanted < 1024) wanted = 1024;
    void* bigger = std::realloc(data_, wanted);
    if (bigger == nullptr) return nullptr;
    data_ = static_cast<char*>(bigger);
    end_ = data_ + size;
    limit_ = data_ + wanted;
    return end_;
  }

  void take(output_buffer& other) noexcept {
    data_ = other.data_;
    end_ = other.end_;
    limit_ = other.limit_;
    owned_ = other.owned_;
    spill_ = other.spill_;
    spill_capacity_ = other.spill_capacity_;
    spilling_ = other.spilling_;
    other.data_ = other.end_ = other.limit_ = nullptr;
    other.owned_ = true;
    other.spill_ = nullptr;
    other.spill_capacity_ = 0;
    other.spilling_ = false;
  }

  // The content is [data_, end_), the memory [data_, limit_).
  char* data_ = nullptr;
  char* end_ = nullptr;
  char* limit_ = nullptr;
  bool owned_ = true;
  // Fixed buffers only: where reserve() lent room the buffer lacked.
  char* spill_ = nullptr;
  std::size_t spill_capacity_ = 0;
  bool spilling_ = false;
};

}  // namespace ultrajson::detail
