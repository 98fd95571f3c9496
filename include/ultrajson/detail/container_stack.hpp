#pragma once
// The writer's stack of open containers: for each, the state the writer
// returns to when it closes. The first entries live inline (most documents
// nest a few levels), deeper ones on the heap. Unlike small_stack, the top
// is a pointer and one limit stands for both the room and the depth limit,
// so an open container's push is one compare and a store, and the writer's
// depth check costs nothing while the stack is below both.

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>

namespace ultrajson::detail {

template <class T, std::size_t N>
class container_stack {
  static_assert(std::is_trivially_copyable_v<T>, "container_stack holds plain entries");
  static_assert(N > 0, "room for at least one entry inline");

 public:
  // depth_limit: at_limit() holds at that many entries (no more may go on
  // through push_within_limit).
  explicit container_stack(std::size_t depth_limit) noexcept : depth_limit_(depth_limit) {
    set_limit();
  }
  container_stack(const container_stack&) = delete;
  container_stack& operator=(const container_stack&) = delete;
  // Moving takes the heap entries, or copies the inline ones (the pointers
  // must point into this object's own storage then).
  container_stack(container_stack&& other) noexcept { take(other); }
  container_stack& operator=(container_stack&& other) noexcept {
    if (this != &other) {
      heap_.reset();
      take(other);
    }
    return *this;
  }

  std::size_t size() const noexcept { return static_cast<std::size_t>(top_ - data_); }
  void clear() noexcept { top_ = data_; }
  // Full, or as deep as the depth limit: push_within_limit must not be used.
  bool at_limit() const noexcept { return top_ == limit_; }
  // As deep as the depth limit: no more entries may go on.
  bool at_depth_limit() const noexcept { return size() >= depth_limit_; }
  void push_within_limit(T value) noexcept { *top_++ = value; }
  // Pushes past the room (growing it), not past the depth limit: the
  // caller checks that. False only when memory runs out.
  bool push(T value) {
    if (top_ == data_ + capacity_ && !grow()) return false;
    *top_++ = value;
    return true;
  }
  // The top entry, removed. The stack must not be empty.
  T pop() noexcept { return *--top_; }

 private:
  void set_limit() noexcept {
    limit_ = data_ + (depth_limit_ < capacity_ ? depth_limit_ : capacity_);
  }
  bool grow() {
    const std::size_t size = this->size();
    const std::size_t new_capacity = capacity_ * 2;
    std::unique_ptr<T[]> bigger(new (std::nothrow) T[new_capacity]);
    if (!bigger) return false;
    for (std::size_t i = 0; i < size; ++i) bigger[i] = data_[i];
    heap_ = std::move(bigger);
    data_ = heap_.get();
    top_ = data_ + size;
    capacity_ = new_capacity;
    set_limit();
    return true;
  }

  void take(container_stack& other) noexcept {
    const std::size_t size = other.size();
    capacity_ = other.capacity_;
    depth_limit_ = other.depth_limit_;
    if (other.data_ == other.inline_) {
      for (std::size_t i = 0; i < size; ++i) inline_[i] = other.inline_[i];
      data_ = inline_;
    } else {
      heap_ = std::move(other.heap_);
      data_ = heap_.get();
    }
    top_ = data_ + size;
    set_limit();
    other.data_ = other.top_ = other.inline_;
    other.capacity_ = N;
    other.set_limit();
  }

  T inline_[N];
  std::unique_ptr<T[]> heap_;
  T* data_ = inline_;
  T* top_ = inline_;
  T* limit_ = inline_;
  std::size_t capacity_ = N;
  std::size_t depth_limit_ = 0;
};

}  // namespace ultrajson::detail
