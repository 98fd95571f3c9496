#pragma once
// The dumps settings of the last call whose options were all constants.
// A call site such as dumps(x, ensure_ascii=False, escape_forward_slashes=False)
// passes the same option objects every time; binding its keywords and
// reading the options cost more than encoding a small value (callgrind: 250
// of the 550 instructions of such a call on dumps(1)). A call that matches
// the remembered one takes its settings as they are.
//
// Only True, False, None and CPython's small ints count as constants: those
// objects live as long as the interpreter, so the same address is the same
// value, and nothing is kept alive here. The keyword names are compared with
// the module's interned parameter names, which the module state holds.

#include <cstddef>

#include "dumps_options.hpp"
#include "python.hpp"

namespace ultrajson::python {

class constant_options {
 public:
  // The settings of dumps(obj, **keywords) if its keywords (the args after
  // the one positional obj) are those remembered, else nullptr. A pointer,
  // not a copy: a small document never reads them.
  const dumps_settings* find(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
                             PyObject* const* names) const {
    if (nargs != 1 || kwnames == nullptr || PyTuple_GET_SIZE(kwnames) != count_) return nullptr;
    for (Py_ssize_t k = 0; k < count_; ++k) {
      if (PyTuple_GET_ITEM(kwnames, k) != names[index_[k]] || args[1 + k] != values_[k]) {
        return nullptr;
      }
    }
    return &settings_;
  }

  // Remembers the settings read for this call, if every keyword is one of
  // names (by identity) after obj and every value a constant.
  void remember(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, PyObject* const* names,
                Py_ssize_t name_count, const dumps_settings& settings) {
    if (nargs != 1 || kwnames == nullptr || PyTuple_GET_SIZE(kwnames) > max_keywords) return;
    const Py_ssize_t count = PyTuple_GET_SIZE(kwnames);
    // Every keyword is checked before anything is replaced: a call that
    // cannot be remembered must leave the last one whole, or its first
    // keywords would be matched against the other call's settings.
    unsigned char index[max_keywords];
    for (Py_ssize_t k = 0; k < count; ++k) {
      PyObject* name = PyTuple_GET_ITEM(kwnames, k);
      Py_ssize_t i = 1;
      while (i < name_count && names[i] != name) ++i;
      if (i == name_count || !is_constant(args[1 + k])) return;
      index[k] = static_cast<unsigned char>(i);
    }
    for (Py_ssize_t k = 0; k < count; ++k) {
      index_[k] = index[k];
      values_[k] = args[1 + k];
    }
    count_ = count;
    settings_ = settings;
  }

 private:
  static constexpr Py_ssize_t max_keywords = 9;  // the options after obj

  static bool is_constant(PyObject* value) {
    if (value == Py_True || value == Py_False || value == Py_None) return true;
    if (!PyLong_CheckExact(value)) return false;
    // CPython keeps one int object for each of -5..256, for the
    // interpreter's life. Not every int of that value is that object
    // (int.from_bytes and int(Decimal) make new ones on 3.9 and 3.10): one
    // that is not may be freed, and its address given to another value.
    int overflow;
    const long number = PyLong_AsLongAndOverflow(value, &overflow);
    if (overflow != 0 || number < -5 || number > 256) return false;
    PyObject* const kept = PyLong_FromLong(number);  // the interpreter's own
    Py_XDECREF(kept);
    return kept == value;
  }

  Py_ssize_t count_ = -1;  // -1: nothing remembered
  unsigned char index_[max_keywords] = {};
  PyObject* values_[max_keywords] = {};
  dumps_settings settings_;
};

}  // namespace ultrajson::python
