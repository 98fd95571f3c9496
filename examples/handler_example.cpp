// Counts the values in a JSON document and sums its numbers, with a handler
// that overrides only the events it needs (handler_base supplies the rest).
//   handler_example            uses the document below
//   handler_example FILE       reads FILE
#include <cstdint>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>

#include <ultrajson/ultrajson.hpp>

// [example]
struct stats : ultrajson::handler_base {
  std::size_t values = 0, numbers = 0;
  double sum = 0;

  bool null_value() { return value(); }
  bool bool_value(bool) { return value(); }
  bool int64_value(std::int64_t n) { return number(static_cast<double>(n)); }
  bool uint64_value(std::uint64_t n) { return number(static_cast<double>(n)); }
  bool double_value(double x) { return number(x); }
  bool big_integer(std::string_view) { return value(); }  // too big to add up
  bool string_value(std::string_view) { return value(); }
  bool start_object() { return value(); }
  bool start_array() { return value(); }

  bool value() {
    ++values;
    return true;  // false would stop the parse
  }
  bool number(double x) {
    sum += x;
    ++numbers;
    return value();
  }
};

int main(int argc, char** argv) {
  std::string text = R"({"name": "demo", "sizes": [1, 2.5, 3], "ok": true, "next": null})";
  if (argc > 1) {
    std::ifstream file(argv[1], std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(file), {});
  }
  stats counter;
  const ultrajson::parse_result result = ultrajson::parse(text, counter);
  if (!result) {
    std::cout << "error: " << result.message() << "\n";
    return 1;
  }
  std::cout << "values: " << counter.values << ", numbers: " << counter.numbers
            << ", sum: " << counter.sum << "\n";
}
// [example]
