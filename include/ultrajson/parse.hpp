#pragma once
// The decoder: parse(text, handler, options) walks a JSON document and calls
// the handler's events (see handler.hpp). It keeps its own bounded stack, so
// no input can drive recursion, and it never reads outside the input.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "detail/inlining.hpp"
#include "detail/number_scan.hpp"
#include "detail/small_stack.hpp"
#include "detail/string_scan.hpp"
#include "detail/swar.hpp"
#include "error.hpp"
#include "handler.hpp"
#include "options.hpp"

namespace ultrajson {
namespace detail {

inline bool is_whitespace(char c) noexcept {
  // One test for the four bytes: a bit for each among the bytes up to ' '.
  constexpr std::uint64_t whitespace_bits =
      (std::uint64_t{1} << ' ') | (std::uint64_t{1} << '\n') | (std::uint64_t{1} << '\r') |
      (std::uint64_t{1} << '\t');
  const auto byte = static_cast<unsigned char>(c);
  return byte <= ' ' && ((std::uint64_t{1} << byte) & whitespace_bits) != 0;
}

// How many of the block of bytes at p are spaces before the first other
// byte (space_block when all are): one comparison for one byte value.
#if defined(__SSE2__)
inline constexpr std::ptrdiff_t space_block = 16;
inline std::ptrdiff_t leading_spaces(const char* p) noexcept {
  const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const auto spaces =
      static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(' '))));
  const unsigned not_space = ~spaces & 0xFFFF;
  if (not_space == 0) return space_block;
  return static_cast<std::ptrdiff_t>(count_trailing_zeros(not_space));
}
#else
// A machine word, not a 64-bit one: on i386 the 64-bit word took 7% more
// instructions on citm_catalog (two registers and two operations each).
inline constexpr std::ptrdiff_t space_block = sizeof(machine_word);
inline std::ptrdiff_t leading_spaces(const char* p) noexcept {
  constexpr machine_word low7 = repeat_byte_in_machine_word(0x7F);
  const machine_word x = load_machine_word(p) ^ repeat_byte_in_machine_word(' ');
  // The high bit of each byte that is not a space, exact in every byte (no
  // byte's test carries into the next).
  const machine_word not_space = (((x & low7) + low7) | x) & repeat_byte_in_machine_word(0x80);
  return not_space == 0 ? space_block : static_cast<std::ptrdiff_t>(first_flagged_byte(not_space));
}
#endif

// Advances p over spaces: a block at a time, testing for the one byte value.
ULTRAJSON_ALWAYS_INLINE void skip_spaces(const char*& p, const char* end) noexcept {
  while (end - p >= space_block) {
    const std::ptrdiff_t spaces = leading_spaces(p);
    p += spaces;
    if (spaces != space_block) return;
  }
  while (p != end && *p == ' ') ++p;
}

// A run of whitespace from p (not at end, at a byte up to ' '): a newline
// and an indentation, mostly. Each whitespace byte is stepped over with the
// spaces after it, a block at a time; the block test comes straight after
// the newline, not after a test of the byte that follows it. Testing for
// all four bytes in every block cost 5% to 10% more instructions on the
// indented files (twitter, citm_catalog). Inlined: forced out of line it ran
// fewer instructions but took longer on the indented files. Forced inline
// (with skip_spaces): a translation unit that instantiates several parse
// loops (the C++ benchmark's) reaches GCC's inline-unit-growth limit, and
// GCC then calls both at every site.
// Sets line_indent when the run holds a newline, and says whether it did.
ULTRAJSON_ALWAYS_INLINE bool skip_whitespace_run(const char*& p, const char* end,
                                                 std::ptrdiff_t& line_indent) noexcept {
  // A newline first by a comparison, as in skip_whitespace.
  const char* line = nullptr;  // just past the last newline
  while (*p == '\n' || is_whitespace(*p)) {
    if (*p == '\n') line = p + 1;
    ++p;
    skip_spaces(p, end);
    if (p == end || static_cast<unsigned char>(*p) > ' ') break;
  }
  if (line == nullptr) return false;
  line_indent = p - line;
  return true;
}

