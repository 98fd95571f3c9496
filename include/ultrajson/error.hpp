#pragma once
// What the decoder and the encoder report. The decoder: an error code, where
// it happened, and a message a person can act on ("expected ':' after object
// key, found '}' at line 3, column 14 (byte 40)"). The encoder (writer.hpp):
// a write_error code, which describe() puts in words.

#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

namespace ultrajson {

enum class parse_error {
  none = 0,
  expected_value,              // a value was due; found something else or the end
  invalid_literal,             // began like true/false/null/NaN/Infinity but was not
  invalid_number,              // broke JSON's number grammar: 01, 1., -, 1e, .5
  unterminated_string,         // the input ended inside a string
  control_character_in_string, // a raw byte below 0x20 inside a string
  invalid_escape,              // a backslash followed by a character JSON does not escape
  invalid_unicode_escape,      // \u not followed by four hex digits
  lone_surrogate,              // an escaped surrogate without its pair
  invalid_utf8,                // bytes that are not UTF-8
  expected_key,                // inside an object a '"' key was due
  expected_colon,              // a ':' was due after an object key
  expected_comma_or_object_end,
  expected_comma_or_array_end,
  trailing_data,               // something followed the document
  depth_limit_exceeded,        // nesting deeper than parse_options::max_depth
  stopped_by_handler,          // a handler event returned false
  out_of_memory,               // a document or decoder could not allocate
  cannot_read_file,            // parse_file could not open or read its file
  // Decoding into C++ types (decoder.hpp): valid JSON of the wrong shape.
  wrong_type,                  // a value of another JSON kind than the type takes
  number_out_of_range,         // a number the type cannot hold
  wrong_length,                // an array longer or shorter than a std::array or tuple
  unknown_key,                 // a key the struct does not have (decode_options::unknown_keys)
};

// What was expected, in words, for each code.
constexpr std::string_view expectation(parse_error code) noexcept {
  switch (code) {
    case parse_error::none: return "no error";
    case parse_error::expected_value: return "expected a value";
    case parse_error::invalid_literal: return "invalid literal";
    case parse_error::invalid_number: return "invalid number";
    case parse_error::unterminated_string: return "expected '\"' to close the string";
    case parse_error::control_character_in_string:
      return "control characters must be escaped in strings";
    case parse_error::invalid_escape: return "invalid escape sequence in string";
    case parse_error::invalid_unicode_escape: return "expected four hex digits after \\u";
    case parse_error::lone_surrogate: return "escaped surrogate without its pair";
    case parse_error::invalid_utf8: return "invalid UTF-8";
    case parse_error::expected_key: return "expected '\"' to begin an object key";
    case parse_error::expected_colon: return "expected ':' after object key";
    case parse_error::expected_comma_or_object_end:
      return "expected ',' or '}' after object member";
    case parse_error::expected_comma_or_array_end:
      return "expected ',' or ']' after array element";
    case parse_error::trailing_data: return "expected end of input after the document";
    case parse_error::depth_limit_exceeded: return "nesting depth limit exceeded";
    case parse_error::stopped_by_handler: return "stopped by handler";
    case parse_error::out_of_memory: return "out of memory";
    case parse_error::cannot_read_file: return "cannot read file";
    case parse_error::wrong_type: return "expected another type";
    case parse_error::number_out_of_range: return "number out of range";
    case parse_error::wrong_length: return "array of the wrong length";
    case parse_error::unknown_key: return "unknown key";
  }
  return "unknown error";
}

struct parse_result {
  parse_error code = parse_error::none;
  std::size_t offset = 0;  // byte offset of the error in the input
  std::size_t line = 0;    // 1-based; 0 when there is no error
  std::size_t column = 0;  // 1-based, in bytes from the start of the line
  // What stood at `offset`: "'}'", "end of input", "byte 0xC3", ...; for
  // cannot_read_file, the path and the system's reason.
  std::string found;
  int os_error = 0;  // errno, for cannot_read_file

  bool ok() const noexcept { return code == parse_error::none; }
  explicit operator bool() const noexcept { return ok(); }

  // "expected ':' after object key, found '}' at line 3, column 14 (byte 40)"
  std::string message() const {
    if (ok()) return "no error";
    std::string text(expectation(code));
    if (code == parse_error::cannot_read_file) return text + " " + found;
    if (code == parse_error::out_of_memory) return text;
    if (!found.empty()) {
      text += ", found ";
      text += found;
    }
    char where[96];
    std::snprintf(where, sizeof where, " at line %zu, column %zu (byte %zu)", line, column, offset);
    return text + where;
  }
};

// What the writer reports (writer::error()): misuse of its events, values
// JSON cannot carry, and running out of room.
enum class write_error {
  none = 0,
  key_outside_object,     // key() when not directly inside an object
  value_without_key,      // a value inside an object where a key was due
  key_without_value,      // a key, or the object's end, right after a key
  unbalanced_end,         // end_object/end_array that does not match the open container
  depth_limit_exceeded,   // nesting deeper than write_options::max_depth
  nan_or_infinity,        // a non-finite double while allow_nan is false
  invalid_utf8,           // string or key text that is not UTF-8 (or a code unit above U+10FFFF)
  invalid_number_text,    // big_integer/raw_number text that is not a JSON number
  document_complete,      // a second top-level value
  buffer_full,            // a caller's fixed buffer ran out
  out_of_memory,
  invalid_options,        // indent above write_options::max_indent, or absurd separators
};

constexpr std::string_view describe(write_error code) noexcept {
  switch (code) {
    case write_error::none: return "no error";
    case write_error::key_outside_object: return "a key outside an object";
    case write_error::value_without_key: return "a value inside an object where a key was due";
    case write_error::key_without_value: return "a key must be followed by a value";
    case write_error::unbalanced_end: return "the end does not match the open container";
    case write_error::depth_limit_exceeded: return "nesting depth limit exceeded";
    case write_error::nan_or_infinity: return "NaN or Infinity while allow_nan is false";
    case write_error::invalid_utf8: return "string is not valid Unicode text";
    case write_error::invalid_number_text: return "number text is not a JSON number";
    case write_error::document_complete: return "a second top-level value";
    case write_error::buffer_full: return "the output buffer is full";
    case write_error::out_of_memory: return "out of memory";
    case write_error::invalid_options:
      return "invalid write options: indent above 1000 (or negative) or separators too long";
  }
  return "unknown error";
}

namespace detail {

// Describes the input at `offset` for an error message.
inline std::string describe_found(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return "end of input";
  const auto byte = static_cast<unsigned char>(text[offset]);
  char out[32];
  if (byte >= 0x20 && byte < 0x7f) {
    std::snprintf(out, sizeof out, "'%c'", static_cast<char>(byte));
  } else if (byte < 0x20) {
    std::snprintf(out, sizeof out, "control character U+%04X", byte);
  } else {
    std::snprintf(out, sizeof out, "byte 0x%02X", byte);
  }
  return out;
}

// Builds the full result of a failed parse. Line and column are counted only
// here, so the hot path never tracks them.
inline parse_result make_error(std::string_view text, std::size_t offset, parse_error code) {
  parse_result result;
  result.code = code;
  result.offset = offset < text.size() ? offset : text.size();
  result.line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < result.offset; ++i) {
    if (text[i] == '\n') {
      ++result.line;
      line_start = i + 1;
    }
  }
  result.column = result.offset - line_start + 1;
  if (code != parse_error::stopped_by_handler) result.found = describe_found(text, result.offset);
  return result;
}

}  // namespace detail
}  // namespace ultrajson
