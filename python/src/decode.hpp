#pragma once
// loads() and load(): JSON text to Python objects.

#include <ultrajson/parse.hpp>

#include "python.hpp"

namespace ultrajson::python {

// loads(obj, /): vectorcall entry points (METH_FASTCALL | METH_KEYWORDS).
PyObject* loads(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
// load(fp, /)
PyObject* load(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);

// loads()'s parse options: for UTF-8 text, or for the WTF-8 of a str with
// lone surrogates.
parse_options loads_options(bool wtf8_input);

}  // namespace ultrajson::python
