#pragma once
// The Python exceptions of both directions: how a failed parse becomes a
// JSONDecodeError (defined in ultrajson/_error.py as a subclass of
// json.JSONDecodeError), and how a writer error becomes Python's exception.

#include <string_view>

#include <ultrajson/error.hpp>
#include <ultrajson/writer.hpp>

#include "python.hpp"

namespace ultrajson::python {

// Imports the exception class and adds it to the module as JSONDecodeError.
// Returns a new reference to it, or nullptr with a Python error set.
PyObject* add_decode_error(PyObject* module);

// The message for a failed parse: ujson's wording where ujson has one
// ("Trailing data"), else what was expected and what was found.
std::string decode_error_message(const parse_result& result, std::string_view text);

// Raises JSONDecodeError(msg, doc, pos) for a failed parse of `text`. `doc`
// is the object given to loads; for str input pos counts characters
// (text is its UTF-8), otherwise bytes, and doc becomes a bytes object.
// `error_type` is the module's JSONDecodeError.
void raise_decode_error(PyObject* error_type, const parse_result& result, std::string_view text,
                        PyObject* doc);

// The one place a writer error becomes a Python exception (unless one is set
// already: a Python call made for the write failed). `text` is what the
// failed call was given, for invalid_utf8: the UnicodeDecodeError Python
// itself raises for those bytes. Returns false, for `return ok || ...`.
bool raise_write_error(write_error error, std::string_view text = {});

// OverflowError for containers nested deeper than the limit.
bool raise_depth_exceeded();

}  // namespace ultrajson::python
