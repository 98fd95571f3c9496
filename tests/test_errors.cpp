// Decoder errors: every parse_error code is reachable, each reports the
// right offset, line, column and message; a handler can stop the parse at
// any event; nesting depth is bounded (a million '[' is a clean error); and
// no input is read past its end (every input sits in an exact-size buffer).

#include <catch2/catch.hpp>

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "support.hpp"

using namespace test_support;
using ultrajson::parse_error;
using ultrajson::parse_options;

namespace {

struct error_case {
  std::string json;
  parse_error code;
  std::size_t offset;
  std::size_t line;
  std::size_t column;
  std::string found;  // as the message names it
};

std::vector<error_case> error_cases() {
  using E = parse_error;
  return {
      {"", E::expected_value, 0, 1, 1, "end of input"},
      {"   ", E::expected_value, 3, 1, 4, "end of input"},
      {"[1,]", E::expected_value, 3, 1, 4, "']'"},
      {"{\"a\":}", E::expected_value, 5, 1, 6, "'}'"},
      {"[\n  1,\n  ]", E::expected_value, 9, 3, 3, "']'"},
      {"'a'", E::expected_value, 0, 1, 1, "'''"},
      {"NaN", E::expected_value, 0, 1, 1, "'N'"},
      {"\xEF\xBB\xBF{}", E::expected_value, 0, 1, 1, "byte 0xEF"},
      {"tru", E::invalid_literal, 0, 1, 1, "'t'"},
      {"[true, fals]", E::invalid_literal, 7, 1, 8, "'f'"},
      {"[nul", E::invalid_literal, 1, 1, 2, "'n'"},
      {"nulL", E::invalid_literal, 0, 1, 1, "'n'"},
      {"-", E::invalid_number, 1, 1, 2, "end of input"},
      {"[01]", E::invalid_number, 2, 1, 3, "'1'"},
      {"[1.]", E::invalid_number, 3, 1, 4, "']'"},
      {"1e+x", E::invalid_number, 3, 1, 4, "'x'"},
      {"\"abc", E::unterminated_string, 4, 1, 5, "end of input"},
      {"[\"a\\", E::unterminated_string, 4, 1, 5, "end of input"},
      {"\"a\tb\"", E::control_character_in_string, 2, 1, 3, "control character U+0009"},
      {"[\n\"line\nbreak\"]", E::control_character_in_string, 7, 2, 6, "control character U+000A"},
      {"\"\\x\"", E::invalid_escape, 1, 1, 2, "'\\'"},
      {"\"ab\\u12\"", E::invalid_unicode_escape, 3, 1, 4, "'\\'"},
      {"\"\\ud800\"", E::lone_surrogate, 1, 1, 2, "'\\'"},
      {"\"\xFF\"", E::invalid_utf8, 1, 1, 2, "byte 0xFF"},
      {"[\"\xC3\xA9\xC3\"]", E::invalid_utf8, 4, 1, 5, "byte 0xC3"},
      {"{1:2}", E::expected_key, 1, 1, 2, "'1'"},
      {"{\"a\":1,}", E::expected_key, 7, 1, 8, "'}'"},
      {"{\"a\":1, ", E::expected_key, 8, 1, 9, "end of input"},
      {"{'a':1}", E::expected_key, 1, 1, 2, "'''"},
      {"{\"a\" 1}", E::expected_colon, 5, 1, 6, "'1'"},
      {"{\"a\"", E::expected_colon, 4, 1, 5, "end of input"},
      {"{\"a\" ;1}", E::expected_colon, 5, 1, 6, "';'"},
      {"{\"a\" ", E::expected_colon, 5, 1, 6, "end of input"},
      {"{\"a\"  ", E::expected_colon, 6, 1, 7, "end of input"},
      {"{\"a\" :", E::expected_value, 6, 1, 7, "end of input"},
      {"{\"a\": ", E::expected_value, 6, 1, 7, "end of input"},
      {"{\"a\" : }", E::expected_value, 7, 1, 8, "'}'"},
      {"{\"a\":  x}", E::expected_value, 7, 1, 8, "'x'"},
      {"{\n  \"second\": [10, 20, 3],\n  \"abcdefghi\"}", E::expected_colon, 40, 3, 14, "'}'"},
      {"{\"a\":1 \"b\":2}", E::expected_comma_or_object_end, 7, 1, 8, "'\"'"},
      {"{\"a\":1]", E::expected_comma_or_object_end, 6, 1, 7, "']'"},
      {"{\"a\":1", E::expected_comma_or_object_end, 6, 1, 7, "end of input"},
      {"[1 2]", E::expected_comma_or_array_end, 3, 1, 4, "'2'"},
      {"[1}", E::expected_comma_or_array_end, 2, 1, 3, "'}'"},
      {"[[]", E::expected_comma_or_array_end, 3, 1, 4, "end of input"},
      {"[\r\n1,\r\n2\r\n x]", E::expected_comma_or_array_end, 11, 4, 2, "'x'"},
      {"[\"\xC3\xA9\", 1 x]", E::expected_comma_or_array_end, 9, 1, 10, "'x'"},
      {"1 2", E::trailing_data, 2, 1, 3, "'2'"},
      {"[]]", E::trailing_data, 2, 1, 3, "']'"},
      {"{}\n\n  x", E::trailing_data, 6, 3, 3, "'x'"},
      {"null\x01", E::trailing_data, 4, 1, 5, "control character U+0001"},
      {"\"a\"\x80", E::trailing_data, 3, 1, 4, "byte 0x80"},
      {std::string(1025, '['), E::depth_limit_exceeded, 1024, 1, 1025, "'['"},
  };
}

// Stops at the first event of one kind; records all it sees.
struct stopper {
  event::kind stop_at;
  std::vector<event::kind> seen;

