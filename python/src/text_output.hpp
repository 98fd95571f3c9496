#pragma once
// dumps()'s output: code units of the final str's width. It starts one byte
// per character and is widened once, to 2 or 4 bytes, when the first str
// that needs it is written; the result str is then made in its final kind
// by one copy, with no UTF-8 in between.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include <ultrajson/detail/inlining.hpp>

#include "python.hpp"
#include "unit_escape.hpp"

namespace ultrajson::python {

// The last dumps() call's buffer on this thread, kept for the next one. A
// fresh buffer for each call cost more than the walk itself for outputs
// past malloc's mmap threshold: the 256 Arabic strings (97 KB of UCS-2)
// spent several times the walk's time in page faults for its new pages
// (perf).
// At most kept_output_bytes are kept, a constant per thread; a nested call
// (from default()) finds none and makes its own.
struct kept_output {
  static constexpr std::size_t kept_output_bytes = std::size_t{4} << 20;
  unsigned char* data = nullptr;
  std::size_t bytes = 0;
  kept_output() = default;
  kept_output(const kept_output&) = delete;
  kept_output& operator=(const kept_output&) = delete;
  ~kept_output() { std::free(data); }
};
inline thread_local kept_output kept_output_buffer;

class text_output {
 public:
  text_output() noexcept {
    kept_output& kept = kept_output_buffer;
    data_ = kept.data;
    capacity_ = kept.bytes;  // units of one byte
    kept.data = nullptr;
    kept.bytes = 0;
  }
  text_output(const text_output&) = delete;
  text_output& operator=(const text_output&) = delete;
  ~text_output() {
    kept_output& kept = kept_output_buffer;
    const std::size_t bytes = capacity_ * width_;
    if (kept.data == nullptr && bytes <= kept_output::kept_output_bytes) {
      kept.data = data_;
      kept.bytes = bytes;
    } else {
      std::free(data_);
    }
  }

  // ASCII text (punctuation, numbers, literals, indentation). Inline where
  // the output is narrow and has room, the common case: a call per item
  // cost more than the write (callgrind).
  ULTRAJSON_ALWAYS_INLINE bool ascii(const char* text, std::size_t size) {
    if (width_ == 1 && capacity_ - size_ >= size) {
      std::memcpy(data_ + size_, text, size);
      size_ += size;
      return true;
    }
    return wide_ascii(text, size);
  }
  bool ascii(std::string_view text) { return ascii(text.data(), text.size()); }
  // A literal: its size is known here, so the copy is a move or two.
  template <std::size_t size>
  ULTRAJSON_ALWAYS_INLINE bool literal(const char (&text)[size]) {
    return ascii(text, size - 1);
  }
  // One character (a separator or bracket).
  ULTRAJSON_ALWAYS_INLINE bool ascii(char c) {
    if (width_ == 1 && capacity_ != size_) {
      data_[size_++] = static_cast<unsigned char>(c);
      return true;
    }
    return wide_char(c);
  }
  // A newline and `spaces` spaces.
  bool indentation(std::size_t spaces) {
    if (!reserve(1 + spaces)) return false;
    if (width_ == 1) {
      data_[size_] = '\n';
      std::memset(data_ + size_ + 1, ' ', spaces);
      size_ += 1 + spaces;
      return true;
    }
    if (!ascii('\n')) return false;
    for (std::size_t i = 0; i < spaces; ++i) ascii(' ');  // room is reserved
    return true;
  }

  // Room for up to n ASCII bytes when the output is one byte wide: write
  // there, then advance(). nullptr when it is wider (or out of memory, with
  // the error set): use ascii() instead.
  char* narrow_room(std::size_t n) {
    if (width_ != 1 || !reserve(n)) return nullptr;
    return reinterpret_cast<char*>(data_ + size_);
  }
  void advance_to(const char* end) {
    size_ = static_cast<std::size_t>(reinterpret_cast<const unsigned char*>(end) - data_);
  }

