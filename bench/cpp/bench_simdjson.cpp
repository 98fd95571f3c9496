// simdjson: the DOM API (parse into its tape, then visit every value) and On
// Demand (visit every value while parsing). Both validate UTF-8 and parse
// doubles exactly, like ultrajson's defaults.
//
// simdjson requires its input padded (SIMDJSON_PADDING readable bytes past
// the end), so each benchmark builds a simdjson::padded_string outside the
// timed loop: that copy is the library's requirement, and ultrajson, which
// needs no padding, is not charged for it either.
//
// With no -march, the parsing kernel is still chosen at run time (see the
// context line simdjson_implementation), but On Demand's per-value code is
// compiled into this program for the default target, i.e. as simdjson's
// "fallback" kernel: that is what a portable build of an On Demand user gets.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include <benchmark/benchmark.h>
#include <simdjson.h>

#include "bench_case.hpp"
#include "touch.hpp"

namespace {

using simdjson::error_code;

bool check(benchmark::State& state, error_code error) {
  if (error == simdjson::SUCCESS) return true;
  skip_with_error(state, std::string("simdjson: ") + simdjson::error_message(error));
  return false;
}

// ----- DOM -----

void touch_element(simdjson::dom::element element, touch_totals& totals) {
  using type = simdjson::dom::element_type;
  switch (element.type()) {
    case type::ARRAY: {
      totals.container();
      // A named local: the range of a range-for must outlive the loop.
      const simdjson::dom::array array = element.get_array().value_unsafe();
      for (simdjson::dom::element child : array) touch_element(child, totals);
      break;
    }
    case type::OBJECT: {
      totals.container();
      const simdjson::dom::object object = element.get_object().value_unsafe();
      for (simdjson::dom::key_value_pair field : object) {
        totals.key(field.key.size());
        touch_element(field.value, totals);
      }
      break;
    }
    case type::INT64:
      totals.number(static_cast<double>(element.get_int64().value_unsafe()));
      break;
    case type::UINT64:
      totals.number(static_cast<double>(element.get_uint64().value_unsafe()));
      break;
    case type::DOUBLE:
      totals.number(element.get_double().value_unsafe());
      break;
    case type::STRING:
      totals.string(element.get_string().value_unsafe().size());
      break;
    case type::BOOL:
    case type::NULL_VALUE:
      totals.literal();
      break;
  }
}

void parse_dom_touching(benchmark::State& state, const corpus_file& file) {
  const simdjson::padded_string padded(file.text);
  simdjson::dom::parser parser;  // reused, as simdjson recommends: keeps its buffers
  simdjson::dom::element root;
  if (!check(state, parser.parse(padded).get(root))) return;
  touch_totals once;
  touch_element(root, once);
  if (!check_same_document(state, file, once)) return;
  for (auto _ : state) {
    touch_totals totals;
    if (parser.parse(padded).get(root) == simdjson::SUCCESS) touch_element(root, totals);
    benchmark::DoNotOptimize(totals);
  }
  count_input_bytes(state, file);
}

// Writes the tree parsed once outside the loop (simdjson::minify prints a
// DOM element as compact JSON).
void write_dom(benchmark::State& state, const corpus_file& file) {
  const simdjson::padded_string padded(file.text);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (!check(state, parser.parse(padded).get(root))) return;
  for (auto _ : state) {
    std::string out = simdjson::minify(root);
    benchmark::DoNotOptimize(out.data());
  }
  count_input_bytes(state, file);
}

void minify_dom(benchmark::State& state, const corpus_file& file) {
  const simdjson::padded_string padded(file.text);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (!check(state, parser.parse(padded).get(root))) return;
  for (auto _ : state) {
    std::string out;
    if (parser.parse(padded).get(root) == simdjson::SUCCESS) out = simdjson::minify(root);
    benchmark::DoNotOptimize(out.data());
  }
  count_input_bytes(state, file);
}

// ----- On Demand -----

namespace ondemand = simdjson::ondemand;

error_code touch_value(ondemand::value value, touch_totals& totals);

error_code touch_number(ondemand::value& value, touch_totals& totals) {
  ondemand::number_type type;
  if (error_code error = value.get_number_type().get(type)) return error;
  double number = 0;
  error_code error = simdjson::SUCCESS;
  switch (type) {
    case ondemand::number_type::signed_integer: {
      std::int64_t integer = 0;
      error = value.get_int64().get(integer);
      number = static_cast<double>(integer);
      break;
    }
    case ondemand::number_type::unsigned_integer: {
      std::uint64_t integer = 0;
      error = value.get_uint64().get(integer);
      number = static_cast<double>(integer);
      break;
    }
    case ondemand::number_type::floating_point_number:
      error = value.get_double().get(number);
      break;
  }
  if (!error) totals.number(number);
  return error;
}

error_code touch_array(ondemand::array array, touch_totals& totals) {
  totals.container();
  for (auto element : array) {
    ondemand::value child;
    if (error_code error = element.get(child)) return error;
    if (error_code error = touch_value(child, totals)) return error;
  }
  return simdjson::SUCCESS;
}

error_code touch_object(ondemand::object object, touch_totals& totals) {
  totals.container();
  for (auto member : object) {
    ondemand::field field;
    if (error_code error = std::move(member).get(field)) return error;
    std::string_view key;
    if (error_code error = field.unescaped_key().get(key)) return error;
    totals.key(key.size());
    if (error_code error = touch_value(field.value(), totals)) return error;
  }
  return simdjson::SUCCESS;
}

error_code touch_value(ondemand::value value, touch_totals& totals) {
  ondemand::json_type type;
  if (error_code error = value.type().get(type)) return error;
  switch (type) {
    case ondemand::json_type::array: {
      ondemand::array array;
      if (error_code error = value.get_array().get(array)) return error;
      return touch_array(array, totals);
    }
    case ondemand::json_type::object: {
      ondemand::object object;
      if (error_code error = value.get_object().get(object)) return error;
      return touch_object(object, totals);
    }
    case ondemand::json_type::number:
      return touch_number(value, totals);
    case ondemand::json_type::string: {
      std::string_view text;
      if (error_code error = value.get_string().get(text)) return error;
      totals.string(text.size());
      return simdjson::SUCCESS;
    }
    case ondemand::json_type::boolean: {
      bool ignored;
      if (error_code error = value.get_bool().get(ignored)) return error;
      totals.literal();
      return simdjson::SUCCESS;
    }
    case ondemand::json_type::null: {
      bool is_null = false;
      if (error_code error = value.is_null().get(is_null)) return error;
      if (!is_null) return simdjson::INCORRECT_TYPE;
      totals.literal();
      return simdjson::SUCCESS;
    }
  }
  return simdjson::UNEXPECTED_ERROR;
}

// The corpus' documents are all arrays or objects; a scalar document would
// fail here with SCALAR_DOCUMENT_AS_VALUE, and its benchmark say so.
error_code touch_document(ondemand::parser& parser, const simdjson::padded_string& padded,
                          touch_totals& totals) {
  ondemand::document document;
  if (error_code error = parser.iterate(padded).get(document)) return error;
  ondemand::value root;
  if (error_code error = document.get_value().get(root)) return error;
  return touch_value(root, totals);
}

void parse_ondemand_touching(benchmark::State& state, const corpus_file& file) {
  const simdjson::padded_string padded(file.text);
  ondemand::parser parser;  // reused, as simdjson recommends
  touch_totals once;
  if (!check(state, touch_document(parser, padded, once))) return;
  if (!check_same_document(state, file, once)) return;
  for (auto _ : state) {
    touch_totals totals;
    benchmark::DoNotOptimize(touch_document(parser, padded, totals));
    benchmark::DoNotOptimize(totals);
  }
  count_input_bytes(state, file);
}

void note_implementation() {
  benchmark::AddCustomContext("simdjson_implementation",
                              std::string(simdjson::get_active_implementation()->name()));
}

const add_bench_cases added{{
                                {"parse", "simdjson_dom", parse_dom_touching},
                                {"parse", "simdjson_ondemand", parse_ondemand_touching},
                                {"write", "simdjson_dom", write_dom},
                                {"minify", "simdjson_dom", minify_dom},
                                {"dom", "simdjson", parse_dom_touching},
                            },
                            note_implementation};

}  // namespace
