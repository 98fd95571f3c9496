#pragma once
// Python.h the way every file of the extension includes it: first, with
// Py_ssize_t lengths for "s#"-style calls, and the few newer API functions
// the module uses defined for the oldest Python it supports (3.9).

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#if PY_VERSION_HEX < 0x030A0000
inline PyObject* Py_NewRef(PyObject* object) {
  Py_INCREF(object);
  return object;
}
#endif
