// The DOM: building a document from text, reading it through results (no
// exceptions) and throwing lookups, JSON Pointer, duplicate keys, writing
// back, memory reuse and documents too deep for any recursive walk.

#include <catch2/catch.hpp>

#include <pthread.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <ultrajson/document.hpp>

#include "support.hpp"

using namespace test_support;
using ultrajson::access_error;
using ultrajson::document;
using ultrajson::value_kind;

namespace {

document parsed(std::string_view text, const ultrajson::parse_options& options = {},
                const ultrajson::document_options& document_options = {}) {
  document doc;
  const std::vector<char> exact = exact_copy(text);
  const ultrajson::parse_result result = doc.parse(view(exact), options, document_options);
  INFO(result.message());
  REQUIRE(result.ok());
  return doc;
}

std::string written(const ultrajson::value& v, const ultrajson::write_options& options = {}) {
  ultrajson::writer w(options);
  REQUIRE(ultrajson::write_value(w, v));
  REQUIRE(w.complete());
  return w.str();
}

}  // namespace

TEST_CASE("every kind of value is built and read back") {
  const document doc = parsed(
      R"({"null":null,"t":true,"f":false,"i":-42,"u":18446744073709551615,)"
      R"("big":-123456789012345678901234567890,"d":2.5e-3,"s":"caf\u00e9 \"q\"",)"
      R"("a":[1,[],{}],"o":{"k":"v"}})");
  const ultrajson::value& root = doc.root();
  CHECK(root.kind() == value_kind::object);
  CHECK(root.size() == 10);
  CHECK(doc["null"].value().is_null());
  CHECK(doc["t"].get_bool().value() == true);
  CHECK(doc["f"].get_bool().value() == false);
  CHECK(doc["i"].get_int64().value() == -42);
  CHECK(doc["u"].value().kind() == value_kind::uint64);
  CHECK(doc["u"].get_uint64().value() == UINT64_MAX);
  CHECK(doc["big"].value().kind() == value_kind::big_integer);
  CHECK(doc["big"].value().get_number_text().value() == "-123456789012345678901234567890");
  CHECK(doc["big"].get_double().value() == Approx(-1.2345678901234568e29));
  CHECK(doc["d"].get_double().value() == 2.5e-3);
  CHECK(doc["s"].get_string().value() == "caf\xc3\xa9 \"q\"");
  CHECK(doc["a"].value().size() == 3);
  CHECK(doc["a"][1].value().is_array());
  CHECK(doc["a"][1].value().size() == 0);
  CHECK(doc["a"][2].value().is_object());
  CHECK(doc["o"]["k"].get_string().value() == "v");
  // Strings are NUL-terminated in the arena, for C functions.
  CHECK(doc["s"].get_string().value().data()[doc["s"].get_string().value().size()] == '\0');
}

TEST_CASE("strings and keys of every short length are copied whole, NUL-terminated") {
  // The builder copies short strings with overlapping word moves: each
  // length around 4, 8 and 16, as a key and as a value.
  const std::string letters = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLM";
  std::string text = "{";
  for (std::size_t n = 0; n <= 40; ++n) {
    text += (n == 0 ? "\"" : ",\"") + letters.substr(n, n) + "\":\"" + letters.substr(0, n) + "\"";
  }
  text += "}";
  document doc;
  REQUIRE(doc.parse(text).ok());
  const ultrajson::object_view members = doc.root().get_object().value();
  REQUIRE(members.size() == 41);
  std::size_t n = 0;
  for (const ultrajson::member& m : members) {
    INFO("length " << n);
    CHECK(m.key() == letters.substr(n, n));
    const std::string_view string = m.value().get_string().value();
    CHECK(string == letters.substr(0, n));
    CHECK(string.data()[n] == '\0');
    ++n;
  }
}

TEST_CASE("scalar documents") {
  CHECK(parsed("7").root().get_int64().value() == 7);
  CHECK(parsed(" \"x\" ").root().get_string().value() == "x");
  CHECK(parsed("null").root().is_null());
  CHECK(parsed("[]").root().get_array().value().empty());
}

