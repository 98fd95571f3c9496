#pragma once
// The registry of benchmark cases. Each bench_<library>.cpp adds its cases
// while the program starts; main() then registers one Google Benchmark per
// case and corpus file, named operation/library/file ("parse/ultrajson/
// twitter.json"), ordered so that all libraries run one file back to back.

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <benchmark/benchmark.h>

#include "corpus.hpp"

struct bench_case {
  std::string_view operation;  // "parse", "write", "minify", "dom", "decode" or "encode"
  std::string_view library;    // the library and variant: "rapidjson_exact"
  void (*run)(benchmark::State&, const corpus_file&);
  // Set for cases tied to one file's shape (typed decode and encode into a
  // model of that file): the case runs on that file alone.
  std::string_view only_file = {};
};

std::vector<bench_case>& bench_cases();
// Functions that add lines to the run's context (benchmark::AddCustomContext),
// called by main() before the run: a library's version or kernel, say.
std::vector<void (*)()>& bench_context_notes();

// A namespace-scope `const add_bench_cases added{...};` in each library's file
// adds its cases before main() runs, so main() knows no library by name.
struct add_bench_cases {
  add_bench_cases(std::initializer_list<bench_case> cases, void (*note_context)() = nullptr) {
    bench_cases().insert(bench_cases().end(), cases);
    if (note_context != nullptr) bench_context_notes().push_back(note_context);
  }
};

// Reports the input size, so Google Benchmark prints (and writes to JSON)
// bytes_per_second: MB/s of input for every operation, parse or write.
inline void count_input_bytes(benchmark::State& state, const corpus_file& file) {
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(file.text.size()));
}

// Skips the benchmark with a message. (Google Benchmark 1.7 takes a const
// char*; the message is kept alive to the end of the program to be safe.)
void skip_with_error(benchmark::State& state, std::string message);

// Checks a library's touching totals for the file against ultrajson's; on a
// mismatch skips the benchmark, saying both, and returns false.
bool check_same_document(benchmark::State& state, const corpus_file& file,
                         const touch_totals& seen);
