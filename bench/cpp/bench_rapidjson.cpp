// RapidJSON's SAX Reader and Writer. Two parse flag sets: the like-for-like
// one (doubles exact, UTF-8 validated: ultrajson's defaults) and RapidJSON's
// own defaults (neither), which is what most of its users run.
// Built with RapidJSON's default configuration (no RAPIDJSON_SSE2/SSE42).

#include <cstdint>
#include <string>
#include <string_view>

#include <benchmark/benchmark.h>
#include <rapidjson/document.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "bench_case.hpp"
#include "touch.hpp"

namespace {

constexpr unsigned exact_flags =
    rapidjson::kParseFullPrecisionFlag | rapidjson::kParseValidateEncodingFlag;
constexpr unsigned default_flags = rapidjson::kParseDefaultFlags;

// RapidJSON's handler concept, touching values as touch_handler does.
struct rapidjson_touch_handler {
  touch_totals totals;

  bool Null() { return literal(); }
  bool Bool(bool) { return literal(); }
  bool Int(int value) { return number(value); }
  bool Uint(unsigned value) { return number(value); }
  bool Int64(std::int64_t value) { return number(static_cast<double>(value)); }
  bool Uint64(std::uint64_t value) { return number(static_cast<double>(value)); }
  bool Double(double value) { return number(value); }
  bool RawNumber(const char* text, rapidjson::SizeType size, bool) {
    totals.number_text(std::string_view(text, size));
    return true;
  }
  bool String(const char*, rapidjson::SizeType size, bool) {
    totals.string(size);
    return true;
  }
  bool Key(const char*, rapidjson::SizeType size, bool) {
    totals.key(size);
    return true;
  }
  bool StartObject() { return container(); }
  bool EndObject(rapidjson::SizeType) { return true; }
  bool StartArray() { return container(); }
  bool EndArray(rapidjson::SizeType) { return true; }

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

using string_writer = rapidjson::Writer<rapidjson::StringBuffer>;

// RapidJSON's StringStream reads up to a NUL, which std::string supplies.
rapidjson::StringStream input_of(const corpus_file& file) {
  return rapidjson::StringStream(file.text.c_str());
}

bool check_parse(benchmark::State& state, const rapidjson::Reader& reader) {
  if (!reader.HasParseError()) return true;
  skip_with_error(state, "rapidjson: parse error " + std::to_string(reader.GetParseErrorCode()) +
                             " at byte " + std::to_string(reader.GetErrorOffset()));
  return false;
}

template <unsigned flags>
void parse_touching(benchmark::State& state, const corpus_file& file) {
  rapidjson::Reader reader;  // reused, as the library allows: keeps its stack's memory
  rapidjson_touch_handler once;
  rapidjson::StringStream checked = input_of(file);
  reader.Parse<flags>(checked, once);
  if (!check_parse(state, reader) || !check_same_document(state, file, once.totals)) return;
  for (auto _ : state) {
    rapidjson_touch_handler handler;
    rapidjson::StringStream in = input_of(file);
    reader.Parse<flags>(in, handler);
    benchmark::DoNotOptimize(handler.totals);
  }
  count_input_bytes(state, file);
}

template <unsigned flags>
void minify(benchmark::State& state, const corpus_file& file) {
  rapidjson::Reader reader;
  rapidjson::StringBuffer buffer;
  string_writer writer(buffer);
  rapidjson::StringStream checked = input_of(file);
  reader.Parse<flags>(checked, writer);
  if (!check_parse(state, reader)) return;
  for (auto _ : state) {
    buffer.Clear();
    writer.Reset(buffer);
    rapidjson::StringStream in = input_of(file);
    reader.Parse<flags>(in, writer);
    benchmark::DoNotOptimize(buffer.GetString());
    benchmark::ClobberMemory();
  }
  count_input_bytes(state, file);
}

// ----- DOM: Document::Parse (its MemoryPoolAllocator), then visit every value -----

void touch_document_value(const rapidjson::Value& value, touch_totals& totals) {
  switch (value.GetType()) {
    case rapidjson::kNullType:
    case rapidjson::kFalseType:
    case rapidjson::kTrueType: totals.literal(); break;
    case rapidjson::kNumberType:
      if (value.IsInt64()) {
        totals.number(static_cast<double>(value.GetInt64()));
      } else if (value.IsUint64()) {
        totals.number(static_cast<double>(value.GetUint64()));
      } else {
        totals.number(value.GetDouble());
      }
      break;
    case rapidjson::kStringType: totals.string(value.GetStringLength()); break;
    case rapidjson::kArrayType:
      totals.container();
      for (const rapidjson::Value& element : value.GetArray()) {
        touch_document_value(element, totals);
      }
      break;
    case rapidjson::kObjectType:
      totals.container();
      for (const auto& m : value.GetObject()) {
        totals.key(m.name.GetStringLength());
        touch_document_value(m.value, totals);
      }
      break;
  }
}

template <unsigned flags>
void dom_touching(benchmark::State& state, const corpus_file& file) {
  rapidjson::Document document;
  document.Parse<flags>(file.text.c_str(), file.text.size());
  if (document.HasParseError()) {
    return skip_with_error(state, "rapidjson: parse error " +
                                      std::to_string(document.GetParseError()) + " at byte " +
                                      std::to_string(document.GetErrorOffset()));
  }
  touch_totals once;
  touch_document_value(document, once);
  if (!check_same_document(state, file, once)) return;
  for (auto _ : state) {
    touch_totals totals;
    rapidjson::Document parsed;
    parsed.Parse<flags>(file.text.c_str(), file.text.size());
    touch_document_value(parsed, totals);
    benchmark::DoNotOptimize(totals);
  }
  count_input_bytes(state, file);
}

const add_bench_cases added{
    {"parse", "rapidjson_exact", parse_touching<exact_flags>},
    {"parse", "rapidjson", parse_touching<default_flags>},
    {"minify", "rapidjson_exact", minify<exact_flags>},
    {"minify", "rapidjson", minify<default_flags>},
    {"dom", "rapidjson_exact", dom_touching<exact_flags>},
    {"dom", "rapidjson", dom_touching<default_flags>},
};

}  // namespace