TEST_CASE("getters report a wrong type or a number that does not fit") {
  const document doc = parsed(R"([1, -1, 18446744073709551615, 1.5, "1", true, null,
                                  123456789012345678901234567890])");
  CHECK(doc[0].get_string().error() == access_error::wrong_type);
  CHECK(doc[0].get_bool().error() == access_error::wrong_type);
  CHECK(doc[0].get_double().value() == 1.0);
  CHECK(doc[1].get_uint64().error() == access_error::number_out_of_range);
  CHECK(doc[2].get_int64().error() == access_error::number_out_of_range);
  CHECK(doc[3].get_int64().error() == access_error::wrong_type);
  CHECK(doc[4].get_int64().error() == access_error::wrong_type);
  CHECK(doc[4].get_double().error() == access_error::wrong_type);
  CHECK(doc[5].get_int64().error() == access_error::wrong_type);
  CHECK(doc[6].get_array().error() == access_error::wrong_type);
  CHECK(doc[6].get_object().error() == access_error::wrong_type);
  CHECK(doc[7].get_int64().error() == access_error::number_out_of_range);
  CHECK(doc[7].get_uint64().error() == access_error::number_out_of_range);
  CHECK(doc[0].get_number_text().error() == access_error::wrong_type);
  CHECK(doc[4].get_int64().value_or(99) == 99);
}

TEST_CASE("raw numbers are kept as text and read on demand") {
  ultrajson::parse_options options;
  options.raw_numbers = true;
  const document doc = parsed("[12, -3, 1.50, 1e400, 99999999999999999999]", options);
  CHECK(doc[0].value().kind() == value_kind::raw_number);
  CHECK(doc[0].get_int64().value() == 12);
  CHECK(doc[1].get_uint64().error() == access_error::number_out_of_range);
  CHECK(doc[2].value().get_number_text().value() == "1.50");
  CHECK(doc[2].get_int64().error() == access_error::wrong_type);
  CHECK(doc[2].get_double().value() == 1.5);
  CHECK(doc[3].get_double().error() == access_error::number_out_of_range);
  CHECK(doc[4].get_int64().error() == access_error::number_out_of_range);
  // Written back exactly as they were.
  CHECK(written(doc.root()) == "[12,-3,1.50,1e400,99999999999999999999]");
}

TEST_CASE("lookups report a missing key, an index out of range, a wrong container") {
  const document doc = parsed(R"({"a":[10,20],"b":{"c":3}})");
  CHECK(doc["zz"].error() == access_error::no_such_key);
  CHECK(doc["a"][2].error() == access_error::index_out_of_range);
  CHECK(doc["a"][-1].error() == access_error::index_out_of_range);
  CHECK(doc["a"]["x"].error() == access_error::wrong_type);
  CHECK(doc["b"][0].error() == access_error::wrong_type);
  CHECK(doc["b"]["c"][0].error() == access_error::wrong_type);
  // The first error travels down the chain, whatever follows.
  CHECK(doc["zz"][0]["y"].error() == access_error::no_such_key);
  CHECK(doc["zz"].get_int64().error() == access_error::no_such_key);
  CHECK(!doc["zz"]);
  CHECK(doc["a"][1].get_int64().value() == 20);
  CHECK(doc["a"][std::uint64_t{1}].get_int64().value() == 20);
  CHECK(doc["b"]["c"].get_int64().value() == 3);
}

#if ULTRAJSON_EXCEPTIONS
TEST_CASE("throwing lookups") {
  const document doc = parsed(R"({"a":[10,20]})");
  CHECK(doc.root().at("a").at(1).get_int64().value() == 20);
  CHECK_THROWS_AS(doc.root().at("b"), ultrajson::access_exception);
  CHECK_THROWS_AS(doc.root().at("a").at(2), ultrajson::access_exception);
  CHECK_THROWS_WITH(doc["a"][5].value(), "ultrajson: index out of range");
  try {
    (void)doc["a"].get_string().value();
    FAIL("no exception");
  } catch (const ultrajson::access_exception& e) {
    CHECK(e.code() == access_error::wrong_type);
  }
}
#endif

