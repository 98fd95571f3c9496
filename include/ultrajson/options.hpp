#pragma once
// Options of the decoder and the encoder. Every extension is off by default:
// the defaults are strict RFC 8259 in and out.

#include <cstddef>
#include <string_view>

namespace ultrajson {

struct parse_options {
  // Accept the literals NaN, Infinity and -Infinity (delivered as double_value).
  bool allow_nan_literals = false;
  // Accept escaped lone surrogates ("\ud800") and deliver them encoded as
  // WTF-8 (the three-byte form UTF-8 forbids), as Python's str can hold them.
  bool allow_lone_surrogates = false;
  // Accept surrogates encoded in the input itself (WTF-8: ED A0..BF xx)
  // inside strings, and deliver them as they are. For bindings whose text
  // type can hold lone surrogates (Python's str); not for bytes from outside.
  bool allow_wtf8_input = false;
  // The caller vouches that the text is valid UTF-8 (valid WTF-8 with
  // allow_wtf8_input), as text its own encoder made from its string type
  // is: the plain runs of strings are then not checked again. Text that is
  // not valid then parses with its strings' bytes delivered as they are.
  bool input_is_valid_utf8 = false;
  // Deliver every number as raw_number(text) after the grammar check, instead
  // of int64_value / uint64_value / big_integer / double_value. NaN and
  // Infinity literals are not numbers: they still arrive as double_value.
  bool raw_numbers = false;
  // Containers nested deeper than this are an error (depth_limit_exceeded).
  // The parser keeps its own stack, so this bounds memory, not recursion.
  std::size_t max_depth = 1024;
};

struct write_options {
  // 0: compact. n > 0: a newline and n spaces per level; with key_separator
  // ": " that is the layout of Python's json.dumps(indent=n). Empty
  // containers stay "[]" and "{}". Above max_indent (a negative int stored
  // here wraps to a huge value) the writer refuses every event with
  // write_error::invalid_options instead of writing anything.
  std::size_t indent = 0;
  static constexpr std::size_t max_indent = 1000;
  // Written between items and between a key and its value. The views must
  // outlive the writer (string literals do).
  std::string_view item_separator = ",";
  std::string_view key_separator = ":";
  // Write every non-ASCII character as \uXXXX (a surrogate pair above U+FFFF),
  // and U+007F as \u007f, as Python's json does: the output is printable ASCII.
  bool ensure_ascii = false;
  // Write '/' as "\/" (lets JSON sit inside an HTML <script> safely).
  bool escape_forward_slashes = false;
  // Write '<', '>' and '&' as \u003c, \u003e, \u0026.
  bool encode_html_chars = false;
  // Write NaN and infinities as NaN, Infinity, -Infinity; when false they are
  // an error (JSON has no such numbers).
  bool allow_nan = false;
  // Accept lone surrogates encoded in string input (WTF-8) and write them as
  // \udXXX escapes; when false such input is invalid UTF-8.
  bool allow_lone_surrogates = false;
  // With allow_lone_surrogates and without ensure_ascii: write lone
  // surrogates as they came, encoded in three bytes each (WTF-8), instead of
  // as \udXXX escapes. The output is then WTF-8, not UTF-8: for bindings
  // whose string type holds surrogates (Python's str, as json writes them).
  bool lone_surrogates_as_wtf8 = false;
  // Containers nested deeper than this are an error.
  std::size_t max_depth = 1024;
};

}  // namespace ultrajson