// Always inlined: GCC calls it otherwise where the handler's events are
// inlined too (the DOM builder), a call for every token.
ULTRAJSON_ALWAYS_INLINE void skip_whitespace(const char*& p, const char* end,
                                             std::ptrdiff_t& line_indent) noexcept {
  // Most tokens follow no whitespace at all, the next most one byte of it (a
  // space after ',' and ':' as Python writes them, a newline between
  // unindented lines): test those first, by comparisons rather than the
  // whitespace bit test (a 64-bit shift: several instructions on i386).
  // A newline before an indentation goes to the run skipper as it is; a
  // lone newline sent there cost random.json's parse (a token on every
  // line, none indented) a third of its speed.
  if (p == end || static_cast<unsigned char>(*p) > ' ') return;
  if (*p == ' ') {
    ++p;
    if (p == end || static_cast<unsigned char>(*p) > ' ') return;
  } else if (*p == '\n' && end - p > 1 && static_cast<unsigned char>(p[1]) > ' ') {
    ++p;
    line_indent = 0;
    return;
  }
  skip_whitespace_run(p, end, line_indent);
}

// Whether the parser guesses each line's indentation from the line before
// it (skip_whitespace_guessing). Not on 32-bit x86: with its few registers
// the guess's state, live through the whole parse loop, pushed the loop's
// other values out of registers, so that even a document without any
// whitespace (twitterescaped.json) parsed slower, and without SSE2 (i386's
// default) the guess's check is not one block but several words.
#if defined(__i386__) || defined(_M_IX86)
inline constexpr bool guess_indentation = false;
#else
inline constexpr bool guess_indentation = true;
#endif

// Whether the line from `line` holds exactly `indent` spaces and then a byte
// above ' ' (the next token, or what is not JSON). Only with 16 bytes past
// the indentation to read, a block at a time; false otherwise, and the
// caller then skips the whitespace as it is.
inline bool indented_by(const char* line, const char* end, std::ptrdiff_t indent) noexcept {
  if (end - line < indent + space_block) return false;
  const char* const token = line + indent;
  while (token - line >= space_block) {
    if (leading_spaces(line) != space_block) return false;
    line += space_block;
  }
  return leading_spaces(line) == token - line && static_cast<unsigned char>(*token) > ' ';
}

// Whitespace where the layout lets the next line's indentation be guessed.
// In a document laid out one member or element per line, the line after a
// comma is indented as the line before it (a member's, or its value's
// closing bracket's), the line after an opening bracket by one step more,
// and a closing bracket's line by one step less than the line before it.
// With a right guess the position of the next token follows from the
// newline's alone: the CPU goes on to read the token while it checks the
// spaces, instead of waiting for their count. A wrong guess costs the check,
// and the run is skipped as usual: true then if it held a newline (the
// indentation is measured).
ULTRAJSON_ALWAYS_INLINE bool skip_whitespace_guessing(const char*& p, const char* end,
                                                      std::ptrdiff_t& line_indent,
                                                      std::ptrdiff_t guess) noexcept {
  if constexpr (!guess_indentation) {
    // The indentation is then never read, and what measures it is dead code.
    skip_whitespace(p, end, line_indent);
    return false;
  }
  if (p == end || static_cast<unsigned char>(*p) > ' ') return false;
  if (*p == '\n' && end - p > 1 && static_cast<unsigned char>(p[1]) > ' ') {
    // No indentation at all (a token on every line, random.json), by one
    // comparison: the block test cost such a file 4% of its speed.
    ++p;
    line_indent = 0;
    return false;
  }
  if (*p == '\n' && guess >= 0 && indented_by(p + 1, end, guess)) {
    p += 1 + guess;
    line_indent = guess;
    return false;
  }
  if (*p == ' ') {
    ++p;
    if (p == end || static_cast<unsigned char>(*p) > ' ') return false;
  }
  return skip_whitespace_run(p, end, line_indent);
}