  // A str's text, escaped between quotes (`escape`) or as it is (JSON
  // already). ensure_ascii escapes keep the output narrow; otherwise it
  // widens to the str's kind.
  bool str(PyObject* text, const unit_escaping& how, bool escape) {
    const auto length = static_cast<std::size_t>(PyUnicode_GET_LENGTH(text));
    const void* units = PyUnicode_DATA(text);
    // Compact ASCII (nearly every key): fits any width, no kind to look at.
    if (PyUnicode_IS_COMPACT_ASCII(text)) {
      return units_of(static_cast<const Py_UCS1*>(units), length, how, escape);
    }
    const int kind = PyUnicode_KIND(text);
    if (!(escape && how.ensure_ascii)) {
      const Py_UCS4 max_char = PyUnicode_MAX_CHAR_VALUE(text);
      if (max_char > max_char_) max_char_ = max_char;
      if (static_cast<unsigned>(kind) > width_ && !widen(static_cast<unsigned>(kind))) return false;
    }
    switch (kind) {
      case PyUnicode_1BYTE_KIND: return units_of(static_cast<const Py_UCS1*>(units), length, how, escape);
      case PyUnicode_2BYTE_KIND: return units_of(static_cast<const Py_UCS2*>(units), length, how, escape);
      default: return units_of(static_cast<const Py_UCS4*>(units), length, how, escape);
    }
  }

  // A str between quotes, as str(text, how, true), with the common case (an
  // ASCII str into a narrow output) inline: for the walk's one call per str,
  // where the calls to str() and units_of() cost a third of a short str's
  // instructions (callgrind).
  ULTRAJSON_ALWAYS_INLINE bool quoted(PyObject* text, const unit_escaping& how) {
    if (width_ == 1 && PyUnicode_IS_COMPACT_ASCII(text)) {
      return write_units<Py_UCS1>(static_cast<const Py_UCS1*>(PyUnicode_DATA(text)),
                                  static_cast<std::size_t>(PyUnicode_GET_LENGTH(text)), how, true);
    }
    return str(text, how, true);
  }

  // The output as a new str; nullptr with an error set.
  PyObject* result() const {
    const auto length = static_cast<Py_ssize_t>(size_);
    // Each str's kind matches its widest character (CPython makes them so),
    // so the widest written is the output's width: its kind is width_.
    PyObject* made = PyUnicode_New(length, max_char_);
    // (Empty when all is an empty __json__ text: data_ may be null then.)
    if (made != nullptr && size_ != 0) std::memcpy(PyUnicode_DATA(made), data_, size_ * width_);
    return made;
  }

 private:
  template <class Unit>
  Unit* at() const noexcept {
    return reinterpret_cast<Unit*>(data_) + size_;
  }
  // One character into a wide output (or one that needs room), for the
  // separators and brackets of a wide output: no copy loop as in wide_ascii.
  ULTRAJSON_NOINLINE bool wide_char(char c) {
    if (!reserve(1)) return false;
    const auto unit = static_cast<unsigned char>(c);
    switch (width_) {
      case 1: data_[size_] = unit; break;
      case 2: *at<Py_UCS2>() = unit; break;
      default: *at<Py_UCS4>() = unit; break;
    }
    ++size_;
    return true;
  }
  ULTRAJSON_NOINLINE bool wide_ascii(const char* text, std::size_t size) {
    if (!reserve(size)) return false;
    switch (width_) {
      case 1: std::memcpy(data_ + size_, text, size); break;
      case 2: widen_into(at<Py_UCS2>(), text, size); break;
      default: widen_into(at<Py_UCS4>(), text, size); break;
    }
    size_ += size;
    return true;
  }

  template <class Unit>
  static void widen_into(Unit* out, const char* text, std::size_t size) noexcept {
    for (std::size_t i = 0; i < size; ++i) out[i] = static_cast<unsigned char>(text[i]);
  }

