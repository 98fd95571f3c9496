#pragma once
// Helpers shared by the test programs: finding the test data, exact-size
// input buffers (so AddressSanitizer sees any read past the end), and a
// handler that records the decoder's events for comparison.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <ultrajson/ultrajson.hpp>

namespace test_support {

// ----- test data -----

// The data folder: env ULTRAJSON_DATA, else the build's default
// (../shared/data beside the source tree). Empty when neither exists.
std::optional<std::filesystem::path> data_dir();

// For use inside a TEST_CASE: returns data_dir()/subfolder, or, when it is
// missing, WARNs that the test is skipped and returns nullopt (the caller
// then returns). When env CI is "true" a missing folder FAILs instead: CI
// always has the data, so a skip there would hide a broken setup.
std::optional<std::filesystem::path> require_data(std::string_view subfolder);

// Regular files directly in dir, sorted by name.
std::vector<std::filesystem::path> list_files(const std::filesystem::path& dir);

// A file's bytes in a buffer of exactly its size.
std::vector<char> read_file(const std::filesystem::path& path);

// text copied into a heap buffer of exactly text.size() bytes: no NUL and no
// slack after it, so an overread is a heap-buffer-overflow under ASan.
std::vector<char> exact_copy(std::string_view text);

inline std::string_view view(const std::vector<char>& bytes) {
  return {bytes.data(), bytes.size()};
}

// A random decimal in JSON's plain form (digits, a point, digits): either
// sign, an integer part of "0" or of 1 to 17 digits, 1 to 21 digits in
// all, now and then leading zeros after "0." and trailing zeros.
std::string random_plain_decimal(std::mt19937_64& random);

// Printable form of arbitrary bytes: ASCII as is, others as \xHH.
std::string printable(std::string_view bytes);

// Bytes the process's heap holds right now (the sanitizer's count under
// ASan, glibc's mallinfo2 otherwise), or nullopt where neither exists.
std::optional<std::size_t> heap_in_use();

// ----- recorded events -----

std::uint64_t bits_of(double value);
double double_from_bits(std::uint64_t bits);

struct event {
  enum class kind : std::uint8_t {
    null_value,
    bool_value,
    int64_value,
    uint64_value,
    big_integer,
    double_value,
    raw_number,
    string_value,
    key,
    start_object,
    end_object,
    start_array,
    end_array
  };
  kind type = kind::null_value;
  // bool, int64 (two's complement), uint64, the double's bits, or the count.
  std::uint64_t number = 0;
  std::string text;  // big_integer, raw_number, string_value, key

  friend bool operator==(const event& a, const event& b) {
    return a.type == b.type && a.number == b.number && a.text == b.text;
  }
  friend bool operator!=(const event& a, const event& b) { return !(a == b); }
};

std::string describe(const event& e);
std::string describe(const std::vector<event>& events);

// A handler that records every event (and always goes on).
struct recorder {
  std::vector<event> events;

  bool null_value() { return add(event::kind::null_value); }
  bool bool_value(bool value) { return add(event::kind::bool_value, value ? 1u : 0u); }
  bool int64_value(std::int64_t value) {
    return add(event::kind::int64_value, static_cast<std::uint64_t>(value));
  }
  bool uint64_value(std::uint64_t value) { return add(event::kind::uint64_value, value); }
  bool big_integer(std::string_view text) { return add(event::kind::big_integer, 0, text); }
  bool double_value(double value) { return add(event::kind::double_value, bits_of(value)); }
  bool raw_number(std::string_view text) { return add(event::kind::raw_number, 0, text); }
  bool string_value(std::string_view text) { return add(event::kind::string_value, 0, text); }
  bool key(std::string_view text) { return add(event::kind::key, 0, text); }
  bool start_object() { return add(event::kind::start_object); }
  bool end_object(std::size_t count) { return add(event::kind::end_object, count); }
  bool start_array() { return add(event::kind::start_array); }
  bool end_array(std::size_t count) { return add(event::kind::end_array, count); }

 private:
  bool add(event::kind type, std::uint64_t number = 0, std::string_view text = {}) {
    events.push_back(event{type, number, std::string(text)});
    return true;
  }
};

// Event constructors, for writing expected sequences.
namespace ev {
event null();
event boolean(bool value);
event int64(std::int64_t value);
event uint64(std::uint64_t value);
event big(std::string_view text);
event dbl(double value);
event raw(std::string_view text);
event str(std::string_view text);
event key(std::string_view text);
event start_object();
event end_object(std::size_t count);
event start_array();
event end_array(std::size_t count);
}  // namespace ev

// "" when equal, else where and how the sequences first differ.
std::string first_difference(const std::vector<event>& expected, const std::vector<event>& actual);

struct recording {
  ultrajson::parse_result result;
  std::vector<event> events;
};

// Parses text from an exact-size copy and records its events.
recording record(std::string_view text, const ultrajson::parse_options& options = {});

}  // namespace test_support
