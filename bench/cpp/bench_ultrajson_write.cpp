// ultrajson's writer, replaying a document's recorded events. In a file of
// its own: GCC's inliner limits how much a translation unit may grow
// (--param inline-unit-growth), and in the file of all the other ultrajson
// benchmarks that limit was reached (-fopt-info-inline-missed), so which
// writer events were inlined into the replay loop, and so this benchmark's
// speed, changed with the size of unrelated code there. A program that
// writes JSON has no such neighbours; RapidJSON's write benchmark has its
// own file likewise.


#include <benchmark/benchmark.h>
#include <ultrajson/writer.hpp>

#include "bench_case.hpp"
#include "recorded_events.hpp"
#include "ultrajson_checks.hpp"

namespace {

void write_events(benchmark::State& state, const corpus_file& file) {
  event_recorder recorded;
  if (!check_parse(state, record_events(file.text, recorded))) return;
  ultrajson::writer writer;
  replay(recorded, writer);
  if (!check_written(state, writer)) return;
  for (auto _ : state) {
    writer.clear();  // keeps the buffer: the loop times writing, not allocation
    replay(recorded, writer);
    benchmark::DoNotOptimize(writer.data());
    benchmark::ClobberMemory();
  }
  count_input_bytes(state, file);
}

const add_bench_cases added{
    {"write", "ultrajson", write_events},
};

}  // namespace
