// The writer: layouts (expected strings are Python's json.dumps output for
// the same options), every misuse reported as a write_error, raw values,
// big integers, fixed caller buffers and clear().

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "support.hpp"

using namespace test_support;
using ultrajson::write_error;
using ultrajson::write_options;
using ultrajson::writer;

namespace {

// parse(json, writer with options): json re-laid out.
std::string layout(std::string_view json, const write_options& options) {
  writer out(options);
  const ultrajson::parse_result result = ultrajson::parse(json, out);
  INFO("json " << json << ": " << result.message()
               << ", writer: " << ultrajson::describe(out.error()));
  REQUIRE(result.ok());
  REQUIRE(out.complete());
  return out.str();
}

// Python's json.dumps(obj, indent=n) layout: ',' between items and ': '
// after keys.
write_options python_indent(std::size_t n) {
  write_options options;
  options.indent = n;
  options.item_separator = ",";
  options.key_separator = ": ";
  return options;
}

// Checks a failed event: it returned false, set this error, left the output
// untouched, and the writer refuses everything afterwards.
void check_failed(writer& w, bool returned, write_error expected) {
  const std::string before = w.str();
  CHECK_FALSE(returned);
  CHECK(w.error() == expected);
  CHECK_FALSE(w.complete());
  // Every later event is refused and changes nothing, error included.
  CHECK_FALSE(w.null_value());
  CHECK_FALSE(w.bool_value(true));
  CHECK_FALSE(w.int64_value(1));
  CHECK_FALSE(w.uint64_value(1));
  CHECK_FALSE(w.double_value(1.5));
  CHECK_FALSE(w.big_integer("123"));
  CHECK_FALSE(w.raw_number("1"));
  CHECK_FALSE(w.string_value("s"));
  CHECK_FALSE(w.key("k"));
  CHECK_FALSE(w.start_object());
  CHECK_FALSE(w.end_object());
  CHECK_FALSE(w.start_array());
  CHECK_FALSE(w.end_array());
  CHECK_FALSE(w.raw_value("1"));
  CHECK(w.error() == expected);
  CHECK(w.str() == before);
  CHECK_FALSE(w.complete());
}

}  // namespace

TEST_CASE("layout: compact, and indent=2 and 4 exactly as Python's json.dumps") {
  struct expectation {
    const char* json;
    const char* compact;  // separators=(',', ':')
    const char* spaced;   // separators=(', ', ': ')
    const char* indent2;  // indent=2
    const char* indent4;  // indent=4
  };
  const expectation cases[] = {
      {R"({"a": [1, 2], "b": {}})", R"({"a":[1,2],"b":{}})", R"({"a": [1, 2], "b": {}})",
       "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}",
       "{\n    \"a\": [\n        1,\n        2\n    ],\n    \"b\": {}\n}"},
      {"[]", "[]", "[]", "[]", "[]"},
      {"{}", "{}", "{}", "{}", "{}"},
      {"[[]]", "[[]]", "[[]]", "[\n  []\n]", "[\n    []\n]"},
      {"[{}]", "[{}]", "[{}]", "[\n  {}\n]", "[\n    {}\n]"},
      {R"({"a": {"b": {"c": [null, true, false, 1.5, "x"]}}, "d": [[], {}, [[1]]]})",
       R"({"a":{"b":{"c":[null,true,false,1.5,"x"]}},"d":[[],{},[[1]]]})",
       R"({"a": {"b": {"c": [null, true, false, 1.5, "x"]}}, "d": [[], {}, [[1]]]})",
       "{\n  \"a\": {\n    \"b\": {\n      \"c\": [\n        null,\n        true,\n        false,\n"
       "        1.5,\n        \"x\"\n      ]\n    }\n  },\n  \"d\": [\n    [],\n    {},\n    [\n"
       "      [\n        1\n      ]\n    ]\n  ]\n}",
       "{\n    \"a\": {\n        \"b\": {\n            \"c\": [\n                null,\n"
       "                true,\n                false,\n                1.5,\n"
       "                \"x\"\n            ]\n        }\n    },\n    \"d\": [\n        [],\n"
       "        {},\n        [\n            [\n                1\n            ]\n        ]\n"
       "    ]\n}"},
      {R"("s")", R"("s")", R"("s")", R"("s")", R"("s")"},
      {"1", "1", "1", "1", "1"},
      {R"([1, [2, [3]], {"k": "v"}])", R"([1,[2,[3]],{"k":"v"}])", R"([1, [2, [3]], {"k": "v"}])",
       "[\n  1,\n  [\n    2,\n    [\n      3\n    ]\n  ],\n  {\n    \"k\": \"v\"\n  }\n]",
       "[\n    1,\n    [\n        2,\n        [\n            3\n        ]\n    ],\n    {\n"
       "        \"k\": \"v\"\n    }\n]"},
  };
  write_options spaced;
  spaced.item_separator = ", ";
  spaced.key_separator = ": ";
  for (const expectation& c : cases) {
    INFO("json " << c.json);
    CHECK(layout(c.json, {}) == c.compact);
    CHECK(layout(c.json, spaced) == c.spaced);
    CHECK(layout(c.json, python_indent(2)) == c.indent2);
    CHECK(layout(c.json, python_indent(4)) == c.indent4);
    // Re-laying out a laid-out document gives the same text.
    CHECK(layout(c.indent2, python_indent(2)) == c.indent2);
    CHECK(layout(c.indent4, {}) == c.compact);
  }
}

