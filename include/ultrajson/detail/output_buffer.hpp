#pragma once
// The encoder's output: one contiguous buffer that grows geometrically, or a
// caller's fixed buffer that never grows. Writers reserve the worst case for
// a whole value once, then write through a raw pointer with no further checks.

#include <cstddef>
#include <cstdlib>
#include <string_view>

namespace ultrajson::detail {

class output_buffer {
 public:
  output_buffer() noexcept = default;
  // Writes into the caller's memory; reserve() fails once it is full.
  output_buffer(char* external, std::size_t capacity) noexcept
      : data_(external), capacity_(capacity), owned_(false) {}
  output_buffer(const output_buffer&) = delete;
  output_buffer& operator=(const output_buffer&) = delete;
  ~output_buffer() {
    if (owned_) std::free(data_);
  }

  // A pointer to at least n writable bytes at the end of the content, or
  // nullptr when memory runs out (or a fixed buffer is full).
  char* reserve(std::size_t n) noexcept {
    if (capacity_ - size_ >= n) return data_ + size_;
    return grow(n);
  }
  // Marks everything up to `end` (a pointer from reserve(), advanced) as written.
  void commit(char* end) noexcept { size_ = static_cast<std::size_t>(end - data_); }

  const char* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  std::string_view view() const noexcept { return {data_, size_}; }
  bool is_fixed() const noexcept { return !owned_; }
  void clear() noexcept { size_ = 0; }

 private:
  char* grow(std::size_t n) noexcept {
    if (!owned_) return nullptr;
    std::size_t wanted = capacity_ * 2;
    if (wanted < size_ + n) wanted = size_ + n;
    if (wanted < 1024) wanted = 1024;
    void* bigger = std::realloc(data_, wanted);
    if (bigger == nullptr) return nullptr;
    data_ = static_cast<char*>(bigger);
    capacity_ = wanted;
    return data_ + size_;
  }

  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  bool owned_ = true;
};

}  // namespace ultrajson::detail
