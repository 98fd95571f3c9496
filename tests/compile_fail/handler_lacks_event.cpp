// Must NOT compile: a handler without key(std::string_view). CMake compiles
// this file and expects failure with the library's static_assert message
// ("ultrajson handler lacks `bool key(std::string_view)`"). With
// ULTRAJSON_TEST_HANDLER_COMPLETE defined the handler is complete and the
// file must compile, which shows the failure comes from the missing event.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <ultrajson/parse.hpp>

struct handler_without_key {
  bool null_value() { return true; }
  bool bool_value(bool) { return true; }
  bool int64_value(std::int64_t) { return true; }
  bool uint64_value(std::uint64_t) { return true; }
  bool big_integer(std::string_view) { return true; }
  bool double_value(double) { return true; }
  bool raw_number(std::string_view) { return true; }
  bool string_value(std::string_view) { return true; }
#ifdef ULTRAJSON_TEST_HANDLER_COMPLETE
  bool key(std::string_view) { return true; }
#endif
  bool start_object() { return true; }
  bool end_object(std::size_t) { return true; }
  bool start_array() { return true; }
  bool end_array(std::size_t) { return true; }
};

int main() {
  handler_without_key handler;
  return ultrajson::parse("{}", handler).ok() ? 0 : 1;
}
