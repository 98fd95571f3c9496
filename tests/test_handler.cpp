// Handlers: the compile-time concept (is_handler_v), handler_base's
// defaults, and parsing into users' own handlers. That a handler lacking an
// event does not compile is checked by CMake (compile_fail/).

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "support.hpp"

using namespace test_support;

namespace {

struct only_numbers : ultrajson::handler_base {
  double sum = 0;
  std::size_t count = 0;
  bool int64_value(std::int64_t value) {
    sum += static_cast<double>(value);
    ++count;
    return true;
  }
  bool double_value(double value) {
    sum += value;
    ++count;
    return true;
  }
};

struct lacks_end_array {
  bool null_value();
  bool bool_value(bool);
  bool int64_value(std::int64_t);
  bool uint64_value(std::uint64_t);
  bool big_integer(std::string_view);
  bool double_value(double);
  bool raw_number(std::string_view);
  bool string_value(std::string_view);
  bool key(std::string_view);
  bool start_object();
  bool end_object(std::size_t);
  bool start_array();
};

// An event that returns nothing cannot stop the parse: not a handler.
struct void_event : ultrajson::handler_base {
  void null_value() {}
};

// Return types convertible to bool are fine, and so are parameters the
// arguments convert to.
struct convertible : ultrajson::handler_base {
  int null_value() { return 1; }
  bool int64_value(long long) { return true; }
};

// A member of the wrong shape (takes no argument) is not the event.
struct wrong_parameters : ultrajson::handler_base {
  bool key() { return true; }
};

// Collects the keys and string values of an object, flat.
struct flat_object : ultrajson::handler_base {
  std::map<std::string, std::string> members;
  std::string pending;
  bool key(std::string_view name) {
    pending = std::string(name);
    return true;
  }
  bool string_value(std::string_view value) {
    members[pending] = std::string(value);
    return true;
  }
};

// Parameters that would narrow the value: not handlers (parse would not compile).
struct narrows_to_int : ultrajson::handler_base {
  bool int64_value(int) { return true; }
};
struct narrows_to_double : ultrajson::handler_base {
  bool int64_value(double) { return true; }
};
struct narrows_to_float : ultrajson::handler_base {
  bool double_value(float) { return true; }
};
struct narrows_to_bool : ultrajson::handler_base {
  bool uint64_value(bool) { return true; }
};
struct narrows_count : ultrajson::handler_base {
  bool end_array(unsigned char) { return true; }
};
// Wider or equal types, and const references, are fine.
struct widens : ultrajson::handler_base {
  bool int64_value(const std::int64_t&) { return true; }
  bool uint64_value(unsigned long long) { return true; }
  bool double_value(long double) { return true; }
  bool key(const std::string_view&) { return true; }
};

// Declares int64_value itself; its `key` is handler_base's.
struct declares_one : ultrajson::handler_base {
  bool int64_value(std::int64_t) { return true; }
  bool int_value(std::int64_t) { return true; }  // a misspelling: an unrelated function
};
struct checked : ultrajson::checked_handler_base<checked, ultrajson::event::string_value> {
  std::size_t strings = 0;
  bool string_value(std::string_view) {
    ++strings;
    return true;
  }
};

}  // namespace

TEST_CASE("an event parameter that would narrow the value is refused") {
  STATIC_REQUIRE_FALSE(ultrajson::is_handler_v<narrows_to_int>);
  STATIC_REQUIRE_FALSE(ultrajson::is_handler_v<narrows_to_double>);
  STATIC_REQUIRE_FALSE(ultrajson::is_handler_v<narrows_to_float>);
  STATIC_REQUIRE_FALSE(ultrajson::is_handler_v<narrows_to_bool>);
  STATIC_REQUIRE_FALSE(ultrajson::is_handler_v<narrows_count>);
  STATIC_REQUIRE(ultrajson::is_handler_v<widens>);
  // The loose check (callable at all) still holds for them: the static_assert
  // that fires is the narrowing one, not "lacks".
  STATIC_REQUIRE(ultrajson::detail::has_int64_value<narrows_to_int>::value);
  STATIC_REQUIRE_FALSE(ultrajson::detail::takes_int64_value<narrows_to_int>::value);
}

TEST_CASE("declares_events tells an event declared by the handler from an inherited one") {
  STATIC_REQUIRE(ultrajson::detail::declares_int64_value<declares_one>::value);
  STATIC_REQUIRE_FALSE(ultrajson::detail::declares_key<declares_one>::value);
  STATIC_REQUIRE(ultrajson::detail::declares_int64_value<ultrajson::writer>::value);
  STATIC_REQUIRE(ultrajson::declares_events<declares_one, ultrajson::event::int64_value>());
  checked handler;
  REQUIRE(ultrajson::parse(R"(["a", 1, {"k": "b"}])", handler).ok());
  CHECK(handler.strings == 2);
}

TEST_CASE("is_handler_v") {
  STATIC_REQUIRE(ultrajson::is_handler_v<ultrajson::handler_base>);
  STATIC_REQUIRE(ultrajson::is_handler_v<ultrajson::writer>);
  STATIC_REQUIRE(ultrajson::is_handler_v<recorder>);
  STATIC_REQUIRE(ultrajson::is_handler_v<only_numbers>);
  STATIC_REQUIRE(ultrajson::is_handler_v<convertible>);
  STATIC_REQUIRE_FALSE(ultrajson::is_handler_v<int>);
  STATIC_REQUIRE_FALSE(ultrajson::is_handler_v<std::string>);
  STATIC_REQUIRE_FALSE(ultrajson::is_handler_v<lacks_end_array>);
  STATIC_REQUIRE_FALSE(ultrajson::is_handler_v<void_event>);
  STATIC_REQUIRE_FALSE(ultrajson::is_handler_v<wrong_parameters>);
}

