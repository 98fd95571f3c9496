#pragma once
// The walk over a Python object that writes it as JSON text.

#include "dumps_options.hpp"
#include "python.hpp"

namespace ultrajson::python {

// A new str of the JSON text for `object`; nullptr with a Python error set.
// The walk keeps its own copy of `settings`: Python code it runs may call
// dumps() and change what the caller passed.
PyObject* encode(PyObject* object, const dumps_settings& settings);

}  // namespace ultrajson::python
