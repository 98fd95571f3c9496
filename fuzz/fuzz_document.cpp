// libFuzzer harness for the DOM: any bytes build a document or fail cleanly;
// a document replays the same events as the text it came from, writes back
// to the text's minified form, and survives lookups and JSON Pointers taken
// from the input itself (any bytes as a pointer: found, or a clean error).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <ultrajson/document.hpp>
#include <ultrajson/writer.hpp>

namespace {

// Counts what a walk over the document sees, through the public lookups.
std::size_t walk(const ultrajson::value& v) {
  std::size_t seen = 1;
  if (const auto array = v.get_array(); array) {
    for (std::size_t i = 0; i < array.value().size(); ++i) {
      if (!v[i].ok()) std::abort();
      seen += walk(v[i].value());
    }
  } else if (const auto object = v.get_object(); object) {
    for (const ultrajson::member& m : object.value()) {
      // The first member with this key is found by key.
      if (!v[m.key()].ok()) std::abort();
      seen += walk(m.value());
    }
  }
  return seen;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ultrajson::parse_options options;
  options.max_depth = 200;  // walk() recurses
  ultrajson::document doc;
  // 1e999 parses to infinity, which the writer refuses unless allowed.
  ultrajson::write_options write;
  write.allow_nan = true;
  ultrajson::writer minified(write);
  const bool parsed = doc.parse(text, options).ok();
  if (parsed != ultrajson::parse(text, minified, options).ok()) std::abort();
  // Any bytes as a pointer: a value or a clean error, on any document.
  (void)doc.at_pointer(text);
  if (!parsed) {
    if (!doc.root().is_null()) std::abort();
    return 0;
  }
  ultrajson::writer written(write);
  if (!ultrajson::write_value(written, doc.root()) || written.view() != minified.view()) {
    std::abort();
  }
  (void)walk(doc.root());
  // last_wins keeps one member per key; it too must write valid JSON.
  ultrajson::document unique;
  ultrajson::document_options last_wins;
  last_wins.duplicates = ultrajson::duplicate_keys::last_wins;
  if (!unique.parse(text, options, last_wins).ok()) std::abort();
  ultrajson::writer rewritten(write);
  ultrajson::handler_base check;
  ultrajson::parse_options reread = options;
  reread.allow_nan_literals = true;
  if (!ultrajson::write_value(rewritten, unique.root()) ||
      !ultrajson::parse(rewritten.view(), check, reread).ok()) {
    std::abort();
  }
  return 0;
}
