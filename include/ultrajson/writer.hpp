#pragma once
// The encoder: a writer takes the same events the decoder emits (so it is a
// handler, and parse(text, writer) minifies or re-indents a document) and
// writes JSON into one growing buffer. Misuse (a key outside an object, a
// value where a key is due, an unbalanced end) returns false and sets
// error(); the writer then ignores further events.
//
// Memory: every reservation is bounded. Long strings are escaped in pieces
// (detail::escape_piece_units) so a string costs its output plus one
// piece's worst case, not six times its length; sizes are kept far below
// SIZE_MAX (indent and separators are checked when the writer is made, and
// the depth is capped so that indent * depth cannot wrap).

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include "detail/escape.hpp"
#include "detail/format_number.hpp"
#include "detail/inlining.hpp"
#include "detail/non_finite.hpp"
#include "detail/number_scan.hpp"
#include "detail/output_buffer.hpp"
#include "detail/container_stack.hpp"
#include "detail/copy_bytes.hpp"
#include "error.hpp"
#include "options.hpp"

// A UTF-8 string past short_plain_quoted (writer::quoted_utf8): out of line
// with SSE2, left to the compiler without (see writer::quoted_utf8_event).
#if defined(__SSE2__)
#define ULTRAJSON_QUOTED_UTF8_INLINE ULTRAJSON_NOINLINE
#else
#define ULTRAJSON_QUOTED_UTF8_INLINE inline
#endif

namespace ultrajson {

namespace detail {
class writer_parse_events;
}

class writer {
 public:
  // Options the writer cannot honour (see write_options::indent) make every
  // event fail with write_error::invalid_options; error() says so at once.
  explicit writer(const write_options& options = {}) : writer(detail::output_buffer(), options) {}
  // Writes into buffer[0, capacity) and fails with buffer_full when the
  // document does not fit; a buffer exactly the document's size is enough.
  // The writer then allocates at most one value's separator and indentation
  // plus the larger of one string piece's worst case (48 KiB) and the
  // buffer's free space, however long the values.
  writer(char* buffer, std::size_t capacity, const write_options& options = {})
      : writer(detail::output_buffer(buffer, capacity), options) {}
  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;
  // Movable, so a function can build and return one, even half-written;
  // clear() a moved-from writer before using it again.
  writer(writer&&) noexcept = default;
  writer& operator=(writer&&) noexcept = default;

  // ----- events (the handler's names) -----
  bool null_value() { return literal("null"); }
  bool bool_value(bool value) { return value ? literal("true") : literal("false"); }
  bool int64_value(std::int64_t value) { return integer(value); }
  bool uint64_value(std::uint64_t value) { return integer(value); }
  bool big_integer(std::string_view digits) { return number_text(digits); }
  bool raw_number(std::string_view text) { return number_text(text); }
  bool double_value(double value);
  bool string_value(std::string_view utf8);
  bool key(std::string_view utf8);
  bool start_object() { return open('{', true); }
  bool start_array() { return open('[', false); }
  // The count is the handler event's argument; the writer keeps its own.
  bool end_object(std::size_t /*member_count*/ = 0) { return close('}', true); }
  bool end_array(std::size_t /*element_count*/ = 0) { return close(']', false); }

  // ----- for bindings and extensions -----
  // Inserts text as a value without checking it: it must be JSON already.
  bool raw_value(std::string_view json);
  // A string or key given as code points, one per unit: latin-1 (unsigned
  // char), UCS-2 (char16_t / uint16_t) or UCS-4 (char32_t / uint32_t).
  template <class Unit>
  bool string_value_units(const Unit* units, std::size_t count);
  template <class Unit>
  bool key_units(const Unit* units, std::size_t count);

  // ----- result -----
  std::string_view view() const noexcept { return out_.view(); }
  std::string str() const { return std::string(out_.view()); }
  const char* data() const noexcept { return out_.data(); }
  std::size_t size() const noexcept { return out_.size(); }
  // One whole top-level value is written and no error occurred.
  bool complete() const noexcept { return state_ == state::document_done; }
  write_error error() const noexcept { return error_; }
  std::size_t depth() const noexcept { return stack_.size(); }
  const write_options& options() const noexcept { return options_; }
  // Empties the output and the state, keeping the buffer's memory. Invalid
  // options stay invalid.
  void clear() noexcept {
    out_.clear();
    stack_.clear();
    error_ = options_error(options_);
    state_ = initial_state(error_);
  }

