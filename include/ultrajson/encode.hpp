#pragma once
// Encoding C++ values: write_value(writer, value) and to_json(value). The
// encoder learns a type through one customisation point, a specialisation of
// ultrajson::encoder<T> with a static `bool write(writer&, const T&)`:
//
//   struct point { double x, y; };
//   template <> struct ultrajson::encoder<point> {
//     static bool write(ultrajson::writer& w, const point& p) {
//       return w.start_object() && w.key("x") && w.double_value(p.x) &&
//              w.key("y") && w.double_value(p.y) && w.end_object();
//     }
//   };
//
// Built in: bool, integers, floating point, strings (char arrays by their
// bounds, see below), nullptr, std::optional,
// sequences (vector, array, list, ...), maps with string keys, std::pair and
// std::tuple (as arrays), std::variant (the alternative it holds).

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#include <variant>

#include "detail/exceptions.hpp"
#include "writer.hpp"
#if ULTRAJSON_EXCEPTIONS
#include <stdexcept>
#endif

namespace ultrajson {

template <class T, class Enable = void>
struct encoder;  // no definition: a type must be taught (see above)

template <class T>
bool write_value(writer& w, const T& value) {
  return encoder<T>::write(w, value);
}

#if ULTRAJSON_EXCEPTIONS  // without exceptions: write_value into a writer of your own
// Thrown by to_json when the writer refuses the value (NaN without allow_nan,
// invalid UTF-8, a user encoder's misuse, ...).
class encode_error : public std::runtime_error {
 public:
  explicit encode_error(write_error code)
      : std::runtime_error(std::string("ultrajson: ") + std::string(describe(code))),
        code_(code) {}
  write_error code() const noexcept { return code_; }

 private:
  write_error code_;
};

template <class T>
std::string to_json(const T& value, const write_options& options = {}) {
  writer w(options);
  if (!write_value(w, value) || !w.complete()) {
    throw encode_error(w.error() == write_error::none ? write_error::unbalanced_end : w.error());
  }
  return w.str();
}
#endif

namespace detail {

template <class T, class = void>
struct is_string_like : std::false_type {};
template <class T>
struct is_string_like<T, std::enable_if_t<std::is_convertible_v<const T&, std::string_view>>>
    : std::true_type {};

template <class T, class = void>
struct is_map_like : std::false_type {};
template <class T>
struct is_map_like<T, std::void_t<typename T::key_type, typename T::mapped_type>>
    : std::bool_constant<is_string_like<typename T::key_type>::value> {};

template <class T, class = void>
struct is_sequence : std::false_type {};
template <class T>
struct is_sequence<T, std::void_t<decltype(std::begin(std::declval<const T&>())),
                                  decltype(std::end(std::declval<const T&>()))>>
    : std::bool_constant<!is_string_like<T>::value && !is_map_like<T>::value> {};

template <class T, class = void>
struct is_tuple_like : std::false_type {};
template <class T>
struct is_tuple_like<T, std::void_t<decltype(std::tuple_size<T>::value)>>
    : std::bool_constant<!is_sequence<T>::value> {};

}  // namespace detail

template <>
struct encoder<bool> {
  static bool write(writer& w, bool value) { return w.bool_value(value); }
};

// std::vector<bool>'s elements: plain bool in libstdc++, a proxy class in
// libc++ (and MSVC's standard library).
template <class T>
struct encoder<T, std::enable_if_t<std::is_same_v<T, std::vector<bool>::const_reference> &&
                                   !std::is_same_v<T, bool>>> {
  static bool write(writer& w, bool value) { return w.bool_value(value); }
};

template <>
struct encoder<std::nullptr_t> {
  static bool write(writer& w, std::nullptr_t) { return w.null_value(); }
};

template <class T>
struct encoder<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                                   !std::is_same_v<T, char>>> {
  static bool write(writer& w, T value) {
    if constexpr (std::is_signed_v<T>) {
      return w.int64_value(static_cast<std::int64_t>(value));
    } else {
      return w.uint64_value(static_cast<std::uint64_t>(value));
    }
  }
};

template <class T>
struct encoder<T, std::enable_if_t<std::is_floating_point_v<T>>> {
  static bool write(writer& w, T value) { return w.double_value(static_cast<double>(value)); }
};

// Arrays of char (string literals) have their own encoder below.
template <class T>
struct encoder<T, std::enable_if_t<detail::is_string_like<T>::value && !std::is_array_v<T>>> {
  static bool write(writer& w, const T& value) { return w.string_value(std::string_view(value)); }
};

// An array of char is read within its bounds, never past them: its N chars
// minus the trailing NULs. So a literal loses its terminator and a
// fixed-width field its zero padding, while a field filled to the last char
// is taken whole and a NUL inside the text is kept (written as \u0000).
// For C-string semantics (up to the first NUL) pass a std::string_view or
// a const char*.
template <std::size_t N>
struct encoder<char[N]> {
  static bool write(writer& w, const char (&value)[N]) {
    std::size_t size = N;
    while (size != 0 && value[size - 1] == '\0') --size;
    return w.string_value(std::string_view(value, size));
  }
};

template <class T>
struct encoder<std::optional<T>> {
  static bool write(writer& w, const std::optional<T>& value) {
    return value ? write_value(w, *value) : w.null_value();
  }
};

// The alternative it holds; std::monostate (or valueless) as null.
template <>
struct encoder<std::monostate> {
  static bool write(writer& w, std::monostate) { return w.null_value(); }
};

template <class... Ts>
struct encoder<std::variant<Ts...>> {
  static bool write(writer& w, const std::variant<Ts...>& value) {
    if (value.valueless_by_exception()) return w.null_value();
    return std::visit([&w](const auto& held) { return write_value(w, held); }, value);
  }
};

template <class T>
struct encoder<T, std::enable_if_t<detail::is_map_like<T>::value>> {
  static bool write(writer& w, const T& map) {
    if (!w.start_object()) return false;
    for (const auto& [name, member] : map) {
      if (!w.key(std::string_view(name)) || !write_value(w, member)) return false;
    }
    return w.end_object();
  }
};

template <class T>
struct encoder<T, std::enable_if_t<detail::is_sequence<T>::value>> {
  static bool write(writer& w, const T& sequence) {
    if (!w.start_array()) return false;
    for (const auto& element : sequence) {
      if (!write_value(w, element)) return false;
    }
    return w.end_array();
  }
};

template <class T>
struct encoder<T, std::enable_if_t<detail::is_tuple_like<T>::value>> {
  static bool write(writer& w, const T& tuple) {
    if (!w.start_array()) return false;
    const bool ok = std::apply(
        [&w](const auto&... elements) { return (write_value(w, elements) && ...); }, tuple);
    return ok && w.end_array();
  }
};

}  // namespace ultrajson
