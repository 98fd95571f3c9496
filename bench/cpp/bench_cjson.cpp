// cJSON: it parses only into its tree (one heap node per value), so "parse"
// is parse + walk + delete. Numbers are strtod doubles; strings are NUL
// terminated, so their lengths cost a strlen.

#include <cstring>
#include <memory>

#include <benchmark/benchmark.h>
#include <cjson/cJSON.h>

#include "bench_case.hpp"
#include "touch.hpp"

namespace {

struct cjson_deleter {
  void operator()(cJSON* tree) const { cJSON_Delete(tree); }
};
using cjson_tree = std::unique_ptr<cJSON, cjson_deleter>;

struct cjson_deleter_of_text {
  void operator()(char* text) const { cJSON_free(text); }
};
using cjson_text = std::unique_ptr<char, cjson_deleter_of_text>;

cjson_tree parse_tree(const corpus_file& file) {
  return cjson_tree(cJSON_ParseWithLength(file.text.data(), file.text.size()));
}

void touch_item(const cJSON* item, touch_totals& totals) {
  if (cJSON_IsArray(item) || cJSON_IsObject(item)) {
    totals.container();
    const bool is_object = cJSON_IsObject(item);
    for (const cJSON* child = item->child; child != nullptr; child = child->next) {
      if (is_object) totals.key(std::strlen(child->string));
      touch_item(child, totals);
    }
  } else if (cJSON_IsNumber(item)) {
    totals.number(item->valuedouble);
  } else if (cJSON_IsString(item)) {
    totals.string(std::strlen(item->valuestring));
  } else {
    totals.literal();  // true, false, null
  }
}

bool check_parse(benchmark::State& state, const cjson_tree& tree) {
  if (tree) return true;
  skip_with_error(state, "cJSON: parse error");
  return false;
}

void parse_walk(benchmark::State& state, const corpus_file& file) {
  const cjson_tree checked = parse_tree(file);
  if (!check_parse(state, checked)) return;
  touch_totals once;
  touch_item(checked.get(), once);
  if (!check_same_document(state, file, once)) return;
  for (auto _ : state) {
    touch_totals totals;
    const cjson_tree tree = parse_tree(file);
    if (tree) touch_item(tree.get(), totals);
    benchmark::DoNotOptimize(totals);
  }
  count_input_bytes(state, file);
}

// Writes the tree parsed once outside the loop.
void write_tree(benchmark::State& state, const corpus_file& file) {
  const cjson_tree tree = parse_tree(file);
  if (!check_parse(state, tree)) return;
  for (auto _ : state) {
    const cjson_text out(cJSON_PrintUnformatted(tree.get()));
    benchmark::DoNotOptimize(out.get());
  }
  count_input_bytes(state, file);
}

void minify_tree(benchmark::State& state, const corpus_file& file) {
  if (!check_parse(state, parse_tree(file))) return;
  for (auto _ : state) {
    const cjson_tree tree = parse_tree(file);
    const cjson_text out(cJSON_PrintUnformatted(tree.get()));
    benchmark::DoNotOptimize(out.get());
  }
  count_input_bytes(state, file);
}

const add_bench_cases added{
    {"parse", "cjson", parse_walk},
    {"write", "cjson", write_tree},
    {"minify", "cjson", minify_tree},
};

}  // namespace
