// The id_str and text of every status in a twitter search result, decoded
// into C++ structs: describe the members you want, the rest is skipped.
//   twitter_typed FILE
#include <iostream>
#include <string>
#include <vector>

#include <ultrajson/decoder.hpp>

// [example]
struct status {
  std::string id_str, text;
};
struct search_result {
  std::vector<status> statuses;
};
ULTRAJSON_DESCRIBE(status, id_str, text);
ULTRAJSON_DESCRIBE(search_result, statuses);

int print_statuses(const char* path) {
  search_result tweets;
  if (auto result = ultrajson::from_json_file(path, tweets); !result) {
    std::cout << "error: " << result.message() << "\n";
    return 1;
  }
  for (const status& s : tweets.statuses) std::cout << s.id_str << " " << s.text << "\n";
  return 0;
}
// [example]

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: twitter_typed FILE\n";
    return 2;
  }
  return print_statuses(argv[1]);
}