TEST_CASE("iteration keeps document order") {
  const document doc = parsed(R"({"z":1,"a":2,"m":[3,4,5]})");
  std::string keys;
  for (const ultrajson::member& m : doc.root().get_object().value()) keys += m.key();
  CHECK(keys == "zam");
  std::int64_t sum = 0;
  for (const ultrajson::value& v : doc["m"].get_array().value()) sum += v.get_int64().value();
  CHECK(sum == 12);
  const ultrajson::array_view m = doc["m"].get_array().value();
  CHECK(m.size() == 3);
  CHECK(m[2].get_int64().value() == 5);
}

TEST_CASE("duplicate keys: kept by default, or the last value wins in the first place") {
  const std::string_view text = R"({"a":1,"b":2,"a":3,"c":{"x":1,"x":2},"a":4})";
  const document kept = parsed(text);
  CHECK(kept.root().size() == 5);
  CHECK(kept["a"].get_int64().value() == 1);  // the first
  CHECK(written(kept.root()) == R"({"a":1,"b":2,"a":3,"c":{"x":1,"x":2},"a":4})");

  ultrajson::document_options last_wins;
  last_wins.duplicates = ultrajson::duplicate_keys::last_wins;
  const document unique = parsed(text, {}, last_wins);
  CHECK(unique.root().size() == 3);
  CHECK(unique["a"].get_int64().value() == 4);
  CHECK(written(unique.root()) == R"({"a":4,"b":2,"c":{"x":2}})");

  // Many members: every repeated key collapses.
  std::string many = "{";
  for (int i = 0; i < 100; ++i) {
    many += "\"k" + std::to_string(i % 7) + "\":" + std::to_string(i) + ",";
  }
  many.back() = '}';
  const document collapsed = parsed(many, {}, last_wins);
  CHECK(collapsed.root().size() == 7);
  CHECK(collapsed["k0"].get_int64().value() == 98);
  CHECK(collapsed["k6"].get_int64().value() == 97);
}

TEST_CASE("JSON Pointer: RFC 6901's examples") {
  const document doc = parsed(R"({
      "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4,
      "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8})");
  CHECK(doc.at_pointer("").value().is_object());
  CHECK(doc.at_pointer("/foo").value().size() == 2);
  CHECK(doc.at_pointer("/foo/0").get_string().value() == "bar");
  CHECK(doc.at_pointer("/").get_int64().value() == 0);
  CHECK(doc.at_pointer("/a~1b").get_int64().value() == 1);
  CHECK(doc.at_pointer("/c%d").get_int64().value() == 2);
  CHECK(doc.at_pointer("/e^f").get_int64().value() == 3);
  CHECK(doc.at_pointer("/g|h").get_int64().value() == 4);
  CHECK(doc.at_pointer("/i\\j").get_int64().value() == 5);
  CHECK(doc.at_pointer("/k\"l").get_int64().value() == 6);
  CHECK(doc.at_pointer("/ ").get_int64().value() == 7);
  CHECK(doc.at_pointer("/m~0n").get_int64().value() == 8);
}

TEST_CASE("JSON Pointer: errors") {
  const document doc = parsed(R"({"a":[{"b":1}],"~1":2,"01":3})");
  CHECK(doc.at_pointer("a").error() == access_error::invalid_pointer);
  CHECK(doc.at_pointer("/a~2").error() == access_error::invalid_pointer);
  CHECK(doc.at_pointer("/a~").error() == access_error::invalid_pointer);
  CHECK(doc.at_pointer("/a/01").error() == access_error::invalid_pointer);
  CHECK(doc.at_pointer("/a/x").error() == access_error::invalid_pointer);
  CHECK(doc.at_pointer("/a/").error() == access_error::invalid_pointer);
  CHECK(doc.at_pointer("/a/-").error() == access_error::index_out_of_range);
  CHECK(doc.at_pointer("/a/1").error() == access_error::index_out_of_range);
  CHECK(doc.at_pointer("/a/99999999999999999999999").error() == access_error::index_out_of_range);
  CHECK(doc.at_pointer("/nope").error() == access_error::no_such_key);
  CHECK(doc.at_pointer("/a/0/b/c").error() == access_error::wrong_type);
  CHECK(doc.at_pointer("/a/0/b").get_int64().value() == 1);
  // "~01" is "~1" (the escapes are undone once, left to right), a key here.
  CHECK(doc.at_pointer("/~01").get_int64().value() == 2);
  // An object's key "01" is a key, not an index.
  CHECK(doc.at_pointer("/01").get_int64().value() == 3);
  // A pointer chained from a lookup result.
  CHECK(doc["a"].at_pointer("/0/b").get_int64().value() == 1);
}

