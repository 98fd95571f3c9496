#pragma once
// Building str objects from the decoder's UTF-8 (WTF-8 when lone surrogates
// were escaped): straight into the final compact kind, ASCII, latin-1,
// UCS-2 or UCS-4, in one pass that knows the text is already valid.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include <ultrajson/detail/swar.hpp>

#include "python.hpp"

namespace ultrajson::python {

// Length of the leading run of ASCII bytes.
inline std::size_t ascii_prefix(const char* text, std::size_t size) noexcept {
  std::size_t i = 0;
  while (size - i >= 8 && detail::has_high_byte(detail::load_word(text + i)) == 0) i += 8;
  while (i < size && static_cast<unsigned char>(text[i]) < 0x80) ++i;
  return i;
}

// A new str of valid UTF-8/WTF-8 text; nullptr with a Python error set.
PyObject* make_str(const char* text, std::size_t size);

inline PyObject* make_ascii_str(const char* text, std::size_t size) {
  PyObject* str = PyUnicode_New(static_cast<Py_ssize_t>(size), 127);
  if (str != nullptr) std::memcpy(PyUnicode_1BYTE_DATA(str), text, size);
  return str;
}

}  // namespace ultrajson::python
