// Re-formats JSON: the writer is a handler, so parse(text, writer) copies a
// document into a new layout. Compact by default; --indent N pretty-prints.
//   minify [--indent N] [FILE]     reads FILE, or standard input
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>

#include <ultrajson/ultrajson.hpp>

// [example]
int main(int argc, char** argv) {
  ultrajson::write_options options;
  const char* path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--indent" && i + 1 < argc) {
      options.indent = std::stoul(argv[++i]);
      options.key_separator = ": ";
    } else {
      path = argv[i];
    }
  }
  std::ifstream file;
  if (path != nullptr) file.open(path, std::ios::binary);
  std::istream& in = path != nullptr ? file : std::cin;
  const std::string text(std::istreambuf_iterator<char>(in), {});

  ultrajson::writer out(options);
  const ultrajson::parse_result result = ultrajson::parse(text, out);
  if (!result) {
    std::cerr << "minify: " << result.message() << "\n";
    return 1;
  }
  std::cout << out.view() << "\n";
}
// [example]