 private:
  // parse(text, writer)'s events (parse_into_writer.hpp): the key and string
  // events through quoted_utf8_event, inline in the parser.
  friend class detail::writer_parse_events;

  // Where the writer stands: in which container, and what may come next.
  // One byte, tested once per event; the states of the containers around
  // the innermost wait on the stack. An error is a state too, so the
  // events need no separate error test.
  enum class state : unsigned char {
    failed,         // error() says why; every event is refused
    top_level,      // the document's value is due
    document_done,  // one whole value is written
    array_first,    // in an array, no element yet
    array_next,     // in an array after an element: a separator first
    object_first,   // in an object, no member yet: a key is due
    object_next,    // in an object after a member: a separator and a key
    object_value,   // in an object after a key: its value is due
  };
  // Both public constructors' work: the state derived from the options,
  // set once here for every event to test.
  writer(detail::output_buffer out, const write_options& options)
      : options_(options),
        escaper_(escape_config(options)),
        out_(std::move(out)),
        stack_(depth_limit(options)),
        one_byte_items_(options.indent == 0 && options.item_separator.size() == 1),
        item_separator_(one_byte_items_ ? options.item_separator[0] : ','),
        key_separator_(options.key_separator.size() == 1 ? options.key_separator[0] : ':'),
        short_strings_in_place_(one_byte_items_ && options.key_separator.size() == 1 &&
                                !options.encode_html_chars),
        value_moves_in_place_(one_byte_items_ ? value_moves : moves_in_general),
        string_moves_in_place_(short_strings_in_place_ ? value_moves : moves_in_general),
        key_moves_in_place_(short_strings_in_place_ ? key_moves : moves_in_general),
        short_string_moves_(short_strings_inline(options) ? value_moves : moves_in_general),
        short_key_moves_(short_strings_inline(options) ? key_moves : moves_in_general),
        close_room_in_place_(one_byte_items_ ? 1 : std::numeric_limits<std::size_t>::max()),
        error_(options_error(options)),
        state_(initial_state(error_)) {}
  static state initial_state(write_error options_error) noexcept {
    return options_error == write_error::none ? state::top_level : state::failed;
  }
  // Where the inline short_plain_quoted applies: where quoted_in_place
  // does, with no optional escape for its one test to add.
  static bool short_strings_inline(const write_options& options) noexcept {
    return options.indent == 0 && options.item_separator.size() == 1 &&
           options.key_separator.size() == 1 && !options.encode_html_chars &&
           !options.escape_forward_slashes && !options.ensure_ascii;
  }
  static detail::escape_config escape_config(const write_options& options) noexcept {
    return {options.ensure_ascii, options.escape_forward_slashes, options.encode_html_chars,
            options.allow_lone_surrogates, options.lone_surrogates_as_wtf8};
  }

  // No size the writer adds up may come near SIZE_MAX: separators and the
  // indentation each stay below an eighth of it, payloads below a half.
  static constexpr std::size_t size_bound = std::numeric_limits<std::size_t>::max() / 8;

  static write_error options_error(const write_options& options) noexcept {
    const bool valid = options.indent <= write_options::max_indent &&
                       options.item_separator.size() <= size_bound &&
                       options.key_separator.size() <= size_bound;
    return valid ? write_error::none : write_error::invalid_options;
  }
  // max_depth, lowered where indent * depth would pass size_bound (only
  // reachable on 32-bit, where such a line could not be held anyway).
  static std::size_t depth_limit(const write_options& options) noexcept {
    if (options.indent == 0 || options.indent > write_options::max_indent) return options.max_depth;
    const std::size_t indentable = size_bound / options.indent;
    return options.max_depth < indentable ? options.max_depth : indentable;
  }

