#include "errors.hpp"

#include <string>

namespace ultrajson::python {
namespace {

// A strong reference for the life of the process, like any exception type
// of an extension module; it is never reassigned after import.
PyObject* decode_error_type = nullptr;

std::string capitalized(std::string_view text) {
  std::string out(text);
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

// Which literal a failed one began like, named as ujson names it.
std::string_view literal_name(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return "value";
  switch (text[offset]) {
    case 't': return "'true'";
    case 'f': return "'false'";
    case 'n': return "'null'";
    case 'N': return "'NaN'";
    case 'I': return "'Infinity'";
    case '-': return "'-Infinity'";
    default: return "value";
  }
}

}  // namespace

bool init_errors(PyObject* module) {
  PyObject* error_module = PyImport_ImportModule("ultrajson._error");
  if (error_module == nullptr) return false;
  decode_error_type = PyObject_GetAttrString(error_module, "JSONDecodeError");
  Py_DECREF(error_module);
  if (decode_error_type == nullptr) return false;
  Py_INCREF(decode_error_type);  // PyModule_AddObject steals one on success
  if (PyModule_AddObject(module, "JSONDecodeError", decode_error_type) < 0) {
    Py_DECREF(decode_error_type);
    return false;
  }
  return true;
}

std::string decode_error_message(const parse_result& result, std::string_view text) {
  switch (result.code) {
    case parse_error::expected_value: return "Expected object or value";
    case parse_error::invalid_literal:
      return "Unexpected character found when decoding " +
             std::string(literal_name(text, result.offset));
    case parse_error::unterminated_string: return "Unmatched '\"' when decoding 'string'";
    case parse_error::invalid_escape: return "Unrecognized escape sequence when decoding 'string'";
    case parse_error::invalid_unicode_escape:
      return "Unexpected character in unicode escape sequence when decoding 'string'";
    case parse_error::invalid_utf8: return "Invalid UTF-8 sequence length when decoding 'string'";
    case parse_error::expected_key:
      return "Key name of object must be 'string' when decoding 'object'";
    case parse_error::expected_colon: return "No ':' found when decoding object value";
    case parse_error::expected_comma_or_object_end:
      return "Unexpected character found when decoding object value";
    case parse_error::expected_comma_or_array_end:
      return "Unexpected character found when decoding array value";
    case parse_error::trailing_data: return "Trailing data";
    case parse_error::depth_limit_exceeded: return "Reached object decoding depth limit";
    default: break;
  }
  // No ujson wording (its grammar is looser): say what was expected and found.
  std::string message = capitalized(expectation(result.code));
  if (!result.found.empty()) message += ", found " + result.found;
  return message;
}

void raise_decode_error(const parse_result& result, std::string_view text, PyObject* doc) {
  const std::string message = decode_error_message(result, text);
  Py_ssize_t pos = static_cast<Py_ssize_t>(result.offset);
  PyObject* document;
  if (PyUnicode_Check(doc)) {
    // A character index: count the bytes that begin a code point.
    pos = 0;
    for (std::size_t i = 0; i < result.offset; ++i) {
      pos += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    }
    document = Py_NewRef(doc);
  } else if (PyBytes_CheckExact(doc)) {
    document = Py_NewRef(doc);
  } else {
    document = PyBytes_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
    if (document == nullptr) return;
  }
  PyObject* error = PyObject_CallFunction(decode_error_type, "s#On", message.data(),
                                          static_cast<Py_ssize_t>(message.size()), document, pos);
  Py_DECREF(document);
  if (error == nullptr) return;
  PyErr_SetObject(decode_error_type, error);
  Py_DECREF(error);
}

}  // namespace ultrajson::python
