#include "errors.hpp"

#include <string>

namespace ultrajson::python {
namespace {

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

PyObject* add_decode_error(PyObject* module) {
  PyObject* error_module = PyImport_ImportModule("ultrajson._error");
  if (error_module == nullptr) return nullptr;
  PyObject* error_type = PyObject_GetAttrString(error_module, "JSONDecodeError");
  Py_DECREF(error_module);
  if (error_type == nullptr) return nullptr;
  // PyModule_AddObjectRef (3.10+) would not steal; this one steals on success.
  Py_INCREF(error_type);
  if (PyModule_AddObject(module, "JSONDecodeError", error_type) < 0) {
    Py_DECREF(error_type);
    Py_DECREF(error_type);
    return nullptr;
  }
  return error_type;
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

void raise_decode_error(PyObject* error_type, const parse_result& result, std::string_view text,
                        PyObject* doc) {
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
  PyObject* error = PyObject_CallFunction(error_type, "s#On", message.data(),
                                          static_cast<Py_ssize_t>(message.size()), document, pos);
  Py_DECREF(document);
  if (error == nullptr) return;
  PyErr_SetObject(error_type, error);
  Py_DECREF(error);
}

bool raise_depth_exceeded() {
  PyErr_SetString(PyExc_OverflowError, "Maximum recursion level reached");
  return false;
}

bool raise_write_error(write_error error, std::string_view text) {
  if (PyErr_Occurred()) return false;
  switch (error) {
    case write_error::out_of_memory: PyErr_NoMemory(); break;
    case write_error::depth_limit_exceeded: raise_depth_exceeded(); break;
    case write_error::nan_or_infinity:
      PyErr_SetString(PyExc_OverflowError, "Out of range float values are not JSON compliant");
      break;
    case write_error::invalid_utf8: {
      // Python's own UnicodeDecodeError for the bytes, where it has one.
      PyObject* decoded = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()),
                                               "surrogatepass");
      if (decoded != nullptr) {
        Py_DECREF(decoded);
        PyErr_SetString(PyExc_ValueError, "bytes are not valid UTF-8");
      }
      break;
    }
    default:
      PyErr_Format(PyExc_SystemError, "ultrajson: %s", std::string(describe(error)).c_str());
      break;
  }
  return false;
}

}  // namespace ultrajson::python
