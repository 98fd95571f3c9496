#pragma once
// parse(text, writer): a minify or re-indent. The parser drives the writer
// through detail::writer_parse_events, which takes the writer's events and
// keeps the key and string events inline in the parser's loop. The writer's
// own key() and string_value() stay as they are for every other caller (a
// replay of recorded events, an encoder's walk): inline there, they make
// those loops too large for GCC to keep the other events inside them.
// Included by writer.hpp, so parse(text, writer) always takes this path.

#include <cstdint>
#include <string_view>
#include <utility>

#include "detail/copy_bytes.hpp"
#include "detail/format_number.hpp"
#include "detail/inlining.hpp"
#include "detail/number_scan.hpp"
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
  writer_parse_events(writer& owner, std::string_view text, const parse_options& options) noexcept
      : writer(std::move(owner)),
        owner_(owner),
        // A strict parse hands over only valid UTF-8 without surrogates.
        known_utf8_(escaper_.non_ascii_as_is && !options.allow_lone_surrogates &&
                    !options.allow_wtf8_input),
        input_(reinterpret_cast<std::uintptr_t>(text.data())),
        // A string the parser hands over as a view into the input had no
        // escape, so it is valid UTF-8 (checked: not when the caller
        // vouches for it) with no quote, backslash or control byte. With
        // no optional escape and non-ASCII as it is, the writer would write
        // it unchanged: its bytes in the input, quotes and all, are its
        // output.
        copied_size_(known_utf8_ && escaper_.plain_blocks && !options.input_is_valid_utf8
                         ? text.size()
                         : 0) {
  }
  writer_parse_events(const writer_parse_events&) = delete;
  writer_parse_events& operator=(const writer_parse_events&) = delete;
  // Back to the caller's writer however the parse ends.
  ~writer_parse_events() {
    owner_ = std::move(static_cast<writer&>(*this));
  }

  ULTRAJSON_ALWAYS_INLINE bool string_value(std::string_view utf8) {
    if (in_copied_input(utf8) &&
        copy_quoted_in_place<false>(utf8.data() - 1, utf8.size() + 2)) {
      return true;
    }
    return quoted_utf8_event<false>(utf8.data(), utf8.size(), known_utf8_);
  }
  ULTRAJSON_ALWAYS_INLINE bool key(std::string_view utf8) {
    if (in_copied_input(utf8) &&
        copy_quoted_in_place<true>(utf8.data() - 1, utf8.size() + 2)) {
      return true;
    }
    return quoted_utf8_event<true>(utf8.data(), utf8.size(), known_utf8_);
  }
  // A number that is not a big integer: its text when the writer would
  // print it as it is, at the cost of a copy rather than a conversion and a
  // print. An integer's text is what the writer prints (a parse takes no
  // '+' and no leading zero) but for "-0", which prints as 0: texts of one
  // or two bytes ("-0" among them, no uint64) are printed from their value,
  // which also keeps the copy at the two bytes or more copy_bytes needs. A
  // floating number's text is what the writer prints when
  // prints_plain_decimal_as_is says so.
  ULTRAJSON_ALWAYS_INLINE bool scanned_number_value(const scanned_number& number) {
    const std::string_view text = number.text;
    if (number.type == scanned_number::kind::floating) {
      if (!prints_plain_decimal_as_is(number.plain_digits, number.plain_fraction_digits,
                                      text.back())) {
        return double_value(number.floating);
      }
    } else if (text.size() <= 2) {
      return int64_value(number.int64);
    }
    return bounded_value(text.size(), [text](char* out) {
      return copy_bytes(out, text.data(), text.size());
    });
  }

 private:
  // Whether the parser handed the string over as a view into the input
  // (between its quotes) rather than unescaped into a buffer of its own,
  // and strings found there are copied. Compared as integers: the buffer
  // is another object.
  bool in_copied_input(std::string_view utf8) const noexcept {
    return reinterpret_cast<std::uintptr_t>(utf8.data()) - input_ < copied_size_;
  }

  writer& owner_;
  // Strings are known valid UTF-8 and go out with non-ASCII as it is: see
  // detail::copy_plain_run.
  bool known_utf8_;
  std::uintptr_t input_;
  // The input's size when a string found in it goes out as its bytes there
  // (see the constructor), else 0: one compare tests both.
  std::size_t copied_size_;
};

}  // namespace detail

// Chosen over parse<Handler> for a writer (a function beats a template
// when both match exactly); the same result and output.
inline parse_result parse(std::string_view text, writer& out, const parse_options& options = {}) {
  detail::writer_parse_events events(out, text, options);
  return parse<detail::writer_parse_events>(text, events, options);
}

}  // namespace ultrajson
