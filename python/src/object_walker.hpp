#pragma once
// The walk over a Python object that writes it as JSON text.

#include "dumps_options.hpp"
#include "python.hpp"

namespace ultrajson::python {

// A new str of the JSON text for `object`; nullptr with a Python error set.
PyObject* encode(PyObject* object, const dumps_settings& settings);

}  // namespace ultrajson::python
