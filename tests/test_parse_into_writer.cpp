// parse(text, writer) copies a string found in the input (one without
// escapes) as its input bytes, quotes included, when the writer would write
// it unchanged (parse_into_writer.hpp). Whatever the writer's and the
// parser's options, its output, result and error must be those of the same
// events handed to the writer one by one, recorded first: on the corpus,
// JSONTestSuite and random documents, and into caller buffers too small for
// them.

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "support.hpp"

using namespace test_support;
using ultrajson::parse_options;
using ultrajson::write_options;
using ultrajson::writer;

namespace {

// The recorded events into the writer through its public events, up to the
// first it refuses.
void replay(const std::vector<event>& events, writer& out) {
  for (const event& e : events) {
    const auto count = static_cast<std::size_t>(e.number);  // the end events'
    bool written = false;
    switch (e.type) {
      case event::kind::null_value: written = out.null_value(); break;
      case event::kind::bool_value: written = out.bool_value(e.number != 0); break;
      case event::kind::int64_value:
        written = out.int64_value(static_cast<std::int64_t>(e.number));
        break;
      case event::kind::uint64_value: written = out.uint64_value(e.number); break;
      case event::kind::big_integer: written = out.big_integer(e.text); break;
      case event::kind::double_value: written = out.double_value(double_from_bits(e.number)); break;
      case event::kind::raw_number: written = out.raw_number(e.text); break;
      case event::kind::string_value: written = out.string_value(e.text); break;
      case event::kind::key: written = out.key(e.text); break;
      case event::kind::start_object: written = out.start_object(); break;
      case event::kind::end_object: written = out.end_object(count); break;
      case event::kind::start_array: written = out.start_array(); break;
      case event::kind::end_array: written = out.end_array(count); break;
    }
    if (!written) return;
  }
}

// Every combination of the options that decide how a string is written,
// with one-byte and longer separators, compact and indented.
std::vector<write_options> all_write_options() {
  static bool write_options::*const toggles[] = {
      &write_options::ensure_ascii, &write_options::escape_forward_slashes,
      &write_options::encode_html_chars, &write_options::allow_lone_surrogates,
      &write_options::lone_surrogates_as_wtf8};
  std::vector<write_options> all;
  for (unsigned bits = 0; bits < 1u << std::size(toggles); ++bits) {
    write_options options;
    for (std::size_t i = 0; i < std::size(toggles); ++i) options.*toggles[i] = (bits >> i & 1) != 0;
    for (const bool spaced : {false, true}) {
      if (spaced) {
        options.item_separator = ", ";
        options.key_separator = ": ";
      }
      options.indent = 0;
      all.push_back(options);
      options.indent = 2;
      all.push_back(options);
    }
  }
  return all;
}

std::vector<parse_options> all_parse_options() {
  std::vector<parse_options> all(1);
  all.emplace_back().input_is_valid_utf8 = true;
  all.emplace_back().allow_lone_surrogates = true;
  all.emplace_back().allow_wtf8_input = true;
  parse_options raw;
  raw.raw_numbers = true;
  raw.allow_nan_literals = true;
  all.push_back(raw);
  return all;
}

// parse(text, writer) against the recorded events replayed, for one set of
// options, into a growing writer or a caller's buffer of `capacity` bytes.
void check_same_output(std::string_view text, const parse_options& parsing,
                       const write_options& writing, std::size_t capacity = 0) {
  const std::vector<char> input = exact_copy(text);
  std::vector<char> direct_buffer(capacity), replay_buffer(capacity);
  writer direct = capacity == 0 ? writer(writing) : writer(direct_buffer.data(), capacity, writing);
  writer one_by_one =
      capacity == 0 ? writer(writing) : writer(replay_buffer.data(), capacity, writing);
  const ultrajson::parse_result direct_result = ultrajson::parse(view(input), direct, parsing);
  const recording recorded = record(text, parsing);
  replay(recorded.events, one_by_one);
  INFO("input: " << printable(text.substr(0, 200)) << " capacity " << capacity);
  INFO("ensure_ascii " << writing.ensure_ascii << " slashes " << writing.escape_forward_slashes
                       << " html " << writing.encode_html_chars << " surrogates "
                       << writing.allow_lone_surrogates << writing.lone_surrogates_as_wtf8
                       << " indent " << writing.indent << " separator '"
                       << writing.item_separator << "'");
  INFO("parse: valid_utf8 " << parsing.input_is_valid_utf8 << " lone "
                            << parsing.allow_lone_surrogates << " wtf8 "
                            << parsing.allow_wtf8_input << " raw " << parsing.raw_numbers);
  REQUIRE(direct.view() == one_by_one.view());
  REQUIRE(direct.error() == one_by_one.error());
  REQUIRE(direct.complete() == one_by_one.complete());
  if (recorded.result.ok()) {
    // The writer's refusal is the only way the direct parse can fail then.
    REQUIRE((direct_result.ok() ||
             direct_result.code == ultrajson::parse_error::stopped_by_handler));
    REQUIRE(direct_result.ok() == one_by_one.complete());
  } else if (direct_result.code != ultrajson::parse_error::stopped_by_handler) {
    REQUIRE(direct_result.code == recorded.result.code);
    REQUIRE(direct_result.offset == recorded.result.offset);
  }
}

void check_all_options(std::string_view text, const std::vector<write_options>& writings) {
  // A caller that vouches for invalid UTF-8 gets what the writer makes of
  // it, which is not this test's matter: only valid documents then.
  const bool valid = record(text).result.ok();
  for (const parse_options& parsing : all_parse_options()) {
    if (parsing.input_is_valid_utf8 && !valid) continue;
    for (const write_options& writing : writings) check_same_output(text, parsing, writing);
  }
}

// A random document whose strings mix every kind of byte the writer may
// escape or copy: '/', DEL, HTML characters, non-ASCII, escapes (a lone
// surrogate among them), lengths on each side of 16 bytes.
std::string random_document(std::mt19937& random) {
  static const char* const pieces[] = {
      "a", "key", "/", "\x7f", "<", ">", "&", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
      "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud800", "\\ud83d\\ude00", " ", "0123456789"};
  auto pick = [&random](int n) { return std::uniform_int_distribution<int>(0, n - 1)(random); };
  auto string = [&] {
    std::string out = "\"";
    const int count = pick(12);
    for (int i = 0; i < count; ++i) out += pieces[pick(static_cast<int>(std::size(pieces)))];
    return out + "\"";
  };
  static const char* const scalars[] = {"0", "-0", "12", "-9223372036854775808",
                                        "18446744073709551615", "123456789012345678901234",
                                        "1.5", "-0.0", "1e5", "0.0001", "0.00001",
                                        "100.0", "1.50", "0.1234567890123456", "true",
                                        "null"};
  std::string out = "[";
  const int count = 1 + pick(8);
  for (int i = 0; i < count; ++i) {
    if (i > 0) out += pick(2) == 0 ? "," : ", ";
    switch (pick(4)) {
      case 0: out += scalars[pick(static_cast<int>(std::size(scalars)))]; break;
      case 1: out += string(); break;
      case 2:
        out += "{" + string() + ":" + string() + "," + string() + ": [" + string() + "]}";
        break;
      default: out += "[" + string() + ",\n  " + string() + "]"; break;
    }
  }
  return out + "]";
}

}  // namespace

