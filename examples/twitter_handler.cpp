// The id_str and text of every status in a twitter search result, with a
// handler: the events arrive in document order, so the handler keeps the
// state a tree would have given (how deep it is, which key it is under).
//   twitter_handler FILE
#include <cstddef>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <ultrajson/file.hpp>
#include <ultrajson/parse.hpp>

// [example]
struct status_texts : ultrajson::handler_base {
  std::vector<std::pair<std::string, std::string>> found;  // id_str, text
  std::size_t depth = 0;        // containers open around the current value
  bool in_statuses = false;     // inside the top-level "statuses" array
  std::string key_text;         // the last key among a status' members (a copy:
                                // views last only during the event)

  bool key(std::string_view name) {
    if (depth == 1 && name == "statuses") in_statuses = true;
    if (depth == 3 && in_statuses) key_text = std::string(name);
    return true;
  }
  bool string_value(std::string_view text) {
    if (depth != 3 || !in_statuses) return true;
    if (key_text == "id_str") found.emplace_back(std::string(text), "");
    if (key_text == "text" && !found.empty()) found.back().second = std::string(text);
    return true;
  }
  bool start_object() { return open(); }
  bool start_array() { return open(); }
  bool end_object(std::size_t) { return close(); }
  bool end_array(std::size_t) { return close(); }

  bool open() {
    ++depth;
    key_text.clear();
    return true;
  }
  bool close() {
    if (--depth == 1) in_statuses = false;
    return true;
  }
};
// [example]

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: twitter_handler FILE\n";
    return 2;
  }
  status_texts handler;
  const ultrajson::parse_result result = ultrajson::parse_file(argv[1], handler);
  if (!result) {
    std::cout << "error: " << result.message() << "\n";
    return 1;
  }
  for (const auto& [id, text] : handler.found) std::cout << id << " " << text << "\n";
  return 0;
}
