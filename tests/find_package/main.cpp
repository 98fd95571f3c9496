// Uses the library as a consumer would: parse, write, version. Prints one
// line that run.cmake checks.
#include <iostream>

#include <ultrajson/ultrajson.hpp>

int main() {
  ultrajson::writer out;
  const ultrajson::parse_result result = ultrajson::parse("[1, {\"a\": 2.50}]", out);
  if (!result) {
    std::cout << result.message() << "\n";
    return 1;
  }
  std::cout << "ultrajson " << ultrajson::version_string << ": " << out.view() << "\n";
  return 0;
}
