// ultrajson_bench_cpp: MB/s of ultrajson and its peers on every corpus file.
// Google Benchmark's own flags apply (--benchmark_filter=parse/, ...).

#include <algorithm>
#include <cstdio>
#include <deque>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <benchmark/benchmark.h>

#include "bench_case.hpp"
#include "corpus.hpp"

#ifndef ULTRAJSON_BENCH_LEFT_OUT
#error "the build passes the peers it left out as ULTRAJSON_BENCH_LEFT_OUT"
#endif

std::vector<bench_case>& bench_cases() {
  static std::vector<bench_case> cases;
  return cases;
}

std::vector<void (*)()>& bench_context_notes() {
  static std::vector<void (*)()> notes;
  return notes;
}

void skip_with_error(benchmark::State& state, std::string message) {
  static std::deque<std::string> messages;  // a deque never moves its strings
  state.SkipWithError(messages.emplace_back(std::move(message)).c_str());
}

bool check_same_document(benchmark::State& state, const corpus_file& file,
                         const touch_totals& seen) {
  // Without ultrajson's totals (it failed on the file) there is nothing to compare.
  if (!file.reference || seen.same_shape(*file.reference)) return true;
  skip_with_error(state,
                  "saw " + seen.describe() + " where ultrajson saw " + file.reference->describe());
  return false;
}

namespace {

// Operations in the order they run; within one, every library on one file
// back to back (ultrajson first, then by name), so drifts in the machine's
// speed hit neighbours in a comparison alike.
void register_benchmarks(const std::vector<corpus_file>& corpus) {
  std::vector<bench_case> cases = bench_cases();
  const std::vector<std::string_view> operations = {"parse",  "write",  "minify",
                                                    "dom",    "decode", "encode"};
  auto rank = [&](const bench_case& c) {
    const auto at = std::find(operations.begin(), operations.end(), c.operation);
    return std::make_tuple(at - operations.begin(), c.operation, c.library != "ultrajson",
                           c.library);
  };
  std::stable_sort(cases.begin(), cases.end(),
                   [&](const bench_case& a, const bench_case& b) { return rank(a) < rank(b); });
  for (auto first = cases.begin(); first != cases.end();) {
    const auto last = std::find_if(
        first, cases.end(), [&](const bench_case& c) { return c.operation != first->operation; });
    for (const corpus_file& file : corpus) {
      for (auto c = first; c != last; ++c) {
        if (!c->only_file.empty() && c->only_file != file.name) continue;
        const std::string name =
            std::string(c->operation) + "/" + std::string(c->library) + "/" + file.name;
        const auto run = c->run;
        benchmark::RegisterBenchmark(name.c_str(),
                                     [run, &file](benchmark::State& state) { run(state, file); });
      }
    }
    first = last;
  }
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  // Messages go to stderr: stdout may be --benchmark_format=json.
  const std::string_view left_out = ULTRAJSON_BENCH_LEFT_OUT;
  if (!left_out.empty()) {
    std::fprintf(stderr, "ultrajson_bench_cpp: peers left out at build time: %.*s\n",
                 static_cast<int>(left_out.size()), left_out.data());
    benchmark::AddCustomContext("left_out", std::string(left_out));
  }
  const auto folder = corpus_folder();
  // Static: the registered benchmarks refer to the files until the program ends.
  static const std::vector<corpus_file> corpus = load_corpus(folder);
  if (corpus.empty()) {
    std::fprintf(stderr,
                 "ultrajson_bench_cpp: no corpus at %s (no *.json there); set ULTRAJSON_DATA "
                 "to a folder that holds corpus/. No file benchmarks registered.\n",
                 folder.string().c_str());
    return 0;
  }
  benchmark::AddCustomContext("corpus", folder.string());
  for (const auto note : bench_context_notes()) note();
  register_benchmarks(corpus);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