TEST_CASE("a failed parse says why and leaves the document null") {
  document doc;
  const ultrajson::parse_result bad = doc.parse("{\"a\": [1, 2,]}");
  CHECK(bad.code == ultrajson::parse_error::expected_value);
  CHECK(bad.message() == "expected a value, found ']' at line 1, column 13 (byte 12)");
  CHECK(doc.root().is_null());
  // The same document parses again.
  REQUIRE(doc.parse("[1]").ok());
  CHECK(doc[0].get_int64().value() == 1);
  // Depth limits apply.
  ultrajson::parse_options shallow;
  shallow.max_depth = 2;
  CHECK(doc.parse("[[[1]]]", shallow).code == ultrajson::parse_error::depth_limit_exceeded);
  CHECK(doc.root().is_null());
}

TEST_CASE("a document parsed again reuses its memory") {
  const std::string text = R"({"list":[)" + std::string(2000, '1') + R"(, "some text here"]})";
  document doc;
  REQUIRE(doc.parse(text).ok());
  const std::size_t held = doc.memory_held();
  CHECK(held > 0);
  for (int i = 0; i < 3; ++i) {
    REQUIRE(doc.parse(text).ok());
    CHECK(doc.memory_held() == held);
  }
  CHECK(doc["list"][1].get_string().value() == "some text here");
}

TEST_CASE("the arena's aligned allocations stay inside their block") {
  // A block of an odd size filled to its last byte, then an aligned
  // allocation: the aligned position is past the filled block's unrounded
  // end, so the room test alone would hand out memory past the block
  // (the sanitized build reports the stores) unless the block's end is
  // aligned.
  for (std::size_t size : {std::size_t{1}, std::size_t{1001}, std::size_t{4099}}) {
    ultrajson::detail::arena arena;
    REQUIRE(arena.reset(size));
    const std::size_t usable = arena.capacity();
    CHECK(usable >= size);
    CHECK(usable % alignof(std::max_align_t) == 0);
    auto* bytes = static_cast<char*>(arena.allocate<1>(usable));
    REQUIRE(bytes != nullptr);
    std::memset(bytes, 'x', usable);
    CHECK(arena.block_count() == 1);
    auto* words = static_cast<std::uint64_t*>(arena.allocate<alignof(std::uint64_t)>(16));
    REQUIRE(words != nullptr);
    CHECK(reinterpret_cast<std::uintptr_t>(words) % alignof(std::uint64_t) == 0);
    words[0] = words[1] = 7;
    CHECK(arena.block_count() == 2);
    CHECK(bytes[usable - 1] == 'x');
  }
}

TEST_CASE("a moved document keeps its values") {
  document first = parsed(R"({"k":["v"]})");
  const ultrajson::value* inner = &first["k"][0].value();
  document second = std::move(first);
  CHECK(&second["k"][0].value() == inner);
  CHECK(second["k"][0].get_string().value() == "v");
  document third;
  third = std::move(second);
  CHECK(third["k"][0].get_string().value() == "v");
}

