#include "arguments.hpp"

#include <iterator>

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

Py_ssize_t find_keyword(const parameters& params, PyObject* const* names, PyObject* name) {
  for (Py_ssize_t i = params.positional_only; i < params.count; ++i) {
    if (names[i] == name) return i;
  }
  for (Py_ssize_t i = params.positional_only; i < params.count; ++i) {
    const int equal = PyUnicode_Compare(names[i], name);
    if (equal == 0) return i;
  }
  if (PyErr_Occurred()) PyErr_Clear();
  return -1;
}

}  // namespace

namespace signatures {
const parameters loads{"loads", loads_names, 1, 1, 0, 1};
const parameters dumps{"dumps", dumps_names, 10, 1, 0, 10};
// dump(obj, fp, /, *, options): exactly two positional arguments.
const parameters dump{"dump", dump_names, 11, 2, 2, 2};
}  // namespace signatures

static_assert(sizeof(interned_names::loads) / sizeof(PyObject*) == std::size(loads_names));
static_assert(sizeof(interned_names::dumps) / sizeof(PyObject*) == std::size(dumps_names));
static_assert(sizeof(interned_names::dump) / sizeof(PyObject*) == std::size(dump_names));
static_assert(std::size(dump_names) == max_parameters);

bool interned_names::init() {
  const auto intern = [](const parameters& params, PyObject** names) {
    for (Py_ssize_t i = 0; i < params.count; ++i) {
      names[i] = PyUnicode_InternFromString(params.spellings[i]);
      if (names[i] == nullptr) return false;
    }
    return true;
  };
  return intern(signatures::loads, loads) && intern(signatures::dumps, dumps) &&
         intern(signatures::dump, dump);
}

void interned_names::clear() {
  for (PyObject*& name : loads) Py_CLEAR(name);
  for (PyObject*& name : dumps) Py_CLEAR(name);
  for (PyObject*& name : dump) Py_CLEAR(name);
}

bool bind_arguments(const parameters& params, PyObject* const* names, PyObject* const* args,
                    Py_ssize_t nargs, PyObject* kwnames, PyObject** bound) {
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
    const Py_ssize_t index = find_keyword(params, names, name);
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
