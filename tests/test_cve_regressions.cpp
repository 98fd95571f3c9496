// Regression tests named after the CVEs of ujson, the library this project
// replaces: each class of bug it had must stay impossible here.

#include <catch2/catch.hpp>

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "support.hpp"

using namespace test_support;
using ultrajson::parse_error;
using ultrajson::write_error;
using ultrajson::write_options;
using ultrajson::writer;

TEST_CASE("CVE-2021-45958: a negative or huge indent is refused, never written") {
  // ujson overflowed its buffer with a large indent; here `o.indent = -4`
  // wrapped to 2^64 - 4, the reservation wrapped small and the writer wrote
  // indent * depth spaces past the heap block.
  const std::size_t bad_indents[] = {static_cast<std::size_t>(-4), static_cast<std::size_t>(-1),
                                     write_options::max_indent + 1,
                                     std::numeric_limits<std::size_t>::max() / 2};
  for (const std::size_t indent : bad_indents) {
    INFO("indent " << indent);
    write_options options;
    options.indent = indent;
    writer w(options);
    CHECK(w.error() == write_error::invalid_options);
    CHECK_FALSE(w.start_array());
    CHECK_FALSE(w.start_array());
    CHECK_FALSE(w.int64_value(1));
    CHECK(w.view().empty());
    CHECK_FALSE(w.complete());
    w.clear();  // the options stay invalid
    CHECK(w.error() == write_error::invalid_options);
    CHECK_FALSE(w.null_value());

    // Through the parser: the writer stops it and says why.
    writer out(options);
    CHECK(ultrajson::parse("[[1, [2]]]", out).code == parse_error::stopped_by_handler);
    CHECK(out.error() == write_error::invalid_options);
    // Through to_json.
    try {
      (void)ultrajson::to_json(std::vector<int>{1, 2}, options);
      FAIL("to_json accepted an invalid indent");
    } catch (const ultrajson::encode_error& e) {
      CHECK(e.code() == write_error::invalid_options);
    }
    // Into a caller's buffer.
    char buffer[64];
    writer fixed(buffer, sizeof buffer, options);
    CHECK_FALSE(fixed.start_array());
    CHECK(fixed.error() == write_error::invalid_options);
  }
  CHECK(ultrajson::describe(write_error::invalid_options).find("indent") != std::string::npos);

  // The largest indent allowed works at depth, every space where it belongs.
  write_options widest;
  widest.indent = write_options::max_indent;
  writer w(widest);
  constexpr std::size_t depth = 40;
  for (std::size_t i = 0; i < depth; ++i) REQUIRE(w.start_array());
  REQUIRE(w.int64_value(7));
  for (std::size_t i = 0; i < depth; ++i) REQUIRE(w.end_array());
  CHECK(w.complete());
  // Each level: '[' + newline + indentation opening, newline + indentation
  // closing (one level less) + ']'; then the innermost value.
  std::size_t expected = 1;  // "7"
  for (std::size_t level = 1; level <= depth; ++level) {
    expected += 2 + 1 + level * widest.indent + 1 + (level - 1) * widest.indent;
  }
  CHECK(w.size() == expected);
  CHECK(w.view().find_first_not_of("[] \n7") == std::string_view::npos);
}

