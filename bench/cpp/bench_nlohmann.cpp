// nlohmann/json: its SAX interface (validates UTF-8, doubles via strtod,
// which glibc rounds exactly: like-for-like with ultrajson's defaults), and
// its DOM (nlohmann::json) for writing.

#include <cstddef>
#include <cstdint>
#include <string>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>
#include <ultrajson/decoder.hpp>

#include "bench_case.hpp"
#include "touch.hpp"
#include "typed_models.hpp"

namespace {

using json = nlohmann::json;

// nlohmann's SAX concept (checked at compile time, no virtual calls),
// touching values as touch_handler does.
struct nlohmann_touch_handler {
  touch_totals totals;
  std::string error;  // the parse error's message, if any

  bool null() { return literal(); }
  bool boolean(bool) { return literal(); }
  bool number_integer(json::number_integer_t value) { return number(static_cast<double>(value)); }
  bool number_unsigned(json::number_unsigned_t value) { return number(static_cast<double>(value)); }
  bool number_float(json::number_float_t value, const json::string_t&) { return number(value); }
  bool string(json::string_t& text) {
    totals.string(text.size());
    return true;
  }
  bool binary(json::binary_t&) { return true; }  // never in JSON text
  bool key(json::string_t& text) {
    totals.key(text.size());
    return true;
  }
  bool start_object(std::size_t) { return container(); }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return container(); }
  bool end_array() { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    error = e.what();
    return false;
  }

 private:
  bool literal() {
    totals.literal();
    return true;
  }
  bool number(double value) {
    totals.number(value);
    return true;
  }
  bool container() {
    totals.container();
    return true;
  }
};

const char* begin_of(const corpus_file& file) { return file.text.data(); }
const char* end_of(const corpus_file& file) { return file.text.data() + file.text.size(); }

// Without exceptions: a failed parse gives a "discarded" value.
json parse_dom(const corpus_file& file) {
  return json::parse(begin_of(file), end_of(file), nullptr, /*allow_exceptions=*/false);
}

void parse_sax_touching(benchmark::State& state, const corpus_file& file) {
  nlohmann_touch_handler once;
  if (!json::sax_parse(begin_of(file), end_of(file), &once)) {
    return skip_with_error(state, "nlohmann: " + once.error);
  }
  if (!check_same_document(state, file, once.totals)) return;
  for (auto _ : state) {
    nlohmann_touch_handler handler;
    json::sax_parse(begin_of(file), end_of(file), &handler);
    benchmark::DoNotOptimize(handler.totals);
  }
  count_input_bytes(state, file);
}

// Writes the tree parsed once outside the loop.
void write_dom(benchmark::State& state, const corpus_file& file) {
  const json document = parse_dom(file);
  if (document.is_discarded()) return skip_with_error(state, "nlohmann: parse error");
  for (auto _ : state) {
    std::string out = document.dump();
    benchmark::DoNotOptimize(out.data());
  }
  count_input_bytes(state, file);
}

void minify_dom(benchmark::State& state, const corpus_file& file) {
  if (parse_dom(file).is_discarded()) return skip_with_error(state, "nlohmann: parse error");
  for (auto _ : state) {
    std::string out = parse_dom(file).dump();
    benchmark::DoNotOptimize(out.data());
  }
  count_input_bytes(state, file);
}

// ----- DOM: json::parse, then visit every value -----

void touch_json(const json& value, touch_totals& totals) {
  switch (value.type()) {
    case json::value_t::null:
    case json::value_t::boolean: totals.literal(); break;
    case json::value_t::number_integer:
      totals.number(static_cast<double>(value.get_ref<const json::number_integer_t&>()));
      break;
    case json::value_t::number_unsigned:
      totals.number(static_cast<double>(value.get_ref<const json::number_unsigned_t&>()));
      break;
    case json::value_t::number_float:
      totals.number(value.get_ref<const json::number_float_t&>());
      break;
    case json::value_t::string: totals.string(value.get_ref<const json::string_t&>().size()); break;
    case json::value_t::array:
      totals.container();
      for (const json& element : value) touch_json(element, totals);
      break;
    case json::value_t::object:
      totals.container();
      for (const auto& [key, member] : value.items()) {
        totals.key(key.size());
        touch_json(member, totals);
      }
      break;
    default: break;  // binary and discarded never come from JSON text
  }
}