  bool fail(write_error code) noexcept {
    if (error_ == write_error::none) error_ = code;
    state_ = state::failed;
    return false;
  }
  ULTRAJSON_ALWAYS_INLINE char* reserve(std::size_t n) noexcept {
    char* out = out_.reserve(n);
    if (out == nullptr) fail(write_error::out_of_memory);
    return out;
  }
  bool commit(char* end) noexcept { return out_.commit(end) || fail(write_error::buffer_full); }
  std::size_t indent_room(std::size_t depth) const noexcept {
    return options_.indent == 0 ? 0 : 1 + options_.indent * depth;
  }
  char* write_indent(char* out, std::size_t depth) const noexcept {
    if (options_.indent == 0) return out;
    *out++ = '\n';
    const std::size_t spaces = options_.indent * depth;
    std::memset(out, ' ', spaces);
    return out + spaces;
  }
  // Before an item (array element or object key): the item separator
  // unless it is the container's first, then the line break and
  // indentation. The compact layout with a one-byte separator, nearly
  // every writer's, is one test.
  char* write_item_start(char* out, bool first) const noexcept {
    if (one_byte_items_) {
      if (!first) *out++ = options_.item_separator[0];
      return out;
    }
    if (!first) out = copy(out, options_.item_separator);
    return write_indent(out, stack_.size());
  }
  // Room for write_item_start at the current depth.
  std::size_t item_start_room() const noexcept {
    return one_byte_items_ ? 1 : options_.item_separator.size() + indent_room(stack_.size());
  }
  static char* copy(char* out, std::string_view text) noexcept {
    std::memcpy(out, text.data(), text.size());
    return out + text.size();
  }
  // Separators are nearly always one byte (",", ":"); a memcpy of a size
  // unknown at compile time is a library call, costlier than the write.
  static char* copy_separator(char* out, std::string_view separator) noexcept {
    if (separator.size() == 1) {
      *out = separator[0];
      return out + 1;
    }
    return copy(out, separator);
  }
  // The writer's grammar, its one owner: what a value and what a key do in
  // each state, as one byte. Allowed: the state after it, whether an item
  // separator goes first, and whether it is an item (an array element or a
  // key, which the indented layout puts on a line of its own). Refused: the
  // error that says why. One table load and test per event, and no branch
  // for the separator in the compact layout.
  static constexpr unsigned move_state = 0x0F, move_separator = 0x10, move_item = 0x20,
                            move_refused = 0x80;
  static_assert(static_cast<unsigned>(state::object_value) <= move_state &&
                    static_cast<unsigned>(write_error::invalid_options) <= move_state,
                "a move's low bits hold a state or, refused, a write_error");
  static constexpr unsigned char allowed(state next, unsigned how = 0) noexcept {
    return static_cast<unsigned char>(static_cast<unsigned>(next) | how);
  }
  static constexpr unsigned char refused(write_error why) noexcept {
    return static_cast<unsigned char>(move_refused | static_cast<unsigned>(why));
  }
  static constexpr bool is_refused(unsigned move) noexcept { return (move & move_refused) != 0; }
  // The grammar's tables, one entry per state, and for the fast paths of a
  // writer they do not apply to (see value_moves_in_place_) a table with
  // every move refused, which sends each event to the general path, where
  // the move is looked up again in the grammar's. (Defined after the class:
  // their entries call allowed() and refused().)
  static const unsigned char value_moves[8];
  static const unsigned char key_moves[8];
  static const unsigned char moves_in_general[8];
  static unsigned move_in(const unsigned char* moves, state current) noexcept {
    return moves[static_cast<unsigned char>(current)];
  }
  static unsigned value_move(state current) noexcept { return move_in(value_moves, current); }
  static unsigned key_move(state current) noexcept { return move_in(key_moves, current); }
  // Checks that a value may come now, reserves room for its separator,
  // indentation and `payload` bytes (at most size_bound * 4), writes the
  // former and returns where the value goes (nullptr on error).
  char* begin_value(std::size_t payload) noexcept;
  // Commits the value written up to `out`.
  bool end_value(char* out) noexcept { return commit(out); }
  // Like begin_value, for a key: checks, separator, indentation.
  char* begin_key(std::size_t payload) noexcept;
  // begin_value and begin_key once the move is allowed.
  char* begin_item(unsigned move, std::size_t payload) noexcept;
  // The same in the indented layout or with a longer item separator.
  char* begin_laid_out_item(unsigned move, std::size_t payload) noexcept;

