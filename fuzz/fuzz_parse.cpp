// libFuzzer harness for the parser, under every option combination.
// fuzz-option-bytes: 2
// Any bytes must parse cleanly or fail cleanly (no crash, no read past the
// input, which is libFuzzer's exact-size buffer); the writer as handler must
// see the same outcome; and whatever parses must survive parse -> write ->
// parse with the same events, in every layout the writer offers.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <ultrajson/ultrajson.hpp>

#include "fuzz_events.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Two option bytes: the parser's flags and depth, then the writer's layout.
  if (size < 2) return 0;
  const unsigned parse_flags = data[0];
  const unsigned write_flags = data[1];
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);

  ultrajson::parse_options parse_options;
  parse_options.allow_nan_literals = (parse_flags & 1) != 0;
  parse_options.allow_lone_surrogates = (parse_flags & 2) != 0;
  parse_options.allow_wtf8_input = (parse_flags & 4) != 0;
  parse_options.raw_numbers = (parse_flags & 8) != 0;
  // A small random depth limit (1 to 8), or the default.
  parse_options.max_depth = (parse_flags & 16) ? 1 + ((parse_flags >> 5) & 7) : 1024;

  fuzz::recorder first;
  const ultrajson::parse_result parsed = ultrajson::parse(text, first, parse_options);

  ultrajson::write_options write_options;
  static constexpr std::string_view item_separators[] = {",", ", ", ",\n", " ,\t"};
  static constexpr std::string_view key_separators[] = {":", ": ", " : ", ":\r\n"};
  write_options.indent = (write_flags & 1) ? (write_flags >> 5) : 0;
  write_options.item_separator = item_separators[(write_flags >> 1) & 3];
  write_options.key_separator = key_separators[(write_flags >> 3) & 3];
  write_options.ensure_ascii = (write_flags & 0x20) != 0;
  write_options.escape_forward_slashes = (write_flags & 0x40) != 0;
  write_options.encode_html_chars = (write_flags & 0x80) != 0;
  write_options.allow_nan = parse_options.allow_nan_literals;
  write_options.allow_lone_surrogates = true;
  write_options.max_depth = parse_options.max_depth;

  ultrajson::writer writer(write_options);
  const ultrajson::parse_result written = ultrajson::parse(text, writer, parse_options);
  if (!parsed) {
    // The writer sees the same document up to the error, and refuses
    // nothing before it that the recorder took: the same error, same place.
    if (written.code != parsed.code || written.offset != parsed.offset) {
      // Unless the writer refused an overflowing number first ("1e999" is
      // infinity) where it may not write Infinity.
      if (writer.error() != ultrajson::write_error::nan_or_infinity) std::abort();
    }
    return 0;
  }
  if (!written || !writer.complete()) {
    if (writer.error() == ultrajson::write_error::nan_or_infinity && !write_options.allow_nan) {
      return 0;
    }
    std::abort();
  }

  // Re-read what was written: escaped surrogates come back as WTF-8 (or
  // joined into pairs), so the reader must accept them when the first did.
  ultrajson::parse_options again_options = parse_options;
  again_options.allow_lone_surrogates =
      parse_options.allow_lone_surrogates || parse_options.allow_wtf8_input;
  fuzz::recorder second;
  if (!ultrajson::parse(writer.view(), second, again_options)) std::abort();
  fuzz::join_surrogate_pairs(first.events);
  if (first.events != second.events) std::abort();
  return 0;
}