TEST_CASE("layout: custom separators, with and without indent") {
  // json.dumps(obj, indent=2, separators=(', ', ': ')) keeps the space
  // before the newline; so does the writer.
  write_options options = python_indent(2);
  options.item_separator = ", ";
  CHECK(layout(R"({"a": [1, 2], "b": {}})", options) ==
        "{\n  \"a\": [\n    1, \n    2\n  ], \n  \"b\": {}\n}");
  write_options odd;
  odd.item_separator = " ; ";
  odd.key_separator = " => ";
  CHECK(layout(R"({"a":[1,2],"b":{"c":null}})", odd) ==
        R"({"a" => [1 ; 2] ; "b" => {"c" => null}})");
  write_options one;
  one.indent = 1;
  CHECK(layout(R"({"a":[1]})", one) == "{\n \"a\":[\n  1\n ]\n}");
}

TEST_CASE("layout: events written by hand, with depth()") {
  writer w(python_indent(2));
  CHECK(w.depth() == 0);
  REQUIRE(w.start_object());
  CHECK(w.depth() == 1);
  REQUIRE(w.key("list"));
  REQUIRE(w.start_array());
  CHECK(w.depth() == 2);
  REQUIRE(w.int64_value(-1));
  REQUIRE(w.uint64_value(18446744073709551615u));
  REQUIRE(w.double_value(0.5));
  REQUIRE(w.bool_value(false));
  REQUIRE(w.null_value());
  REQUIRE(w.string_value("x"));
  CHECK_FALSE(w.complete());
  REQUIRE(w.end_array());
  REQUIRE(w.key("empty"));
  REQUIRE(w.start_object());
  REQUIRE(w.end_object());
  CHECK(w.depth() == 1);
  REQUIRE(w.end_object());
  CHECK(w.depth() == 0);
  CHECK(w.complete());
  CHECK(w.view() ==
        "{\n  \"list\": [\n    -1,\n    18446744073709551615,\n    0.5,\n    false,\n    null,\n"
        "    \"x\"\n  ],\n  \"empty\": {}\n}");
  CHECK(std::string(w.data(), w.size()) == w.str());
  CHECK(w.options().indent == 2);
}

TEST_CASE("misuse: a key outside an object") {
  {
    writer w;
    check_failed(w, w.key("a"), write_error::key_outside_object);
    CHECK(w.view().empty());
  }
  {
    writer w;
    REQUIRE(w.start_array());
    check_failed(w, w.key("a"), write_error::key_outside_object);
    CHECK(w.view() == "[");
  }
  {
    writer w;
    REQUIRE(w.start_object());
    REQUIRE(w.key("a"));
    REQUIRE(w.start_array());
    const unsigned char units[] = {'k'};
    check_failed(w, w.key_units(units, 1), write_error::key_outside_object);
  }
  {
    writer w;
    REQUIRE(w.int64_value(1));
    check_failed(w, w.key("a"), write_error::key_outside_object);
  }
}

TEST_CASE("misuse: a value where a key is due") {
  {
    writer w;
    REQUIRE(w.start_object());
    check_failed(w, w.int64_value(1), write_error::value_without_key);
    CHECK(w.view() == "{");
  }
  {
    writer w;
    REQUIRE(w.start_object());
    REQUIRE(w.key("a"));
    REQUIRE(w.null_value());
    check_failed(w, w.string_value("b"), write_error::value_without_key);
    CHECK(w.view() == R"({"a":null)");
  }
  {
    writer w;
    REQUIRE(w.start_object());
    check_failed(w, w.start_array(), write_error::value_without_key);
  }
  {
    writer w;
    REQUIRE(w.start_object());
    check_failed(w, w.raw_value("1"), write_error::value_without_key);
  }
}

