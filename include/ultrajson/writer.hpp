#pragma once
// The encoder: a writer takes the same events the decoder emits (so it is a
// handler, and parse(text, writer) minifies or re-indents a document) and
// writes JSON into one growing buffer. Misuse (a key outside an object, a
// value where a key is due, an unbalanced end) returns false and sets
// error(); the writer then ignores further events.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "detail/escape.hpp"
#include "detail/format_number.hpp"
#include "detail/number_scan.hpp"
#include "detail/output_buffer.hpp"
#include "detail/small_stack.hpp"
#include "options.hpp"

namespace ultrajson {

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
  }
  return "unknown error";
}

class writer {
 public:
  explicit writer(const write_options& options = {}) : options_(options) {}
  // Writes into buffer[0, capacity) and fails with buffer_full when the
  // document does not fit; a buffer exactly the document's size is enough.
  writer(char* buffer, std::size_t capacity, const write_options& options = {})
      : options_(options), out_(buffer, capacity) {}
  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;
  // Movable, so a function can build and return one, even half-written;
  // clear() a moved-from writer before using it again.
  writer(writer&&) noexcept = default;
  writer& operator=(writer&&) noexcept = default;

  // ----- events (the handler's names) -----
  bool null_value() { return literal("null"); }
  bool bool_value(bool value) { return value ? literal("true") : literal("false"); }
  bool int64_value(std::int64_t value) { return integer(value); }
  bool uint64_value(std::uint64_t value) { return integer(value); }
  bool big_integer(std::string_view digits) { return number_text(digits); }
  bool raw_number(std::string_view text) { return number_text(text); }
  bool double_value(double value);
  bool string_value(std::string_view utf8);
  bool key(std::string_view utf8);
  bool start_object() { return open('{', true); }
  bool start_array() { return open('[', false); }
  // The count is the handler event's argument; the writer keeps its own.
  bool end_object(std::size_t /*member_count*/ = 0) { return close('}', true); }
  bool end_array(std::size_t /*element_count*/ = 0) { return close(']', false); }

  // ----- for bindings and extensions -----
  // Inserts text as a value without checking it: it must be JSON already.
  bool raw_value(std::string_view json);
  // A string or key given as code points, one per unit: latin-1 (unsigned
  // char), UCS-2 (char16_t / uint16_t) or UCS-4 (char32_t / uint32_t).
  template <class Unit>
  bool string_value_units(const Unit* units, std::size_t count);
  template <class Unit>
  bool key_units(const Unit* units, std::size_t count);

  // ----- result -----
  std::string_view view() const noexcept { return out_.view(); }
  std::string str() const { return std::string(out_.view()); }
  const char* data() const noexcept { return out_.data(); }
  std::size_t size() const noexcept { return out_.size(); }
  // One whole top-level value is written and no error occurred.
  bool complete() const noexcept { return done_ && error_ == write_error::none; }
  write_error error() const noexcept { return error_; }
  std::size_t depth() const noexcept { return stack_.size(); }
  const write_options& options() const noexcept { return options_; }
  // Empties the output and the state, keeping the buffer's memory.
  void clear() noexcept {
    out_.clear();
    stack_.clear();
    done_ = false;
    error_ = write_error::none;
  }

 private:
  struct frame {
    std::size_t count;    // items written so far
    bool is_object;
    bool awaiting_value;  // a key was written; its value is due
  };

  bool fail(write_error code) noexcept {
    if (error_ == write_error::none) error_ = code;
    return false;
  }
  char* reserve(std::size_t n) noexcept {
    char* out = out_.reserve(n);
    if (out == nullptr) fail(write_error::out_of_memory);
    return out;
  }
  bool commit(char* end) noexcept { return out_.commit(end) || fail(write_error::buffer_full); }
  std::size_t indent_room(std::size_t depth) const noexcept {
    return options_.indent == 0 ? 0 : 1 + options_.indent * depth;
  }
  char* write_indent(char* out, std::size_t depth) const noexcept {
    if (options_.indent == 0) return out;
    *out++ = '\n';
    const std::size_t spaces = options_.indent * depth;
    std::memset(out, ' ', spaces);
    return out + spaces;
  }
  static char* copy(char* out, std::string_view text) noexcept {
    std::memcpy(out, text.data(), text.size());
    return out + text.size();
  }
  // Separators are nearly always one byte (",", ":"); a memcpy of a size
  // unknown at compile time is a library call, costlier than the write.
  static char* copy_separator(char* out, std::string_view separator) noexcept {
    if (separator.size() == 1) {
      *out = separator[0];
      return out + 1;
    }
    return copy(out, separator);
  }
  detail::escape_config escape_config() const noexcept {
    return {options_.ensure_ascii, options_.escape_forward_slashes, options_.encode_html_chars,
            options_.allow_lone_surrogates};
  }

  // Checks that a value may come now, reserves room for its separator,
  // indentation and `payload` bytes, writes the former and returns where the
  // value goes (nullptr on error).
  char* begin_value(std::size_t payload) noexcept;
  // Commits the value written up to `out`.
  bool end_value(char* out) noexcept {
    if (!commit(out)) return false;
    if (stack_.empty()) done_ = true;
    return true;
  }
  // Like begin_value, for a key: checks, separator, indentation.
  char* begin_key(std::size_t payload) noexcept;

  bool literal(std::string_view text) noexcept {
    char* out = begin_value(text.size());
    return out != nullptr && end_value(copy(out, text));
  }
  template <class Integer>
  bool integer(Integer value) noexcept {
    char* out = begin_value(detail::max_number_chars);
    return out != nullptr && end_value(detail::format_integer(out, value));
  }
  bool number_text(std::string_view text) noexcept;
  bool open(char bracket, bool is_object);
  bool close(char bracket, bool is_object) noexcept;
  template <class Escape>
  bool quoted_value(std::size_t max_escaped, Escape&& escape);
  template <class Escape>
  bool quoted_key(std::size_t max_escaped, Escape&& escape);

