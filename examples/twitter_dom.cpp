// The id_str and text of every status in a twitter search result, from a
// document (the DOM): look values up by key, iterate arrays.
//   twitter_dom FILE
#include <iostream>

#include <ultrajson/document.hpp>
#include <ultrajson/file.hpp>

// [example]
int print_statuses(const char* path) {
  ultrajson::document doc;
  if (auto result = ultrajson::parse_file(path, doc); !result) {
    std::cout << "error: " << result.message() << "\n";
    return 1;
  }
  for (const ultrajson::value& status : doc["statuses"].get_array().value_or({})) {
    std::cout << status["id_str"].get_string().value_or("?") << " "
              << status["text"].get_string().value_or("?") << "\n";
  }
  return 0;
}
// [example]

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: twitter_dom FILE\n";
    return 2;
  }
  return print_statuses(argv[1]);
}
