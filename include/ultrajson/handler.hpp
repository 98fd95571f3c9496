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
// Each event must take its argument without narrowing it: a handler with
// `bool int64_value(int)` (which would truncate 64-bit ids) does not compile,
// and the message names the signature expected. A handler derived from
// handler_base may misspell an event and still compile (the misspelled
// function is never called): checked_handler_base below catches that.
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

// The events by name, for declares_events and checked_handler_base below.
enum class event {
  null_value, bool_value, int64_value, uint64_value, big_integer, double_value, raw_number,
  string_value, key, start_object, end_object, start_array, end_array,
};

namespace detail {

// To == From, or a type From converts to implicitly and, for arithmetic
// types, without narrowing (int64_t to int or to double narrows; to long
// long or to a const int64_t& parameter does not).
template <class From, class To, class = void>
struct converts_without_narrowing : std::false_type {};
template <class From, class To>
struct converts_without_narrowing<From, To, std::void_t<decltype(To{std::declval<From>()})>>
    : std::bool_constant<std::is_convertible_v<From, To>> {};

// An argument that converts only to the parameter types above: calling an
// event with it fails when the event's parameter would narrow the value.
template <class From>
struct exact_argument {
  template <class To, std::enable_if_t<converts_without_narrowing<From, To>::value, int> = 0>
  operator To() const noexcept;  // only named in unevaluated calls
};

// has_<event><H>: H has a member function that accepts the event's
// argument and returns something convertible to bool.
// takes_<event><H>: and takes it without narrowing.
// declares_<event><H>: H declares the event itself (not only inherits it).
#define ULTRAJSON_DETAIL_EVENT_TRAITS(name, ...)                                             \
  template <class Handler, class = void>                                                   \
  struct has_##name : std::false_type {};                                                  \
  template <class Handler>                                                                 \
  struct has_##name<Handler, std::enable_if_t<std::is_convertible_v<                       \
                                 decltype(std::declval<Handler&>().name(                   \
                                     std::declval<__VA_ARGS__>())),                        \
                                 bool>>> : std::true_type {};                              \
  template <class Handler, class = void>                                                   \
  struct takes_##name : std::false_type {};                                                \
  template <class Handler>                                                                 \
  struct takes_##name<Handler, std::enable_if_t<std::is_convertible_v<                     \
                                   decltype(std::declval<Handler&>().name(                 \
                                       std::declval<exact_argument<__VA_ARGS__>>())),      \
                                   bool>>> : std::true_type {};                            \
  template <class Handler, class = void>                                                   \
  struct declares_##name : std::false_type {};                                             \
  template <class Handler>                                                                 \
  struct declares_##name<Handler, std::void_t<decltype(&Handler::name)>>                   \
      : std::is_same<typename member_owner<decltype(&Handler::name)>::type, Handler> {};

template <class MemberPointer>
struct member_owner;
template <class Result, class Owner, class... Args>
struct member_owner<Result (Owner::*)(Args...)> {
  using type = Owner;
};
template <class Result, class Owner, class... Args>
struct member_owner<Result (Owner::*)(Args...) noexcept> {
  using type = Owner;
};
template <class Result, class Owner, class... Args>
struct member_owner<Result (Owner::*)(Args...) const> {
  using type = Owner;
};
template <class Result, class Owner, class... Args>
struct member_owner<Result (Owner::*)(Args...) const noexcept> {
  using type = Owner;
};

// Macros here because C++17 has no other way to name a member in a trait.
ULTRAJSON_DETAIL_EVENT_TRAITS(bool_value, bool)
ULTRAJSON_DETAIL_EVENT_TRAITS(int64_value, std::int64_t)
ULTRAJSON_DETAIL_EVENT_TRAITS(uint64_value, std::uint64_t)
ULTRAJSON_DETAIL_EVENT_TRAITS(big_integer, std::string_view)
ULTRAJSON_DETAIL_EVENT_TRAITS(double_value, double)
ULTRAJSON_DETAIL_EVENT_TRAITS(raw_number, std::string_view)
ULTRAJSON_DETAIL_EVENT_TRAITS(string_value, std::string_view)
ULTRAJSON_DETAIL_EVENT_TRAITS(key, std::string_view)
ULTRAJSON_DETAIL_EVENT_TRAITS(end_object, std::size_t)
ULTRAJSON_DETAIL_EVENT_TRAITS(end_array, std::size_t)
#undef ULTRAJSON_DETAIL_EVENT_TRAITS

// The events without an argument cannot narrow anything.
#define ULTRAJSON_DETAIL_EVENT_TRAITS_0(name)                                                \
  template <class Handler, class = void>                                                   \
  struct has_##name : std::false_type {};                                                  \
  template <class Handler>                                                                 \
  struct has_##name<Handler, std::enable_if_t<std::is_convertible_v<                       \
                                 decltype(std::declval<Handler&>().name()), bool>>>         \
      : std::true_type {};                                                                 \
  template <class Handler>                                                                 \
  using takes_##name = has_##name<Handler>;                                                \
  template <class Handler, class = void>                                                   \
  struct declares_##name : std::false_type {};                                             \
  template <class Handler>                                                                 \
  struct declares_##name<Handler, std::void_t<decltype(&Handler::name)>>                   \
      : std::is_same<typename member_owner<decltype(&Handler::name)>::type, Handler> {};
ULTRAJSON_DETAIL_EVENT_TRAITS_0(null_value)
ULTRAJSON_DETAIL_EVENT_TRAITS_0(start_object)
ULTRAJSON_DETAIL_EVENT_TRAITS_0(start_array)
#undef ULTRAJSON_DETAIL_EVENT_TRAITS_0

// One static_assert per event and problem, so the compiler's message names
// the event and the signature expected.
#define ULTRAJSON_DETAIL_CHECK_EVENT(name, signature)                                        \
  static_assert(has_##name<Handler>::value, "ultrajson handler lacks `" signature            \
                                            "` (derive from ultrajson::handler_base for "     \
                                            "defaults)");                                     \
  static_assert(!has_##name<Handler>::value || takes_##name<Handler>::value,                \
                "ultrajson handler's " #name " takes a parameter that would narrow the "     \
                "value (or convert it lossily); declare it as `" signature "`");

template <class Handler>
constexpr bool check_handler() {
  ULTRAJSON_DETAIL_CHECK_EVENT(null_value, "bool null_value()")
  ULTRAJSON_DETAIL_CHECK_EVENT(bool_value, "bool bool_value(bool)")
  ULTRAJSON_DETAIL_CHECK_EVENT(int64_value, "bool int64_value(std::int64_t)")
  ULTRAJSON_DETAIL_CHECK_EVENT(uint64_value, "bool uint64_value(std::uint64_t)")
  ULTRAJSON_DETAIL_CHECK_EVENT(big_integer, "bool big_integer(std::string_view)")
  ULTRAJSON_DETAIL_CHECK_EVENT(double_value, "bool double_value(double)")
  ULTRAJSON_DETAIL_CHECK_EVENT(raw_number, "bool raw_number(std::string_view)")
  ULTRAJSON_DETAIL_CHECK_EVENT(string_value, "bool string_value(std::string_view)")
  ULTRAJSON_DETAIL_CHECK_EVENT(key, "bool key(std::string_view)")
  ULTRAJSON_DETAIL_CHECK_EVENT(start_object, "bool start_object()")
  ULTRAJSON_DETAIL_CHECK_EVENT(end_object, "bool end_object(std::size_t)")
  ULTRAJSON_DETAIL_CHECK_EVENT(start_array, "bool start_array()")
  ULTRAJSON_DETAIL_CHECK_EVENT(end_array, "bool end_array(std::size_t)")
  return true;
}
#undef ULTRAJSON_DETAIL_CHECK_EVENT

#define ULTRAJSON_DETAIL_CHECK_DECLARED(name)                                                \
  if constexpr (Event == event::name) {                                                      \
    static_assert(declares_##name<Handler>::value,                                           \
                  "ultrajson handler does not declare " #name " itself: is it misspelled, "  \
                  "or is its only declaration the one inherited from handler_base?");        \
  }

template <class Handler, event Event>
constexpr bool check_declared() {
  ULTRAJSON_DETAIL_CHECK_DECLARED(null_value)
  ULTRAJSON_DETAIL_CHECK_DECLARED(bool_value)
  ULTRAJSON_DETAIL_CHECK_DECLARED(int64_value)
  ULTRAJSON_DETAIL_CHECK_DECLARED(uint64_value)
  ULTRAJSON_DETAIL_CHECK_DECLARED(big_integer)
  ULTRAJSON_DETAIL_CHECK_DECLARED(double_value)
  ULTRAJSON_DETAIL_CHECK_DECLARED(raw_number)
  ULTRAJSON_DETAIL_CHECK_DECLARED(string_value)
  ULTRAJSON_DETAIL_CHECK_DECLARED(key)
  ULTRAJSON_DETAIL_CHECK_DECLARED(start_object)
  ULTRAJSON_DETAIL_CHECK_DECLARED(end_object)
  ULTRAJSON_DETAIL_CHECK_DECLARED(start_array)
  ULTRAJSON_DETAIL_CHECK_DECLARED(end_array)
  return true;
}
#undef ULTRAJSON_DETAIL_CHECK_DECLARED

}  // namespace detail

