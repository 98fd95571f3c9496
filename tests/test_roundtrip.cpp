// parse -> write -> parse gives the same events, for every file of the
// benchmark corpus and under several writer options: the writer is a
// handler, so parse(text, writer) is the minify / re-indent tool.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "support.hpp"

namespace fs = std::filesystem;
using namespace test_support;

namespace {

// parse(text, writer): the re-formatted text. Fails the test on any error.
std::string reformat(std::string_view text, const ultrajson::write_options& options) {
  ultrajson::writer out(options);
  const std::vector<char> input = exact_copy(text);
  const ultrajson::parse_result result = ultrajson::parse(view(input), out);
  INFO("parse into the writer: " << result.message() << "; writer error "
                                 << ultrajson::describe(out.error()));
  REQUIRE(result.ok());
  REQUIRE(out.error() == ultrajson::write_error::none);
  REQUIRE(out.complete());
  return out.str();
}

bool is_ascii(std::string_view text) {
  for (const char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

// '/' not written as "\/".
std::size_t unescaped_slashes(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '/' && (i == 0 || text[i - 1] != '\\')) ++count;
  }
  return count;
}

// Bytes outside strings that are JSON whitespace.
std::size_t whitespace_outside_strings(std::string_view text) {
  std::size_t count = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      ++count;
    }
  }
  return count;
}

struct variant {
  const char* name;
  ultrajson::write_options options;
};

std::vector<variant> variants() {
  std::vector<variant> out;
  out.push_back({"compact", {}});
  ultrajson::write_options indent2;
  indent2.indent = 2;
  indent2.key_separator = ": ";
  out.push_back({"indent=2", indent2});
  ultrajson::write_options ascii;
  ascii.ensure_ascii = true;
  out.push_back({"ensure_ascii", ascii});
  ultrajson::write_options slashes;
  slashes.escape_forward_slashes = true;
  out.push_back({"escape_forward_slashes", slashes});
  ultrajson::write_options everything;
  everything.indent = 4;
  everything.item_separator = ", ";
  everything.key_separator = " : ";
  everything.ensure_ascii = true;
  everything.escape_forward_slashes = true;
  everything.encode_html_chars = true;
  out.push_back({"indent=4 ascii slashes html", everything});
  return out;
}

}  // namespace

TEST_CASE("corpus: parse -> write -> parse gives the same events") {
  const auto dir = require_data("corpus");
  if (!dir) return;
  const auto files = list_files(*dir);
  REQUIRE(files.size() >= 13);
  for (const fs::path& file : files) {
    const std::vector<char> bytes = read_file(file);
    const recording original = record(view(bytes));
    INFO("file " << file.filename().string() << ": " << original.result.message());
    REQUIRE(original.result.ok());
    REQUIRE(original.events.size() > 10);

    for (const variant& v : variants()) {
      INFO("writer options: " << v.name);
      const std::string text = reformat(view(bytes), v.options);
      const recording again = record(text);
      INFO("re-parse: " << again.result.message());
      REQUIRE(again.result.ok());
      CHECK(first_difference(original.events, again.events) == "");
      if (v.options.ensure_ascii) CHECK(is_ascii(text));
      if (v.options.escape_forward_slashes) CHECK(unescaped_slashes(text) == 0);
      if (v.options.encode_html_chars) {
        CHECK(text.find_first_of("<>&") == std::string::npos);
      }
      if (v.options.indent != 0)
        CHECK(text.find("\n" + std::string(v.options.indent, ' ')) != std::string::npos);
    }
  }
}

TEST_CASE("corpus: minify removes all whitespace, keeps the events, and is idempotent") {
  const auto dir = require_data("corpus");
  if (!dir) return;
  for (const fs::path& file : list_files(*dir)) {
    INFO("file " << file.filename().string());
    const std::vector<char> bytes = read_file(file);
    const recording original = record(view(bytes));
    REQUIRE(original.result.ok());
    const std::string minified = reformat(view(bytes), {});
    CHECK(whitespace_outside_strings(minified) == 0);
    CHECK(first_difference(original.events, record(minified).events) == "");
    // Writing what the writer wrote changes nothing: its number and string
    // forms are fixed points.
    CHECK(reformat(minified, {}) == minified);
    // The pretty form minifies back to the same bytes.
    ultrajson::write_options pretty;
    pretty.indent = 2;
    CHECK(reformat(reformat(minified, pretty), {}) == minified);
  }
}

TEST_CASE("small documents round trip through every writer option") {
  const char* documents[] = {
      "null",
      "true",
      "false",
      "0",
      "-0",
      "-1",
      "1.5",
      "-0.0",
      "1e300",
      "5e-324",
      "9223372036854775807",
      "-9223372036854775808",
      "18446744073709551615",
      "18446744073709551616",
      "-123456789012345678901234567890",
      "\"\"",
      "\"a\\u0000b\"",
      // One literal in two pieces (parenthesised: clang's -Wstring-concatenation).
      ("\"\\ud83d\\ude00 \xF0\x9F\x98\x80 \\\" \\\\ \\/ \\b\\f\\n\\r\\t \\u001f </script> & "
       "\xC3\xA9\""),
      "[]",
      "{}",
      "[[]]",
      "[{}]",
      "{\"\":{}}",
      "[1,[2,[3,[4,[]]]]]",
      "{\"a\":[1,2,{\"b\":null}],\"c\":{\"d\":[true,false]},\"\":\"\"}",
      " [ 1 , 2 ] ",
  };
  for (const char* document : documents) {
    const recording original = record(document);
    INFO("document " << printable(document) << ": " << original.result.message());
    REQUIRE(original.result.ok());
    for (const variant& v : variants()) {
      INFO("writer options: " << v.name);
      const std::string text = reformat(document, v.options);
      INFO("written: " << printable(text));
      const recording again = record(text);
      REQUIRE(again.result.ok());
      CHECK(first_difference(original.events, again.events) == "");
    }
  }
}

TEST_CASE("raw_numbers: numbers pass through the writer as their text") {
  const std::string document = "[0,-0,1.50,1E5,-2.5e-3,123456789012345678901234567890,1e400]";
  ultrajson::parse_options raw;
  raw.raw_numbers = true;
  ultrajson::writer out;
  REQUIRE(ultrajson::parse(document, out, raw).ok());
  // The text is kept as written: no reformatting, no rounding, no overflow.
  CHECK(out.view() == document);
}