TEST_CASE("misuse: a key without its value") {
  {
    writer w;
    REQUIRE(w.start_object());
    REQUIRE(w.key("a"));
    check_failed(w, w.key("b"), write_error::key_without_value);
  }
  {
    writer w;
    REQUIRE(w.start_object());
    REQUIRE(w.key("a"));
    check_failed(w, w.end_object(), write_error::key_without_value);
  }
}

TEST_CASE("misuse: unbalanced ends") {
  {
    writer w;
    check_failed(w, w.end_array(), write_error::unbalanced_end);
  }
  {
    writer w;
    check_failed(w, w.end_object(), write_error::unbalanced_end);
  }
  {
    writer w;
    REQUIRE(w.start_object());
    check_failed(w, w.end_array(), write_error::unbalanced_end);
  }
  {
    writer w;
    REQUIRE(w.start_array());
    check_failed(w, w.end_object(), write_error::unbalanced_end);
  }
  {
    writer w;
    REQUIRE(w.start_array());
    REQUIRE(w.end_array());
    check_failed(w, w.end_array(), write_error::unbalanced_end);
  }
}

TEST_CASE("misuse: depth limit") {
  write_options options;
  options.max_depth = 3;
  {
    writer w(options);
    REQUIRE(w.start_array());
    REQUIRE(w.start_object());
    REQUIRE(w.key("a"));
    REQUIRE(w.start_array());
    check_failed(w, w.start_array(), write_error::depth_limit_exceeded);
  }
  {
    writer w(options);
    REQUIRE(w.start_array());
    REQUIRE(w.start_array());
    REQUIRE(w.start_array());
    check_failed(w, w.start_object(), write_error::depth_limit_exceeded);
  }
  {
    // Exactly at the limit is fine; siblings at the limit too.
    writer w(options);
    REQUIRE(w.start_array());
    REQUIRE(w.start_array());
    for (int i = 0; i < 50; ++i) {
      REQUIRE(w.start_array());
      REQUIRE(w.end_array());
    }
    REQUIRE(w.end_array());
    REQUIRE(w.end_array());
    CHECK(w.complete());
  }
  {
    // The default limit is 1024, as the parser's.
    writer w;
    for (int i = 0; i < 1024; ++i) REQUIRE(w.start_array());
    check_failed(w, w.start_array(), write_error::depth_limit_exceeded);
  }
  {
    // A writer with a high limit as the parser's handler.
    write_options deep;
    deep.max_depth = 100000;
    ultrajson::parse_options parse_deep;
    parse_deep.max_depth = 100000;
    const std::string nested = std::string(50000, '[') + std::string(50000, ']');
    writer w(deep);
    REQUIRE(ultrajson::parse(nested, w, parse_deep).ok());
    CHECK(w.view() == nested);
  }
}

// The writer keeps its first 32 open containers inline and tests its depth
// limit and its stack's room in one compare: each limit around that room,
// in both layouts, at the first open that goes past it.
TEST_CASE("misuse: depth limits around the inline stack's room") {
  for (const std::size_t limit : std::initializer_list<std::size_t>{0, 1, 2, 31, 32, 33, 63, 64, 65, 100}) {
    for (const std::size_t indent : std::initializer_list<std::size_t>{0, 2}) {
      INFO("max_depth " << limit << ", indent " << indent);
      write_options options;
      options.max_depth = limit;
      options.indent = indent;
      writer w(options);
      for (std::size_t i = 0; i < limit; ++i) {
        REQUIRE(w.start_object());
        REQUIRE(w.key("k"));
      }
      CHECK(w.depth() == limit);
      check_failed(w, w.start_array(), write_error::depth_limit_exceeded);
      // The same writer, cleared, reaches the limit again (its stack may
      // be on the heap now), and an array at the limit may close and open
      // again (below the top level).
      w.clear();
      for (std::size_t i = 0; i < limit; ++i) REQUIRE(w.start_array());
      if (limit > 1) {
        REQUIRE(w.end_array());
        REQUIRE(w.start_array());
      }
      CHECK(w.depth() == limit);
      check_failed(w, w.start_object(), write_error::depth_limit_exceeded);
    }
  }
}