TEST_CASE("CVE-2022-31116: escaped lone and mismatched surrogates, WTF-8 in the writer") {
  // ujson mishandled invalid surrogates when decoding. Every misuse of
  // \uD800-\uDFFF is an error by default; with allow_lone_surrogates each
  // lone one arrives alone as WTF-8 and a proper pair as one code point.
  ultrajson::parse_options lone;
  lone.allow_lone_surrogates = true;
  struct expectation {
    const char* json;
    const char* wtf8;
  };
  const expectation cases[] = {
      {R"("\ud800")", "\xED\xA0\x80"},                       // high alone
      {R"("\udfff")", "\xED\xBF\xBF"},                       // low alone
      {R"("\udc00\ud800")", "\xED\xB0\x80\xED\xA0\x80"},     // pair reversed
      {R"("\ud800\ud800")", "\xED\xA0\x80\xED\xA0\x80"},     // two highs
      {R"("\ud800\u0041")", "\xED\xA0\x80" "A"},             // high, then no low
      {R"("\ud800\\")", "\xED\xA0\x80\\"},                   // high, then another escape
      {R"("\ud800)", nullptr},                               // unterminated after it
      {R"("\ud800\u")", nullptr},                            // broken escape after it
      {R"("\ud800\udbff")", "\xED\xA0\x80\xED\xAF\xBF"},     // high, high
  };
  for (const expectation& c : cases) {
    INFO("json " << c.json);
    const recording strict = record(c.json);
    CHECK_FALSE(strict.result.ok());
    const recording relaxed = record(c.json, lone);
    if (c.wtf8 == nullptr) {
      CHECK_FALSE(relaxed.result.ok());
      continue;
    }
    CHECK(strict.result.code == parse_error::lone_surrogate);
    REQUIRE(relaxed.result.ok());
    REQUIRE(relaxed.events.size() == 1);
    CHECK(relaxed.events[0] == ev::str(c.wtf8));

    // The writer refuses WTF-8 unless told, and then writes the surrogates
    // as escapes, which read back to the same WTF-8.
    writer strict_writer;
    CHECK_FALSE(strict_writer.string_value(c.wtf8));
    CHECK(strict_writer.error() == write_error::invalid_utf8);
    for (const bool ascii : {false, true}) {
      write_options options;
      options.allow_lone_surrogates = true;
      options.ensure_ascii = ascii;
      writer w(options);
      REQUIRE(w.string_value(c.wtf8));
      const recording again = record(w.view(), lone);
      REQUIRE(again.result.ok());
      CHECK(again.events == relaxed.events);
    }
  }
  // A proper pair is one code point, with the option or without.
  CHECK(record(R"("\ud83d\ude00")").events[0] == ev::str("\xF0\x9F\x98\x80"));
  CHECK(record(R"("\ud83d\ude00")", lone).events[0] == ev::str("\xF0\x9F\x98\x80"));
  // Lone surrogate code units from a binding (UCS-2) are escaped, never
  // written as UTF-8 bytes a strict reader would reject.
  const char16_t units[] = {u'a', 0xD800, u'b', 0xDFFF};
  writer w;
  REQUIRE(w.string_value_units(units, 4));
  CHECK(w.view() == R"("a\ud800b\udfff")");
}

TEST_CASE("CVE-2022-31117: a writer or parser used after an error stays safe") {
  // ujson freed a buffer twice when encoding failed midway. Here every
  // failure leaves the writer whole: later events are refused, clear()
  // makes it usable again, and destruction frees each block once (ASan).
  SECTION("invalid UTF-8 in the middle of a long string, after pieces were committed") {
    std::string text(3 * ultrajson::detail::escape_piece_units, 'a');
    text[2 * ultrajson::detail::escape_piece_units + 5] = '\xFF';
    writer w;
    REQUIRE(w.start_array());
    CHECK_FALSE(w.string_value(text));
    CHECK(w.error() == write_error::invalid_utf8);
    CHECK_FALSE(w.end_array());
    CHECK_FALSE(w.string_value("fine"));
    w.clear();
    REQUIRE(w.start_array());
    REQUIRE(w.string_value("fine"));
    REQUIRE(w.end_array());
    CHECK(w.view() == R"(["fine"])");
  }
  SECTION("a full caller buffer, cleared and reused") {
    char buffer[16];
    writer w(buffer, sizeof buffer);
    REQUIRE(w.start_array());
    CHECK_FALSE(w.string_value(std::string(100000, '\n')));
    CHECK(w.error() == write_error::buffer_full);
    CHECK_FALSE(w.int64_value(1));
    w.clear();
    REQUIRE(w.start_array());
    REQUIRE(w.int64_value(1));
    REQUIRE(w.end_array());
    CHECK(w.view() == "[1]");
    CHECK(w.data() == buffer);
  }
  SECTION("a writer as a parse handler: a parse error, then another parse") {
    writer w;
    CHECK(ultrajson::parse(R"({"a":[1,2,"x\u00)", w).code == parse_error::invalid_unicode_escape);
    // The writer holds the prefix of a document; it is refused as a whole.
    CHECK_FALSE(w.complete());
    w.clear();
    REQUIRE(ultrajson::parse(R"({"a":[1,2,"x\u00e9"]})", w).ok());
    CHECK(w.view() == "{\"a\":[1,2,\"x\xC3\xA9\"]}");
  }
  SECTION("to_json throws and leaks nothing, again and again") {
    for (int i = 0; i < 3; ++i) {
      CHECK_THROWS_AS(ultrajson::to_json(std::string("\xC3")), ultrajson::encode_error);
    }
  }
  SECTION("a handler that stops the parse, used again") {
    struct stopper : recorder {
      std::size_t left = 3;
      bool int64_value(std::int64_t value) {
        return left-- != 0 && recorder::int64_value(value);
      }
    } handler;
    const std::string json = "[1,2,3,4,5]";
    CHECK(ultrajson::parse(json, handler).code == parse_error::stopped_by_handler);
    handler.left = 100;
    handler.events.clear();
    REQUIRE(ultrajson::parse(json, handler).ok());
    CHECK(handler.events.size() == 7);
  }
}
