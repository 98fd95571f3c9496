#include "recorded_events.hpp"

#include <ultrajson/parse.hpp>

ultrajson::parse_result record_events(std::string_view text, event_recorder& into) {
  return ultrajson::parse(text, into);
}
