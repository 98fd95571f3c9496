#pragma once
// JSONDecodeError: the decoder's exception (defined in ultrajson/_error.py as
// a subclass of json.JSONDecodeError) and how a failed parse becomes one.

#include <string_view>

#include <ultrajson/error.hpp>

#include "python.hpp"

namespace ultrajson::python {

// Imports the exception class and adds it to the module as JSONDecodeError.
// Returns false with a Python error set.
bool init_errors(PyObject* module);

// The message for a failed parse: ujson's wording where ujson has one
// ("Trailing data"), else what was expected and what was found.
std::string decode_error_message(const parse_result& result, std::string_view text);

// Raises JSONDecodeError(msg, doc, pos) for a failed parse of `text`. `doc`
// is the object given to loads; for str input pos counts characters
// (text is its UTF-8), otherwise bytes, and doc becomes a bytes object.
void raise_decode_error(const parse_result& result, std::string_view text, PyObject* doc);

}  // namespace ultrajson::python
