// Decoding into C++ types (decoder.hpp) and the struct descriptions shared
// with the encoder (describe.hpp): every built-in type, range checks, the
// error's path / expected / found / line and column, unknown keys, user
// decoders, files, and the corpus against the DOM.

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include <ultrajson/decoder.hpp>
#include <ultrajson/document.hpp>
#include <ultrajson/encode.hpp>

#include "support.hpp"

using namespace test_support;
using ultrajson::from_json;
using ultrajson::parse_error;

namespace typed_test {
struct user {
  std::int64_t id = 0;
  std::string screen_name;
  std::optional<std::string> location;
};
struct status {
  std::string id_str;
  std::string text;
  user author;
  std::vector<std::string> tags;
};
struct timeline {
  std::vector<status> statuses;
  int count = -1;  // absent from some documents: keeps its value
};
enum class color { red, green };
}  // namespace typed_test

ULTRAJSON_DESCRIBE(typed_test::user, id, screen_name, location);
ULTRAJSON_DESCRIBE(typed_test::status, id_str, text, author, tags);
ULTRAJSON_DESCRIBE(typed_test::timeline, statuses, count);

// A user decoder: a color from its name.
template <>
struct ultrajson::decoder<typed_test::color> : ultrajson::decoder_base<typed_test::color> {
  static constexpr std::string_view expected = "\"red\" or \"green\"";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::string; }
  static bool scalar(typed_test::color& out, const scalar_event& e, decode_state& s) {
    if (e.kind == json_kind::string && e.text == "red") {
      out = typed_test::color::red;
    } else if (e.kind == json_kind::string && e.text == "green") {
      out = typed_test::color::green;
    } else {
      return s.fail(parse_error::wrong_type, expected,
                    e.kind == json_kind::string ? "\"" + std::string(e.text) + "\""
                                                : std::string(describe(e.kind)));
    }
    return true;
  }
};

using namespace typed_test;

namespace {

template <class T>
T decoded(std::string_view text, const ultrajson::decode_options& options = {}) {
  T out{};
  const std::vector<char> exact = exact_copy(text);
  const ultrajson::decode_result result = from_json(view(exact), out, options);
  INFO(result.message());
  REQUIRE(result.ok());
  return out;
}

template <class T>
ultrajson::decode_result failure(std::string_view text, const ultrajson::decode_options& options = {}) {
  T out{};
  const std::vector<char> exact = exact_copy(text);
  ultrajson::decode_result result = from_json(view(exact), out, options);
  REQUIRE_FALSE(result.ok());
  return result;
}

}  // namespace

TEST_CASE("scalars") {
  CHECK(decoded<bool>("true") == true);
  CHECK(decoded<bool>("false") == false);
  CHECK(decoded<int>("-7") == -7);
  CHECK(decoded<std::int64_t>("-9223372036854775808") == INT64_MIN);
  CHECK(decoded<std::uint64_t>("18446744073709551615") == UINT64_MAX);
  CHECK(decoded<std::uint8_t>("255") == 255);
  CHECK(decoded<std::int8_t>("-128") == -128);
  CHECK(decoded<double>("2.5") == 2.5);
  CHECK(decoded<double>("3") == 3.0);
  CHECK(decoded<double>("18446744073709551615") == 18446744073709551615.0);
  CHECK(decoded<double>("100000000000000000000000") == 1e23);
  CHECK(decoded<float>("0.5") == 0.5f);
  CHECK(decoded<std::string>(R"("a\nb")") == "a\nb");
  CHECK(decoded<std::nullptr_t>("null") == nullptr);
}