  bool on(event::kind kind) {
    seen.push_back(kind);
    return kind != stop_at;
  }
  bool null_value() { return on(event::kind::null_value); }
  bool bool_value(bool) { return on(event::kind::bool_value); }
  bool int64_value(std::int64_t) { return on(event::kind::int64_value); }
  bool uint64_value(std::uint64_t) { return on(event::kind::uint64_value); }
  bool big_integer(std::string_view) { return on(event::kind::big_integer); }
  bool double_value(double) { return on(event::kind::double_value); }
  bool raw_number(std::string_view) { return on(event::kind::raw_number); }
  bool string_value(std::string_view) { return on(event::kind::string_value); }
  bool key(std::string_view) { return on(event::kind::key); }
  bool start_object() { return on(event::kind::start_object); }
  bool end_object(std::size_t) { return on(event::kind::end_object); }
  bool start_array() { return on(event::kind::start_array); }
  bool end_array(std::size_t) { return on(event::kind::end_array); }
};

}  // namespace

TEST_CASE("each error: code, offset, line, column and what was found") {
  for (const error_case& c : error_cases()) {
    const recording got = record(c.json);
    INFO("json " << printable(c.json) << ": " << got.result.message());
    CHECK(got.result.code == c.code);
    CHECK(got.result.offset == c.offset);
    CHECK(got.result.line == c.line);
    CHECK(got.result.column == c.column);
    CHECK(got.result.found == c.found);
    CHECK_FALSE(got.result.ok());
    CHECK_FALSE(static_cast<bool>(got.result));
  }
}

TEST_CASE("every parse_error code is reached by some input") {
  std::set<parse_error> seen;
  for (const error_case& c : error_cases()) {
    const recording got = record(c.json);
    seen.insert(got.result.code);
  }
  // The one the table cannot hold: a handler's refusal.
  stopper handler{event::kind::null_value, {}};
  seen.insert(ultrajson::parse("null", handler).code);

  const auto last = static_cast<int>(parse_error::stopped_by_handler);
  for (int value = 1; value <= last; ++value) {
    const auto code = static_cast<parse_error>(value);
    INFO("parse_error value " << value << " (" << ultrajson::expectation(code) << ")");
    CHECK(seen.count(code) == 1);
    CHECK(ultrajson::expectation(code) != "unknown error");
    CHECK(ultrajson::expectation(code) != ultrajson::expectation(parse_error::none));
  }
  // The codes after it come from the layers above the parser (documents,
  // files, typed decoding: test_document.cpp, test_file.cpp, test_typed.cpp);
  // none beyond those: a new code must be taught to this test.
  const auto last_of_all = static_cast<int>(parse_error::unknown_key);
  for (int value = last + 1; value <= last_of_all; ++value) {
    const auto code = static_cast<parse_error>(value);
    CHECK(ultrajson::expectation(code) != "unknown error");
  }
  CHECK(ultrajson::expectation(static_cast<parse_error>(last_of_all + 1)) == "unknown error");
  CHECK(seen.count(parse_error::none) == 0);
}

