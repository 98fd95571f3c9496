#pragma once
// Building str objects from the decoder's UTF-8 (WTF-8 when lone surrogates
// were escaped): straight into the final compact kind, ASCII, latin-1,
// UCS-2 or UCS-4, trusting that the parser has validated the text.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include <ultrajson/detail/swar.hpp>

#include "python.hpp"

namespace ultrajson::python {

// Length of the leading run of ASCII bytes. Words of eight bytes, the last
// one overlapping the one before (never past the end): no byte loop for a
// tail, which was a third of the scan of a typical 18-byte key (callgrind).
// has_high_byte flags every high byte, so the first flag is exact.
inline std::size_t ascii_prefix(const char* text, std::size_t size) noexcept {
  if (size >= 8) {
    std::size_t i = 0;
    for (; size - i > 8; i += 8) {
      if (const std::uint64_t high = detail::has_high_byte(detail::load_word(text + i))) {
        return i + detail::first_flagged_byte(high);
      }
    }
    // Bytes before i are ASCII: a flag in the last word is at i or later.
    const std::uint64_t high = detail::has_high_byte(detail::load_word(text + size - 8));
    return high == 0 ? size : size - 8 + detail::first_flagged_byte(high);
  }
  std::size_t i = 0;
  while (i < size && static_cast<unsigned char>(text[i]) < 0x80) ++i;
  return i;
}

// The characters of a str for which PyUnicode_IS_COMPACT_ASCII holds
// (make_ascii_str's, and nearly every ASCII str), right after its header:
// read without PyUnicode_DATA's tests of the str's layout.
inline const char* compact_ascii_chars(PyObject* str) noexcept {
  return reinterpret_cast<const char*>(reinterpret_cast<PyASCIIObject*>(str) + 1);
}

// A one-character str is CPython's shared one for that character, as json
// and str's own operations return it: a document's "x" and "M" values then
// cost no allocation, and loads' peak no more than json's.
inline PyObject* make_ascii_str(const char* text, std::size_t size) {
  if (size == 1) return PyUnicode_FromOrdinal(static_cast<unsigned char>(text[0]));
  PyObject* str = PyUnicode_New(static_cast<Py_ssize_t>(size), 127);
  if (str != nullptr) std::memcpy(PyUnicode_1BYTE_DATA(str), text, size);
  return str;
}

// Makes strs; keeps the buffers it decodes non-ASCII text into, so one
// document's strings share them. One per loads() call: not thread-safe.
class str_maker {
 public:
  // A new str of valid UTF-8/WTF-8 text; nullptr with a Python error set.
  PyObject* operator()(const char* text, std::size_t size) {
    const std::size_t ascii = ascii_prefix(text, size);
    if (ascii == size) return make_ascii_str(text, size);
    return make_wide(text, size, ascii);
  }
  // The same, for text whose first non-ASCII byte is at `ascii` (< size).
  PyObject* make_wide(const char* text, std::size_t size, std::size_t ascii);

  // Text that lies inside `utf8`, the UTF-8 (WTF-8) form of `str`, is from
  // now on copied from `str` itself, in its own kind: a string with no
  // escapes is the parser's slice of its input, and the same characters
  // sit in the str, found by counting the characters before them. `str`
  // and `utf8` must outlive this maker's use.
  // Only where non-ASCII text is dense: the counting runs over the whole
  // text, ASCII between the strings included, which a document with a few
  // accented words among megabytes of ASCII pays for nothing.
  void read_slices_of(PyObject* str, std::string_view utf8) noexcept {
    const auto non_ascii_extra = utf8.size() - static_cast<std::size_t>(PyUnicode_GET_LENGTH(str));
    if (non_ascii_extra * 16 < utf8.size()) return;
    source_ = str;
    source_text_ = utf8.data();
    source_size_ = utf8.size();
    cursor_ = utf8.data();
    cursor_index_ = 0;
  }

 private:
  PyObject* make_ucs4(const char* text, std::size_t size);
  bool in_source(const char* text) const noexcept {
    return source_ != nullptr && reinterpret_cast<std::uintptr_t>(text) -
                                         reinterpret_cast<std::uintptr_t>(source_text_) <
                                     source_size_;
  }
  PyObject* make_slice(const char* text, std::size_t size);

  std::vector<Py_UCS2> ucs2_;
  std::vector<Py_UCS4> ucs4_;
  // The str the text is the form of (read_slices_of), and where in both
  // the last slice ended: strings come in document order, so counting
  // goes on from there.
  PyObject* source_ = nullptr;
  const char* source_text_ = nullptr;
  std::size_t source_size_ = 0;
  const char* cursor_ = nullptr;
  std::size_t cursor_index_ = 0;
};

}  // namespace ultrajson::python