// A writer moved at its inline stack's end goes on past it, up to its limit.
TEST_CASE("a writer moved with its stack full inline goes on deeper") {
  write_options options;
  options.max_depth = 40;
  writer w(options);
  for (int i = 0; i < 32; ++i) REQUIRE(w.start_array());
  writer moved = std::move(w);
  for (int i = 0; i < 8; ++i) REQUIRE(moved.start_array());
  CHECK(moved.depth() == 40);
  CHECK_FALSE(moved.start_array());
  CHECK(moved.error() == write_error::depth_limit_exceeded);
  // The moved-from writer, cleared, is a fresh one with the same limit.
  w.clear();
  for (int i = 0; i < 40; ++i) REQUIRE(w.start_array());
  for (int i = 0; i < 40; ++i) REQUIRE(w.end_array());
  CHECK(w.view() == std::string(40, '[') + std::string(40, ']'));
}

TEST_CASE("misuse: NaN and infinities") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (const double value : {nan, inf, -inf}) {
    writer w;
    REQUIRE(w.start_array());
    check_failed(w, w.double_value(value), write_error::nan_or_infinity);
    CHECK(w.view() == "[");
  }
  write_options allow;
  allow.allow_nan = true;
  writer w(allow);
  REQUIRE(w.start_array());
  REQUIRE(w.double_value(nan));
  REQUIRE(w.double_value(inf));
  REQUIRE(w.double_value(-inf));
  REQUIRE(w.double_value(-nan));
  REQUIRE(w.end_array());
  CHECK(w.view() == "[NaN,Infinity,-Infinity,NaN]");
  // The parser with allow_nan_literals reads them back.
  ultrajson::parse_options literals;
  literals.allow_nan_literals = true;
  writer again(allow);
  REQUIRE(ultrajson::parse(w.view(), again, literals).ok());
  CHECK(again.view() == w.view());
  // A writer that refuses NaN stops the parse that feeds it.
  writer strict;
  const ultrajson::parse_result result = ultrajson::parse("[1, NaN]", strict, literals);
  CHECK(result.code == ultrajson::parse_error::stopped_by_handler);
  CHECK(result.offset == 4);
  CHECK(strict.error() == write_error::nan_or_infinity);
}

TEST_CASE("misuse: number text that is not a JSON number") {
  const char* invalid[] = {"",   "-",   "+1",  "01",       "1.",  ".5",  "1e",    "1e+", " 1",
                           "1 ", "0x1", "NaN", "Infinity", "1,2", "--1", "1.5.2", "abc", "1e5x"};
  for (const char* text : invalid) {
    INFO("text '" << text << "'");
    {
      writer w;
      REQUIRE(w.start_array());
      check_failed(w, w.big_integer(text), write_error::invalid_number_text);
      CHECK(w.view() == "[");
    }
    {
      writer w;
      check_failed(w, w.raw_number(text), write_error::invalid_number_text);
    }
  }
  writer w;
  REQUIRE(w.start_array());
  REQUIRE(w.big_integer("-123456789012345678901234567890"));
  REQUIRE(w.big_integer("0"));
  REQUIRE(w.raw_number("1.50"));
  REQUIRE(w.raw_number("-0.0e-00"));
  REQUIRE(w.raw_number("1E+400"));
  REQUIRE(w.end_array());
  CHECK(w.view() == "[-123456789012345678901234567890,0,1.50,-0.0e-00,1E+400]");
}

TEST_CASE("misuse: a second top-level value") {
  {
    writer w;
    REQUIRE(w.int64_value(1));
    CHECK(w.complete());
    check_failed(w, w.int64_value(2), write_error::document_complete);
    CHECK(w.view() == "1");
  }
  {
    writer w;
    REQUIRE(w.start_object());
    REQUIRE(w.end_object());
    check_failed(w, w.start_array(), write_error::document_complete);
    CHECK(w.view() == "{}");
  }
  {
    writer w;
    REQUIRE(w.string_value("a"));
    check_failed(w, w.raw_value("2"), write_error::document_complete);
  }
}

