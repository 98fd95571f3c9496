// ultrajson with its defaults: strict, UTF-8 validated, doubles exact.

#include <benchmark/benchmark.h>
#include <ultrajson/decoder.hpp>
#include <ultrajson/document.hpp>
#include <ultrajson/encode.hpp>
#include <ultrajson/parse.hpp>
#include <ultrajson/writer.hpp>

#include "bench_case.hpp"
#include "touch.hpp"
#include "typed_models.hpp"
#include "ultrajson_checks.hpp"

namespace {

void parse_touching(benchmark::State& state, const corpus_file& file) {
  touch_handler once;
  if (!check_parse(state, ultrajson::parse(file.text, once))) return;
  for (auto _ : state) {
    touch_handler handler;
    ultrajson::parse(file.text, handler);
    benchmark::DoNotOptimize(handler.totals);
  }
  count_input_bytes(state, file);
}

void minify(benchmark::State& state, const corpus_file& file) {
  ultrajson::writer writer;
  if (!check_parse(state, ultrajson::parse(file.text, writer))) return;
  if (!check_written(state, writer)) return;
  for (auto _ : state) {
    writer.clear();
    ultrajson::parse(file.text, writer);
    benchmark::DoNotOptimize(writer.data());
    benchmark::ClobberMemory();
  }
  count_input_bytes(state, file);
}

// ----- DOM: parse into a document, then visit every value -----

void touch_value(const ultrajson::value& v, touch_totals& totals) {
  switch (v.kind()) {
    case ultrajson::value_kind::null:
    case ultrajson::value_kind::boolean: totals.literal(); break;
    case ultrajson::value_kind::int64:
    case ultrajson::value_kind::uint64:
    case ultrajson::value_kind::floating: totals.number(v.get_double().value_or(0)); break;
    case ultrajson::value_kind::big_integer:
    case ultrajson::value_kind::raw_number:
      totals.number_text(v.get_number_text().value_or({}));
      break;
    case ultrajson::value_kind::string: totals.string(v.size()); break;
    case ultrajson::value_kind::array:
      totals.container();
      for (const ultrajson::value& element : v.get_array().value()) touch_value(element, totals);
      break;
    case ultrajson::value_kind::object:
      totals.container();
      for (const ultrajson::member& m : v.get_object().value()) {
        totals.key(m.key().size());
        touch_value(m.value(), totals);
      }
      break;
  }
}

void dom_touching(benchmark::State& state, const corpus_file& file) {
  ultrajson::document doc;  // reused, as simdjson's parser is: keeps its memory
  if (!check_parse(state, doc.parse(file.text))) return;
  touch_totals once;
  touch_value(doc.root(), once);
  if (!check_same_document(state, file, once)) return;
  for (auto _ : state) {
    touch_totals totals;
    if (doc.parse(file.text).ok()) touch_value(doc.root(), totals);
    benchmark::DoNotOptimize(totals);
  }
  count_input_bytes(state, file);
}

// ----- typed: text into C++ structs, and back -----

template <class Model>
void decode(benchmark::State& state, const corpus_file& file) {
  Model once;
  const ultrajson::decode_result result = ultrajson::from_json(file.text, once);
  if (!result) return skip_with_error(state, "ultrajson: " + result.message());
  for (auto _ : state) {
    Model model;  // a new one each time, as nlohmann's get<T> makes
    ultrajson::from_json(file.text, model);
    benchmark::DoNotOptimize(model);
  }
  count_input_bytes(state, file);
}

template <class Model>
void encode(benchmark::State& state, const corpus_file& file) {
  Model model;
  const ultrajson::decode_result result = ultrajson::from_json(file.text, model);
  if (!result) return skip_with_error(state, "ultrajson: " + result.message());
  for (auto _ : state) {
    std::string text = ultrajson::to_json(model);
    benchmark::DoNotOptimize(text.data());
  }
  count_input_bytes(state, file);
}

const add_bench_cases added{
    {"parse", "ultrajson", parse_touching},
    {"minify", "ultrajson", minify},
    {"dom", "ultrajson", dom_touching},
    {"decode", "ultrajson", decode<models::twitter>, "twitter.json"},
    {"decode", "ultrajson", decode<models::citm_catalog>, "citm_catalog.json"},
    {"encode", "ultrajson", encode<models::twitter>, "twitter.json"},
    {"encode", "ultrajson", encode<models::citm_catalog>, "citm_catalog.json"},
};

}  // namespace