// True when Handler has every event, each taking its argument without
// narrowing; for users' own static_asserts.
template <class Handler>
inline constexpr bool is_handler_v =
    detail::takes_null_value<Handler>::value && detail::takes_bool_value<Handler>::value &&
    detail::takes_int64_value<Handler>::value && detail::takes_uint64_value<Handler>::value &&
    detail::takes_big_integer<Handler>::value && detail::takes_double_value<Handler>::value &&
    detail::takes_raw_number<Handler>::value && detail::takes_string_value<Handler>::value &&
    detail::takes_key<Handler>::value && detail::takes_start_object<Handler>::value &&
    detail::takes_end_object<Handler>::value && detail::takes_start_array<Handler>::value &&
    detail::takes_end_array<Handler>::value;

// The handler_base pitfall: a handler derived from handler_base that
// misspells an event (int_value for int64_value) still compiles, and the
// misspelled function is never called; handler_base's default runs instead.
// Name the events you mean to handle and the compiler checks that the
// handler declares each one itself:
//
//   struct ids : ultrajson::checked_handler_base<ids, ultrajson::event::int64_value,
//                                                ultrajson::event::key> {
//     bool int64_value(std::int64_t id);
//     bool key(std::string_view name);
//   };
//
// or, for any handler, static_assert(ultrajson::declares_events<H, event::key, ...>()).
// (An event declared as an overload set or a template cannot be checked so:
// declare it once, as a plain member function.)
template <class Handler, event... Events>
constexpr bool declares_events() {
  return (detail::check_declared<Handler, Events>() && ... && true);
}

template <class Derived, event... Handled>
struct checked_handler_base : handler_base {
  // Checked where a Derived is constructed: Derived is complete there.
  checked_handler_base() noexcept { static_assert(declares_events<Derived, Handled...>()); }
};

}  // namespace ultrajson