TEST_CASE("parse(text, writer): random documents, every option, as event by event") {
  std::mt19937 random(88);
  const std::vector<write_options> writings = all_write_options();
#ifdef ULTRAJSON_TEST_SANITIZED
  const int documents = 40;
#else
  const int documents = 300;
#endif
  for (int i = 0; i < documents; ++i) check_all_options(random_document(random), writings);
}

TEST_CASE("parse(text, writer): JSONTestSuite, every option, as event by event") {
  const auto dir = require_data("JSONTestSuite/test_parsing");
  if (!dir) return;
  const std::vector<write_options> writings = all_write_options();
  std::size_t files = 0;
  for (const auto& path : list_files(*dir)) {
    const std::vector<char> bytes = read_file(path);
    check_all_options(view(bytes), writings);
    ++files;
  }
  CHECK(files > 300);
}

TEST_CASE("parse(text, writer): the corpus, as event by event") {
  const auto dir = require_data("corpus");
  if (!dir) return;
  // The options that decide a string's copy, compact and indented.
  std::vector<write_options> writings;
  for (const write_options& options : all_write_options()) {
    if (!options.allow_lone_surrogates && !options.lone_surrogates_as_wtf8 &&
        options.item_separator.size() == 1) {
      writings.push_back(options);
    }
  }
  std::size_t files = 0;
  for (const auto& path : list_files(*dir)) {
    if (path.extension() != ".json") continue;
    const std::vector<char> bytes = read_file(path);
    for (const write_options& writing : writings) check_same_output(view(bytes), {}, writing);
    check_same_output(view(bytes), all_parse_options()[1], {});
    ++files;
  }
  CHECK(files >= 10);
}

