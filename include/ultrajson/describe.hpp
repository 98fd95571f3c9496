#pragma once
// Describing a struct's members once, for the encoder (encode.hpp) and the
// decoder (decoder.hpp) both:
//
//   struct user { std::int64_t id; std::string screen_name; };
//   ULTRAJSON_DESCRIBE(user, id, screen_name);  // at global namespace scope
//
// is short for
//
//   template <> struct ultrajson::description<user> {
//     static constexpr auto members = std::make_tuple(
//         ultrajson::field("id", &user::id), ultrajson::field("screen_name", &user::screen_name));
//   };
//
// which may be written out to give a member another JSON name. A described
// type is a JSON object with those members, in that order.

#include <string_view>
#include <tuple>
#include <type_traits>

namespace ultrajson {

template <class T>
struct description;  // specialise: `static constexpr auto members = std::make_tuple(...);`

template <class Class, class Member>
struct field_ref {
  std::string_view name;
  Member Class::*pointer;
};

template <class Class, class Member>
constexpr field_ref<Class, Member> field(std::string_view name, Member Class::*pointer) noexcept {
  return {name, pointer};
}

template <class T, class = void>
struct is_described : std::false_type {};
template <class T>
struct is_described<T, std::void_t<decltype(description<T>::members)>> : std::true_type {};
template <class T>
inline constexpr bool is_described_v = is_described<T>::value;

}  // namespace ultrajson

// ULTRAJSON_DESCRIBE(type, member...); up to 32 members. A macro because
// only the preprocessor can turn a member's name into its JSON key. It
// ends in a static_assert so that the `;` after it is needed, not extra.
#define ULTRAJSON_DETAIL_FIELD(type, member) ::ultrajson::field(#member, &type::member)
#define ULTRAJSON_DETAIL_EXPAND(x) x
#define ULTRAJSON_DETAIL_F1(t, m) ULTRAJSON_DETAIL_FIELD(t, m)
#define ULTRAJSON_DETAIL_F2(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F1(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F3(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F2(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F4(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F3(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F5(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F4(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F6(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F5(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F7(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F6(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F8(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F7(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F9(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F8(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F10(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F9(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F11(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F10(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F12(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F11(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F13(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F12(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F14(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F13(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F15(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F14(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F16(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F15(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F17(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F16(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F18(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F17(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F19(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F18(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F20(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F19(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F21(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F20(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F22(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F21(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F23(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F22(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F24(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F23(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F25(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F24(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F26(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F25(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F27(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F26(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F28(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F27(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F29(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F28(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F30(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F29(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F31(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F30(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_F32(t, m, ...) \
  ULTRAJSON_DETAIL_FIELD(t, m), ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_F31(t, __VA_ARGS__))
#define ULTRAJSON_DETAIL_PICK(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, \
                              _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, \
                              _29, _30, _31, _32, name, ...)                                   \
  name
#define ULTRAJSON_DESCRIBE(type, ...)                                                         \
  template <>                                                                                 \
  struct ultrajson::description<type> {                                                          \
    static constexpr auto members = std::make_tuple(                                          \
        ULTRAJSON_DETAIL_EXPAND(ULTRAJSON_DETAIL_PICK(                                          \
        __VA_ARGS__, ULTRAJSON_DETAIL_F32, ULTRAJSON_DETAIL_F31, ULTRAJSON_DETAIL_F30,           \
        ULTRAJSON_DETAIL_F29, ULTRAJSON_DETAIL_F28, ULTRAJSON_DETAIL_F27, ULTRAJSON_DETAIL_F26,  \
        ULTRAJSON_DETAIL_F25, ULTRAJSON_DETAIL_F24, ULTRAJSON_DETAIL_F23, ULTRAJSON_DETAIL_F22,  \
        ULTRAJSON_DETAIL_F21, ULTRAJSON_DETAIL_F20, ULTRAJSON_DETAIL_F19, ULTRAJSON_DETAIL_F18,  \
        ULTRAJSON_DETAIL_F17, ULTRAJSON_DETAIL_F16, ULTRAJSON_DETAIL_F15, ULTRAJSON_DETAIL_F14,  \
        ULTRAJSON_DETAIL_F13, ULTRAJSON_DETAIL_F12, ULTRAJSON_DETAIL_F11, ULTRAJSON_DETAIL_F10,  \
        ULTRAJSON_DETAIL_F9, ULTRAJSON_DETAIL_F8, ULTRAJSON_DETAIL_F7, ULTRAJSON_DETAIL_F6,      \
        ULTRAJSON_DETAIL_F5, ULTRAJSON_DETAIL_F4, ULTRAJSON_DETAIL_F3, ULTRAJSON_DETAIL_F2,      \
        ULTRAJSON_DETAIL_F1, unused)(type, __VA_ARGS__)));                                              \
  };                                                                                          \
  static_assert(::ultrajson::is_described_v<type>, "ULTRAJSON_DESCRIBE")

#include "writer.hpp"

namespace ultrajson {

// The encoder of described types (encode.hpp's customisation point; declared
// here so that this header needs no exceptions).
template <class T, class Enable>
struct encoder;

template <class T>
struct encoder<T, std::enable_if_t<is_described_v<T>>> {
  static bool write(writer& w, const T& object) {
    if (!w.start_object()) return false;
    const bool ok = std::apply(
        [&](const auto&... fields) {
          return ((w.key(fields.name) && write_value(w, object.*(fields.pointer))) && ...);
        },
        description<T>::members);
    return ok && w.end_object();
  }
};

}  // namespace ultrajson