  // A value of at most `payload` bytes, written by write(out) (which returns
  // the end): in the compact layout with room at hand, in place (one test
  // for the room, no reservation's growth or spill to test for); else
  // through begin_value and end_value.
  template <class Write>
  ULTRAJSON_ALWAYS_INLINE bool bounded_value(std::size_t payload, Write write) {
    const unsigned move = move_in(value_moves_in_place_, state_);
    if (is_refused(move) || !out_.has_room(payload + 1)) {
      return bounded_value_in_general(payload, write);
    }
    char* out = out_.end();
    const char separator = item_separator_;
    state_ = static_cast<state>(move & move_state);
    *out = separator;
    out += (move & move_separator) != 0 ? 1 : 0;
    out_.commit_in_place(write(out));
    return true;
  }
  template <class Write>
  ULTRAJSON_NOINLINE bool bounded_value_in_general(std::size_t payload, Write write) {
    char* out = begin_value(payload);
    return out != nullptr && end_value(write(out));
  }
  // A literal's size is known at compile time: its copy is a store or two,
  // not a library call.
  template <std::size_t size_with_nul>
  bool literal(const char (&text)[size_with_nul]) noexcept {
    constexpr std::size_t size = size_with_nul - 1;
    return bounded_value(size, [&text](char* out) {
      std::memcpy(out, text, size);
      return out + size;
    });
  }
  // Text copied as it is (raw_value, number_text): its size is exact but
  // unbounded, so it is checked first: against size_bound, and against a
  // fixed buffer's free space (text that cannot fit must not be spilled).
  bool verbatim_value(std::string_view text) noexcept {
    if (text.size() > size_bound * 4) return fail(write_error::out_of_memory);
    if (out_.is_fixed() && text.size() > out_.free_space()) {
      // Misuse is still reported as such (begin_value checks it first).
      return begin_value(0) != nullptr && fail(write_error::buffer_full);
    }
    char* out = begin_value(text.size());
    return out != nullptr && end_value(copy(out, text));
  }
  template <class Integer>
  bool integer(Integer value) noexcept {
    return bounded_value(detail::max_number_chars,
                         [value](char* out) { return detail::format_integer(out, value); });
  }
  bool number_text(std::string_view text) noexcept;
  bool open(char bracket, bool is_object);
  bool open_in_general(char bracket, bool is_object);
  bool close(char bracket, bool is_object) noexcept;
  bool close_in_general(char bracket, bool empty) noexcept;
  // Writes a string value or key: the text escaped between quotes (and for
  // a key, the key separator). UTF-8 (Unit char) or code units.
  template <bool is_key, bool is_utf8, class Unit>
  bool quoted(const Unit* text, std::size_t count);
  // The same for text longer than one piece.
  template <bool is_key, bool is_utf8, class Unit>
  bool quoted_in_pieces(const Unit* text, std::size_t count);
  // The closing quote, and a key's separator; commits.
  template <bool is_key>
  bool end_quoted(char* out) noexcept {
    *out++ = '"';
    if constexpr (is_key) {
      return commit(copy_separator(out, options_.key_separator));
    } else {
      return end_value(out);
    }
  }
  // Room in place for a short string (see short_plain_quoted): a separator,
  // a quote, the text's stores (16 bytes at most), a quote and a key's
  // separator.
  static constexpr std::size_t short_string_room = 20;
  // A string or key of fewer than 16 plain bytes (most keys, many values)
  // in the compact layout, tested in one vector: checked, copied and
  // committed in place, inline, with no reservation call and no escape
  // loop. False, with nothing written, when it does not apply.
  // optional_escapes: whether the test flags '/' and DEL as the options
  // ask. Inline, in every event loop, it does not (one option test less per
  // string, and fewer registers); writers that escape either are refused
  // there (short_key_moves_) and take this path with the options out of
  // line, in quoted_utf8.
#if defined(__SSE2__)
  // known_utf8: see detail::copy_plain_run (parse(text, writer) passes
  // it; every other caller, false).
  template <bool is_key, bool optional_escapes = false>
  ULTRAJSON_ALWAYS_INLINE bool short_plain_quoted(const char* text, std::size_t size,
                                                  bool known_utf8) noexcept {
    const unsigned char* const moves =
        optional_escapes ? (is_key ? key_moves_in_place_ : string_moves_in_place_)
                         : (is_key ? short_key_moves_ : short_string_moves_);
    const unsigned move = move_in(moves, state_);
    if (size >= 16 || is_refused(move) || !out_.has_room(short_string_room)) return false;
    char* out = out_.end();
    // Read before the stores below, which the compiler must assume alias them.
    const char separator = item_separator_;
    const char key_separator = key_separator_;
    const bool slash = optional_escapes && escaper_.config.escape_forward_slashes;
    const bool ascii = optional_escapes && escaper_.config.ensure_ascii;
    *out = separator;
    out += (move & move_separator) != 0 ? 1 : 0;
    *out++ = '"';
    if (!detail::copy_short_text_if_plain(out, text, size, slash, ascii, known_utf8)) return false;
    out += size;
    *out++ = '"';
    if constexpr (is_key) *out++ = key_separator;
    state_ = static_cast<state>(move & move_state);
    out_.commit_in_place(out);
    return true;
  }
#endif
  // Any other UTF-8 string or key in the compact layout (no longer than one
  // piece): its room checked once in place, its separator written without a
  // branch, no reservation call. False, with nothing written, when it does
  // not apply; else `written` is the event's result.
  template <bool is_key, bool known_utf8>
  ULTRAJSON_ESCAPE_INLINE bool quoted_in_place(const char* text, std::size_t size,
                                               bool& written) noexcept {
    if (size > detail::escape_piece_units) return false;
    const unsigned move = move_in(is_key ? key_moves_in_place_ : string_moves_in_place_, state_);
    // A separator, two quotes, a key's separator and the escaped text.
    if (is_refused(move) || !out_.has_room(detail::max_escaped_size(size, 1) + 4)) return false;
    char* out = out_.end();
    const char separator = item_separator_;
    state_ = static_cast<state>(move & move_state);
    *out = separator;
    out += (move & move_separator) != 0 ? 1 : 0;
    *out++ = '"';
    out = escape<true, known_utf8>(out, text, size);
    if (out == nullptr) {
      written = fail(write_error::invalid_utf8);
      return true;
    }
    *out++ = '"';
    if constexpr (is_key) *out++ = key_separator_;
    out_.commit_in_place(out);
    written = true;
    return true;
  }
  // A string or key whose output is known to be `quoted` as it is (size
  // bytes, its quotes included; see writer_parse_events), in the compact
  // layout with room at hand: its separator and its bytes, copied in place.
  // False, with nothing written, when that does not apply.
  template <bool is_key>
  ULTRAJSON_ALWAYS_INLINE bool copy_quoted_in_place(const char* quoted,
                                                    std::size_t size) noexcept {
    const unsigned move = move_in(is_key ? key_moves_in_place_ : string_moves_in_place_, state_);
    if (is_refused(move) || !out_.has_room(size + 2)) return false;
    char* out = out_.end();
    const char separator = item_separator_;
    const char key_separator = key_separator_;
    state_ = static_cast<state>(move & move_state);
    *out = separator;
    out += (move & move_separator) != 0 ? 1 : 0;
    out = detail::copy_bytes(out, quoted, size);
    if constexpr (is_key) *out++ = key_separator;
    out_.commit_in_place(out);
    return true;
  }
  // string_value() and key(), left to the compiler there, and
  // parse(text, writer)'s, inline in the parser (see parse_into_writer.hpp).
  // With SSE2, short text's one test inline (short_plain_quoted) and the
  // rest out of line (quoted_utf8). Without, short text would take the word
  // loop of copy_plain_run twice when it is not plain, and known_utf8 would
  // not help (the word loop stops at every non-ASCII byte): quoted_utf8
  // alone, left to the compiler, costs less there.
  template <bool is_key>
  ULTRAJSON_ALWAYS_INLINE bool quoted_utf8_event(const char* text, std::size_t size,
                                                 bool known_utf8) {
#if defined(__SSE2__)
    if (short_plain_quoted<is_key>(text, size, known_utf8)) return true;
    return known_utf8 ? quoted_utf8<is_key, true>(text, size)
                      : quoted_utf8<is_key, false>(text, size);
#else
    static_cast<void>(known_utf8);
    return quoted_utf8<is_key, false>(text, size);
#endif
  }
  // A UTF-8 string or key: quoted_in_place where it applies, else the
  // general path (quoted), out of line. With SSE2 out of line itself:
  // inline, it made the replay loop too large to keep key() inside it.
  template <bool is_key, bool known_utf8>
  bool quoted_utf8(const char* text, std::size_t size);
  template <bool is_key>
  bool quoted_utf8_in_general(const char* text, std::size_t size);

