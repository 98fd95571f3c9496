// Must NOT compile: a handler built on checked_handler_base names
// int64_value as handled but misspells it (int_value), so only
// handler_base's default would run. CMake expects failure with the library's
// message; with ULTRAJSON_TEST_HANDLER_COMPLETE the spelling is right and
// the file must compile.
#include <cstdint>
#include <string_view>

#include <ultrajson/parse.hpp>

struct ids : ultrajson::checked_handler_base<ids, ultrajson::event::int64_value,
                                             ultrajson::event::key> {
#ifdef ULTRAJSON_TEST_HANDLER_COMPLETE
  bool int64_value(std::int64_t id) {
#else
  bool int_value(std::int64_t id) {
#endif
    sum += id;
    return true;
  }
  bool key(std::string_view) { return true; }
  std::int64_t sum = 0;
};

int main() {
  ids handler;
  return ultrajson::parse("[1]", handler).ok() ? 0 : 1;
}