void dom_touching(benchmark::State& state, const corpus_file& file) {
  const json once_parsed = json::parse(file.text, nullptr, false);
  if (once_parsed.is_discarded()) return skip_with_error(state, "nlohmann: parse error");
  touch_totals once;
  touch_json(once_parsed, once);
  if (!check_same_document(state, file, once)) return;
  for (auto _ : state) {
    touch_totals totals;
    const json parsed = json::parse(file.text, nullptr, false);
    touch_json(parsed, totals);
    benchmark::DoNotOptimize(totals);
  }
  count_input_bytes(state, file);
}

// ----- typed: json::parse then get<T>; json(model).dump() -----

}  // namespace

namespace models {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(twitter_user, id, id_str, name, screen_name, location,
                                   description, created_at, lang, followers_count, friends_count,
                                   listed_count, favourites_count, statuses_count, verified,
                                   geo_enabled, profile_image_url)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(twitter_status, created_at, id, id_str, text, source, truncated,
                                   user, retweet_count, favorite_count, favorited, retweeted, lang)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(twitter_metadata, completed_in, max_id, max_id_str,
                                   next_results, query, refresh_url, count, since_id, since_id_str)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(twitter, statuses, search_metadata)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(citm_price, amount, audienceSubCategoryId, seatCategoryId)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(citm_area, areaId, blockIds)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(citm_seat_category, areas, seatCategoryId)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(citm_performance, eventId, id, prices, seatCategories, start,
                                   venueCode)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(citm_event, id, name, subTopicIds, topicIds)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(citm_catalog, areaNames, audienceSubCategoryNames,
                                   seatCategoryNames, subTopicNames, subjectNames, topicNames,
                                   venueNames, events, performances, topicSubTopics)
}  // namespace models

namespace {

// The model ultrajson decodes from the file, to check nlohmann's against.
template <class Model>
bool same_as_ultrajson(benchmark::State& state, const corpus_file& file, const Model& model) {
  Model reference;
  if (!ultrajson::from_json(file.text, reference)) return true;  // ultrajson's row says why
  if (models::checksum(model) == models::checksum(reference)) return true;
  skip_with_error(state, "nlohmann decoded other values than ultrajson");
  return false;
}

template <class Model>
void decode(benchmark::State& state, const corpus_file& file) {
  const json parsed = json::parse(file.text, nullptr, false);
  if (parsed.is_discarded()) return skip_with_error(state, "nlohmann: parse error");
  if (!same_as_ultrajson(state, file, parsed.get<Model>())) return;
  for (auto _ : state) {
    Model model = json::parse(file.text).get<Model>();
    benchmark::DoNotOptimize(model);
  }
  count_input_bytes(state, file);
}

template <class Model>
void encode(benchmark::State& state, const corpus_file& file) {
  const Model model = json::parse(file.text).get<Model>();
  for (auto _ : state) {
    std::string text = json(model).dump();
    benchmark::DoNotOptimize(text.data());
  }
  count_input_bytes(state, file);
}

const add_bench_cases added{
    {"parse", "nlohmann_sax", parse_sax_touching},
    {"write", "nlohmann", write_dom},
    {"minify", "nlohmann", minify_dom},
    {"dom", "nlohmann", dom_touching},
    {"decode", "nlohmann", decode<models::twitter>, "twitter.json"},
    {"decode", "nlohmann", decode<models::citm_catalog>, "citm_catalog.json"},
    {"encode", "nlohmann", encode<models::twitter>, "twitter.json"},
    {"encode", "nlohmann", encode<models::citm_catalog>, "citm_catalog.json"},
};

}  // namespace