TEST_CASE("integers are range-checked") {
  CHECK(failure<std::uint8_t>("256").message() ==
        "$: expected integer from 0 to 255, found 256, line 1, column 1");
  CHECK(failure<std::int8_t>("-129").code == parse_error::number_out_of_range);
  CHECK(failure<std::uint32_t>("-1").message() ==
        "$: expected integer from 0 to 4294967295, found -1, line 1, column 1");
  CHECK(failure<std::int64_t>("9223372036854775808").found == "9223372036854775808");
  CHECK(failure<std::uint64_t>("18446744073709551616").found == "18446744073709551616");
  CHECK(failure<int>("1.0").message() == "$: expected integer, found number, line 1, column 1");
  CHECK(failure<int>("\"1\"").code == parse_error::wrong_type);
  CHECK(failure<float>("1e300").code == parse_error::number_out_of_range);
  CHECK(failure<double>("true").message() == "$: expected number, found boolean, line 1, column 1");
  CHECK(failure<bool>("1").message() == "$: expected boolean, found integer, line 1, column 1");
  CHECK(failure<std::string>("null").message() == "$: expected string, found null, line 1, column 1");
  CHECK(failure<std::string>("[]").message() == "$: expected string, found array, line 1, column 1");
  CHECK(failure<std::nullptr_t>("{}").message() == "$: expected null, found object, line 1, column 1");
}

TEST_CASE("optional and variant") {
  CHECK(decoded<std::optional<int>>("null") == std::nullopt);
  CHECK(decoded<std::optional<int>>("5") == 5);
  CHECK(decoded<std::vector<std::optional<std::string>>>(R"(["a",null])") ==
        std::vector<std::optional<std::string>>{"a", std::nullopt});
  CHECK(failure<std::optional<int>>("\"x\"").message() ==
        "$: expected integer, found string, line 1, column 1");

  using any = std::variant<std::monostate, bool, std::int64_t, double, std::string,
                           std::vector<int>, std::map<std::string, int>>;
  const auto values = decoded<std::vector<any>>(R"([null, true, 3, 2.5, "s", [1, 2], {"k": 1}])");
  REQUIRE(values.size() == 7);
  CHECK(values[0].index() == 0);
  CHECK(std::get<bool>(values[1]) == true);
  CHECK(std::get<std::int64_t>(values[2]) == 3);
  CHECK(std::get<double>(values[3]) == 2.5);
  CHECK(std::get<std::string>(values[4]) == "s");
  CHECK(std::get<std::vector<int>>(values[5]) == std::vector<int>{1, 2});
  CHECK(std::get<std::map<std::string, int>>(values[6]).at("k") == 1);
  // The encoder writes the alternative held (monostate as null).
  CHECK(ultrajson::to_json(values) == R"([null,true,3,2.5,"s",[1,2],{"k":1}])");
  // An integer goes to double when no integral alternative comes first.
  CHECK(std::get<double>(decoded<std::variant<std::string, double>>("7")) == 7.0);
  CHECK(failure<std::variant<std::string, double>>("[1]").message() ==
        "$: expected one of the variant's kinds, found array, line 1, column 1");
}

TEST_CASE("sequences, sets, arrays, tuples, maps") {
  CHECK(decoded<std::vector<int>>("[1, 2, 3]") == std::vector<int>{1, 2, 3});
  CHECK(decoded<std::deque<int>>("[]").empty());
  CHECK(decoded<std::list<std::string>>(R"(["x","y"])") == std::list<std::string>{"x", "y"});
  CHECK(decoded<std::set<std::string>>(R"(["b","a","b"])") == std::set<std::string>{"a", "b"});
  CHECK(decoded<std::set<std::vector<int>>>("[[2],[1],[2]]") ==
        std::set<std::vector<int>>{{1}, {2}});
  CHECK(decoded<std::array<int, 3>>("[4, 5, 6]") == std::array<int, 3>{4, 5, 6});
  CHECK(decoded<std::pair<int, std::string>>(R"([1, "a"])") == std::pair<int, std::string>{1, "a"});
  CHECK(decoded<std::tuple<bool, double, std::vector<int>>>("[true, 1.5, [7]]") ==
        std::tuple<bool, double, std::vector<int>>{true, 1.5, {7}});
  CHECK(decoded<std::map<std::string, std::vector<int>>>(R"({"a":[1],"b":[]})") ==
        std::map<std::string, std::vector<int>>{{"a", {1}}, {"b", {}}});
  CHECK(decoded<std::unordered_map<std::string, int>>(R"({"a":1,"a":2})").at("a") == 2);
  CHECK(decoded<std::vector<std::vector<int>>>("[[1],[2,3],[]]") ==
        std::vector<std::vector<int>>{{1}, {2, 3}, {}});
}

