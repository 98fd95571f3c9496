// The encoder's customisation point (ultrajson::encoder<T>) and its
// built-in encoders; to_json and its encode_error.

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "support.hpp"

using ultrajson::to_json;
using ultrajson::write_error;

namespace geo {
struct point {
  double x, y;
};
struct polygon {
  std::string name;
  std::vector<point> corners;
  std::optional<std::string> colour;
};
// A type whose encoder misuses the writer (a key outside an object).
struct broken {};
}  // namespace geo

template <>
struct ultrajson::encoder<geo::point> {
  static bool write(ultrajson::writer& w, const geo::point& p) {
    return w.start_object() && w.key("x") && w.double_value(p.x) && w.key("y") &&
           w.double_value(p.y) && w.end_object();
  }
};

template <>
struct ultrajson::encoder<geo::polygon> {
  static bool write(ultrajson::writer& w, const geo::polygon& p) {
    return w.start_object() && w.key("name") && write_value(w, p.name) && w.key("corners") &&
           write_value(w, p.corners) && w.key("colour") && write_value(w, p.colour) &&
           w.end_object();
  }
};

template <>
struct ultrajson::encoder<geo::broken> {
  static bool write(ultrajson::writer& w, const geo::broken&) { return w.key("oops"); }
};

// An encoder that returns true without writing a whole value.
namespace geo {
struct unfinished {};
}  // namespace geo
template <>
struct ultrajson::encoder<geo::unfinished> {
  static bool write(ultrajson::writer& w, const geo::unfinished&) { return w.start_array(); }
};

TEST_CASE("a user type through an encoder<T> specialisation") {
  CHECK(to_json(geo::point{1, -2.5}) == R"({"x":1.0,"y":-2.5})");
  const geo::polygon triangle{"tri", {{0, 0}, {1, 0}, {0, 1}}, std::nullopt};
  CHECK(
      to_json(triangle) ==
      R"({"name":"tri","corners":[{"x":0.0,"y":0.0},{"x":1.0,"y":0.0},{"x":0.0,"y":1.0}],"colour":null})");
  const geo::polygon coloured{"p", {}, "red"};
  CHECK(to_json(coloured) == R"({"name":"p","corners":[],"colour":"red"})");
  // Inside containers of the built-in encoders, and with write options.
  const std::map<std::string, geo::point> named{{"origin", {0, 0}}};
  ultrajson::write_options options;
  options.indent = 2;
  options.key_separator = ": ";
  CHECK(to_json(named, options) == "{\n  \"origin\": {\n    \"x\": 0.0,\n    \"y\": 0.0\n  }\n}");
  // write_value into a writer the caller owns.
  ultrajson::writer w;
  REQUIRE(w.start_array());
  REQUIRE(ultrajson::write_value(w, geo::point{0.1, 1e100}));
  REQUIRE(ultrajson::write_value(w, 7));
  REQUIRE(w.end_array());
  CHECK(w.view() == R"([{"x":0.1,"y":1e+100},7])");
}

TEST_CASE("built-in encoders: scalars") {
  CHECK(to_json(true) == "true");
  CHECK(to_json(false) == "false");
  CHECK(to_json(nullptr) == "null");
  CHECK(to_json(0) == "0");
  CHECK(to_json(-42) == "-42");
  CHECK(to_json(std::numeric_limits<std::int64_t>::min()) == "-9223372036854775808");
  CHECK(to_json(std::numeric_limits<std::uint64_t>::max()) == "18446744073709551615");
  CHECK(to_json(static_cast<short>(-7)) == "-7");
  CHECK(to_json(static_cast<unsigned char>(200)) == "200");
  CHECK(to_json(static_cast<signed char>(-3)) == "-3");
  CHECK(to_json(65535u) == "65535");
  CHECK(to_json(1.5) == "1.5");
  CHECK(to_json(0.1f) == "0.10000000149011612");  // the float's exact double value
  CHECK(to_json(1e23) == "1e+23");
  CHECK(to_json(-0.0) == "-0.0");
  CHECK(to_json(std::string("caf\xC3\xA9\n")) == "\"caf\xC3\xA9\\n\"");
  CHECK(to_json(std::string_view("sv")) == R"("sv")");
  CHECK(to_json("literal") == R"("literal")");
  const char* pointer = "pointer";
  CHECK(to_json(pointer) == R"("pointer")");
  CHECK(to_json(std::optional<int>()) == "null");
  CHECK(to_json(std::optional<int>(3)) == "3");
}