TEST_CASE("parse(text, writer): caller buffers of every size, as event by event") {
  // Strings copied in place until the room runs out: the refusal must come
  // at the same event, with the same bytes written before it.
  const std::string json =
      "{\"k\": \"plain\", \"sixteen_bytes___\": [\"\", \"a/b\", \"caf\xc3\xa9\", \"x\\ny\", "
      "\"a string longer than sixteen bytes\", 12, -0, 1.5], \"last\": \"z\"}";
  for (std::size_t capacity = 1; capacity <= json.size() + 8; ++capacity) {
    check_same_output(json, {}, {}, capacity);
    write_options spaced;
    spaced.item_separator = ", ";
    check_same_output(json, {}, spaced, capacity);
  }
}

TEST_CASE("parse(text, writer): plain decimals copied or printed, as event by event") {
  // A decimal the writer would print as it is written goes out as its
  // input text (prints_plain_decimal_as_is); others are read and printed.
  // Random ones of every kind, alone and in arrays, into caller buffers
  // that run out before, inside and after them.
  std::mt19937_64 random(12042026);
#ifdef ULTRAJSON_TEST_SANITIZED
  const int arrays = 300;
#else
  const int arrays = 3000;
#endif
  write_options spaced;
  spaced.item_separator = ", ";
  spaced.indent = 2;
  for (int i = 0; i < arrays; ++i) {
    const std::string alone = random_plain_decimal(random);
    check_same_output(alone, {}, {});
    std::string json = "[" + alone;
    for (int k = 0; k < 4; ++k) json += "," + random_plain_decimal(random);
    json += "]";
    check_same_output(json, {}, {});
    check_same_output(json, {}, spaced);
    for (std::size_t capacity = 1; capacity <= json.size() + 1; capacity += 1 + static_cast<std::size_t>(i % 3)) {
      check_same_output(json, {}, {}, capacity);
    }
  }
  // The copy is the shortest text: a minify of such numbers is the input.
  const std::string canonical = "[0.0,-0.0,1.5,-100.0,0.0001,123456789012345.0,0.25]";
  writer out;
  REQUIRE(ultrajson::parse(canonical, out).ok());
  CHECK(out.view() == canonical);
}

TEST_CASE("parse(text, writer): strings of every length copied in place, as event by event") {
  // detail::copy_bytes takes a different copy for each range of lengths
  // (up to 16, 32, 64 bytes, and longer); each boundary on both sides, as a
  // value and as a key, with text on either side of the copy.
  for (std::size_t size = 0; size <= 140; ++size) {
    std::string text;
    for (std::size_t i = 0; i < size; ++i) text += static_cast<char>('a' + i % 26);
    const std::string json = "[\"" + text + "\",{\"" + text + "\":1},\"" + text + "\"]";
    check_same_output(json, {}, {});
    for (std::size_t capacity = json.size() - 4; capacity <= json.size() + 1; ++capacity) {
      check_same_output(json, {}, {}, capacity);
    }
    writer out;
    REQUIRE(ultrajson::parse(json, out).ok());
    CHECK(out.view() == json);
  }
}

TEST_CASE("copy_bytes: every length from 2 to 200 bytes, nothing outside the copy") {
  std::string source;
  for (int i = 0; i < 232; ++i) source += static_cast<char>(i * 7 + 1);
  for (std::size_t size = 2; size <= 200; ++size) {
    for (std::size_t offset = 0; offset < 16; offset += 5) {
      std::string out(size + 32, '#');
      char* end = ultrajson::detail::copy_bytes(&out[16], source.data() + offset, size);
      INFO("size " << size << " offset " << offset);
      CHECK(end == &out[16] + size);
      CHECK(out.substr(0, 16) == std::string(16, '#'));
      CHECK(out.substr(16, size) == source.substr(offset, size));
      CHECK(out.substr(16 + size) == std::string(16, '#'));
    }
  }
}