TEST_CASE("handler_base accepts every event and goes on") {
  ultrajson::handler_base base;
  CHECK(base.null_value());
  CHECK(base.bool_value(false));
  CHECK(base.int64_value(-1));
  CHECK(base.uint64_value(1));
  CHECK(base.big_integer("123456789012345678901"));
  CHECK(base.double_value(0.5));
  CHECK(base.raw_number("1"));
  CHECK(base.string_value("s"));
  CHECK(base.key("k"));
  CHECK(base.start_object());
  CHECK(base.end_object(0));
  CHECK(base.start_array());
  CHECK(base.end_array(0));
  // As a handler: validates without building anything.
  CHECK(ultrajson::parse(R"({"a":[1,2.5,"x",null,true,18446744073709551615,1e999]})", base).ok());
  ultrajson::parse_options raw;
  raw.raw_numbers = true;
  CHECK(ultrajson::parse("[1,2]", base, raw).ok());
  CHECK(ultrajson::parse("[1,2", base).code == ultrajson::parse_error::expected_comma_or_array_end);
}

TEST_CASE("a derived handler sees only the events it overrides") {
  only_numbers numbers;
  const auto result =
      ultrajson::parse(R"({"a":[1,2.5,"3",null],"b":{"c":-4},"d":18446744073709551615})", numbers);
  REQUIRE(result.ok());
  // uint64 and the string "3" go to handler_base and are not counted.
  CHECK(numbers.count == 3);
  CHECK(numbers.sum == -0.5);

  flat_object flat;
  REQUIRE(ultrajson::parse(R"({"name":"ultra\u006Ason","lang":"C++","n":1})", flat).ok());
  CHECK(flat.members == std::map<std::string, std::string>{{"name", "ultrajson"}, {"lang", "C++"}});

  // The pointer + size overload.
  const std::vector<char> bytes = exact_copy("[1,2,3]");
  only_numbers again;
  REQUIRE(ultrajson::parse(bytes.data(), bytes.size(), again).ok());
  CHECK(again.sum == 6);
}

TEST_CASE("a handler whose events return a non-bool convertible to bool") {
  convertible handler;
  CHECK(ultrajson::parse("[null, 1]", handler).ok());
}

TEST_CASE("the parse is reentrant: a handler may parse inside an event") {
  // A string value that is itself JSON, parsed from inside the handler.
  struct nested_json : ultrajson::handler_base {
    std::vector<event> inner;
    bool string_value(std::string_view text) {
      recorder r;
      const bool ok = ultrajson::parse(text, r).ok();
      inner.insert(inner.end(), r.events.begin(), r.events.end());
      return ok;
    }
  };
  nested_json handler;
  REQUIRE(ultrajson::parse(R"(["[1,{\"a\":null}]","true"])", handler).ok());
  CHECK(first_difference({ev::start_array(), ev::int64(1), ev::start_object(), ev::key("a"),
                          ev::null(), ev::end_object(1), ev::end_array(2), ev::boolean(true)},
                         handler.inner) == "");
  CHECK(ultrajson::parse(R"(["[1,"])", handler).code == ultrajson::parse_error::stopped_by_handler);
}

TEST_CASE("string views point into the input when nothing was unescaped") {
  struct where : ultrajson::handler_base {
    std::vector<const char*> pointers;
    bool string_value(std::string_view text) {
      pointers.push_back(text.data());
      return true;
    }
  };
  const std::string json = R"(["plain","esc\naped"])";
  where handler;
  REQUIRE(ultrajson::parse(json, handler).ok());
  REQUIRE(handler.pointers.size() == 2);
  CHECK(handler.pointers[0] == json.data() + 2);
}

TEST_CASE("each end event counts its own container's items, at every depth") {
  // The innermost container's count is kept apart from the stack of the
  // containers around it: after an inner container closes, the outer one
  // counts on from where it was.
  const recording got = record(
      R"([1,[2,3,[]],{"a":1,"b":[{},{"c":[4,5,6]}],"d":{}},"x",[[[7]]],true])");
  REQUIRE(got.result.ok());
  CHECK(first_difference(
            {ev::start_array(), ev::int64(1), ev::start_array(), ev::int64(2), ev::int64(3),
             ev::start_array(), ev::end_array(0), ev::end_array(3), ev::start_object(),
             ev::key("a"), ev::int64(1), ev::key("b"), ev::start_array(), ev::start_object(),
             ev::end_object(0), ev::start_object(), ev::key("c"), ev::start_array(),
             ev::int64(4), ev::int64(5), ev::int64(6), ev::end_array(3), ev::end_object(1),
             ev::end_array(2), ev::key("d"), ev::start_object(), ev::end_object(0),
             ev::end_object(3), ev::str("x"), ev::start_array(), ev::start_array(),
             ev::start_array(), ev::int64(7), ev::end_array(1), ev::end_array(1), ev::end_array(1),
             ev::boolean(true), ev::end_array(6)},
            got.events) == "");
  // Deeper than the stack's inline frames, and back.
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += "[0,";
  deep += "0";
  for (int i = 0; i < 100; ++i) deep += ",0]";
  const recording nested = record(deep);
  REQUIRE(nested.result.ok());
  std::size_t ends = 0;
  for (const event& e : nested.events) {
    if (e == ev::end_array(3)) ++ends;
  }
  CHECK(ends == 100);
}