TEST_CASE("fixed caller buffer") {
  {
    char buffer[256];
    writer w(buffer, sizeof buffer);
    REQUIRE(w.start_array());
    REQUIRE(w.int64_value(1));
    REQUIRE(w.string_value("two"));
    REQUIRE(w.end_array());
    CHECK(w.complete());
    CHECK(w.view() == R"([1,"two"])");
    CHECK(w.data() == buffer);  // written in place
  }
  {
    char buffer[8];
    writer w(buffer, sizeof buffer);
    REQUIRE(w.start_array());
    check_failed(w, w.string_value("a string longer than the buffer"), write_error::buffer_full);
    CHECK(w.size() <= sizeof buffer);
  }
  {
    // Many values: the buffer fills up at some point, and what was written
    // before stays within it.
    char buffer[100];
    writer w(buffer, sizeof buffer);
    REQUIRE(w.start_array());
    int written = 0;
    while (w.int64_value(written)) ++written;
    CHECK(w.error() == write_error::buffer_full);
    CHECK(w.size() <= sizeof buffer);
    CHECK(written > 0);
    CHECK(w.data() == buffer);
  }
}

TEST_CASE("fixed caller buffer: misuse is reported before a full buffer") {
  // Raw text too long for the buffer is refused before it is copied aside,
  // but a value where a key is due is still that error, not buffer_full.
  char buffer[4];
  writer w(buffer, sizeof buffer);
  REQUIRE(w.start_object());
  check_failed(w, w.raw_value("123456789"), write_error::value_without_key);

  writer full(buffer, sizeof buffer);
  REQUIRE(full.start_array());
  check_failed(full, full.raw_number("123456789"), write_error::buffer_full);
}

TEST_CASE("fixed caller buffer: a null buffer holds nothing, whatever its capacity") {
  // Found by fuzz_write: a null buffer with a capacity was written through.
  writer w(nullptr, 100);
  check_failed(w, w.string_value("abc"), write_error::buffer_full);
  CHECK(w.size() == 0);
  writer empty(nullptr, 0);
  check_failed(empty, empty.null_value(), write_error::buffer_full);
}

TEST_CASE("fixed caller buffer: an exact-size buffer holds its document") {
  // "Writes into buffer[0, capacity) and fails with buffer_full past it": a
  // document that fits must be written, even though the writer reserves
  // worst cases (32 bytes per number, 6 per string byte) as it goes.
  const std::string expected = R"([1,"ab",{"k":2.5}])";
  std::string buffer(expected.size(), '\0');
  writer w(buffer.data(), buffer.size());
  CHECK(w.start_array());
  CHECK(w.int64_value(1));
  CHECK(w.string_value("ab"));
  CHECK(w.start_object());
  CHECK(w.key("k"));
  CHECK(w.double_value(2.5));
  CHECK(w.end_object());
  CHECK(w.end_array());
  INFO("writer error: " << ultrajson::describe(w.error()));
  CHECK(w.complete());
  CHECK(w.view() == expected);
}

TEST_CASE("fixed caller buffer: every capacity, every event near the buffer's end") {
  // Events are written in place while the buffer has room for their worst
  // case, else through a spill area copied back: a document fits exactly
  // when the capacity is its size, whichever way each event went, and a
  // smaller buffer fails with buffer_full having written only a prefix.
  const auto write_document = [](writer& w) {
    return w.start_object() && w.key("k") && w.int64_value(-12345678901) && w.key("list") &&
           w.start_array() && w.null_value() && w.bool_value(true) && w.double_value(0.1) &&
           w.string_value("short") && w.string_value("a string of more than sixteen bytes") &&
           w.string_value("esc\"aped\n") && w.string_value("a/b\x7F") && w.uint64_value(7) &&
           w.start_object() && w.end_object() && w.start_array() && w.end_array() &&
           w.end_array() && w.key("\xC3\xA9t\xC3\xA9") && w.bool_value(false) && w.end_object();
  };
  // Each of these takes fast paths of its own: short strings with '/' or
  // DEL escaped out of line, the indented layout and a long separator
  // through the general paths.
  std::vector<write_options> option_sets(5);
  option_sets[1].ensure_ascii = true;
  option_sets[2].escape_forward_slashes = true;
  option_sets[3] = python_indent(2);
  option_sets[4].item_separator = ", ";
  for (std::size_t set = 0; set < option_sets.size(); ++set) {
    writer growing(option_sets[set]);
    REQUIRE(write_document(growing));
    const std::string expected = growing.str();
    if (set == 0) {
      CHECK(expected ==
            "{\"k\":-12345678901,\"list\":[null,true,0.1,\"short\",\"a string of more than sixteen "
            "bytes\",\"esc\\\"aped\\n\",\"a/b\x7F\",7,{},[]],\"\xC3\xA9t\xC3\xA9\":false}");
    } else if (set == 1) {
      CHECK(expected ==
            "{\"k\":-12345678901,\"list\":[null,true,0.1,\"short\",\"a string of more than sixteen "
            "bytes\",\"esc\\\"aped\\n\",\"a/b\\u007f\",7,{},[]],\"\\u00e9t\\u00e9\":false}");
    } else if (set == 2) {
      CHECK(expected.find("\"a\\/b\x7F\"") != std::string::npos);
    }
    for (std::size_t capacity = 0; capacity <= expected.size() + 64; ++capacity) {
      std::string buffer(capacity, '\0');
      writer w(buffer.data(), capacity, option_sets[set]);
      const bool written = write_document(w);
      INFO("options " << set << ", capacity " << capacity
                      << ", writer error: " << ultrajson::describe(w.error()));
      CHECK(written == (capacity >= expected.size()));
      CHECK(w.size() <= capacity);
      if (written) {
        CHECK(w.complete());
        CHECK(w.view() == expected);
      } else {
        CHECK(w.error() == write_error::buffer_full);
        CHECK(expected.compare(0, w.size(), w.view()) == 0);
      }
    }
  }
}