TEST_CASE("lengths are checked, and containers want their own kind") {
  CHECK(failure<std::array<int, 2>>("[1, 2, 3]").message() ==
        "$: expected array of 2 elements, found more than 2 elements, line 1, column 8");
  CHECK(failure<std::array<int, 2>>("[1]").message() ==
        "$: expected array of 2 elements, found 1 elements, line 1, column 3");
  CHECK(failure<std::pair<int, int>>("[1, 2, 3]").code == parse_error::wrong_length);
  CHECK(failure<std::tuple<int, int>>("[]").code == parse_error::wrong_length);
  CHECK(failure<std::vector<int>>("{}").message() == "$: expected array, found object, line 1, column 1");
  CHECK(failure<std::map<std::string, int>>("[]").message() ==
        "$: expected object, found array, line 1, column 1");
  CHECK(failure<std::vector<int>>("[1, \"2\"]").message() ==
        "$[1]: expected integer, found string, line 1, column 5");
  CHECK(failure<std::map<std::string, std::vector<int>>>(R"({"a": [1], "b": [2, null]})").message() ==
        "$.b[1]: expected integer, found null, line 1, column 21");
}

TEST_CASE("described structs: members by name, in any order, others skipped") {
  const timeline t = decoded<timeline>(R"({
    "statuses": [
      {"text": "first", "id_str": "10", "author": {"id": 1, "screen_name": "a", "location": null},
       "extra": {"nested": [1, {"deep": true}]}, "tags": ["x"]},
      {"id_str": "11", "text": "second", "author": {"screen_name": "b", "id": 2, "location": "here"},
       "tags": []}
    ]})");
  REQUIRE(t.statuses.size() == 2);
  CHECK(t.count == -1);  // absent: kept
  CHECK(t.statuses[0].text == "first");
  CHECK(t.statuses[0].id_str == "10");
  CHECK(t.statuses[0].author.id == 1);
  CHECK(t.statuses[0].author.location == std::nullopt);
  CHECK(t.statuses[0].tags == std::vector<std::string>{"x"});
  CHECK(t.statuses[1].author.screen_name == "b");
  CHECK(t.statuses[1].author.location == "here");
  // Written back by the encoder with the same description.
  CHECK(ultrajson::to_json(t.statuses[1]) ==
        R"({"id_str":"11","text":"second","author":{"id":2,"screen_name":"b","location":"here"},"tags":[]})");
  CHECK(decoded<status>(ultrajson::to_json(t.statuses[0])).author.screen_name == "a");
}

TEST_CASE("the error names the path, what was expected and found, line and column") {
  std::string text = "{\"statuses\": [\n";
  for (int i = 0; i < 3; ++i) {
    text += R"(  {"id_str": "1", "author": {"id": 1}},)" "\n";
  }
  text += R"(  {"id_str": "4", "author": {"id": "oops"}}]})";
  const ultrajson::decode_result result = failure<timeline>(text);
  CHECK(result.code == parse_error::wrong_type);
  CHECK(result.path == "$.statuses[3].author.id");
  CHECK(result.expected == "integer");
  CHECK(result.found == "string");
  CHECK(result.line == 5);
  CHECK(result.column == 36);
  CHECK(result.message() == "$.statuses[3].author.id: expected integer, found string, line 5, column 36");
}

TEST_CASE("unknown keys: skipped by default, rejected as an option") {
  ultrajson::decode_options strict;
  strict.unknown = ultrajson::unknown_keys::reject;
  CHECK(decoded<user>(R"({"id": 1, "screen_name": "a"})", strict).id == 1);
  const auto result = failure<timeline>(R"({"statuses": [{"id_str": "1", "zz": 0}]})", strict);
  CHECK(result.code == parse_error::unknown_key);
  CHECK(result.message() == "$.statuses[0]: expected a known key, found \"zz\", line 1, column 31");
}

