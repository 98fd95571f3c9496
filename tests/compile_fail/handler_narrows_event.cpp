// Must NOT compile: int64_value takes an int, which would truncate the
// 64-bit values the parser passes (twitter's ids). CMake expects failure with
// the library's message naming the expected signature; with
// ULTRAJSON_TEST_HANDLER_COMPLETE the parameter is std::int64_t and the file
// must compile, which shows the failure comes from the narrowing parameter.
#include <cstdint>

#include <ultrajson/parse.hpp>

struct truncating_ids : ultrajson::handler_base {
#ifdef ULTRAJSON_TEST_HANDLER_COMPLETE
  bool int64_value(std::int64_t id) {
#else
  bool int64_value(int id) {
#endif
    last = id;
    return true;
  }
  std::int64_t last = 0;
};

int main() {
  truncating_ids handler;
  return ultrajson::parse("[1]", handler).ok() ? 0 : 1;
}
