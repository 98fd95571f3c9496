#include "errors.hpp"

#include <string>

#include <ultrajson/detail/utf8.hpp>

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

// What is wrong with a sequence that is not UTF-8: ujson names these
// classes, when decoding and when encoding bytes, and so do we.
enum class utf8_fault {
  stray_continuation,  // 80..BF where a character begins
  invalid_lead,        // FE, FF
  too_long,            // F8..FD: the 5- and 6-byte forms of old
  bad_continuation,    // a byte after the lead that is not 80..BF (or the end)
  overlong,
  above_max,           // above U+10FFFF
};

struct utf8_problem {
  utf8_fault fault;
  int length;  // the sequence length its lead byte announces (2 to 4)
};

// Classifies the sequence at `offset`, which the validator refused
// (surrogates are allowed, as Python's str holds them).
utf8_problem classify_utf8(std::string_view text, std::size_t offset) {
  const auto byte = [&](std::size_t i) -> unsigned {
    return offset + i < text.size() ? static_cast<unsigned char>(text[offset + i]) : 0u;
  };
  const unsigned lead = byte(0);
  if (lead >= 0x80 && lead < 0xC0) return {utf8_fault::stray_continuation, 1};
  if (lead >= 0xFE) return {utf8_fault::invalid_lead, 1};
  if (lead >= 0xF8) return {utf8_fault::too_long, lead >= 0xFC ? 6 : 5};
  const int length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
  for (int i = 1; i < length; ++i) {
    // The end of the input (0 here) is not a continuation byte either.
    if ((byte(static_cast<std::size_t>(i)) & 0xC0) != 0x80) return {utf8_fault::bad_continuation, length};
  }
  if (lead < 0xC2 || (lead == 0xE0 && byte(1) < 0xA0) || (lead == 0xF0 && byte(1) < 0x90)) {
    return {utf8_fault::overlong, length};
  }
  return {utf8_fault::above_max, length};
}

std::string utf8_decode_message(std::string_view text, std::size_t offset) {
  const utf8_problem problem = classify_utf8(text, offset);
  switch (problem.fault) {
    case utf8_fault::stray_continuation:
      return "Found UTF-8 continuation byte without corresponding start byte when decoding "
             "'string'";
    case utf8_fault::bad_continuation: return "Invalid UTF-8 continuation byte when decoding 'string'";
    case utf8_fault::overlong:
      // "encoding string" is ujson's wording for the 3-byte class, kept as it is.
      if (problem.length == 3) return "Overlong 3-byte UTF-8 sequence detected when encoding string";
      return "Overlong " + std::to_string(problem.length) +
             "-byte UTF-8 sequence detected when decoding 'string'";
    case utf8_fault::above_max: return "Code point > U+10FFFF encountered whilst decoding 'string'";
    default: return "Invalid UTF-8 sequence length when decoding 'string'";
  }
}

// The offset of the first sequence in `text` that is not UTF-8 (WTF-8
// surrogates allowed), or text.size().
std::size_t first_invalid_utf8(std::string_view text) {
  const auto* const begin = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = begin + text.size();
  for (const unsigned char* p = begin; p != end;) {
    if (*p < 0x80) {
      ++p;
      continue;
    }
    char32_t code_point;
    const std::size_t length = detail::decode_utf8_sequence(p, end, true, code_point);
    if (length == 0) return static_cast<std::size_t>(p - begin);
    p += length;
  }
  return text.size();
}

// Raises what ujson raises for bytes that are not UTF-8 given to dumps.
void raise_invalid_utf8_bytes(std::string_view text) {
  const std::size_t offset = first_invalid_utf8(text);
  const utf8_problem problem = classify_utf8(text, offset);
  const std::string length = std::to_string(problem.length);
  std::string message;
  switch (problem.fault) {
    case utf8_fault::bad_continuation:
      message = "Invalid continuation byte in " + length + "-byte UTF-8 sequence detected when encoding string";
      break;
    case utf8_fault::overlong:
      message = "Overlong " + length + "-byte UTF-8 sequence detected when encoding string";
      break;
    case utf8_fault::above_max:
      message = ">U+10FFFF in 4-byte UTF-8 sequence detected when encoding string";
      break;
    case utf8_fault::too_long: message = "Unsupported UTF-8 sequence length when encoding string"; break;
    default: {
      // A byte that cannot begin a character: ujson lets Python's decoder
      // raise its UnicodeDecodeError (whose position counts within these
      // bytes here, within the whole output in ujson).
      PyObject* decoded = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()),
                                               "surrogatepass");
      if (decoded == nullptr) return;
      Py_DECREF(decoded);
      message = "bytes are not valid UTF-8";
      PyErr_SetString(PyExc_ValueError, message.c_str());
      return;
    }
  }
  PyErr_SetString(PyExc_OverflowError, message.c_str());
}