TEST_CASE("built-in encoders: containers, nested") {
  CHECK(to_json(std::vector<int>{}) == "[]");
  CHECK(to_json(std::vector<int>{1, 2, 3}) == "[1,2,3]");
  CHECK(to_json(std::vector<bool>{true, false}) == "[true,false]");
  CHECK(to_json(std::list<std::string>{"a", "b"}) == R"(["a","b"])");
  CHECK(to_json(std::array<double, 2>{0.5, -1}) == "[0.5,-1.0]");
  CHECK(to_json(std::map<std::string, int>{}) == "{}");
  CHECK(to_json(std::map<std::string, int>{{"b", 2}, {"a", 1}}) == R"({"a":1,"b":2})");
  CHECK(to_json(std::map<std::string_view, bool>{{"t", true}}) == R"({"t":true})");
  CHECK(to_json(std::unordered_map<std::string, int>{{"only", 1}}) == R"({"only":1})");
  CHECK(to_json(std::pair<int, std::string>{1, "one"}) == R"([1,"one"])");
  CHECK(to_json(std::tuple<>{}) == "[]");
  CHECK(to_json(std::tuple<int, double, std::string, std::nullptr_t, bool>{
            1, 2.5, "s", nullptr, true}) == R"([1,2.5,"s",null,true])");
  const std::map<std::string, std::vector<std::optional<std::pair<int, std::vector<int>>>>> nested{
      {"k", {std::nullopt, std::make_pair(1, std::vector<int>{2, 3})}}, {"e", {}}};
  CHECK(to_json(nested) == R"({"e":[],"k":[null,[1,[2,3]]]})");
  const std::vector<std::vector<std::vector<int>>> cube{{{1}, {}}, {}};
  CHECK(to_json(cube) == "[[[1],[]],[]]");
  // Keys are escaped like any string.
  CHECK(to_json(std::map<std::string, int>{{"a\"b", 1}}) == R"({"a\"b":1})");
}

TEST_CASE("what to_json writes, the decoder reads back") {
  const std::map<std::string, std::vector<double>> data{
      {"primes", {2, 3, 5, 7}}, {"tiny", {5e-324, 1e-7}}, {"\xF0\x9F\x98\x80", {}}};
  const std::string json = to_json(data);
  const test_support::recording got = test_support::record(json);
  REQUIRE(got.result.ok());
  using namespace test_support;
  CHECK(first_difference(
            {ev::start_object(), ev::key("primes"), ev::start_array(), ev::dbl(2), ev::dbl(3),
             ev::dbl(5), ev::dbl(7), ev::end_array(4), ev::key("tiny"), ev::start_array(),
             ev::dbl(5e-324), ev::dbl(1e-7), ev::end_array(2), ev::key("\xF0\x9F\x98\x80"),
             ev::start_array(), ev::end_array(0), ev::end_object(3)},
            got.events) == "");
}

TEST_CASE("to_json throws encode_error with the writer's code") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  CHECK_THROWS_AS(to_json(nan), ultrajson::encode_error);
  try {
    to_json(std::vector<double>{1, nan});
    FAIL("no exception");
  } catch (const ultrajson::encode_error& error) {
    CHECK(error.code() == write_error::nan_or_infinity);
    CHECK(std::string(error.what()) == "ultrajson: NaN or Infinity while allow_nan is false");
  }
  try {
    to_json(geo::point{inf, 0});
    FAIL("no exception");
  } catch (const ultrajson::encode_error& error) {
    CHECK(error.code() == write_error::nan_or_infinity);
  }
  // With allow_nan, no exception.
  ultrajson::write_options allow;
  allow.allow_nan = true;
  CHECK(to_json(std::vector<double>{nan, inf, -inf}, allow) == "[NaN,Infinity,-Infinity]");
  // Invalid UTF-8 in a string.
  try {
    to_json(std::string("\xFF"));
    FAIL("no exception");
  } catch (const ultrajson::encode_error& error) {
    CHECK(error.code() == write_error::invalid_utf8);
  }
  // A user encoder's misuse of the writer.
  try {
    to_json(geo::broken{});
    FAIL("no exception");
  } catch (const ultrajson::encode_error& error) {
    CHECK(error.code() == write_error::key_outside_object);
  }
  // An encoder that leaves a container open: no writer error, but not a
  // complete document either.
  CHECK_THROWS_AS(to_json(geo::unfinished{}), ultrajson::encode_error);
  // Depth beyond the writer's limit.
  ultrajson::write_options shallow;
  shallow.max_depth = 2;
  try {
    to_json(std::vector<std::vector<std::vector<int>>>{{{1}}}, shallow);
    FAIL("no exception");
  } catch (const ultrajson::encode_error& error) {
    CHECK(error.code() == write_error::depth_limit_exceeded);
  }
  // encode_error is a std::runtime_error.
  CHECK_THROWS_AS(to_json(nan), std::runtime_error);
}

TEST_CASE("char arrays are encoded by their bounds, never read past them") {
  // A fixed-width field filled to its last char has no NUL: the encoder must
  // stop at N. On the heap in a block of exactly 4 bytes, so the old strlen,
  // which ran on past it, is a heap-buffer-overflow under ASan.
  struct fixed_record {
    char code[4];
  };
  const auto full = std::make_unique<fixed_record>(fixed_record{{'a', 'b', 'c', 'd'}});
  CHECK(to_json(full->code) == R"("abcd")");

  // Zero padding and a literal's terminator are dropped...
  const char padded[8] = {'h', 'i', '\0', '\0', '\0', '\0', '\0', '\0'};
  CHECK(to_json(padded) == R"("hi")");
  CHECK(to_json("literal") == R"("literal")");
  const char empty[3] = {};
  CHECK(to_json(empty) == R"("")");
  // ...but a NUL inside the text is text (it used to cut the string).
  const char inner[4] = {'a', '\0', 'b', '\0'};
  CHECK(to_json(inner) == R"("a\u0000b")");
  // A pointer has no bounds: it is a C string, up to its NUL.
  const char* pointer = inner;
  CHECK(to_json(pointer) == R"("a")");
}
