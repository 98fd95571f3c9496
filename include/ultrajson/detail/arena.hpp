#pragma once
// A bump allocator for one document's values and strings: memory comes in a
// few large blocks and is given back all at once, so a tree of any shape or
// depth is freed without walking it (no recursion, no per-node free).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "inlining.hpp"

namespace ultrajson::detail {

class arena {
 public:
  arena() noexcept = default;
  arena(const arena&) = delete;
  arena& operator=(const arena&) = delete;
  arena(arena&& other) noexcept { take(other); }
  arena& operator=(arena&& other) noexcept {
    if (this != &other) {
      release();
      take(other);
    }
    return *this;
  }
  ~arena() { release(); }

  // size (> 0) bytes aligned to Align (a power of two, at most
  // max_align_t's); nullptr when memory runs out.
  // Inlined into the builder's events (a call per value and string was 7%
  // of a DOM parse of twitter.json, callgrind); the new block is a call.
  // One test for the room: a block's end is aligned as strictly as any
  // Align (see add_block), so the aligned position never passes it, and
  // without a block next_ and end_ are both null, which leaves no room.
  template <std::size_t Align>
  ULTRAJSON_ALWAYS_INLINE void* allocate(std::size_t size) noexcept {
    static_assert(Align != 0 && (Align & (Align - 1)) == 0 && Align <= max_align,
                  "Align: a power of two, at most alignof(std::max_align_t)");
    const auto next = reinterpret_cast<std::uintptr_t>(next_);
    const auto end = reinterpret_cast<std::uintptr_t>(end_);
    const std::uintptr_t at = (next + (Align - 1)) & ~(std::uintptr_t{Align} - 1);
    if (size <= end - at) {
      next_ += (at - next) + size;
      return next_ - size;
    }
    return allocate_slow<Align>(size);
  }

  // Forgets every allocation. Keeps one block as large as all the blocks
  // were together, so parsing a like-sized document again allocates nothing.
  bool reset(std::size_t at_least = 0) noexcept {
    std::size_t total = at_least;
    std::size_t blocks = 0;
    for (block* b = head_; b != nullptr; b = b->previous) {
      if (blocks++ == 0) total = 0;
      total += b->size;
    }
    if (total < at_least) total = at_least;
    if (blocks == 1 && head_->size >= total) {
      start(head_);
      return true;
    }
    release();
    return total == 0 || add_block(total);
  }

  // Bytes held from the system, for tests and statistics.
  std::size_t capacity() const noexcept {
    std::size_t total = 0;
    for (block* b = head_; b != nullptr; b = b->previous) total += b->size;
    return total;
  }
  std::size_t block_count() const noexcept {
    std::size_t count = 0;
    for (block* b = head_; b != nullptr; b = b->previous) ++count;
    return count;
  }

 private:
  struct block {
    block* previous;
    std::size_t size;  // usable bytes after the header
  };
  static constexpr std::size_t max_align = alignof(std::max_align_t);
  static constexpr std::size_t header_size = (sizeof(block) + max_align - 1) & ~(max_align - 1);
  static constexpr std::size_t min_block = 4096;

  void start(block* b) noexcept {
    next_ = reinterpret_cast<char*>(b) + header_size;
    end_ = next_ + b->size;
  }
  // malloc's memory is aligned for max_align_t, and so (header_size and
  // the size being multiples of it) is the block's end.
  bool add_block(std::size_t size) noexcept {
    if (size > SIZE_MAX - header_size - max_align) return false;
    size = (size + max_align - 1) & ~(max_align - 1);
    auto* b = static_cast<block*>(std::malloc(header_size + size));
    if (b == nullptr) return false;
    b->previous = head_;
    b->size = size;
    head_ = b;
    start(b);
    return true;
  }
  // Geometric growth: a document of n bytes costs O(log n) blocks. A new
  // block begins aligned for any Align, so `size` bytes are all it needs.
  template <std::size_t Align>
  ULTRAJSON_NOINLINE void* allocate_slow(std::size_t size) noexcept {
    std::size_t want = head_ == nullptr ? min_block : head_->size * 2;
    if (want < size) want = size;
    if (!add_block(want)) return nullptr;
    return allocate<Align>(size);
  }
  void release() noexcept {
    while (head_ != nullptr) {
      block* previous = head_->previous;
      std::free(head_);
      head_ = previous;
    }
    next_ = end_ = nullptr;
  }
  void take(arena& other) noexcept {
    head_ = other.head_;
    next_ = other.next_;
    end_ = other.end_;
    other.head_ = nullptr;
    other.next_ = other.end_ = nullptr;
  }

  block* head_ = nullptr;
  char* next_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace ultrajson::detail