// What a value that begins with a given byte is, for the parse loop's
// dispatch: one table load, then a dense switch, where a switch on the byte
// itself became two sparse jump tables with four range tests before them.
// Strings and numbers, the most values, are tested for before the switch.
enum class value_start : unsigned char {
  invalid,
  object,
  array,
  string,
  number,  // '-' or a digit
  true_literal,
  false_literal,
  null_literal,
  nan_or_infinity,  // 'N' or 'I': a number only where parse_options allow them
};

struct value_start_table {
  value_start of[256];
  constexpr value_start_table() : of() {
    for (auto& kind : of) kind = value_start::invalid;
    of[static_cast<unsigned char>('{')] = value_start::object;
    of[static_cast<unsigned char>('[')] = value_start::array;
    of[static_cast<unsigned char>('"')] = value_start::string;
    of[static_cast<unsigned char>('-')] = value_start::number;
    for (char digit = '0'; digit <= '9'; ++digit) {
      of[static_cast<unsigned char>(digit)] = value_start::number;
    }
    of[static_cast<unsigned char>('t')] = value_start::true_literal;
    of[static_cast<unsigned char>('f')] = value_start::false_literal;
    of[static_cast<unsigned char>('n')] = value_start::null_literal;
    of[static_cast<unsigned char>('N')] = value_start::nan_or_infinity;
    of[static_cast<unsigned char>('I')] = value_start::nan_or_infinity;
  }
};
inline constexpr value_start_table value_starts{};

inline bool starts_with(const char* p, const char* end, std::string_view word) noexcept {
  return static_cast<std::size_t>(end - p) >= word.size() &&
         std::memcmp(p, word.data(), word.size()) == 0;
}

// Whether the handler takes a number as the scan found it
// (scanned_number_value: an integer that fits in 64 bits, or a floating
// number), text and all, rather than as a value: the parse into a writer
// does, to copy the text it would print unchanged.
template <class Handler, class = void>
struct takes_scanned_numbers : std::false_type {};
template <class Handler>
struct takes_scanned_numbers<Handler,
                             std::void_t<decltype(std::declval<Handler&>().scanned_number_value(
                                 std::declval<const scanned_number&>()))>> : std::true_type {};

template <class Handler>
class parser {
 public:
  parser(std::string_view text, Handler& handler, const parse_options& options)
      : strings_(), text_(text), handler_(handler), options_(options) {
    strings_.allow_lone_surrogates = options.allow_lone_surrogates;
    strings_.allow_wtf8_input = options.allow_wtf8_input;
    strings_.input_is_valid_utf8 = options.input_is_valid_utf8;
  }

  parse_result run();

 private:
  // An open container: its members or elements completed so far, and its
  // kind. run() keeps the innermost one's in locals; stack_ holds those of
  // the containers around it.
  struct frame {
    std::size_t count;
    bool is_object;
  };

  parse_result fail(const char* at, parse_error code) const {
    return make_error(text_, static_cast<std::size_t>(at - text_.data()), code);
  }
  bool deliver_number(const scanned_number& number);
  // First, at the object's own address: the string scan passes it to its
  // out-of-line part, and the parse loop has it at hand in `this`.
  string_scan_state strings_;  // unescaped strings' buffer, the string options
  std::string_view text_;
  Handler& handler_;
  // A copy, not a reference: an option is then one load from this, and the
  // parse loop keeps no register for the options' address.
  const parse_options options_;
  small_stack<frame, 32> stack_;
};

template <class Handler>
bool parser<Handler>::deliver_number(const scanned_number& number) {
  // A number's text ends in a digit; NaN and Infinity, not numbers, stay doubles.
  if (options_.raw_numbers && is_digit(number.text.back())) {
    return handler_.raw_number(number.text);
  }
  if constexpr (takes_scanned_numbers<Handler>::value) {
    if (number.type != scanned_number::kind::big_integer) {
      return handler_.scanned_number_value(number);
    }
  }
  switch (number.type) {
    case scanned_number::kind::int64: return handler_.int64_value(number.int64);
    case scanned_number::kind::uint64: return handler_.uint64_value(number.uint64);
    case scanned_number::kind::big_integer: return handler_.big_integer(number.text);
    case scanned_number::kind::floating: return handler_.double_value(number.floating);
  }
  return false;
}

