#pragma once
// The checks ultrajson's benchmark files make before timing: a failed parse
// or an incomplete document skips the benchmark, saying why.

#include <string>

#include <benchmark/benchmark.h>
#include <ultrajson/error.hpp>
#include <ultrajson/writer.hpp>

#include "bench_case.hpp"

inline bool check_parse(benchmark::State& state, const ultrajson::parse_result& result) {
  if (!result) skip_with_error(state, "ultrajson: " + result.message());
  return result.ok();
}

inline bool check_written(benchmark::State& state, const ultrajson::writer& writer) {
  if (writer.complete()) return true;
  skip_with_error(state, "ultrajson writer: " + std::string(ultrajson::describe(writer.error())));
  return false;
}
