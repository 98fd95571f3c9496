#pragma once
// Documents too small to need the object walk or the parser. A call on one
// costs mostly the setup of those (the writer's buffer, the walk's and the
// builder's stacks, the collector's pause), several times the work itself;
// programs that write or read scalars and empty containers make such calls
// by the million. Each function here either makes the whole result or says
// it does not apply, and then the general path runs: it never decides
// differently from that path (test_small_documents.py compares them).

#include <cstddef>
#include <string_view>

#include <ultrajson/detail/format_number.hpp>
#include <ultrajson/detail/inlining.hpp>

#include "python.hpp"
#include "unicode.hpp"

namespace ultrajson::python {

// The texts dumps() writes for the values with one spelling, made once per
// module (strong references; a str is immutable, so every call may return
// the same one).
struct small_texts {
  PyObject* null = nullptr;
  PyObject* true_text = nullptr;
  PyObject* false_text = nullptr;
  PyObject* empty_array = nullptr;
  PyObject* empty_object = nullptr;

  // Returns false with a Python error set.
  bool init() {
    null = PyUnicode_InternFromString("null");
    true_text = PyUnicode_InternFromString("true");
    false_text = PyUnicode_InternFromString("false");
    empty_array = PyUnicode_InternFromString("[]");
    empty_object = PyUnicode_InternFromString("{}");
    return null != nullptr && true_text != nullptr && false_text != nullptr &&
           empty_array != nullptr && empty_object != nullptr;
  }
  void clear() {
    Py_CLEAR(null);
    Py_CLEAR(true_text);
    Py_CLEAR(false_text);
    Py_CLEAR(empty_array);
    Py_CLEAR(empty_object);
  }
};

// dumps() of None, a bool, an int of 64 bits, or an empty list, tuple or
// dict: no option changes how these are written (indent and separators
// leave an empty container as it is). Returns false when the object is none
// of these; else true, with `result` the new str (nullptr with an error set).
inline bool dumps_small(const small_texts& texts, PyObject* object, PyObject*& result) {
  PyTypeObject* const type = Py_TYPE(object);
  PyObject* text = nullptr;
  if (type == &PyLong_Type) {
    int overflow;
    const long long value = PyLong_AsLongLongAndOverflow(object, &overflow);
    if (overflow != 0) return false;  // the walk writes the wider ones
    if (value == -1 && PyErr_Occurred()) {
      result = nullptr;
      return true;
    }
    if (value >= 0 && value <= 9) {
      // One character: CPython's cached str of it, nothing allocated.
      result = PyUnicode_FromOrdinal(static_cast<int>('0' + value));
      return true;
    }
    char digits[detail::max_number_chars];
    const char* end = detail::format_integer(digits, value);
    result = make_ascii_str(digits, static_cast<std::size_t>(end - digits));
    return true;
  }
  if (object == Py_None) {
    text = texts.null;
  } else if (object == Py_True) {
    text = texts.true_text;
  } else if (object == Py_False) {
    text = texts.false_text;
  } else if ((type == &PyList_Type && PyList_GET_SIZE(object) == 0) ||
             (type == &PyTuple_Type && PyTuple_GET_SIZE(object) == 0)) {
    text = texts.empty_array;
  } else if (type == &PyDict_Type && PyDict_GET_SIZE(object) == 0) {
    text = texts.empty_object;
  } else {
    return false;
  }
  result = Py_NewRef(text);
  return true;
}

// loads() of exactly "{}", "[]", true, false, null or an integer of at most
// 18 digits (so it fits in a long long), with nothing around it, for a call
// without hooks. Anything else, whitespace or a malformed number included,
// goes to the parser, which says what is wrong with it. Returns false when
// the text is none of these; else true, with `result` the new object
// (nullptr with an error set). Forced inline: loads() calls it before it
// has a stack frame, and as a call of its own (GCC's choice) its frame and
// the result passed through memory were a few percent of a small call.
ULTRAJSON_ALWAYS_INLINE bool loads_small(std::string_view text, PyObject*& result) {
  constexpr std::size_t max_digits = 18;
  const std::size_t size = text.size();
  if (size == 0 || size > max_digits + 1) return false;
  // Byte by byte: string_view's == calls memcmp, which costs more than the
  // rest of the call here.
  const auto is = [&](const char* literal, std::size_t length) {
    if (size != length) return false;
    for (std::size_t i = 1; i < length; ++i) {
      if (text[i] != literal[i]) return false;
    }
    return true;
  };
  switch (text[0]) {
    case '{':
      if (!is("{}", 2)) return false;
      result = PyDict_New();
      return true;
    case '[':
      if (!is("[]", 2)) return false;
      result = PyList_New(0);
      return true;
    case 't':
      if (!is("true", 4)) return false;
      result = Py_NewRef(Py_True);
      return true;
    case 'f':
      if (!is("false", 5)) return false;
      result = Py_NewRef(Py_False);
      return true;
    case 'n':
      if (!is("null", 4)) return false;
      result = Py_NewRef(Py_None);
      return true;
    default:
      break;
  }
  const std::size_t first = text[0] == '-' ? 1 : 0;
  const std::size_t digits = size - first;
  if (digits == 0 || digits > max_digits) return false;
  if (text[first] == '0' && digits > 1) return false;  // a leading zero: an error
  long long value = 0;
  for (std::size_t i = first; i < size; ++i) {
    const auto digit = static_cast<unsigned>(text[i] - '0');
    if (digit > 9) return false;
    value = value * 10 + static_cast<long long>(digit);
  }
  result = PyLong_FromLongLong(first == 0 ? value : -value);
  return true;
}

}  // namespace ultrajson::python