TEST_CASE("messages name what was expected, what was found, and where") {
  const std::string json = "{\n  \"second\": [10, 20, 3],\n  \"abcdefghi\"}";
  const recording got = record(json);
  CHECK(got.result.message() ==
        "expected ':' after object key, found '}' at line 3, column 14 (byte 40)");
  CHECK(record("[1,").result.message() ==
        "expected a value, found end of input at line 1, column 4 (byte 3)");
  CHECK(record("\"a\tb\"").result.message() ==
        "control characters must be escaped in strings, found control character U+0009 at line "
        "1, column 3 (byte 2)");
  CHECK(record("[\"\xFF\"]").result.message() ==
        "invalid UTF-8, found byte 0xFF at line 1, column 3 (byte 2)");
  CHECK(record("[1 2]").result.message() ==
        "expected ',' or ']' after array element, found '2' at line 1, column 4 (byte 3)");
  CHECK(record("{\"a\":1 2}").result.message() ==
        "expected ',' or '}' after object member, found '2' at line 1, column 8 (byte 7)");
  CHECK(record("\"\\q\"").result.message() ==
        "invalid escape sequence in string, found '\\' at line 1, column 2 (byte 1)");
  CHECK(record("[] []").result.message() ==
        "expected end of input after the document, found '[' at line 1, column 4 (byte 3)");
  CHECK(ultrajson::parse_result{}.message() == "no error");
  stopper handler{event::kind::int64_value, {}};
  CHECK(ultrajson::parse("[\n 7]", handler).message() ==
        "stopped by handler at line 2, column 2 (byte 3)");
}

TEST_CASE("a handler can stop the parse at every kind of event") {
  const std::string document =
      R"({"k":[null,true,1,18446744073709551615,123456789012345678901234567890,1.5,"s",{},[],{"x":0},[2]]})";
  using K = event::kind;
  struct expectation {
    K kind;
    std::size_t offset;  // of the token whose event refused
    bool raw;            // parse with raw_numbers
  };
  const auto at = [&document](std::string_view token, std::size_t from = 0) {
    return document.find(token, from);
  };
  const expectation cases[] = {
      {K::start_object, 0, false},
      {K::key, 1, false},
      {K::start_array, 5, false},
      {K::null_value, at("null"), false},
      {K::bool_value, at("true"), false},
      {K::int64_value, at(",1,") + 1, false},
      {K::uint64_value, at("1844"), false},
      {K::big_integer, at("1234"), false},
      {K::double_value, at("1.5"), false},
      {K::string_value, at("\"s\""), false},
      {K::raw_number, at(",1,") + 1, true},
      // The first end_object and end_array close empty containers: the
      // offset is that of the closing bracket, as for non-empty ones.
      {K::end_object, at("{}") + 1, false},
      {K::end_array, at("[]") + 1, false},
  };
  for (const expectation& c : cases) {
    stopper handler{c.kind, {}};
    parse_options options;
    options.raw_numbers = c.raw;
    const std::vector<char> input = exact_copy(document);
    const ultrajson::parse_result result = ultrajson::parse(view(input), handler, options);
    INFO("stop at event kind " << static_cast<int>(c.kind) << ": " << result.message());
    CHECK(result.code == parse_error::stopped_by_handler);
    CHECK(result.offset == c.offset);
    CHECK(result.line == 1);
    CHECK(result.column == c.offset + 1);
    CHECK(result.found.empty());
    // The refusing event was the last one delivered.
    REQUIRE_FALSE(handler.seen.empty());
    CHECK(handler.seen.back() == c.kind);
    for (std::size_t i = 0; i + 1 < handler.seen.size(); ++i) CHECK(handler.seen[i] != c.kind);
  }
  // Non-empty containers: the closing bracket, too.
  const std::string nested = "[[1],{\"a\":2}]";
  stopper arrays{K::end_array, {}};
  CHECK(ultrajson::parse(nested, arrays).offset == 3);
  stopper objects{K::end_object, {}};
  CHECK(ultrajson::parse(nested, objects).offset == 11);
  // A refusal at the last event of the document is still a refusal.
  stopper last{K::end_array, {}};
  const ultrajson::parse_result whole = ultrajson::parse("[1]", last);
  CHECK(whole.code == parse_error::stopped_by_handler);
  CHECK(whole.offset == 2);
}