// Short strings and keys with '/' or DEL escaped take their fast path out
// of line, after the inline one refused them: misuse is still reported.
TEST_CASE("misuse: short strings and keys with optional escapes") {
  for (const bool ascii : {false, true}) {
    write_options options;
    options.ensure_ascii = ascii;
    options.escape_forward_slashes = !ascii;
    {
      writer w(options);
      REQUIRE(w.start_array());
      check_failed(w, w.key("k/"), write_error::key_outside_object);
    }
    {
      writer w(options);
      REQUIRE(w.start_object());
      check_failed(w, w.string_value("v/"), write_error::value_without_key);
    }
    {
      writer w(options);
      REQUIRE(w.start_object());
      REQUIRE(w.key("k"));
      check_failed(w, w.key("k2"), write_error::key_without_value);
    }
    {
      writer w(options);
      REQUIRE(w.string_value("done"));
      check_failed(w, w.string_value("again"), write_error::document_complete);
    }
  }
}

TEST_CASE("raw_value inserts JSON text as a value") {
  writer w;
  REQUIRE(w.start_array());
  REQUIRE(w.raw_value(R"({"pre":"formatted"})"));
  REQUIRE(w.int64_value(2));
  REQUIRE(w.raw_value("[ 1 , 2 ]"));  // taken verbatim
  REQUIRE(w.start_object());
  REQUIRE(w.key("r"));
  REQUIRE(w.raw_value("true"));
  REQUIRE(w.end_object());
  REQUIRE(w.end_array());
  CHECK(w.view() == R"([{"pre":"formatted"},2,[ 1 , 2 ],{"r":true}])");

  writer pretty(python_indent(2));
  REQUIRE(pretty.start_array());
  REQUIRE(pretty.raw_value("{\"x\":1}"));
  REQUIRE(pretty.int64_value(2));
  REQUIRE(pretty.end_array());
  CHECK(pretty.view() == "[\n  {\"x\":1},\n  2\n]");

  writer top;
  REQUIRE(top.raw_value("42"));
  CHECK(top.complete());
  CHECK(top.view() == "42");
}

TEST_CASE("clear() starts over, keeping the memory") {
  writer w;
  REQUIRE(w.start_array());
  for (int i = 0; i < 1000; ++i) REQUIRE(w.int64_value(i));
  REQUIRE(w.end_array());
  CHECK(w.complete());
  const char* memory = w.data();
  w.clear();
  CHECK(w.size() == 0);
  CHECK(w.view().empty());
  CHECK_FALSE(w.complete());
  CHECK(w.depth() == 0);
  REQUIRE(w.string_value("again"));
  CHECK(w.view() == R"("again")");
  CHECK(w.complete());
  CHECK(w.data() == memory);

  // After an error, clear() forgets it.
  REQUIRE_FALSE(w.int64_value(1));
  CHECK(w.error() == write_error::document_complete);
  w.clear();
  CHECK(w.error() == write_error::none);
  REQUIRE(w.start_object());
  REQUIRE(w.end_object());
  CHECK(w.view() == "{}");

  // With open containers.
  w.clear();
  REQUIRE(w.start_array());
  REQUIRE(w.start_array());
  w.clear();
  CHECK(w.depth() == 0);
  REQUIRE(w.null_value());
  CHECK(w.view() == "null");
  CHECK(w.complete());
}