bool is_hex_digit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Whether the \u escapes from `offset` on are cut short by the end of the
// input, rather than holding a character that is not a hex digit.
bool unicode_escape_cut_short(std::string_view text, std::size_t offset) {
  std::size_t i = offset;
  for (;;) {
    if (i == text.size()) return true;
    if (text[i] != '\\') return false;
    if (++i == text.size()) return true;
    if (text[i++] != 'u') return false;
    for (int digit = 0; digit < 4; ++digit, ++i) {
      if (i == text.size()) return true;
      if (!is_hex_digit(text[i])) return false;
    }
  }
}

// The end of the input came inside a string, right after a backslash.
bool ends_in_escape(std::string_view text) {
  std::size_t backslashes = 0;
  while (backslashes < text.size() && text[text.size() - 1 - backslashes] == '\\') ++backslashes;
  return backslashes % 2 == 1;
}

// The last byte before `offset` that is not JSON whitespace, or 0.
char previous_token(std::string_view text, std::size_t offset) {
  while (offset > 0) {
    const char c = text[--offset];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return c;
  }
  return 0;
}

bool starts_value(char c) {
  return c == '"' || c == '[' || c == '{' || c == '-' || (c >= '0' && c <= '9') || c == 't' ||
         c == 'f' || c == 'n' || c == 'N' || c == 'I';
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
  const std::size_t offset = result.offset;
  const bool at_end = offset >= text.size();
  const char found = at_end ? '\0' : text[offset];
  switch (result.code) {
    case parse_error::expected_value:
      // ujson's own wording for a trailing comma in an array.
      if (found == ']' && previous_token(text, offset) == ',') {
        return "Unexpected character found when decoding array value (1)";
      }
      return "Expected object or value";
    case parse_error::invalid_literal:
      return "Unexpected character found when decoding " +
             std::string(literal_name(text, result.offset));
    case parse_error::unterminated_string:
      if (ends_in_escape(text)) return "Unterminated escape sequence when decoding 'string'";
      return "Unmatched '\"' when decoding 'string'";
    case parse_error::control_character_in_string:
      // ujson ends a string at a NUL; other raw control characters it
      // accepts, where we keep json's strictness and our own message.
      if (!at_end && found == '\0') return "Unmatched '\"' when decoding 'string'";
      break;
    case parse_error::invalid_escape: return "Unrecognized escape sequence when decoding 'string'";
    case parse_error::invalid_unicode_escape:
      if (unicode_escape_cut_short(text, offset)) {
        return "Unterminated unicode escape sequence when decoding 'string'";
      }
      return "Unexpected character in unicode escape sequence when decoding 'string'";
    case parse_error::invalid_utf8: return utf8_decode_message(text, offset);
    case parse_error::expected_key:
      // ujson reads any value where a key is due, then checks that it is a
      // string; a '}' after a comma it reports as below (its wording, "in" too).
      if (found == '}') return "Unexpected character in found when decoding object value";
      if (!at_end && starts_value(found)) {
        return "Key name of object must be 'string' when decoding 'object'";
      }
      return "Expected object or value";
    case parse_error::expected_colon: return "No ':' found when decoding object value";
    case parse_error::expected_comma_or_object_end:
      return "Unexpected character in found when decoding object value";
    case parse_error::expected_comma_or_array_end:
      return "Unexpected character found when decoding array value (2)";
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
      PyErr_SetString(PyExc_OverflowError, "Invalid value when encoding double");
      break;
    case write_error::invalid_utf8: raise_invalid_utf8_bytes(text); break;
    default:
      PyErr_Format(PyExc_SystemError, "ultrajson: %s", std::string(describe(error)).c_str());
      break;
  }
  return false;
}

}  // namespace ultrajson::python
