// RapidJSON's Writer, replaying a document's recorded events: in a file of
// its own, as ultrajson's is (bench_ultrajson_write.cpp says why).
// Built with RapidJSON's default configuration (no RAPIDJSON_SSE2/SSE42).

#include <cstdint>
#include <string_view>

#include <benchmark/benchmark.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "bench_case.hpp"
#include "recorded_events.hpp"

namespace {

using string_writer = rapidjson::Writer<rapidjson::StringBuffer>;

// rapidjson::Writer under ultrajson::writer's event names, for replay().
struct rapidjson_writer_events {
  string_writer& out;

  bool null_value() { return out.Null(); }
  bool bool_value(bool value) { return out.Bool(value); }
  bool int64_value(std::int64_t value) { return out.Int64(value); }
  bool uint64_value(std::uint64_t value) { return out.Uint64(value); }
  bool big_integer(std::string_view text) {
    return out.RawValue(text.data(), text.size(), rapidjson::kNumberType);
  }
  bool double_value(double value) { return out.Double(value); }
  bool string_value(std::string_view text) { return out.String(text.data(), size_of(text)); }
  bool key(std::string_view text) { return out.Key(text.data(), size_of(text)); }
  bool start_object() { return out.StartObject(); }
  bool end_object(std::size_t count) {
    return out.EndObject(static_cast<rapidjson::SizeType>(count));
  }
  bool start_array() { return out.StartArray(); }
  bool end_array(std::size_t count) {
    return out.EndArray(static_cast<rapidjson::SizeType>(count));
  }

 private:
  static rapidjson::SizeType size_of(std::string_view text) {
    return static_cast<rapidjson::SizeType>(text.size());
  }
};

void write_events(benchmark::State& state, const corpus_file& file) {
  event_recorder recorded;
  if (!record_events(file.text, recorded)) {
    return skip_with_error(state, "the events come from ultrajson, which failed on this file");
  }
  rapidjson::StringBuffer buffer;
  string_writer writer(buffer);
  rapidjson_writer_events events{writer};
  if (!replay(recorded, events) || !writer.IsComplete()) {
    return skip_with_error(state, "rapidjson Writer refused the events");
  }
  for (auto _ : state) {
    buffer.Clear();  // keeps the buffer: the loop times writing, not allocation
    writer.Reset(buffer);
    replay(recorded, events);
    benchmark::DoNotOptimize(buffer.GetString());
    benchmark::ClobberMemory();
  }
  count_input_bytes(state, file);
}

const add_bench_cases added{
    {"write", "rapidjson", write_events},
};

}  // namespace
