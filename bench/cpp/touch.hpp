#pragma once
// "Touching" every value: what each benchmark's handler does with the values a
// library hands it. The work is small but depends on every value, so no
// library can skip producing one, and the totals go through
// benchmark::DoNotOptimize so the compiler cannot drop the parse either.
// Every library's handler feeds the same touch_totals the same way.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <ultrajson/handler.hpp>

struct touch_totals {
  std::uint64_t values = 0;        // scalars and containers (keys are not values)
  std::uint64_t string_bytes = 0;  // lengths of strings and keys, unescaped
  double number_sum = 0;           // differs between exact and inexact parsers

  void literal() { ++values; }
  void number(double value) {
    ++values;
    number_sum += value;
  }
  // A number too large for 64 bits that a library hands over as text.
  void number_text(std::string_view text) {
    ++values;
    number_sum += static_cast<double>(text.size());
  }
  void string(std::size_t size) {
    ++values;
    string_bytes += size;
  }
  void key(std::size_t size) { string_bytes += size; }
  void container() { ++values; }

  // Whether two libraries saw the same document (number_sum is left out: the
  // inexact parsers round differently, on purpose).
  bool same_shape(const touch_totals& other) const {
    return values == other.values && string_bytes == other.string_bytes;
  }
  std::string describe() const {
    return std::to_string(values) + " values, " + std::to_string(string_bytes) + " string bytes";
  }
};

// ultrajson's touching handler. The corpus loader also runs it once per file
// to get the reference totals the peers are checked against.
struct touch_handler {
  touch_totals totals;

  bool null_value() {
    totals.literal();
    return true;
  }
  bool bool_value(bool) {
    totals.literal();
    return true;
  }
  bool int64_value(std::int64_t value) {
    totals.number(static_cast<double>(value));
    return true;
  }
  bool uint64_value(std::uint64_t value) {
    totals.number(static_cast<double>(value));
    return true;
  }
  bool big_integer(std::string_view text) {
    totals.number_text(text);
    return true;
  }
  bool double_value(double value) {
    totals.number(value);
    return true;
  }
  bool raw_number(std::string_view text) {
    totals.number_text(text);
    return true;
  }
  bool string_value(std::string_view text) {
    totals.string(text.size());
    return true;
  }
  bool key(std::string_view text) {
    totals.key(text.size());
    return true;
  }
  bool start_object() {
    totals.container();
    return true;
  }
  bool end_object(std::size_t) { return true; }
  bool start_array() {
    totals.container();
    return true;
  }
  bool end_array(std::size_t) { return true; }
};
static_assert(ultrajson::is_handler_v<touch_handler>);
