#pragma once
// The machinery of typed decoding (decoder.hpp has the decoders and the
// entry points): decode_state is the handler that decodes. It keeps one
// frame per open container, each knowing the C++ object its items go to,
// and hands every value to decoder<T> of the type it lands in; the options,
// the result with its path, and what a decoder<T> specialisation sees
// (json_kind, scalar_event, decoder_base) are here too.

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include "detail/number_scan.hpp"
#include "error.hpp"
#include "options.hpp"
#include "result.hpp"

namespace ultrajson {

enum class unknown_keys { skip, reject };

struct decode_options {
  parse_options parse;
  unknown_keys unknown = unknown_keys::skip;
};

// A parse_result, and for a value of the wrong shape (wrong_type,
// number_out_of_range, wrong_length, unknown_key) where it was and what
// the type expected.
struct decode_result : parse_result {
  std::string path;      // "$.statuses[3].user.id"
  std::string expected;  // "integer", "array of 3 elements", ...

  // "$.statuses[3].user.id: expected integer, found string, line 40, column 12"
  std::string message() const {
    if (path.empty()) return parse_result::message();
    char where[64];
    std::snprintf(where, sizeof where, ", line %zu, column %zu", line, column);
    return path + ": expected " + expected + ", found " + found + where;
  }
};

#if ULTRAJSON_EXCEPTIONS
class decode_exception : public std::runtime_error {
 public:
  explicit decode_exception(decode_result result)
      : std::runtime_error("ultrajson: " + result.message()), result_(std::move(result)) {}
  const decode_result& result() const noexcept { return result_; }

 private:
  decode_result result_;
};
#endif

// The JSON kind of a value, as the decoders see it.
enum class json_kind : std::uint8_t { null, boolean, integer, number, string, array, object };

constexpr std::string_view describe(json_kind kind) noexcept {
  switch (kind) {
    case json_kind::null: return "null";
    case json_kind::boolean: return "boolean";
    case json_kind::integer: return "integer";
    case json_kind::number: return "number";
    case json_kind::string: return "string";
    case json_kind::array: return "array";
    case json_kind::object: return "object";
  }
  return "value";
}

// A value that is not a container: what decoder<T>::scalar receives.
struct scalar_event {
  json_kind kind = json_kind::null;
  bool boolean = false;
  // integer: one of these, as the parser delivered it.
  enum class integer_form : std::uint8_t { int64, uint64, text } form = integer_form::int64;
  std::int64_t int64 = 0;
  std::uint64_t uint64 = 0;
  double number = 0;      // number
  std::string_view text;  // string, or an integer beyond 64 bits; valid during the call
};

class decode_state;

template <class T, class Enable = void>
struct decoder;  // specialise for your types (see above)

namespace detail {

// Where the next value goes: an object and the functions that fill it.
struct value_ops {
  bool (*scalar)(void* target, const scalar_event& event, decode_state& state);
  bool (*start)(void* target, bool is_object, decode_state& state);
};
struct slot {
  void* target = nullptr;
  const value_ops* ops = nullptr;
};

struct frame;
struct container_ops {
  bool is_object;
  // arrays: where the next element goes
  bool (*element)(frame& f, slot& next, decode_state& state);
  // objects: where the value of this key goes
  bool (*member)(frame& f, std::string_view key, slot& next, decode_state& state);
  // a child value is complete (nullptr: nothing to do)
  bool (*child_done)(frame& f, decode_state& state);
  // the container ends
  bool (*end)(frame& f, decode_state& state);
  // frees scratch (nullptr: none)
  void (*destroy)(frame& f);
};

struct frame {
  void* target = nullptr;
  const container_ops* ops = nullptr;
  std::size_t count = 0;  // elements or members seen
  std::string_view name;  // objects: the current key, in storage that outlives the frame
  slot pending;           // objects: where the current key's value goes
  void* scratch = nullptr;
  std::size_t hint = 0;   // described structs: the member expected next
};

template <class T>
const value_ops* ops_of() noexcept;

}  // namespace detail

// The handler that decodes: a stack of frames, one per open container, each
// knowing the C++ object its items go to. Decoders call its fail functions
// to report a value of the wrong shape, and push to open a container.
class decode_state {
 public:
  decode_state(detail::slot root, const decode_options& options) noexcept
      : root_(root), options_(options) {}
  decode_state(const decode_state&) = delete;
  decode_state& operator=(const decode_state&) = delete;
  ~decode_state() {
    for (detail::frame& f : frames_) {
      if (f.ops->destroy != nullptr) f.ops->destroy(f);
    }
  }

