#pragma once
// dumps(), encode() and dump(): Python objects to JSON text.

#include "python.hpp"

namespace ultrajson::python {

// Vectorcall entry points (METH_FASTCALL | METH_KEYWORDS).
PyObject* dumps(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
PyObject* dump(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);

}  // namespace ultrajson::python
