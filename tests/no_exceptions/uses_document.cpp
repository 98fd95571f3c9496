// Must compile with -fno-exceptions: the parts of the API that need no
// exceptions (parse, parse_file, the writer, documents and their
// result-typed lookups).
// CMake compiles it with -fno-exceptions -fsyntax-only.
#include <cstdint>
#include <string_view>

#include <ultrajson/document.hpp>
#include <ultrajson/file.hpp>
#include <ultrajson/parse.hpp>
#include <ultrajson/writer.hpp>

int main() {
  ultrajson::document doc;
  if (!doc.parse(R"({"a":[1,2]})").ok()) return 1;
  const std::int64_t second = doc["a"][1].get_int64().value_or(0);
  for (const ultrajson::value& v : doc["a"].get_array().value()) (void)v;
  ultrajson::writer w;
  if (!ultrajson::write_value(w, doc.root())) return 1;
  ultrajson::handler_base handler;
  if (ultrajson::parse_file("missing.json", handler).ok()) return 1;
  if (ultrajson::parse_file("missing.json", doc).ok()) return 1;
  return second == 2 && doc.at_pointer("/a/0").ok() ? 0 : 1;
}