  // Inline into key() and string() (see ULTRAJSON_ESCAPE_INLINE).
  template <bool is_utf8, bool known_utf8 = false, class Unit>
  ULTRAJSON_ESCAPE_INLINE char* escape(char* out, const Unit* text, std::size_t count) const noexcept {
    if constexpr (is_utf8) {
      return detail::escape_utf8<known_utf8>(out, text, count, escaper_);
    } else {
      return detail::escape_code_units(out, text, count, escaper_);
    }
  }

  // Fails with a refused move's error; always false.
  bool misplaced(unsigned move) noexcept;
  // NaN or an infinity: its literal if the options allow it, else refused.
  bool non_finite_value(double value);

  write_options options_;
  detail::escaper escaper_;
  detail::output_buffer out_;
  // The states of the containers around the innermost open one.
  detail::container_stack<state, 32> stack_;
  // Compact output with a one-byte item separator: see write_item_start.
  bool one_byte_items_;
  // The separators when one byte long (see short_strings_in_place_).
  char item_separator_;
  char key_separator_;
  // Compact, one-byte separators, no HTML escaping: short_plain_quoted and
  // quoted_in_place apply.
  bool short_strings_in_place_;
  // The moves the fast paths look up: the grammar's tables where the path
  // applies (bounded values: one_byte_items_; strings and keys in place:
  // short_strings_in_place_), else moves_in_general. The layout's test is
  // then the move's own, not one more per event.
  const unsigned char* value_moves_in_place_;
  const unsigned char* string_moves_in_place_;
  const unsigned char* key_moves_in_place_;
  // The same for the inline short_plain_quoted (short_strings_inline).
  const unsigned char* short_string_moves_;
  const unsigned char* short_key_moves_;
  // The room close() asks for in place: the bracket's in the compact
  // layout; else more than any buffer has, which sends it to the general
  // path (line break and indentation) with no test of the layout.
  std::size_t close_room_in_place_;
  write_error error_ = write_error::none;
  state state_ = state::top_level;
};

inline constexpr unsigned char writer::value_moves[8] = {
      refused(write_error::none),                                 // failed (error() says why)
      allowed(state::document_done),                              // top_level
      refused(write_error::document_complete),                    // document_done
      allowed(state::array_next, move_item),                      // array_first
      allowed(state::array_next, move_item | move_separator),     // array_next
      refused(write_error::value_without_key),                    // object_first
      refused(write_error::value_without_key),                    // object_next
      allowed(state::object_next)};                               // object_value
inline constexpr unsigned char writer::key_moves[8] = {
      refused(write_error::none),                                 // failed (error() says why)
      refused(write_error::key_outside_object),                   // top_level
      refused(write_error::key_outside_object),                   // document_done
      refused(write_error::key_outside_object),                   // array_first
      refused(write_error::key_outside_object),                   // array_next
      allowed(state::object_value, move_item),                    // object_first
      allowed(state::object_value, move_item | move_separator),   // object_next
      refused(write_error::key_without_value)};                   // object_value
inline constexpr unsigned char writer::moves_in_general[8] = {
    refused(write_error::none), refused(write_error::none), refused(write_error::none),
    refused(write_error::none), refused(write_error::none), refused(write_error::none),
    refused(write_error::none), refused(write_error::none)};

ULTRAJSON_NOINLINE bool writer::misplaced(unsigned move) noexcept {
  // In the failed state the move's error is none, and fail() keeps the first.
  return fail(static_cast<write_error>(move & move_state));
}

ULTRAJSON_ALWAYS_INLINE char* writer::begin_value(std::size_t payload) noexcept {
  const unsigned move = value_move(state_);
  if (is_refused(move)) {
    misplaced(move);
    return nullptr;
  }
  return begin_item(move, payload);
}

ULTRAJSON_ALWAYS_INLINE char* writer::begin_key(std::size_t payload) noexcept {
  const unsigned move = key_move(state_);
  if (is_refused(move)) {
    misplaced(move);
    return nullptr;
  }
  return begin_item(move, payload);
}

// The compact layout writes the separator whatever the move and keeps it
// only when the move asks for one: a store, not a branch.
ULTRAJSON_ALWAYS_INLINE char* writer::begin_item(unsigned move, std::size_t payload) noexcept {
  if (!one_byte_items_) return begin_laid_out_item(move, payload);
  char* out = reserve(payload + 1);
  if (out == nullptr) return nullptr;
  const char separator = item_separator_;
  state_ = static_cast<state>(move & move_state);
  *out = separator;
  return out + ((move & move_separator) != 0 ? 1 : 0);
}

ULTRAJSON_NOINLINE char* writer::begin_laid_out_item(unsigned move, std::size_t payload) noexcept {
  const bool item = (move & move_item) != 0;
  char* out = reserve(payload + (item ? item_start_room() : 0));
  if (out == nullptr) return nullptr;
  if (item) out = write_item_start(out, (move & move_separator) == 0);
  state_ = static_cast<state>(move & move_state);
  return out;
}

// In the compact layout with room at hand and the stack below its limit
// (room and depth at once): the container's state pushed, the separator
// and bracket written in place.
ULTRAJSON_ALWAYS_INLINE bool writer::open(char bracket, bool is_object) {
  const unsigned move = move_in(value_moves_in_place_, state_);
  if (is_refused(move) || stack_.at_limit() || !out_.has_room(2)) {
    return open_in_general(bracket, is_object);
  }
  char* out = out_.end();
  const char separator = item_separator_;
  // The state the container leaves behind when it closes.
  stack_.push_within_limit(static_cast<state>(move & move_state));
  state_ = is_object ? state::object_first : state::array_first;
  *out = separator;
  out += (move & move_separator) != 0 ? 1 : 0;
  *out++ = bracket;
  out_.commit_in_place(out);
  return true;
}

// The depth limit, misuse, a full buffer, a stack that grows, the indented
// layout.
ULTRAJSON_NOINLINE bool writer::open_in_general(char bracket, bool is_object) {
  if (stack_.at_depth_limit() && state_ != state::failed) {
    return fail(write_error::depth_limit_exceeded);
  }
  char* out = begin_value(1);
  if (out == nullptr) return false;
  *out = bracket;
  if (!end_value(out + 1)) return false;
  if (!stack_.push(state_)) return fail(write_error::out_of_memory);
  state_ = is_object ? state::object_first : state::array_first;
  return true;
}

ULTRAJSON_ALWAYS_INLINE bool writer::close(char bracket, bool is_object) noexcept {
  const bool empty = state_ == (is_object ? state::object_first : state::array_first);
  if (!empty && state_ != (is_object ? state::object_next : state::array_next)) {
    if (state_ == state::failed) return false;
    if (is_object && state_ == state::object_value) return fail(write_error::key_without_value);
    return fail(write_error::unbalanced_end);
  }
  state_ = stack_.pop();
  if (out_.has_room(close_room_in_place_)) {
    char* out = out_.end();
    *out = bracket;
    out_.commit_in_place(out + 1);
    return true;
  }
  return close_in_general(bracket, empty);
}

// A full buffer, the indented layout.
ULTRAJSON_NOINLINE bool writer::close_in_general(char bracket, bool empty) noexcept {
  char* out = reserve(1 + indent_room(stack_.size()));
  if (out == nullptr) return false;
  if (!empty) out = write_indent(out, stack_.size());
  *out++ = bracket;
  return end_value(out);
}

ULTRAJSON_NOINLINE bool writer::non_finite_value(double value) {
  if (!options_.allow_nan) return fail(write_error::nan_or_infinity);
  const std::string_view text = detail::non_finite_literal(value);
  char* out = begin_value(text.size());
  if (out == nullptr) return false;
  std::memcpy(out, text.data(), text.size());
  return end_value(out + text.size());
}

// The rare NaN and infinities out of line, so that the rest is small
// enough for GCC to inline where a caller writes many doubles (it did not
// under -m32).
inline bool writer::double_value(double value) {
  if (!std::isfinite(value)) return non_finite_value(value);
  return bounded_value(detail::max_number_chars,
                       [value](char* out) { return detail::format_double(out, value); });
}

inline bool writer::number_text(std::string_view text) noexcept {
  const char* p = text.data();
  const char* const end = p + text.size();
  detail::scanned_number ignored;
  if (text.empty() || !(*p == '-' || detail::is_digit(*p)) ||
      detail::scan_number<false>(p, end, ignored) != parse_error::none || p != end) {
    return fail(write_error::invalid_number_text);
  }
  return verbatim_value(text);
}

inline bool writer::raw_value(std::string_view json) { return verbatim_value(json); }

// Short text (nearly all) is escaped in one reservation of its worst case.
// Always inline, as begin_value: left out of line inside parse(text,
// writer) they cost a call per key and value (callgrind: +1-2% instructions
// on a minify of twitter.json and citm_catalog.json).
template <bool is_key, bool is_utf8, class Unit>
ULTRAJSON_ALWAYS_INLINE bool writer::quoted(const Unit* text, std::size_t count) {
  if (count > detail::escape_piece_units) return quoted_in_pieces<is_key, is_utf8>(text, count);
  const std::size_t room = detail::max_escaped_size(count, sizeof(Unit)) + 2 +
                           (is_key ? options_.key_separator.size() : 0);
  char* out = is_key ? begin_key(room) : begin_value(room);
  if (out == nullptr) return false;
  *out++ = '"';
  out = escape<is_utf8>(out, text, count);
  if (out == nullptr) return fail(write_error::invalid_utf8);
  return end_quoted<is_key>(out);
}

// Long text goes in pieces (see detail::escape_piece_units): the first in
// the room begin_value/begin_key gives, each later one in a reservation of
// its own worst case, so no reservation grows with the string's length.
template <bool is_key, bool is_utf8, class Unit>
bool writer::quoted_in_pieces(const Unit* text, std::size_t count) {
  // After the closing quote: a key's separator.
  const std::size_t tail = 1 + (is_key ? options_.key_separator.size() : 0);
  std::size_t piece = detail::escape_piece<is_utf8>(text, count);
  const std::size_t first_room = 1 + detail::max_escaped_size(piece, sizeof(Unit)) + tail;
  char* out = is_key ? begin_key(first_room) : begin_value(first_room);
  if (out == nullptr) return false;
  *out++ = '"';
  for (;;) {
    out = escape<is_utf8>(out, text, piece);
    if (out == nullptr) return fail(write_error::invalid_utf8);
    text += piece;
    count -= piece;
    if (count == 0) break;
    if (!commit(out)) return false;
    piece = detail::escape_piece<is_utf8>(text, count);
    out = reserve(detail::max_escaped_size(piece, sizeof(Unit)) + tail);
    if (out == nullptr) return false;
  }
  return end_quoted<is_key>(out);
}

template <bool is_key>
ULTRAJSON_NOINLINE bool writer::quoted_utf8_in_general(const char* text, std::size_t size) {
  return quoted<is_key, true>(text, size);
}

template <bool is_key, bool known_utf8>
ULTRAJSON_QUOTED_UTF8_INLINE bool writer::quoted_utf8(const char* text, std::size_t size) {
#if defined(__SSE2__)
  // Short text the inline short_plain_quoted was refused for (a writer
  // that escapes '/' or DEL; else refused here too).
  if (short_key_moves_ == moves_in_general &&
      short_plain_quoted<is_key, /*optional_escapes=*/true>(text, size, known_utf8)) {
    return true;
  }
#endif
  bool written;
  if (quoted_in_place<is_key, known_utf8>(text, size, written)) return written;
  return quoted_utf8_in_general<is_key>(text, size);
}

inline bool writer::string_value(std::string_view utf8) {
  return quoted_utf8_event<false>(utf8.data(), utf8.size(), /*known_utf8=*/false);
}

inline bool writer::key(std::string_view utf8) {
  return quoted_utf8_event<true>(utf8.data(), utf8.size(), /*known_utf8=*/false);
}

template <class Unit>
bool writer::string_value_units(const Unit* units, std::size_t count) {
  return quoted<false, false>(units, count);
}

template <class Unit>
bool writer::key_units(const Unit* units, std::size_t count) {
  return quoted<true, false>(units, count);
}

}  // namespace ultrajson

// The writer needs nothing from the parser: the number grammar it checks is
// detail/number_scan.hpp's, its error codes error.hpp's. parse.hpp comes in
// through this include alone, so that wherever a writer is declared,
// parse(text, writer) takes the tuned path: without it, a caller who
// includes parse.hpp and writer.hpp would get the parser's general path
// without a word, markedly slower on non-ASCII text. Dropping it takes a
// hook on both sides (each of parse.hpp and writer.hpp including this
// header when the other is already in).
#include "parse_into_writer.hpp"