TEST_CASE("write_error descriptions are distinct") {
  const auto last = static_cast<int>(write_error::invalid_options);
  for (int a = 0; a <= last; ++a) {
    const auto code = static_cast<write_error>(a);
    CHECK(ultrajson::describe(code) != "unknown error");
    for (int b = a + 1; b <= last; ++b) {
      CHECK(ultrajson::describe(code) != ultrajson::describe(static_cast<write_error>(b)));
    }
  }
}

namespace {

// Opens `depth` arrays (deeper than the writer's inline stack) and writes a
// value; the caller closes them.
ultrajson::writer half_written(std::size_t depth) {
  ultrajson::writer w;
  for (std::size_t i = 0; i < depth; ++i) w.start_array();
  w.string_value("deep");
  return w;
}

}  // namespace

TEST_CASE("a writer is movable: a function can return one, half-written") {
  for (const std::size_t depth : {std::size_t{3}, std::size_t{40}}) {
    ultrajson::writer w = half_written(depth);
    CHECK(w.depth() == depth);
    for (std::size_t i = 0; i < depth; ++i) REQUIRE(w.end_array());
    CHECK(w.complete());
    CHECK(w.view() == std::string(depth, '[') + "\"deep\"" + std::string(depth, ']'));

    ultrajson::writer assigned;
    assigned.int64_value(1);
    assigned = half_written(depth);
    assigned.end_array();
    CHECK(assigned.depth() == depth - 1);
  }
  // A writer into a caller's buffer keeps writing into it after a move.
  char buffer[16];
  ultrajson::writer fixed(buffer, sizeof buffer);
  fixed.start_array();
  ultrajson::writer moved = std::move(fixed);
  CHECK(moved.int64_value(7));
  CHECK(moved.end_array());
  CHECK(moved.complete());
  CHECK(moved.data() == buffer);
  CHECK(std::string_view(buffer, moved.size()) == "[7]");
  CHECK_FALSE(moved.int64_value(8));  // the document is complete
}

namespace {

// The writer's events called one by one, as any caller other than
// parse(text, writer) calls them: parse<Handler> with this handler takes
// the writer's own key() and string_value().
struct event_by_event {
  writer& out;
  bool null_value() { return out.null_value(); }
  bool bool_value(bool value) { return out.bool_value(value); }
  bool int64_value(std::int64_t value) { return out.int64_value(value); }
  bool uint64_value(std::uint64_t value) { return out.uint64_value(value); }
  bool big_integer(std::string_view digits) { return out.big_integer(digits); }
  bool raw_number(std::string_view text) { return out.raw_number(text); }
  bool double_value(double value) { return out.double_value(value); }
  bool string_value(std::string_view utf8) { return out.string_value(utf8); }
  bool key(std::string_view utf8) { return out.key(utf8); }
  bool start_object() { return out.start_object(); }
  bool end_object(std::size_t count) { return out.end_object(count); }
  bool start_array() { return out.start_array(); }
  bool end_array(std::size_t count) { return out.end_array(count); }
};

}  // namespace

TEST_CASE("parse(text, writer): the same output as the writer's events one by one") {
  // Keys and strings on each side of the short in-place test (16 bytes) and
  // of the in-place room, plain, escaped, non-ASCII, with '/' and DEL.
  const std::string long_plain(5000, 'k');
  const std::string json =
      "{\"a\": \"\", \"fifteen_bytes__\": \"sixteen_bytes___\", "
      "\"seventeen_bytes__\": [\"tab\\there\", \"caf\\u00e9 \xe2\x82\xac \xf0\x9f\x98\x80\", "
      "\"a/b\x7f\", \"\\\"q\\\"\\\\\", null, true, false, -12, 18446744073709551615, "
      "123456789012345678901234567890, 1.5e-7, {}, []], "
      "\"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\": \"" + long_plain + "\", \"" + long_plain +
      "\": {\"x\\n\": [[1], {\"y\": 2}]}}";
  write_options ascii;
  ascii.ensure_ascii = true;
  write_options slashes;
  slashes.escape_forward_slashes = true;
  write_options html;
  html.encode_html_chars = true;
  write_options indented;
  indented.indent = 2;
  write_options long_separators;
  long_separators.item_separator = ", ";
  long_separators.key_separator = ": ";
  for (const write_options& options : {write_options{}, ascii, slashes, html, indented,
                                       long_separators}) {
    writer direct(options);
    REQUIRE(ultrajson::parse(json, direct).ok());
    writer one_by_one(options);
    event_by_event events{one_by_one};
    REQUIRE(ultrajson::parse(json, events).ok());
    REQUIRE(direct.complete());
    CHECK(direct.view() == one_by_one.view());
  }
}