  const decode_options& options() const noexcept { return options_; }

  // ----- for decoders -----
  void push(void* target, const detail::container_ops* ops, void* scratch = nullptr) {
    detail::frame f;
    f.target = target;
    f.ops = ops;
    f.scratch = scratch;
    frames_.push_back(f);
  }
  // A value of another kind than `expected`.
  bool wrong_type(std::string_view expected, json_kind found) {
    return fail(parse_error::wrong_type, expected, std::string(describe(found)));
  }
  bool wrong_type(std::string_view expected, const scalar_event& found) {
    return wrong_type(expected, found.kind);
  }
  bool out_of_range(std::string_view expected, const scalar_event& found) {
    std::string text;
    if (found.kind == json_kind::integer) {
      text = found.form == scalar_event::integer_form::int64   ? std::to_string(found.int64)
             : found.form == scalar_event::integer_form::uint64 ? std::to_string(found.uint64)
                                                                : std::string(found.text);
    } else {
      char number[32];
      std::snprintf(number, sizeof number, "%.17g", found.number);
      text = number;
    }
    return fail(parse_error::number_out_of_range, expected, text);
  }
  bool wrong_length(std::string_view expected, std::size_t found_elements, bool at_end) {
    return fail(parse_error::wrong_length, expected,
                (at_end ? "" : "more than ") + std::to_string(found_elements) + " elements",
                /*path_of_top=*/true);
  }
  bool unknown_key(std::string_view key) {
    return fail(parse_error::unknown_key, "a known key", "\"" + std::string(key) + "\"",
                /*path_of_top=*/true);
  }
  bool fail(parse_error code, std::string_view expected, std::string found,
            bool path_of_top = false) {
    if (error_ == parse_error::none) {
      error_ = code;
      expected_ = std::string(expected);
      found_ = std::move(found);
      path_ = path(path_of_top);
    }
    return false;
  }

  // ----- the handler's events -----
  bool null_value() { return scalar(scalar_event{}); }
  bool bool_value(bool b) {
    scalar_event e = event_of(json_kind::boolean);
    e.boolean = b;
    return scalar(e);
  }
  bool int64_value(std::int64_t n) {
    scalar_event e = event_of(json_kind::integer);
    e.int64 = n;
    return scalar(e);
  }
  bool uint64_value(std::uint64_t n) {
    scalar_event e = event_of(json_kind::integer, scalar_event::integer_form::uint64);
    e.uint64 = n;
    return scalar(e);
  }
  bool big_integer(std::string_view text) {
    scalar_event e = event_of(json_kind::integer, scalar_event::integer_form::text);
    e.text = text;
    return scalar(e);
  }
  bool double_value(double d) {
    scalar_event e = event_of(json_kind::number);
    e.number = d;
    return scalar(e);
  }
  // With parse_options::raw_numbers: the text is read here, as the parser
  // would have.
  bool raw_number(std::string_view text) {
    const char* first = text.data();
    const char* last = first + text.size();
    bool integer = true;
    for (const char c : text) integer = integer && c != '.' && c != 'e' && c != 'E';
    if (integer) {
      std::int64_t signed_value = 0;
      if (const auto r = std::from_chars(first, last, signed_value); r.ec == std::errc()) {
        return int64_value(signed_value);
      }
      std::uint64_t unsigned_value = 0;
      if (const auto r = std::from_chars(first, last, unsigned_value); r.ec == std::errc()) {
        return uint64_value(unsigned_value);
      }
      return big_integer(text);
    }
    double d = 0;
    if (!detail::number_text_to_double(text, d)) {
      return fail(parse_error::number_out_of_range, "number", std::string(text));
    }
    return double_value(d);
  }
  bool string_value(std::string_view text) {
    scalar_event e = event_of(json_kind::string);
    e.text = text;
    return scalar(e);
  }
  bool key(std::string_view name) {
    detail::frame& f = frames_.back();
    ++f.count;
    return f.ops->member(f, name, f.pending, *this);
  }
  bool start_object() { return start(true); }
  bool start_array() { return start(false); }
  bool end_object(std::size_t) { return end(); }
  bool end_array(std::size_t) { return end(); }

