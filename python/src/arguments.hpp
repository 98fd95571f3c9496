#pragma once
// Binding vectorcall arguments (METH_FASTCALL | METH_KEYWORDS) to parameter
// names by hand: no format strings, no tuple or dict built per call.

#include <cstddef>

#include "python.hpp"

namespace ultrajson::python {

// A function's parameters, in order. Names are interned at import, so the
// keyword names of most calls match by identity.
struct parameters {
  const char* function;
  const char* const* spellings;  // the names, as C strings
  Py_ssize_t count;
  Py_ssize_t required;           // the first `required` must be given
  Py_ssize_t positional_only;    // the first ones that cannot be named
  Py_ssize_t max_positional;     // the rest can only be named
  PyObject** names;              // interned; filled by init_arguments
};

namespace names {
extern parameters loads;
extern parameters dumps;
extern parameters dump;
}  // namespace names

// Interns every parameter name. Returns false with a Python error set.
bool init_arguments();

// Stores in bound[i] the argument given for parameter i (borrowed), or
// nullptr when it was not given. Raises TypeError, as Python functions do,
// for too many positional arguments, an unknown or repeated keyword, or a
// missing required argument.
bool bind_arguments(const parameters& params, PyObject* const* args, Py_ssize_t nargs,
                    PyObject* kwnames, PyObject** bound);

}  // namespace ultrajson::python
