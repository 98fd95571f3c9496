#pragma once
// A stack that keeps its first N entries inline and spills to the heap beyond
// them: most documents nest a few levels, so parsing or writing one costs no
// allocation for the stack, while deep (bounded) nesting still works.

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace ultrajson::detail {

template <class T, std::size_t N>
class small_stack {
  static_assert(std::is_trivially_copyable_v<T>, "small_stack holds plain entries");

 public:
  small_stack() noexcept = default;
  small_stack(const small_stack&) = delete;
  small_stack& operator=(const small_stack&) = delete;
  // Moving takes the heap entries, or copies the inline ones (data_ must
  // point into this object's own inline storage then).
  small_stack(small_stack&& other) noexcept { take(other); }
  small_stack& operator=(small_stack&& other) noexcept {
    if (this != &other) {
      heap_.reset();
      take(other);
    }
    return *this;
  }

  bool empty() const noexcept { return size_ == 0; }
  std::size_t size() const noexcept { return size_; }
  T& top() noexcept { return data_[size_ - 1]; }
  const T& top() const noexcept { return data_[size_ - 1]; }
  void pop() noexcept { --size_; }
  // From the bottom (index 0) up.
  T& operator[](std::size_t index) noexcept { return data_[index]; }
  const T* begin() const noexcept { return data_; }
  const T* end() const noexcept { return data_ + size_; }
  void clear() noexcept { size_ = 0; }

  // False only when memory runs out.
  bool push(const T& value) {
    if (size_ == capacity_ && !grow()) return false;
    data_[size_++] = value;
    return true;
  }

 private:
  bool grow() {
    const std::size_t new_capacity = capacity_ * 2;
    std::unique_ptr<T[]> bigger(new (std::nothrow) T[new_capacity]);
    if (!bigger) return false;
    for (std::size_t i = 0; i < size_; ++i) bigger[i] = data_[i];
    heap_ = std::move(bigger);
    data_ = heap_.get();
    capacity_ = new_capacity;
    return true;
  }

  void take(small_stack& other) noexcept {
    size_ = other.size_;
    capacity_ = other.capacity_;
    if (other.data_ == other.inline_) {
      for (std::size_t i = 0; i < size_; ++i) inline_[i] = other.inline_[i];
      data_ = inline_;
    } else {
      heap_ = std::move(other.heap_);
      data_ = heap_.get();
    }
    other.data_ = other.inline_;
    other.size_ = 0;
    other.capacity_ = N;
  }

  std::unique_ptr<T[]> heap_;
  T* data_ = inline_;
  std::size_t size_ = 0;
  std::size_t capacity_ = N;
  // Last: the members above are what push and pop use.
  T inline_[N];
};

}  // namespace ultrajson::detail
