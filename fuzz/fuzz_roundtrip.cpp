// libFuzzer harness: any bytes must parse cleanly or fail cleanly (no crash,
// no out-of-bounds read: the input is libFuzzer's exact-size buffer), and
// whatever parses must survive parse -> write -> parse with the same events.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <ultrajson/ultrajson.hpp>

namespace {

// Records events as text, one per entry, so two parses can be compared.
struct event_recorder {
  std::vector<std::string> events;
  bool add(char kind, std::string_view payload = {}) {
    events.emplace_back(1, kind);
    events.back().append(payload);
    return true;
  }
  bool null_value() { return add('n'); }
  bool bool_value(bool v) { return add(v ? 't' : 'f'); }
  bool int64_value(std::int64_t v) { return add('i', std::to_string(v)); }
  bool uint64_value(std::uint64_t v) { return add('u', std::to_string(v)); }
  bool big_integer(std::string_view v) { return add('b', v); }
  bool double_value(double v) {
    char bytes[sizeof v];
    std::memcpy(bytes, &v, sizeof v);
    // NaN payloads are not preserved by text; compare NaN as a kind only.
    return v != v ? add('N') : add('d', std::string_view(bytes, sizeof bytes));
  }
  bool raw_number(std::string_view v) { return add('r', v); }
  bool string_value(std::string_view v) { return add('s', v); }
  bool key(std::string_view v) { return add('k', v); }
  bool start_object() { return add('{'); }
  bool end_object(std::size_t n) { return add('}', std::to_string(n)); }
  bool start_array() { return add('['); }
  bool end_array(std::size_t n) { return add(']', std::to_string(n)); }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The first byte picks the options, so every combination gets explored.
  if (size == 0) return 0;
  const std::uint8_t flags = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  ultrajson::parse_options parse_options;
  parse_options.allow_nan_literals = flags & 1;
  parse_options.allow_lone_surrogates = flags & 2;
  parse_options.max_depth = (flags & 4) ? 16 : 1024;

  event_recorder first;
  if (!ultrajson::parse(text, first, parse_options)) return 0;

  ultrajson::write_options write_options;
  write_options.indent = (flags & 8) ? 2 : 0;
  write_options.ensure_ascii = flags & 16;
  write_options.escape_forward_slashes = flags & 32;
  write_options.encode_html_chars = flags & 64;
  write_options.allow_nan = parse_options.allow_nan_literals;
  write_options.allow_lone_surrogates = true;
  write_options.max_depth = parse_options.max_depth;
  ultrajson::writer writer(write_options);
  if (!ultrajson::parse(text, writer, parse_options) || !writer.complete()) {
    // Only an overflowing number ("1e999" is infinity) may be refused, and
    // only when the reader would not take the Infinity the writer would write.
    if (writer.error() == ultrajson::write_error::nan_or_infinity && !write_options.allow_nan) return 0;
    std::abort();
  }

  event_recorder second;
  if (!ultrajson::parse(writer.view(), second, parse_options)) std::abort();
  if (first.events != second.events) std::abort();
  return 0;
}