TEST_CASE("parse(text, writer): the writer keeps what was written when the parse fails") {
  writer out;
  const ultrajson::parse_result result = ultrajson::parse("[1, \"ab\", x]", out);
  CHECK(result.code == ultrajson::parse_error::expected_value);
  CHECK(result.offset == 10);
  CHECK(out.view() == "[1,\"ab\"");
  CHECK(out.depth() == 1);
  CHECK_FALSE(out.complete());
  // Its state came back too: the array is still open.
  CHECK(out.string_value("c"));
  CHECK(out.end_array());
  CHECK(out.view() == "[1,\"ab\",\"c\"]");
  CHECK(out.complete());
}

TEST_CASE("parse(text, writer): the writer's refusal stops the parse, and its error stays") {
  SECTION("a second document") {
    writer out;
    REQUIRE(ultrajson::parse("{\"k\": 1}", out).ok());
    const ultrajson::parse_result result = ultrajson::parse(std::string_view("[2]"), out);
    CHECK(result.code == ultrajson::parse_error::stopped_by_handler);
    CHECK(out.error() == write_error::document_complete);
    CHECK(out.view() == "{\"k\":1}");
  }
  SECTION("a full caller buffer, through parse(data, size, writer)") {
    char buffer[8];
    writer out(buffer, sizeof buffer);
    const std::string json = "[\"abc\", \"defgh\"]";
    const ultrajson::parse_result result = ultrajson::parse(json.data(), json.size(), out);
    CHECK(result.code == ultrajson::parse_error::stopped_by_handler);
    CHECK(result.offset == 8);
    CHECK(out.error() == write_error::buffer_full);
    CHECK(out.view() == "[\"abc\"");
    CHECK(out.data() == buffer);
  }
}

TEST_CASE("parse(text, writer): strings of a strict parse, their non-ASCII unchecked") {
  // Non-ASCII (two, three and four bytes) at every position of strings on
  // each side of the 16-byte blocks, before and after bytes that are escaped.
  const char* const sequences[] = {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80"};
  std::string json = "[";
  for (std::size_t length = 0; length < 40; ++length) {
    for (std::size_t at = 0; at <= length; ++at) {
      for (const char* sequence : sequences) {
        std::string text(length, 'x');
        text.insert(at, sequence);
        json += "\"" + text + "\", \"" + text + "\\n\", \"\\\"" + text + "/\", ";
      }
    }
  }
  json += "{\"\xe2\x82\xac\": 1, \"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe6\x97\xa5\xe6\x9c\xac\": 2}]";
  write_options ascii;
  ascii.ensure_ascii = true;
  write_options slashes;
  slashes.escape_forward_slashes = true;
  for (const write_options& options : {write_options{}, ascii, slashes}) {
    writer direct(options);
    REQUIRE(ultrajson::parse(json, direct).ok());
    writer one_by_one(options);
    event_by_event events{one_by_one};
    REQUIRE(ultrajson::parse(json, events).ok());
    CHECK(direct.view() == one_by_one.view());
  }
}

TEST_CASE("parse(text, writer): lone surrogates a lenient parse lets through are checked") {
  ultrajson::parse_options lenient;
  lenient.allow_lone_surrogates = true;
  const std::string json = "[\"abc\\ud800\", \"long enough to pass sixteen \\udfff bytes\"]";
  SECTION("refused by a strict writer") {
    writer out;
    const ultrajson::parse_result result = ultrajson::parse(json, out, lenient);
    CHECK(result.code == ultrajson::parse_error::stopped_by_handler);
    CHECK(out.error() == write_error::invalid_utf8);
  }
  SECTION("written as escapes or as WTF-8 when the writer allows them") {
    write_options escaped;
    escaped.allow_lone_surrogates = true;
    write_options wtf8 = escaped;
    wtf8.lone_surrogates_as_wtf8 = true;
    for (const write_options& options : {escaped, wtf8}) {
      writer direct(options);
      REQUIRE(ultrajson::parse(json, direct, lenient).ok());
      writer one_by_one(options);
      event_by_event events{one_by_one};
      REQUIRE(ultrajson::parse(json, events, lenient).ok());
      CHECK(direct.view() == one_by_one.view());
    }
    writer out(escaped);
    REQUIRE(ultrajson::parse(json, out, lenient).ok());
    CHECK(out.view() == "[\"abc\\ud800\",\"long enough to pass sixteen \\udfff bytes\"]");
  }
}
