// Re-formats JSON: the writer is a handler, so parse(text, writer) copies a
// document into a new layout. Compact by default; --indent N pretty-prints.
//   minify [--indent N] [FILE]     reads FILE, or standard input
#include <charconv>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>

#include <ultrajson/ultrajson.hpp>

// [example]
// A whole number from 0 to write_options::max_indent, or nothing.
static bool read_indent(std::string_view text, std::size_t& indent) {
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, indent);
  return error == std::errc() && stop == end && indent <= ultrajson::write_options::max_indent;
}

int main(int argc, char** argv) {
  ultrajson::write_options options;
  const char* path = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string_view argument(argv[i]);
    if (argument == "--indent") {
      if (i + 1 == argc || !read_indent(argv[i + 1], options.indent)) {
        std::cerr << "minify: --indent takes a whole number from 0 to "
                  << ultrajson::write_options::max_indent << "\n";
        return 2;
      }
      ++i;
      options.key_separator = ": ";
    } else {
      path = argv[i];
    }
  }
  std::ifstream file;
  if (path != nullptr) {
    file.open(path, std::ios::binary);
    if (!file) {
      std::cerr << "minify: cannot open " << path << "\n";
      return 1;
    }
  }
  std::istream& in = path != nullptr ? file : std::cin;
  const std::string text(std::istreambuf_iterator<char>(in), {});

  ultrajson::writer out(options);
  const ultrajson::parse_result result = ultrajson::parse(text, out);
  if (!result) {
    // The writer stops the parse when it refuses an event; say why.
    if (out.error() != ultrajson::write_error::none) {
      std::cerr << "minify: " << ultrajson::describe(out.error()) << "\n";
    } else {
      std::cerr << "minify: " << result.message() << "\n";
    }
    return 1;
  }
  std::cout << out.view() << "\n";
}
// [example]