  // ----- the outcome -----
  void complete(decode_result& result) const {
    if (error_ == parse_error::none) return;
    result.code = error_;
    result.path = path_;
    result.expected = expected_;
    result.found = found_;
  }

 private:
  static scalar_event event_of(json_kind kind, scalar_event::integer_form form =
                                                   scalar_event::integer_form::int64) noexcept {
    scalar_event e;
    e.kind = kind;
    e.form = form;
    return e;
  }
  bool next(detail::slot& s) {
    if (frames_.empty()) {
      s = root_;
      return true;
    }
    detail::frame& f = frames_.back();
    if (f.ops->is_object) {
      s = f.pending;
      return true;
    }
    ++f.count;
    return f.ops->element(f, s, *this);
  }
  bool child_done() {
    if (frames_.empty()) return true;
    detail::frame& f = frames_.back();
    return f.ops->child_done == nullptr || f.ops->child_done(f, *this);
  }
  bool scalar(const scalar_event& e) {
    detail::slot s;
    return next(s) && s.ops->scalar(s.target, e, *this) && child_done();
  }
  bool start(bool is_object) {
    detail::slot s;
    return next(s) && s.ops->start(s.target, is_object, *this);
  }
  bool end() {
    detail::frame& f = frames_.back();
    if (!f.ops->end(f, *this)) return false;
    if (f.ops->destroy != nullptr) f.ops->destroy(f);
    frames_.pop_back();
    return child_done();
  }

  // "$.a[3].b": the path of the value being decoded (or of the innermost
  // open container, for errors about the container itself).
  std::string path(bool of_top) const {
    std::string out = "$";
    const std::size_t depth = frames_.size();
    for (std::size_t i = 0; i < depth; ++i) {
      const detail::frame& f = frames_[i];
      if (of_top && i + 1 == depth) break;
      if (f.ops->is_object) {
        out += '.';
        out += f.name;
      } else {
        out += '[' + std::to_string(f.count == 0 ? 0 : f.count - 1) + ']';
      }
    }
    return out;
  }

  detail::slot root_;
  const decode_options& options_;
  std::vector<detail::frame> frames_;
  parse_error error_ = parse_error::none;
  std::string expected_;
  std::string found_;
  std::string path_;
};

// Refuses every kind: derive from it and handle those your type takes.
template <class T>
struct decoder_base {
  static bool scalar(T&, const scalar_event& event, decode_state& state) {
    return state.wrong_type(decoder<T>::expected, event);
  }
  static bool start(T&, bool is_object, decode_state& state) {
    return state.wrong_type(decoder<T>::expected, is_object ? json_kind::object : json_kind::array);
  }
};

namespace detail {

template <class T>
const value_ops* ops_of() noexcept {
  static constexpr value_ops ops{
      [](void* target, const scalar_event& e, decode_state& s) {
        return decoder<T>::scalar(*static_cast<T*>(target), e, s);
      },
      [](void* target, bool is_object, decode_state& s) {
        return decoder<T>::start(*static_cast<T*>(target), is_object, s);
      }};
  return &ops;
}

template <class T>
slot slot_of(T& target) noexcept {
  return slot{&target, ops_of<T>()};
}

// Takes every value and every container, for keys nobody asked for.
struct skip_target {};

inline const container_ops* skip_container() noexcept;

inline slot skip_slot() noexcept {
  static skip_target nothing;
  static constexpr value_ops ops{
      [](void*, const scalar_event&, decode_state&) { return true; },
      [](void*, bool, decode_state& s) {
        s.push(nullptr, skip_container());
        return true;
      }};
  return slot{&nothing, &ops};
}

inline const container_ops* skip_container() noexcept {
  static constexpr container_ops ops{
      false,
      [](frame&, slot& next, decode_state&) {
        next = skip_slot();
        return true;
      },
      [](frame&, std::string_view, slot& next, decode_state&) {
        next = skip_slot();
        return true;
      },
      nullptr, [](frame&, decode_state&) { return true; }, nullptr};
  return &ops;
}

}  // namespace detail
}  // namespace ultrajson