TEST_CASE("depth: a million '[' is a clean error at the default limit of 1024") {
  for (const char* unit : {"[", "{\"a\":", "[{\"\":"}) {
    std::string text;
    const std::string piece(unit);
    while (text.size() < 1000000) text += piece;
    const std::vector<char> input = exact_copy(text);
    recorder handler;
    const ultrajson::parse_result result = ultrajson::parse(view(input), handler);
    INFO("unit " << unit << ": " << result.message());
    CHECK(result.code == parse_error::depth_limit_exceeded);
    // The 1025th opening bracket is refused.
    std::size_t opened = 0, offset = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '[' || text[i] == '{') {
        if (opened++ == 1024) {
          offset = i;
          break;
        }
      }
    }
    CHECK(result.offset == offset);
    std::size_t starts = 0;
    for (const event& e : handler.events) {
      if (e.type == event::kind::start_array || e.type == event::kind::start_object) ++starts;
    }
    CHECK(starts == 1024);
  }
  std::string million(1000000, '[');
  recorder handler;
  const ultrajson::parse_result result = ultrajson::parse(view(exact_copy(million)), handler);
  CHECK(result.code == parse_error::depth_limit_exceeded);
  CHECK(result.offset == 1024);
}

TEST_CASE("depth: max_depth is honoured exactly") {
  const auto nested = [](std::size_t depth) {
    return std::string(depth, '[') + std::string(depth, ']');
  };
  for (const std::size_t limit : {std::size_t{1}, std::size_t{5}, std::size_t{31}, std::size_t{32},
                                  std::size_t{33}, std::size_t{64}, std::size_t{1024}}) {
    parse_options options;
    options.max_depth = limit;
    INFO("max_depth " << limit);
    CHECK(record(nested(limit), options).result.ok());
    const recording deeper = record(nested(limit + 1), options);
    CHECK(deeper.result.code == parse_error::depth_limit_exceeded);
    CHECK(deeper.result.offset == limit);
    // Depth is nesting, not count: many siblings at the limit are fine.
    if (limit < 2) continue;
    std::string siblings = std::string(limit - 1, '[');
    for (int i = 0; i < 100; ++i) siblings += i == 0 ? "{}" : ",{}";
    siblings += std::string(limit - 1, ']');
    CHECK(record(siblings, options).result.ok());
  }
  parse_options none;
  none.max_depth = 0;
  CHECK(record("[]", none).result.code == parse_error::depth_limit_exceeded);
  CHECK(record("{}", none).result.code == parse_error::depth_limit_exceeded);
  CHECK(record("\"scalars need no depth\"", none).result.ok());
  CHECK(record("12", none).result.ok());
  // Deep but allowed: the parser's own stack grows on the heap.
  parse_options deep;
  deep.max_depth = 200000;
  const recording got = record(nested(150000), deep);
  CHECK(got.result.ok());
  CHECK(got.events.size() == 300000);
  CHECK(got.events[150000] == ev::end_array(0));
  CHECK(got.events.back() == ev::end_array(1));
}

TEST_CASE("container counts in end events") {
  const recording got = record(R"({"a":[1,[],{},[2,3]],"b":{"c":{}},"d":null})");
  REQUIRE(got.result.ok());
  CHECK(first_difference(
            {ev::start_object(), ev::key("a"),      ev::start_array(),  ev::int64(1),
             ev::start_array(),  ev::end_array(0),  ev::start_object(), ev::end_object(0),
             ev::start_array(),  ev::int64(2),      ev::int64(3),       ev::end_array(2),
             ev::end_array(4),   ev::key("b"),      ev::start_object(), ev::key("c"),
             ev::start_object(), ev::end_object(0), ev::end_object(1),  ev::key("d"),
             ev::null(),         ev::end_object(3)},
            got.events) == "");
}

TEST_CASE("truncations of a document with every feature: errors, never overreads") {
  const std::string document =
      "{\n \"a\" : [ null , true , false , -0 , 12 , -3.5e-7 , 18446744073709551615 ,\r\n"
      " 123456789012345678901234567890 , \"s\\n\\u00e9\\ud83d\\ude00\xC3\xA9\xF0\x9F\x98\x80\" ,"
      " { } , [ ] , { \"k\" : [ [ ] ] } ] ,\t\"\" : \"\" }";
  REQUIRE(record(document).result.ok());
  parse_options extensions;
  extensions.allow_nan_literals = true;
  extensions.allow_lone_surrogates = true;
  extensions.raw_numbers = true;
  for (std::size_t n = 0; n < document.size(); ++n) {
    for (const parse_options& options : {parse_options{}, extensions}) {
      const recording got = record(document.substr(0, n), options);
      INFO("cut at " << n << ": " << got.result.message());
      CHECK_FALSE(got.result.ok());
      CHECK(got.result.offset <= n);
    }
  }
}