TEST_CASE("decoding into an existing object replaces containers, assigns members present") {
  timeline t;
  t.count = 5;
  t.statuses.resize(3);
  REQUIRE(from_json(R"({"statuses": [{"text": "only"}]})", t).ok());
  CHECK(t.count == 5);
  REQUIRE(t.statuses.size() == 1);
  CHECK(t.statuses[0].text == "only");
  std::map<std::string, int> m{{"old", 1}};
  REQUIRE(from_json(R"({"new": 2})", m).ok());
  CHECK(m == std::map<std::string, int>{{"new", 2}});
}

TEST_CASE("a user decoder") {
  CHECK(decoded<std::vector<color>>(R"(["green", "red"])") ==
        std::vector<color>{color::green, color::red});
  CHECK(failure<color>("\"blue\"").message() ==
        "$: expected \"red\" or \"green\", found \"blue\", line 1, column 1");
  CHECK(failure<color>("[]").message() ==
        "$: expected \"red\" or \"green\", found array, line 1, column 1");
}

TEST_CASE("syntax errors are the parser's") {
  const auto result = failure<std::vector<int>>("[1, 2");
  CHECK(result.code == parse_error::expected_comma_or_array_end);
  CHECK(result.path.empty());
  CHECK(result.message() == "expected ',' or ']' after array element, found end of input at line 1, column 6 (byte 5)");
}

TEST_CASE("deep unknown content is skipped without recursion") {
  const std::size_t depth = 100000;
  std::string text = "{\"id\": 3, \"junk\": " + std::string(depth, '[') + std::string(depth, ']') + "}";
  ultrajson::decode_options options;
  options.parse.max_depth = depth + 1;
  CHECK(decoded<user>(text, options).id == 3);
}

TEST_CASE("raw numbers decode like parsed ones") {
  ultrajson::decode_options options;
  options.parse.raw_numbers = true;
  const auto t = decoded<std::tuple<int, double, std::uint64_t>>("[-5, 0.25, 18446744073709551615]", options);
  CHECK(std::get<0>(t) == -5);
  CHECK(std::get<1>(t) == 0.25);
  CHECK(failure<std::tuple<int>>("[99999999999]", options).code == parse_error::number_out_of_range);
  CHECK(failure<std::tuple<double>>("[1e999]", options).message() ==
        "$[0]: expected number, found 1e999, line 1, column 2");
}

#if ULTRAJSON_EXCEPTIONS
TEST_CASE("from_json<T> throws decode_exception") {
  CHECK(from_json<std::vector<int>>("[1,2]") == std::vector<int>{1, 2});
  try {
    (void)from_json<std::vector<int>>("[1,true]");
    FAIL("no exception");
  } catch (const ultrajson::decode_exception& e) {
    CHECK(e.result().path == "$[1]");
    CHECK(std::string(e.what()) == "ultrajson: $[1]: expected integer, found boolean, line 1, column 4");
  }
}
#endif

TEST_CASE("from_json_file") {
  const auto corpus = require_data("corpus");
  if (!corpus) return;
  std::vector<int> ignored;
  const auto missing = ultrajson::from_json_file(*corpus / "no-such-file.json", ignored);
  CHECK(missing.code == parse_error::cannot_read_file);

  timeline t;
  REQUIRE(ultrajson::from_json_file(*corpus / "twitter.json", t).ok());
  ultrajson::document doc;
  REQUIRE(ultrajson::parse_file(*corpus / "twitter.json", doc).ok());
  const ultrajson::array_view statuses = doc["statuses"].get_array().value();
  REQUIRE(t.statuses.size() == statuses.size());
  for (std::size_t i = 0; i < statuses.size(); ++i) {
    CHECK(t.statuses[i].id_str == statuses[i]["id_str"].get_string().value());
    CHECK(t.statuses[i].text == statuses[i]["text"].get_string().value());
  }
}