TEST_CASE("the events of a document are those of its text, on the whole corpus") {
  const auto corpus = require_data("corpus");
  if (!corpus) return;
  for (const auto& path : list_files(*corpus)) {
    INFO(path.filename().string());
    const std::vector<char> text = read_file(path);
    const recording direct = record(view(text));
    REQUIRE(direct.result.ok());
    document doc;
    REQUIRE(doc.parse(view(text)).ok());
    recorder replayed;
    REQUIRE(ultrajson::generate_events(doc.root(), replayed));
    CHECK(first_difference(direct.events, replayed.events).empty());

    ultrajson::writer minified;
    REQUIRE(ultrajson::parse(view(text), minified).ok());
    CHECK(written(doc.root()) == minified.str());
  }
}

TEST_CASE("to_json and write options apply to documents") {
  const document doc = parsed(R"({"a":[1,{"b":null}],"e":{}})");
  ultrajson::write_options indented;
  indented.indent = 2;
  indented.key_separator = ": ";
  CHECK(written(doc.root(), indented) ==
        "{\n  \"a\": [\n    1,\n    {\n      \"b\": null\n    }\n  ],\n  \"e\": {}\n}");
  CHECK(ultrajson::to_json(doc.root()) == R"({"a":[1,{"b":null}],"e":{}})");
  CHECK(ultrajson::to_json(doc) == R"({"a":[1,{"b":null}],"e":{}})");
}

TEST_CASE("the builder refuses unbalanced events") {
  ultrajson::detail::arena arena;
  ultrajson::detail::value_stack pending;
  ultrajson::document_builder builder(arena, pending);
  CHECK(!builder.end_array(0));
  CHECK(builder.start_object());
  CHECK(builder.key("k"));
  CHECK(!builder.end_object(1));  // a key without its value
  CHECK(builder.null_value());
  CHECK(builder.end_object(1));
  CHECK(builder.root().is_object());
  CHECK(builder.root()["k"].value().is_null());
}

namespace {

constexpr std::size_t deep = 1000000;

std::string nested_arrays(std::size_t depth) {
  std::string text(depth, '[');
  text += "7";
  text.append(depth, ']');
  return text;
}

// Parses, walks and frees a document `deep` levels deep; returns its depth.
std::size_t parse_and_free_deep() {
  ultrajson::parse_options options;
  options.max_depth = deep;
  std::size_t depth = 0;
  {
    document doc;
    if (!doc.parse(nested_arrays(deep), options).ok()) return 0;
    const ultrajson::value* v = &doc.root();
    while (v->is_array()) {
      ++depth;
      v = &(*v)[0].value();
    }
    if (v->get_int64().value_or(0) != 7) return 0;
  }  // freed here
  return depth;
}

void* run_deep(void* out) {
  *static_cast<std::size_t*>(out) = parse_and_free_deep();
  return nullptr;
}

}  // namespace

TEST_CASE("a document a million levels deep is built, written and freed without recursion") {
  CHECK(parse_and_free_deep() == deep);

  // The same on a thread with a small stack: any recursion a million deep
  // would overflow it.
  pthread_attr_t attributes;
  REQUIRE(pthread_attr_init(&attributes) == 0);
#ifdef ULTRAJSON_TEST_SANITIZED
  const std::size_t stack_size = 1 << 20;  // sanitizers use more stack per frame
#else
  const std::size_t stack_size = 128 * 1024;
#endif
  REQUIRE(pthread_attr_setstacksize(&attributes, stack_size) == 0);
  std::size_t depth = 0;
  pthread_t thread;
  REQUIRE(pthread_create(&thread, &attributes, run_deep, &depth) == 0);
  REQUIRE(pthread_join(thread, nullptr) == 0);
  pthread_attr_destroy(&attributes);
  CHECK(depth == deep);

  // Written back: the writer takes the same raised limit.
  ultrajson::parse_options options;
  options.max_depth = deep;
  document doc;
  REQUIRE(doc.parse(nested_arrays(deep), options).ok());
  ultrajson::write_options write_options;
  write_options.max_depth = deep;
  CHECK(written(doc.root(), write_options) == nested_arrays(deep));
  // With the default limit the writer refuses, cleanly.
  ultrajson::writer limited;
  CHECK(!ultrajson::write_value(limited, doc.root()));
  CHECK(limited.error() == ultrajson::write_error::depth_limit_exceeded);
}
