#pragma once
// The decoder's events. A handler is any type with these member functions
// (a compile-time concept, not a virtual interface); each returns bool, and
// false stops the parse with parse_error::stopped_by_handler.
//
//   bool null_value();
//   bool bool_value(bool);
//   bool int64_value(std::int64_t);      // integers in [INT64_MIN, INT64_MAX]
//   bool uint64_value(std::uint64_t);    // integers in (INT64_MAX, UINT64_MAX]
//   bool big_integer(std::string_view);  // larger integers, as their text ("-1234...")
//   bool double_value(double);           // numbers with a fraction or an exponent
//   bool raw_number(std::string_view);   // every number, with parse_options::raw_numbers
//   bool string_value(std::string_view); // unescaped, valid UTF-8
//   bool key(std::string_view);          // unescaped, valid UTF-8
//   bool start_object();
//   bool end_object(std::size_t member_count);
//   bool start_array();
//   bool end_array(std::size_t element_count);
//
// Views passed to string_value, key, big_integer and raw_number are valid only
// during the call. ultrajson::writer has the same member functions, so it is
// a handler: parse(text, writer) re-formats a document.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

namespace ultrajson {

// Derive from this to handle only the events you care about: every event it
// provides accepts the value and goes on.
struct handler_base {
  bool null_value() { return true; }
  bool bool_value(bool) { return true; }
  bool int64_value(std::int64_t) { return true; }
  bool uint64_value(std::uint64_t) { return true; }
  bool big_integer(std::string_view) { return true; }
  bool double_value(double) { return true; }
  bool raw_number(std::string_view) { return true; }
  bool string_value(std::string_view) { return true; }
  bool key(std::string_view) { return true; }
  bool start_object() { return true; }
  bool end_object(std::size_t) { return true; }
  bool start_array() { return true; }
  bool end_array(std::size_t) { return true; }
};

namespace detail {

// has_<event><H>: H has a member function that accepts the event's
// arguments and returns something convertible to bool.
#define ULTRAJSON_DETAIL_HAS_EVENT(name, arg)                                          \
  template <class Handler, class = void>                                               \
  struct has_##name : std::false_type {};                                              \
  template <class Handler>                                                             \
  struct has_##name<Handler, std::enable_if_t<std::is_convertible_v<                   \
                                 decltype(std::declval<Handler&>().name(arg)), bool>>> \
      : std::true_type {};

// A macro here because C++17 has no other way to name a member in a trait.
ULTRAJSON_DETAIL_HAS_EVENT(null_value, )
ULTRAJSON_DETAIL_HAS_EVENT(bool_value, true)
ULTRAJSON_DETAIL_HAS_EVENT(int64_value, std::int64_t{})
ULTRAJSON_DETAIL_HAS_EVENT(uint64_value, std::uint64_t{})
ULTRAJSON_DETAIL_HAS_EVENT(big_integer, std::string_view{})
ULTRAJSON_DETAIL_HAS_EVENT(double_value, double{})
ULTRAJSON_DETAIL_HAS_EVENT(raw_number, std::string_view{})
ULTRAJSON_DETAIL_HAS_EVENT(string_value, std::string_view{})
ULTRAJSON_DETAIL_HAS_EVENT(key, std::string_view{})
ULTRAJSON_DETAIL_HAS_EVENT(start_object, )
ULTRAJSON_DETAIL_HAS_EVENT(end_object, std::size_t{})
ULTRAJSON_DETAIL_HAS_EVENT(start_array, )
ULTRAJSON_DETAIL_HAS_EVENT(end_array, std::size_t{})
#undef ULTRAJSON_DETAIL_HAS_EVENT

template <class Handler>
constexpr bool check_handler() {
  static_assert(has_null_value<Handler>::value,
                "ultrajson handler lacks `bool null_value()` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_bool_value<Handler>::value,
                "ultrajson handler lacks `bool bool_value(bool)` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_int64_value<Handler>::value,
                "ultrajson handler lacks `bool int64_value(std::int64_t)` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_uint64_value<Handler>::value,
                "ultrajson handler lacks `bool uint64_value(std::uint64_t)` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_big_integer<Handler>::value,
                "ultrajson handler lacks `bool big_integer(std::string_view)` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_double_value<Handler>::value,
                "ultrajson handler lacks `bool double_value(double)` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_raw_number<Handler>::value,
                "ultrajson handler lacks `bool raw_number(std::string_view)` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_string_value<Handler>::value,
                "ultrajson handler lacks `bool string_value(std::string_view)` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_key<Handler>::value,
                "ultrajson handler lacks `bool key(std::string_view)` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_start_object<Handler>::value,
                "ultrajson handler lacks `bool start_object()` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_end_object<Handler>::value,
                "ultrajson handler lacks `bool end_object(std::size_t)` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_start_array<Handler>::value,
                "ultrajson handler lacks `bool start_array()` "
                "(derive from ultrajson::handler_base for defaults)");
  static_assert(has_end_array<Handler>::value,
                "ultrajson handler lacks `bool end_array(std::size_t)` "
                "(derive from ultrajson::handler_base for defaults)");
  return true;
}

}  // namespace detail

// True when Handler has every event; for users' own static_asserts.
template <class Handler>
inline constexpr bool is_handler_v =
    detail::has_null_value<Handler>::value && detail::has_bool_value<Handler>::value &&
    detail::has_int64_value<Handler>::value && detail::has_uint64_value<Handler>::value &&
    detail::has_big_integer<Handler>::value && detail::has_double_value<Handler>::value &&
    detail::has_raw_number<Handler>::value && detail::has_string_value<Handler>::value &&
    detail::has_key<Handler>::value && detail::has_start_object<Handler>::value &&
    detail::has_end_object<Handler>::value && detail::has_start_array<Handler>::value &&
    detail::has_end_array<Handler>::value;

}  // namespace ultrajson
