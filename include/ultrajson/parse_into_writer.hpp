#pragma once
// parse(text, writer): a minify or re-indent. The parser drives the writer
// through detail::writer_parse_events, which takes the writer's events and
// keeps the key and string events inline in the parser's loop. The writer's
// own key() and string_value() stay as they are for every other caller (a
// replay of recorded events, an encoder's walk): inline there, they make
// those loops too large for GCC to keep the other events inside them.
// Included by writer.hpp, so parse(text, writer) always takes this path.

#include <string_view>
#include <utility>

#include "detail/inlining.hpp"
#include "options.hpp"
#include "parse.hpp"
#include "writer.hpp"

namespace ultrajson {
namespace detail {

// The writer itself, moved in for the parse and back out after it (so the
// parser reaches the writer's state through one reference, as it would the
// writer's own), with the key and string events inline.
class writer_parse_events : public writer {
 public:
  writer_parse_events(writer& owner, const parse_options& options) noexcept
      : writer(std::move(owner)),
        owner_(owner),
        // A strict parse hands over only valid UTF-8 without surrogates.
        known_utf8_(escaper_.non_ascii_as_is && !options.allow_lone_surrogates &&
                    !options.allow_wtf8_input) {
  }
  writer_parse_events(const writer_parse_events&) = delete;
  writer_parse_events& operator=(const writer_parse_events&) = delete;
  // Back to the caller's writer however the parse ends.
  ~writer_parse_events() {
    owner_ = std::move(static_cast<writer&>(*this));
  }

  ULTRAJSON_ALWAYS_INLINE bool string_value(std::string_view utf8) {
    return quoted_utf8_event<false>(utf8.data(), utf8.size(), known_utf8_);
  }
  ULTRAJSON_ALWAYS_INLINE bool key(std::string_view utf8) {
    return quoted_utf8_event<true>(utf8.data(), utf8.size(), known_utf8_);
  }

 private:
  writer& owner_;
  // Strings are known valid UTF-8 and go out with non-ASCII as it is: see
  // detail::copy_plain_run.
  bool known_utf8_;
};

}  // namespace detail

// Chosen over parse<Handler> for a writer (a function beats a template
// when both match exactly); the same result and output.
inline parse_result parse(std::string_view text, writer& out, const parse_options& options = {}) {
  detail::writer_parse_events events(out, options);
  return parse<detail::writer_parse_events>(text, events, options);
}

}  // namespace ultrajson
