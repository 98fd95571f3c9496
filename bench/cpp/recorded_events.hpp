#pragma once
// A document's events, recorded once outside the timed loop and replayed into
// a writer inside it, so the write benchmarks time the writer alone: no
// parsing, no tree walking. Events are compact (16 bytes) and own their text
// (one buffer holds every string, key and big-number text back to back).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <ultrajson/detail/inlining.hpp>
#include <ultrajson/handler.hpp>
#include <ultrajson/error.hpp>

enum class event_kind : std::uint8_t {
  null_value,
  false_value,
  true_value,
  int64_value,
  uint64_value,
  big_integer,
  double_value,
  string_value,
  key,
  start_object,
  end_object,
  start_array,
  end_array,
};

struct event {
  event_kind kind;
  std::uint32_t text_size;  // big_integer, string_value, key
  union {
    std::int64_t int64;
    std::uint64_t uint64;
    double floating;
    std::size_t text_offset;  // big_integer, string_value, key
    std::size_t count;        // end_object, end_array
  };
};
static_assert(sizeof(event) == 16, "events stay compact on 32- and 64-bit targets");

// An ultrajson handler that records what it is handed.
class event_recorder {
 public:
  bool null_value() { return add(event_kind::null_value); }
  bool bool_value(bool value) {
    return add(value ? event_kind::true_value : event_kind::false_value);
  }
  bool int64_value(std::int64_t value) {
    event& added = push(event_kind::int64_value);
    added.int64 = value;
    return true;
  }
  bool uint64_value(std::uint64_t value) {
    event& added = push(event_kind::uint64_value);
    added.uint64 = value;
    return true;
  }
  bool double_value(double value) {
    event& added = push(event_kind::double_value);
    added.floating = value;
    return true;
  }
  bool big_integer(std::string_view text) { return add_text(event_kind::big_integer, text); }
  // Raw numbers only come with parse_options::raw_numbers, which the
  // benchmarks do not set; big_integer's replay would be the right one.
  bool raw_number(std::string_view text) { return add_text(event_kind::big_integer, text); }
  bool string_value(std::string_view text) { return add_text(event_kind::string_value, text); }
  bool key(std::string_view text) { return add_text(event_kind::key, text); }
  bool start_object() { return add(event_kind::start_object); }
  bool start_array() { return add(event_kind::start_array); }
  bool end_object(std::size_t count) { return add_count(event_kind::end_object, count); }
  bool end_array(std::size_t count) { return add_count(event_kind::end_array, count); }

  const std::vector<event>& events() const { return events_; }
  std::string_view text_of(const event& e) const {
    return {text_.data() + e.text_offset, e.text_size};
  }

 private:
  event& push(event_kind kind) {
    events_.push_back(event{kind, 0, {0}});
    return events_.back();
  }
  bool add(event_kind kind) {
    push(kind);
    return true;
  }
  bool add_count(event_kind kind, std::size_t count) {
    push(kind).count = count;
    return true;
  }
  bool add_text(event_kind kind, std::string_view text) {
    event& added = push(kind);
    added.text_offset = text_.size();
    added.text_size = static_cast<std::uint32_t>(text.size());
    text_.append(text);
    return true;
  }

  std::vector<event> events_;
  std::string text_;
};
static_assert(ultrajson::is_handler_v<event_recorder>);

// Records the events of `text` as ultrajson parses it. Out of line, in
// recorded_events.cpp: a peer's benchmark file that compiled ultrajson's
// parser beside the peer's own code had that code compiled differently
// whenever the parser changed (GCC's inlining budget is per file).
ultrajson::parse_result record_events(std::string_view text, event_recorder& into);

// Plays one event into anything with ultrajson::writer's event names (the
// RapidJSON benchmark adapts its Writer to them). Always inlined into the
// replay loop, for every writer: left to GCC, whether it was depended on the
// size of the rest of the file (--param max-inline-insns-auto), and a call
// for every event cost ultrajson's write of citm_catalog 40% more time.
template <class Writer>
ULTRAJSON_ALWAYS_INLINE bool play(const event_recorder& recorded, const event& e, Writer& writer) {
  switch (e.kind) {
    case event_kind::null_value:
      return writer.null_value();
    case event_kind::false_value:
      return writer.bool_value(false);
    case event_kind::true_value:
      return writer.bool_value(true);
    case event_kind::int64_value:
      return writer.int64_value(e.int64);
    case event_kind::uint64_value:
      return writer.uint64_value(e.uint64);
    case event_kind::big_integer:
      return writer.big_integer(recorded.text_of(e));
    case event_kind::double_value:
      return writer.double_value(e.floating);
    case event_kind::string_value:
      return writer.string_value(recorded.text_of(e));
    case event_kind::key:
      return writer.key(recorded.text_of(e));
    case event_kind::start_object:
      return writer.start_object();
    case event_kind::end_object:
      return writer.end_object(e.count);
    case event_kind::start_array:
      return writer.start_array();
    case event_kind::end_array:
      return writer.end_array(e.count);
  }
  return false;
}

// Plays every event; stops at the first one the writer refuses.
template <class Writer>
bool replay(const event_recorder& recorded, Writer& writer) {
  for (const event& e : recorded.events()) {
    if (!play(recorded, e, writer)) return false;
  }
  return true;
}
