#pragma once
// Binding vectorcall arguments (METH_FASTCALL | METH_KEYWORDS) to parameter
// names by hand: no format strings, no tuple or dict built per call.

#include <cstddef>

#include "python.hpp"

namespace ultrajson::python {

// A function's parameters, in order: constant data, the same in every
// interpreter. Their interned names live in the module state.
struct parameters {
  const char* function;
  const char* const* spellings;  // the names, as C strings
  Py_ssize_t count;
  Py_ssize_t required;         // the first `required` must be given
  Py_ssize_t positional_only;  // the first ones that cannot be named
  Py_ssize_t max_positional;   // the rest can only be named
};

namespace signatures {
// loads(obj, *, object_hook, parse_float, parse_int, parse_constant, object_pairs_hook)
extern const parameters loads;
// dumps(obj, <the dumps options>)
extern const parameters dumps;
// dump(obj, fp, /, *, <the dumps options>)
extern const parameters dump;
// load(fp, /, *, <loads' hooks>)
extern const parameters load;
}  // namespace signatures

// The largest parameter count, for arrays of bound arguments.
constexpr Py_ssize_t max_parameters = 11;

// Each function's parameter names as interned strs (strong references), so
// the keyword names of most calls match by identity.
struct interned_names {
  PyObject* loads[6] = {};
  PyObject* load[6] = {};
  PyObject* dumps[10] = {};
  PyObject* dump[11] = {};

  // Interns every name. Returns false with a Python error set.
  bool init();
  void clear();
};

// Stores in bound[i] the argument given for parameter i (borrowed), or
// nullptr when it was not given. `names` are the parameters' interned names.
// Raises ujson's TypeError (raise_argument_error) for too many positional
// arguments, an unknown or repeated keyword, or a missing required argument.
bool bind_arguments(const parameters& params, PyObject* const* names, PyObject* const* args,
                    Py_ssize_t nargs, PyObject* kwnames, PyObject** bound);

// Raises the TypeError ujson raises for this call of `params`' function
// (CPython's own argument-parsing error, worded by the running version);
// `what` is said when that parse finds nothing wrong. Returns false.
bool raise_argument_error(const parameters& params, PyObject* const* args, Py_ssize_t nargs,
                          PyObject* kwnames, const char* what);

}  // namespace ultrajson::python
