#pragma once
// loads() and load(): JSON text to Python objects.

#include <ultrajson/parse.hpp>

#include "python.hpp"

namespace ultrajson::python {

// loads(obj, /): vectorcall entry points (METH_FASTCALL | METH_KEYWORDS).
PyObject* loads(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
// load(fp, /)
PyObject* load(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);

// loads()'s parse options: for UTF-8 text, or for WTF-8 (a str with lone
// surrogates, bytes with UTF-8-encoded surrogates); `from_str` for text made
// here from a str, which is valid.
parse_options loads_options(bool wtf8_input, bool from_str);

}  // namespace ultrajson::python
