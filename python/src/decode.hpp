#pragma once
// loads() and load(): JSON text to Python objects.

#include "python.hpp"

namespace ultrajson::python {

// loads(obj, /): vectorcall entry points (METH_FASTCALL | METH_KEYWORDS).
PyObject* loads(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
// load(fp, /)
PyObject* load(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);

// Resets the decoder's process-wide state (the key cache) at module init.
void init_decode();

// Decodes one object (str, bytes, bytearray or a C-contiguous buffer).
PyObject* decode_object(PyObject* input);

}  // namespace ultrajson::python