  write_options options_;
  detail::output_buffer out_;
  detail::small_stack<frame, 32> stack_;
  bool done_ = false;
  write_error error_ = write_error::none;
};

inline char* writer::begin_value(std::size_t payload) noexcept {
  if (error_ != write_error::none) return nullptr;
  if (stack_.empty()) {
    if (done_) {
      fail(write_error::document_complete);
      return nullptr;
    }
    return reserve(payload);
  }
  frame& top = stack_.top();
  if (top.is_object) {
    if (!top.awaiting_value) {
      fail(write_error::value_without_key);
      return nullptr;
    }
    top.awaiting_value = false;
    return reserve(payload);
  }
  char* out = reserve(options_.item_separator.size() + indent_room(stack_.size()) + payload);
  if (out == nullptr) return nullptr;
  if (top.count++ != 0) out = copy_separator(out, options_.item_separator);
  return write_indent(out, stack_.size());
}

inline char* writer::begin_key(std::size_t payload) noexcept {
  if (error_ != write_error::none) return nullptr;
  if (stack_.empty() || !stack_.top().is_object) {
    fail(write_error::key_outside_object);
    return nullptr;
  }
  frame& top = stack_.top();
  if (top.awaiting_value) {
    fail(write_error::key_without_value);
    return nullptr;
  }
  char* out = reserve(options_.item_separator.size() + indent_room(stack_.size()) + payload +
                      options_.key_separator.size());
  if (out == nullptr) return nullptr;
  if (top.count++ != 0) out = copy_separator(out, options_.item_separator);
  top.awaiting_value = true;
  return write_indent(out, stack_.size());
}

inline bool writer::open(char bracket, bool is_object) {
  if (stack_.size() >= options_.max_depth) return fail(write_error::depth_limit_exceeded);
  char* out = begin_value(1);
  if (out == nullptr) return false;
  *out++ = bracket;
  if (!commit(out)) return false;
  if (!stack_.push(frame{0, is_object, false})) return fail(write_error::out_of_memory);
  return true;
}

inline bool writer::close(char bracket, bool is_object) noexcept {
  if (error_ != write_error::none) return false;
  if (stack_.empty() || stack_.top().is_object != is_object) {
    return fail(write_error::unbalanced_end);
  }
  const frame closed = stack_.top();
  if (closed.awaiting_value) return fail(write_error::key_without_value);
  stack_.pop();
  char* out = reserve(1 + indent_room(stack_.size()));
  if (out == nullptr) return false;
  if (closed.count != 0) out = write_indent(out, stack_.size());
  *out++ = bracket;
  return end_value(out);
}

inline bool writer::double_value(double value) {
  if (!std::isfinite(value)) {
    if (!options_.allow_nan) return fail(write_error::nan_or_infinity);
    if (std::isnan(value)) return literal("NaN");
    return literal(value > 0 ? "Infinity" : "-Infinity");
  }
  char* out = begin_value(detail::max_number_chars);
  return out != nullptr && end_value(detail::format_double(out, value));
}

inline bool writer::number_text(std::string_view text) noexcept {
  const char* p = text.data();
  const char* const end = p + text.size();
  detail::scanned_number ignored;
  if (text.empty() || !(*p == '-' || detail::is_digit(*p)) ||
      detail::scan_number(p, end, ignored) != parse_error::none || p != end) {
    return fail(write_error::invalid_number_text);
  }
  char* out = begin_value(text.size());
  return out != nullptr && end_value(copy(out, text));
}

inline bool writer::raw_value(std::string_view json) {
  char* out = begin_value(json.size());
  return out != nullptr && end_value(copy(out, json));
}

template <class Escape>
bool writer::quoted_value(std::size_t max_escaped, Escape&& escape) {
  char* out = begin_value(max_escaped + 2);
  if (out == nullptr) return false;
  *out++ = '"';
  out = escape(out);
  if (out == nullptr) return fail(write_error::invalid_utf8);
  *out++ = '"';
  return end_value(out);
}

template <class Escape>
bool writer::quoted_key(std::size_t max_escaped, Escape&& escape) {
  char* out = begin_key(max_escaped + 2);
  if (out == nullptr) return false;
  *out++ = '"';
  out = escape(out);
  if (out == nullptr) return fail(write_error::invalid_utf8);
  *out++ = '"';
  return commit(copy_separator(out, options_.key_separator));
}

inline bool writer::string_value(std::string_view utf8) {
  const detail::escape_config config = escape_config();
  return quoted_value(detail::max_escaped_size(utf8.size(), 1), [&](char* out) {
    return detail::escape_utf8(out, utf8.data(), utf8.size(), config);
  });
}

inline bool writer::key(std::string_view utf8) {
  const detail::escape_config config = escape_config();
  return quoted_key(detail::max_escaped_size(utf8.size(), 1), [&](char* out) {
    return detail::escape_utf8(out, utf8.data(), utf8.size(), config);
  });
}

template <class Unit>
bool writer::string_value_units(const Unit* units, std::size_t count) {
  const detail::escape_config config = escape_config();
  return quoted_value(detail::max_escaped_size(count, sizeof(Unit)), [&](char* out) {
    return detail::escape_code_units(out, units, count, config);
  });
}

template <class Unit>
bool writer::key_units(const Unit* units, std::size_t count) {
  const detail::escape_config config = escape_config();
  return quoted_key(detail::max_escaped_size(count, sizeof(Unit)), [&](char* out) {
    return detail::escape_code_units(out, units, count, config);
  });
}

}  // namespace ultrajson
