#pragma once
// json.loads's hooks (object_hook, object_pairs_hook, parse_float,
// parse_int, parse_constant), with json's meaning. A call with none of them
// takes the builder's fast path, which never looks at this.

#include <string_view>

#include <ultrajson/detail/non_finite.hpp>

#include "python.hpp"

namespace ultrajson::python {

struct loads_hooks {
  // Borrowed from the call's arguments; None counts as not given.
  PyObject* object_hook = nullptr;
  PyObject* object_pairs_hook = nullptr;
  PyObject* parse_float = nullptr;
  PyObject* parse_int = nullptr;
  PyObject* parse_constant = nullptr;

  bool any() const noexcept {
    return object_hook != nullptr || object_pairs_hook != nullptr || numbers();
  }
  // A number hook needs every number's text (the parser's raw_numbers).
  bool numbers() const noexcept {
    return parse_float != nullptr || parse_int != nullptr || parse_constant != nullptr;
  }

  // A number's JSON text as a Python object: through parse_float (a fraction
  // or an exponent) or parse_int when given, else a float or an int.
  PyObject* number(std::string_view text) const {
    const bool is_float = text.find_first_of(".eE") != std::string_view::npos;
    PyObject* hook = is_float ? parse_float : parse_int;
    PyObject* str = PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
    if (str == nullptr) return nullptr;
    PyObject* value;
    if (hook != nullptr) {
      value = PyObject_CallOneArg(hook, str);
    } else if (is_float) {
      value = PyFloat_FromString(str);  // correctly rounded, 1e400 is inf
    } else {
      value = PyLong_FromUnicodeObject(str, 10);  // sys.set_int_max_str_digits applies
    }
    Py_DECREF(str);
    return value;
  }

  // NaN, Infinity or -Infinity (the literals): through parse_constant when given.
  PyObject* constant(double value) const {
    if (parse_constant == nullptr) return PyFloat_FromDouble(value);
    const std::string_view name = detail::non_finite_literal(value);
    PyObject* str = PyUnicode_FromStringAndSize(name.data(), static_cast<Py_ssize_t>(name.size()));
    if (str == nullptr) return nullptr;
    PyObject* result = PyObject_CallOneArg(parse_constant, str);
    Py_DECREF(str);
    return result;
  }
};

}  // namespace ultrajson::python
