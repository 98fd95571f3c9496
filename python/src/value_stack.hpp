#pragma once
// The object builder's stack of finished values waiting for their container.
// Its first 256 slots live in the builder itself, so a small document
// allocates nothing for it, and a push is a compare and a store inline
// (std::vector's push_back went through an out-of-line push with a
// try/catch: 20 instructions a value, a tenth of decoding [True] * 256).
// It owns no references: the builder says what each slot holds.

#include <cstddef>
#include <cstdlib>
#include <cstring>

#include <ultrajson/detail/inlining.hpp>

#include "python.hpp"

namespace ultrajson::python {

class value_stack {
 public:
  value_stack() = default;
  value_stack(const value_stack&) = delete;
  value_stack& operator=(const value_stack&) = delete;
  ~value_stack() {
    if (data_ != inline_) std::free(data_);
  }

  // False when it could not grow (nothing pushed; no Python error set).
  bool push(PyObject* object) noexcept {
    if (size_ == capacity_ && !grow()) return false;
    data_[size_++] = object;
    return true;
  }
  PyObject* pop() noexcept { return data_[--size_]; }
  PyObject*& top() noexcept { return data_[size_ - 1]; }
  // The last n slots, oldest first.
  PyObject** last(std::size_t n) noexcept { return data_ + (size_ - n); }
  void drop(std::size_t n) noexcept { size_ -= n; }
  std::size_t size() const noexcept { return size_; }
  PyObject** begin() noexcept { return data_; }
  PyObject** end() noexcept { return data_ + size_; }

 private:
  static constexpr std::size_t inline_slots = 256;

  ULTRAJSON_NOINLINE bool grow() noexcept {
    const std::size_t capacity = capacity_ * 2;
    if (capacity > static_cast<std::size_t>(-1) / sizeof(PyObject*)) return false;
    auto* data = static_cast<PyObject**>(
        data_ == inline_ ? std::malloc(capacity * sizeof(PyObject*))
                         : std::realloc(data_, capacity * sizeof(PyObject*)));
    if (data == nullptr) return false;
    if (data_ == inline_) std::memcpy(data, inline_, size_ * sizeof(PyObject*));
    data_ = data;
    capacity_ = capacity;
    return true;
  }

  PyObject* inline_[inline_slots];
  PyObject** data_ = inline_;
  std::size_t size_ = 0;
  std::size_t capacity_ = inline_slots;
};

}  // namespace ultrajson::python