// A state machine over three states (value, after_value, member_key) joined
// by gotos: the containers' nesting lives in stack_, not in C++ calls.
template <class Handler>
parse_result parser<Handler>::run() {
  const char* p = text_.data();
  const char* const end = p + text_.size();
  const char* token;  // where the current token began, for error offsets
  // The innermost open container's frame, in locals rather than in
  // stack_'s memory, which is reloaded after every event (the handler's
  // stores may alias it). stack_ holds the frames around it.
  std::size_t count = 0;
  bool in_object = false;
  // The indentation of the last line begun, from which the next line's is
  // guessed (skip_whitespace_guessing).
  std::ptrdiff_t line_indent = 0;
  // How much deeper a container's lines are indented than its opening
  // line, learnt where a guess of it failed.
  std::ptrdiff_t indent_step = 0;

value:
  skip_whitespace(p, end, line_indent);
value_after_whitespace:
  ULTRAJSON_UNUSED_LABEL;  // without the guess, nothing jumps here
  if (p == end) return fail(p, parse_error::expected_value);
  token = p;
  // Strings and numbers by two comparisons before the switch: their code
  // then lies outside it, and GCC allocates the registers of the number
  // scan's loops better (measured; a matter of its allocator).
  const value_start kind = value_starts.of[static_cast<unsigned char>(*p)];
  if (kind == value_start::string) goto string_value;
  if (kind == value_start::number) goto number_value;
  switch (kind) {
    case value_start::object:
    case value_start::array: {
      const bool is_object = *p == '{';
      if (stack_.size() >= options_.max_depth) return fail(p, parse_error::depth_limit_exceeded);
      if (!stack_.push(frame{count, in_object})) {
        return fail(p, parse_error::depth_limit_exceeded);
      }
      if (!(is_object ? handler_.start_object() : handler_.start_array())) {
        return fail(token, parse_error::stopped_by_handler);
      }
      ++p;
      {
        const std::ptrdiff_t opening_indent = line_indent;
        if (skip_whitespace_guessing(p, end, line_indent, opening_indent + indent_step)) {
          indent_step = line_indent - opening_indent;
        }
      }
      const char close = is_object ? '}' : ']';
      if (p != end && *p == close) {
        token = p++;  // a refused end event points at the closing bracket
        stack_.pop();
        if (!(is_object ? handler_.end_object(0) : handler_.end_array(0))) {
          return fail(token, parse_error::stopped_by_handler);
        }
        goto after_value;
      }
      count = 0;
      in_object = is_object;
      if (is_object) goto member_key;
      goto value;
    }
    case value_start::string:  // taken above
      goto string_value;
    case value_start::true_literal:
      if (!starts_with(p, end, "true")) return fail(p, parse_error::invalid_literal);
      p += 4;
      if (!handler_.bool_value(true)) return fail(token, parse_error::stopped_by_handler);
      goto after_value;
    case value_start::false_literal:
      if (!starts_with(p, end, "false")) return fail(p, parse_error::invalid_literal);
      p += 5;
      if (!handler_.bool_value(false)) return fail(token, parse_error::stopped_by_handler);
      goto after_value;
    case value_start::null_literal:
      if (!starts_with(p, end, "null")) return fail(p, parse_error::invalid_literal);
      p += 4;
      if (!handler_.null_value()) return fail(token, parse_error::stopped_by_handler);
      goto after_value;
    case value_start::nan_or_infinity:
      // NaN, Infinity (and -Infinity): the number scanner reads them when allowed.
      if (!options_.allow_nan_literals) return fail(p, parse_error::expected_value);
      break;
    case value_start::number:
      break;
    case value_start::invalid:
      return fail(p, parse_error::expected_value);
  }
number_value:
  {  // only numbers reach here
    scanned_number number;
    // Through a copy of the position: with the loop's own, GCC spills it
    // (and the mantissa) in the digit loops. A matter of its register
    // allocation, measured, not of meaning.
    const char* at = p;
    const parse_error error = scan_number<takes_scanned_numbers<Handler>::value>(
        at, end, number, options_.allow_nan_literals);
    p = at;
    if (error != parse_error::none) return fail(p, error);
    if (!deliver_number(number)) return fail(token, parse_error::stopped_by_handler);
    goto after_value;
  }

string_value: {
  ++p;
  std::string_view string;
  if (const parse_error error = scan_string(p, end, string, strings_);
      error != parse_error::none) {
    return fail(p, error);
  }
  if (!handler_.string_value(string)) return fail(token, parse_error::stopped_by_handler);
}

after_value:
  if (stack_.empty()) {
    skip_whitespace(p, end, line_indent);
    if (p != end) return fail(p, parse_error::trailing_data);
    return parse_result{};
  }
  ++count;
  // A comma straight after the value first: whitespace before a comma is
  // rare in any layout, so the whitespace test waits until it is needed.
  if (p == end || *p != ',') {
    skip_whitespace_guessing(p, end, line_indent, line_indent - indent_step);
    if (p == end || *p != ',') goto container_end;
  }
  ++p;
  if constexpr (guess_indentation) {
    skip_whitespace_guessing(p, end, line_indent, line_indent);
    if (!in_object) goto value_after_whitespace;
  } else {
    // The container's kind first, as the whitespace after the comma then
    // takes value's own test: without the guess this order kept the loop's
    // registers as they were (fewer instructions on every file than the
    // other order).
    if (!in_object) goto value;
    skip_whitespace(p, end, line_indent);
  }
  goto member_key;

container_end: {
    const frame closed{count, in_object};
    const char close = closed.is_object ? '}' : ']';
    if (p == end || *p != close) {
      return fail(p, closed.is_object ? parse_error::expected_comma_or_object_end
                                      : parse_error::expected_comma_or_array_end);
    }
    token = p++;
    count = stack_.top().count;
    in_object = stack_.top().is_object;
    stack_.pop();
    if (!(closed.is_object ? handler_.end_object(closed.count)
                           : handler_.end_array(closed.count))) {
      return fail(token, parse_error::stopped_by_handler);
    }
    goto after_value;
  }

member_key:
  if (p == end || *p != '"') return fail(p, parse_error::expected_key);
  token = p++;
  {
    std::string_view key;
    if (const parse_error error = scan_string(p, end, key, strings_); error != parse_error::none) {
      return fail(p, error);
    }
    if (!handler_.key(key)) return fail(token, parse_error::stopped_by_handler);
  }
  // The colon straight after the key first, as the comma after a value.
  if (p == end || *p != ':') {
    // A colon with a space on each side (Jackson's and Jenkins's indented
    // layout) by comparing its three bytes, not by two whitespace skips
    // around it. Not by memcmp: GCC expands one inline only where it judges
    // the code hot, and in the document builder's parse loop it called the
    // library at each such colon.
    if (end - p >= 3 && holds_pair(p, ' ', ':') && p[2] == ' ') {
      p += 3;
      goto value;
    }
    skip_whitespace(p, end, line_indent);
    if (p == end || *p != ':') return fail(p, parse_error::expected_colon);
  }
  ++p;
  goto value;
}

}  // namespace detail

// Parses text (UTF-8; needs no NUL terminator and no padding) and calls the
// handler's events in document order. The result says where and why it
// stopped when the text is not one valid JSON document.
template <class Handler>
parse_result parse(std::string_view text, Handler& handler, const parse_options& options = {}) {
  static_assert(detail::check_handler<Handler>());
  return detail::parser<Handler>(text, handler, options).run();
}

template <class Handler>
parse_result parse(const char* data, std::size_t size, Handler& handler,
                   const parse_options& options = {}) {
  return parse(std::string_view(data, size), handler, options);
}

}  // namespace ultrajson