TEST_CASE("a byte that is not JSON whitespace ends a run wherever it falls") {
  // The skipper tests a block of bytes at once: each of these, near
  // whitespace but not it, must stop it at its own place, at every place in
  // a block.
  // The runs mix the four bytes, or are a newline and spaces (an
  // indentation: the skipper goes a block at a time through spaces only).
  for (const bool indentation : {false, true}) {
    for (const char stray : {'\x00', '\x08', '\x0b', '\x0c', '\x1f', '!', '\xa0'}) {
      for (std::size_t n = 1; n <= 40; ++n) {
        std::string run;
        for (std::size_t i = 0; i < n; ++i) {
          run += indentation ? (i == 0 ? '\n' : ' ') : " \n\r\t"[i % 4];
        }
        const std::string document = "[1," + run + std::string(1, stray) + run + "2]";
        const recording got = record(document);
        INFO("byte " << static_cast<int>(static_cast<unsigned char>(stray)) << " after " << n
                     << (indentation ? " (indentation)" : " (mixed)"));
        CHECK(got.result.code == parse_error::expected_value);
        CHECK(got.result.offset == 3 + n);
      }
    }
  }
}

TEST_CASE("indentations: newlines each followed by spaces of every length, to the buffer's end") {
  // After a newline the skipper goes straight to its block test of spaces,
  // and goes on with the next newline where a block stops at one: lines of
  // every indentation around the block size, one or several newlines (and
  // a CR LF) per run, and the run as the last bytes of the input.
  for (std::size_t n = 0; n <= 40; ++n) {
    const std::string spaces(n, ' ');
    for (const std::string& run :
         {"\n" + spaces, "\n" + spaces + "\n" + spaces, "\r\n" + spaces + "\t\n" + spaces,
          "\n\n" + spaces, " \n" + spaces}) {
      const std::string document = "{" + run + "\"k\":" + run + "[" + run + "true" + run + "," +
                                   run + "-1" + run + "]" + run + "}" + run;
      const recording got = record(document);
      INFO("indentation of " << n << " in a run of " << run.size() << " bytes: "
                             << got.result.message());
      REQUIRE(got.result.ok());
      CHECK(first_difference({ev::start_object(), ev::key("k"), ev::start_array(),
                              ev::boolean(true), ev::int64(-1), ev::end_array(2),
                              ev::end_object(1)},
                             got.events) == "");
      // Cut inside the trailing run, and inside the run before the last '}'.
      const std::size_t close = document.size() - run.size() - 1;
      for (std::size_t cut = close - run.size(); cut < document.size(); ++cut) {
        const recording part = record(document.substr(0, cut));
        CHECK(part.result.ok() == (cut > close));
        if (!part.result.ok()) {
          CHECK(part.result.code == parse_error::expected_comma_or_object_end);
          CHECK(part.result.offset == cut);
        }
      }
    }
  }
}

TEST_CASE("runs of whitespace of every length, cut at every length") {
  // The whitespace skipper goes through spaces a block at a time
  // (detail::space_block: 16 bytes with SSE2, a machine word without): runs
  // of every length up to past two blocks, before, inside and after the
  // document, in exact buffers.
  for (std::size_t n = 0; n <= 40; ++n) {
    const std::string spaces(n, ' ');
    const std::string mixed = spaces + (n % 2 == 0 ? "\t\r\n" : "\n") + spaces;
    for (const std::string& run : {spaces, mixed}) {
      const std::string document = run + "[" + run + "1" + run + "," + run + "{" + run + "\"k\"" +
                                   run + ":" + run + "null" + run + "}" + run + "]" + run;
      const recording whole = record(document);
      INFO("run of " << run.size() << " bytes: " << whole.result.message());
      REQUIRE(whole.result.ok());
      CHECK(first_difference({ev::start_array(), ev::int64(1), ev::start_object(), ev::key("k"),
                              ev::null(), ev::end_object(1), ev::end_array(2)},
                             whole.events) == "");
      const std::size_t last = document.find_last_of(']');
      for (std::size_t cut = 0; cut < document.size(); ++cut) {
        const recording got = record(document.substr(0, cut));
        CHECK(got.result.ok() == (cut > last));
        if (!got.result.ok()) {
          CHECK(got.result.offset <= cut);
        }
      }
      // Whitespace only: no value.
      const recording blank = record(run);
      CHECK(blank.result.code == parse_error::expected_value);
      CHECK(blank.result.offset == run.size());
    }
  }
}
