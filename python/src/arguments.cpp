#include "arguments.hpp"

#include <initializer_list>

namespace ultrajson::python {
namespace {

const char* const loads_names[] = {"obj"};
const char* const dumps_names[] = {"obj",        "ensure_ascii", "encode_html_chars",
                                   "escape_forward_slashes",     "sort_keys",
                                   "indent",     "allow_nan",    "reject_bytes",
                                   "default",    "separators"};
const char* const dump_names[] = {"obj",        "fp",           "ensure_ascii",
                                  "encode_html_chars",          "escape_forward_slashes",
                                  "sort_keys",  "indent",       "allow_nan",
                                  "reject_bytes", "default",    "separators"};

PyObject* loads_interned[1];
PyObject* dumps_interned[10];
PyObject* dump_interned[11];

Py_ssize_t find_keyword(const parameters& params, PyObject* name) {
  for (Py_ssize_t i = params.positional_only; i < params.count; ++i) {
    if (params.names[i] == name) return i;
  }
  for (Py_ssize_t i = params.positional_only; i < params.count; ++i) {
    const int equal = PyUnicode_Compare(params.names[i], name);
    if (equal == 0) return i;
  }
  if (PyErr_Occurred()) PyErr_Clear();
  return -1;
}

}  // namespace

namespace names {
parameters loads{"loads", loads_names, 1, 1, 0, 1, loads_interned};
parameters dumps{"dumps", dumps_names, 10, 1, 0, 10, dumps_interned};
// dump(obj, fp, /, *, options): exactly two positional arguments.
parameters dump{"dump", dump_names, 11, 2, 2, 2, dump_interned};
}  // namespace names

bool init_arguments() {
  for (parameters* params : {&names::loads, &names::dumps, &names::dump}) {
    for (Py_ssize_t i = 0; i < params->count; ++i) {
      params->names[i] = PyUnicode_InternFromString(params->spellings[i]);
      if (params->names[i] == nullptr) return false;
    }
  }
  return true;
}

bool bind_arguments(const parameters& params, PyObject* const* args, Py_ssize_t nargs,
                    PyObject* kwnames, PyObject** bound) {
  if (nargs < params.positional_only ||
      (nargs > params.max_positional && params.positional_only == params.max_positional)) {
    PyErr_Format(PyExc_TypeError, "%s() takes exactly %zd positional arguments (%zd given)",
                 params.function, params.positional_only, nargs);
    return false;
  }
  if (nargs > params.max_positional) {
    PyErr_Format(PyExc_TypeError, "%s() takes at most %zd positional arguments (%zd given)",
                 params.function, params.max_positional, nargs);
    return false;
  }
  for (Py_ssize_t i = 0; i < params.count; ++i) bound[i] = i < nargs ? args[i] : nullptr;
  const Py_ssize_t keywords = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t k = 0; k < keywords; ++k) {
    PyObject* name = PyTuple_GET_ITEM(kwnames, k);
    const Py_ssize_t index = find_keyword(params, name);
    if (index < 0) {
      PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'",
                   params.function, name);
      return false;
    }
    if (bound[index] != nullptr) {
      PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", params.function,
                   params.spellings[index]);
      return false;
    }
    bound[index] = args[nargs + k];
  }
  for (Py_ssize_t i = 0; i < params.required; ++i) {
    if (bound[i] == nullptr) {
      PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s' (pos %zd)",
                   params.function, params.spellings[i], i + 1);
      return false;
    }
  }
  return true;
}

}  // namespace ultrajson::python