  // Room for n more units; false with MemoryError set.
  bool reserve(std::size_t n) {
    if (capacity_ - size_ >= n) return true;
    return grow(n);
  }
  bool grow(std::size_t n) {
    const std::size_t limit = static_cast<std::size_t>(PY_SSIZE_T_MAX) / 4;
    if (n > limit - size_) return no_memory();
    std::size_t wanted = capacity_ < limit / 2 ? capacity_ * 2 : limit;
    if (wanted < size_ + n) wanted = size_ + n;
    if (wanted < 1024) wanted = 1024;
    void* bigger = std::realloc(data_, wanted * width_);
    if (bigger == nullptr) return no_memory();
    data_ = static_cast<unsigned char*>(bigger);
    capacity_ = wanted;
    return true;
  }
  static bool no_memory() {
    PyErr_NoMemory();
    return false;
  }

  // Makes every unit written so far `width` bytes wide (2 or 4), in the
  // same buffer (grown when it cannot hold them): the kept buffer is reused
  // rather than a new one's pages faulted in. The units are moved from the
  // last, so none is overwritten before it is read.
  bool widen(unsigned width) {
    const std::size_t bytes = capacity_ * width_;
    if (bytes / width < size_ + 1024) {
      const std::size_t limit = static_cast<std::size_t>(PY_SSIZE_T_MAX) / 4;
      if (size_ > limit / 2) return no_memory();
      const std::size_t capacity = 2 * size_ + 1024;
      void* bigger = std::realloc(data_, capacity * width);
      if (bigger == nullptr) return no_memory();
      data_ = static_cast<unsigned char*>(bigger);
      capacity_ = capacity;
    } else {
      capacity_ = bytes / width;
    }
    for (std::size_t i = size_; i-- != 0;) {
      const std::uint32_t unit = width_ == 1   ? data_[i]
                                 : width_ == 2 ? reinterpret_cast<const Py_UCS2*>(data_)[i]
                                               : reinterpret_cast<const Py_UCS4*>(data_)[i];
      if (width == 2) {
        reinterpret_cast<Py_UCS2*>(data_)[i] = static_cast<Py_UCS2>(unit);
      } else {
        reinterpret_cast<Py_UCS4*>(data_)[i] = unit;
      }
    }
    width_ = width;
    return true;
  }

  template <class In>
  bool units_of(const In* units, std::size_t length, const unit_escaping& how, bool escape) {
    switch (width_) {
      case 1: return write_units<Py_UCS1>(units, length, how, escape);
      case 2: return write_units<Py_UCS2>(units, length, how, escape);
      default: return write_units<Py_UCS4>(units, length, how, escape);
    }
  }

  // In pieces, so a long str reserves its output plus one piece's worst
  // case, not six or twelve times its length; a short one (nearly all) in
  // one reservation with its quotes.
  template <class Out, class In>
  ULTRAJSON_ALWAYS_INLINE bool write_units(const In* units, std::size_t length, const unit_escaping& how, bool escape) {
    if (!escape) {
      if (!reserve(length)) return false;
      Out* out = at<Out>();
      for (std::size_t i = 0; i < length; ++i) out[i] = static_cast<Out>(units[i]);
      size_ += length;
      return true;
    }
    constexpr std::size_t piece_units = 4096;
    std::size_t piece = length < piece_units ? length : piece_units;
    if (!reserve(max_escaped_units(piece, sizeof(In)) + 2)) return false;
    Out* out = at<Out>();
    *out++ = '"';
    for (;;) {
      out = escape_units(out, units, piece, how);
      units += piece;
      length -= piece;
      if (length == 0) break;
      size_ = static_cast<std::size_t>(out - reinterpret_cast<Out*>(data_));
      piece = length < piece_units ? length : piece_units;
      if (!reserve(max_escaped_units(piece, sizeof(In)) + 1)) return false;
      out = at<Out>();
    }
    *out++ = '"';
    size_ = static_cast<std::size_t>(out - reinterpret_cast<Out*>(data_));
    return true;
  }

  unsigned char* data_ = nullptr;
  std::size_t size_ = 0;      // units written
  std::size_t capacity_ = 0;  // units
  unsigned width_ = 1;        // bytes per unit: 1, 2 or 4
  Py_UCS4 max_char_ = 127;    // the widest character written, as CPython counts kinds
};

}  // namespace ultrajson::python
