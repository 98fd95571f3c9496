#pragma once
// Python.h the way every file of the extension includes it: first, with
// Py_ssize_t lengths for "s#"-style calls.

#define PY_SSIZE_T_CLEAN
#include <Python.h>
