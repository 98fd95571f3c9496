#pragma once
// Decoding JSON into C++ types, straight from the parser's events (no tree
// in between):
//
//   std::vector<status> statuses;
//   ultrajson::decode_result r = ultrajson::from_json(text, statuses);
//   if (!r) std::puts(r.message().c_str());
//   // "$.statuses[3].user.id: expected integer, found string, line 40, column 12"
//
//   auto s = ultrajson::from_json<std::vector<status>>(text);  // throws decode_exception
//
// Built in: bool, integers (range-checked), floating point, std::string,
// std::optional, std::variant (the alternative is chosen by the JSON kind:
// null, boolean, integer, number, string, array, object; the first that
// takes it wins), sequences (vector, deque, list), sets, std::array and
// std::pair / std::tuple (length-checked), maps with string keys, and
// described structs (describe.hpp). Decoding into an existing object
// replaces containers' contents and assigns the struct members present in
// the JSON; members absent keep their values. Unknown keys are skipped, or
// an error with decode_options::unknown_keys = reject.
//
// A type of your own: specialise decoder<T> (the counterpart of encoder<T>)
// with `expected` (a name for messages), `scalar` for null, booleans,
// numbers and strings, and `start` for arrays and objects; deriving from
// decoder_base<T> refuses every kind you do not handle. See
// tests/test_typed.cpp for one that reads an enum from its name.

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "decode_state.hpp"
#include "describe.hpp"
#include "error.hpp"
#include "file.hpp"
#include "options.hpp"
#include "parse.hpp"

namespace ultrajson {
namespace detail {

template <class T, class = void>
struct is_sequence_container : std::false_type {};
template <class T>
struct is_sequence_container<
    T, std::void_t<typename T::value_type, decltype(std::declval<T&>().emplace_back()),
                   decltype(std::declval<T&>().clear())>>
    : std::bool_constant<!std::is_same_v<T, std::string> &&
                         !std::is_same_v<typename T::value_type, bool>> {};

template <class T, class = void>
struct is_string_map : std::false_type {};
template <class T>
struct is_string_map<T, std::void_t<typename T::key_type, typename T::mapped_type,
                                    decltype(std::declval<T&>().try_emplace(
                                        std::declval<typename T::key_type>()))>>
    : std::is_same<typename T::key_type, std::string> {};

template <class T, class = void>
struct is_set_container : std::false_type {};
template <class T>
struct is_set_container<
    T, std::void_t<typename T::key_type, typename T::value_type,
                   decltype(std::declval<T&>().insert(std::declval<typename T::value_type>()))>>
    : std::bool_constant<std::is_same_v<typename T::key_type, typename T::value_type>> {};

template <class T>
struct is_std_array : std::false_type {};
template <class T, std::size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};

template <class T>
struct is_tuple_or_pair : std::false_type {};
template <class... Ts>
struct is_tuple_or_pair<std::tuple<Ts...>> : std::true_type {};
template <class A, class B>
struct is_tuple_or_pair<std::pair<A, B>> : std::true_type {};

template <class T>
using is_fixed_length = std::disjunction<is_std_array<T>, is_tuple_or_pair<T>>;

}  // namespace detail

// ----- scalars -----

template <>
struct decoder<bool> : decoder_base<bool> {
  static constexpr std::string_view expected = "boolean";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::boolean; }
  static bool scalar(bool& out, const scalar_event& e, decode_state& s) {
    if (e.kind != json_kind::boolean) return s.wrong_type(expected, e);
    out = e.boolean;
    return true;
  }
};

template <class T>
struct decoder<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>>
    : decoder_base<T> {
  static constexpr std::string_view expected = "integer";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::integer; }
  static bool scalar(T& out, const scalar_event& e, decode_state& s) {
    if (e.kind != json_kind::integer) return s.wrong_type(expected, e);
    using limits = std::numeric_limits<T>;
    switch (e.form) {
      case scalar_event::integer_form::int64:
        if constexpr (std::is_signed_v<T>) {
          if (e.int64 < static_cast<std::int64_t>(limits::min()) ||
              e.int64 > static_cast<std::int64_t>(limits::max())) {
            return s.out_of_range(range(), e);
          }
        } else {
          if (e.int64 < 0 || static_cast<std::uint64_t>(e.int64) > std::uint64_t{limits::max()}) {
            return s.out_of_range(range(), e);
          }
        }
        out = static_cast<T>(e.int64);
        return true;
      case scalar_event::integer_form::uint64:
        if (e.uint64 > static_cast<std::uint64_t>(limits::max())) return s.out_of_range(range(), e);
        out = static_cast<T>(e.uint64);
        return true;
      case scalar_event::integer_form::text: break;
    }
    return s.out_of_range(range(), e);
  }
  static std::string range() {
    return "integer from " + std::to_string(std::numeric_limits<T>::min()) + " to " +
           std::to_string(std::numeric_limits<T>::max());
  }
};

template <class T>
struct decoder<T, std::enable_if_t<std::is_floating_point_v<T>>> : decoder_base<T> {
  static constexpr std::string_view expected = "number";
  static constexpr bool takes(json_kind k) noexcept {
    return k == json_kind::number || k == json_kind::integer;
  }
  static bool scalar(T& out, const scalar_event& e, decode_state& s) {
    double value;
    if (e.kind == json_kind::number) {
      value = e.number;
    } else if (e.kind == json_kind::integer) {
      switch (e.form) {
        case scalar_event::integer_form::int64: value = static_cast<double>(e.int64); break;
        case scalar_event::integer_form::uint64: value = static_cast<double>(e.uint64); break;
        default: {
          if (!detail::number_text_to_double(e.text, value)) return s.out_of_range(expected, e);
        }
      }
    } else {
      return s.wrong_type(expected, e);
    }
    if constexpr (sizeof(T) < sizeof(double)) {
      if (value > static_cast<double>(std::numeric_limits<T>::max()) ||
          value < -static_cast<double>(std::numeric_limits<T>::max())) {
        return s.out_of_range("number within float's range", e);
      }
    }
    out = static_cast<T>(value);
    return true;
  }
};

template <>
struct decoder<std::string> : decoder_base<std::string> {
  static constexpr std::string_view expected = "string";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::string; }
  static bool scalar(std::string& out, const scalar_event& e, decode_state& s) {
    if (e.kind != json_kind::string) return s.wrong_type(expected, e);
    out.assign(e.text.data(), e.text.size());
    return true;
  }
};

template <>
struct decoder<std::nullptr_t> : decoder_base<std::nullptr_t> {
  static constexpr std::string_view expected = "null";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::null; }
  static bool scalar(std::nullptr_t&, const scalar_event& e, decode_state& s) {
    return e.kind == json_kind::null || s.wrong_type(expected, e);
  }
};

template <>
struct decoder<std::monostate> : decoder_base<std::monostate> {
  static constexpr std::string_view expected = "null";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::null; }
  static bool scalar(std::monostate&, const scalar_event& e, decode_state& s) {
    return e.kind == json_kind::null || s.wrong_type(expected, e);
  }
};

template <class T>
struct decoder<std::optional<T>> {
  static constexpr std::string_view expected = decoder<T>::expected;
  static constexpr bool takes(json_kind k) noexcept {
    return k == json_kind::null || decoder<T>::takes(k);
  }
  static bool scalar(std::optional<T>& out, const scalar_event& e, decode_state& s) {
    if (e.kind == json_kind::null) {
      out.reset();
      return true;
    }
    return decoder<T>::scalar(out.emplace(), e, s);
  }
  static bool start(std::optional<T>& out, bool is_object, decode_state& s) {
    return decoder<T>::start(out.emplace(), is_object, s);
  }
};

// ----- containers -----

template <class T>
struct decoder<T, std::enable_if_t<detail::is_sequence_container<T>::value>>
    : decoder_base<T> {
  using element = typename T::value_type;
  static constexpr std::string_view expected = "array";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::array; }
  static bool start(T& out, bool is_object, decode_state& s) {
    if (is_object) return s.wrong_type(expected, json_kind::object);
    out.clear();
    static constexpr detail::container_ops ops{
        false,
        [](detail::frame& f, detail::slot& next, decode_state&) {
          next = detail::slot_of(static_cast<T*>(f.target)->emplace_back());
          return true;
        },
        nullptr, nullptr, [](detail::frame&, decode_state&) { return true; }, nullptr};
    s.push(&out, &ops);
    return true;
  }
};

template <class T>
struct decoder<T, std::enable_if_t<detail::is_set_container<T>::value>> : decoder_base<T> {
  using element = typename T::value_type;
  static constexpr std::string_view expected = "array";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::array; }
  static bool start(T& out, bool is_object, decode_state& s) {
    if (is_object) return s.wrong_type(expected, json_kind::object);
    out.clear();
    // Each element is decoded into scratch, then inserted when complete.
    static constexpr detail::container_ops ops{
        false,
        [](detail::frame& f, detail::slot& next, decode_state&) {
          element& staged = *static_cast<element*>(f.scratch);
          staged = element();
          next = detail::slot_of(staged);
          return true;
        },
        nullptr,
        [](detail::frame& f, decode_state&) {
          static_cast<T*>(f.target)->insert(std::move(*static_cast<element*>(f.scratch)));
          return true;
        },
        [](detail::frame&, decode_state&) { return true; },
        [](detail::frame& f) { delete static_cast<element*>(f.scratch); }};
    s.push(&out, &ops, new element());
    return true;
  }
};

// std::array, std::tuple and std::pair: a JSON array of exactly `size` elements.
template <class T>
struct decoder<T, std::enable_if_t<detail::is_fixed_length<T>::value>> : decoder_base<T> {
  static constexpr std::size_t size = std::tuple_size<T>::value;
  static constexpr std::string_view expected = "array";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::array; }
  static std::string length() { return "array of " + std::to_string(size) + " elements"; }
  template <std::size_t... I>
  static detail::slot tuple_element_slot(T& tuple, std::size_t index, std::index_sequence<I...>) {
    detail::slot found;
    (void)((index == I ? (found = detail::slot_of(std::get<I>(tuple)), true) : false) || ...);
    return found;
  }
  static detail::slot element_slot(T& sequence, std::size_t index) {
    // An array indexes directly: a fold over a long std::array's indices would cost at
    // compile time and at run time.
    if constexpr (detail::is_std_array<T>::value) {
      return detail::slot_of(sequence[index]);
    } else {
      return tuple_element_slot(sequence, index, std::make_index_sequence<size>());
    }
  }
  static bool start(T& out, bool is_object, decode_state& s) {
    if (is_object) return s.wrong_type(length(), json_kind::object);
    static constexpr detail::container_ops ops{
        false,
        [](detail::frame& f, detail::slot& next, decode_state& st) {
          if (f.count > size) return st.wrong_length(length(), size, false);
          next = element_slot(*static_cast<T*>(f.target), f.count - 1);
          return true;
        },
        nullptr, nullptr,
        [](detail::frame& f, decode_state& st) {
          return f.count == size || st.wrong_length(length(), f.count, true);
        },
        nullptr};
    s.push(&out, &ops);
    return true;
  }
};

template <class T>
struct decoder<T, std::enable_if_t<detail::is_string_map<T>::value>> : decoder_base<T> {
  static constexpr std::string_view expected = "object";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::object; }
  static bool start(T& out, bool is_object, decode_state& s) {
    if (!is_object) return s.wrong_type(expected, json_kind::array);
    out.clear();
    static constexpr detail::container_ops ops{
        true, nullptr,
        [](detail::frame& f, std::string_view key, detail::slot& next, decode_state&) {
          // A repeated key decodes again into the same entry: the last wins.
          auto [at, inserted] = static_cast<T*>(f.target)->try_emplace(std::string(key));
          (void)inserted;
          f.name = at->first;
          next = detail::slot_of(at->second);
          return true;
        },
        nullptr, [](detail::frame&, decode_state&) { return true; }, nullptr};
    s.push(&out, &ops);
    return true;
  }
};

// A described struct (describe.hpp): an object with its members.
template <class T>
struct decoder<T, std::enable_if_t<is_described_v<T>>> : decoder_base<T> {
  static constexpr std::string_view expected = "object";
  static constexpr bool takes(json_kind k) noexcept { return k == json_kind::object; }
  static constexpr std::size_t count = std::tuple_size_v<decltype(description<T>::members)>;

  template <std::size_t I>
  static detail::slot member_slot(void* object) {
    auto& member = static_cast<T*>(object)->*(std::get<I>(description<T>::members).pointer);
    return detail::slot_of(member);
  }
  struct entry {
    std::string_view name;
    detail::slot (*slot)(void*);
  };
  template <std::size_t... I>
  static constexpr std::array<entry, count> make_table(std::index_sequence<I...>) {
    return {entry{std::get<I>(description<T>::members).name, &member_slot<I>}...};
  }
  static constexpr std::array<entry, count> table = make_table(std::make_index_sequence<count>());

  static bool start(T& out, bool is_object, decode_state& s) {
    if (!is_object) return s.wrong_type(expected, json_kind::array);
    static constexpr detail::container_ops ops{
        true, nullptr,
        [](detail::frame& f, std::string_view key, detail::slot& next, decode_state& st) {
          // Members usually come in the described order: try the one after
          // the last first.
          for (std::size_t tried = 0; tried < count; ++tried) {
            std::size_t i = f.hint + tried;
            if (i >= count) i -= count;
            if (table[i].name == key) {
              f.hint = i + 1 == count ? 0 : i + 1;
              f.name = table[i].name;
              next = table[i].slot(f.target);
              return true;
            }
          }
          if (st.options().unknown == unknown_keys::reject) return st.unknown_key(key);
          f.name = "?";
          next = detail::skip_slot();
          return true;
        },
        nullptr, [](detail::frame&, decode_state&) { return true; }, nullptr};
    s.push(&out, &ops);
    return true;
  }
};

// std::variant: the first alternative that takes the JSON kind.
template <class... Ts>
struct decoder<std::variant<Ts...>> {
  static constexpr std::string_view expected = "one of the variant's kinds";
  static constexpr bool takes(json_kind k) noexcept { return (decoder<Ts>::takes(k) || ...); }

  template <std::size_t I = 0>
  static detail::slot choose(std::variant<Ts...>& out, json_kind kind) {
    if constexpr (I == sizeof...(Ts)) {
      return detail::slot{};
    } else {
      using alternative = std::variant_alternative_t<I, std::variant<Ts...>>;
      if (decoder<alternative>::takes(kind)) {
        if (out.index() != I) out.template emplace<I>();
        return detail::slot_of(std::get<I>(out));
      }
      return choose<I + 1>(out, kind);
    }
  }
  static bool scalar(std::variant<Ts...>& out, const scalar_event& e, decode_state& s) {
    const detail::slot chosen = choose(out, e.kind);
    if (chosen.ops == nullptr) return s.wrong_type(expected, e);
    return chosen.ops->scalar(chosen.target, e, s);
  }
  static bool start(std::variant<Ts...>& out, bool is_object, decode_state& s) {
    const json_kind kind = is_object ? json_kind::object : json_kind::array;
    const detail::slot chosen = choose(out, kind);
    if (chosen.ops == nullptr) return s.wrong_type(expected, kind);
    return chosen.ops->start(chosen.target, is_object, s);
  }
};

// ----- entry points -----

// Decodes text into out. On an error out may be partly assigned.
template <class T>
decode_result from_json(std::string_view text, T& out, const decode_options& options = {}) {
  decode_state state(detail::slot_of(out), options);
  decode_result result;
  static_cast<parse_result&>(result) = parse(text, state, options.parse);
  state.complete(result);
  return result;
}

// The same from a file (file.hpp's reading and its errors).
template <class T>
decode_result from_json_file(const std::filesystem::path& path, T& out,
                             const decode_options& options = {}) {
  detail::file_contents contents;
  if (parse_result read = contents.read(path); !read) {
    decode_result result;
    static_cast<parse_result&>(result) = std::move(read);
    return result;
  }
  return from_json(contents.view(), out, options);
}

#if ULTRAJSON_EXCEPTIONS
// Decodes text into a new T; throws decode_exception on an error.
template <class T>
T from_json(std::string_view text, const decode_options& options = {}) {
  T out{};
  decode_result result = from_json(text, out, options);
  if (!result) throw decode_exception(std::move(result));
  return out;
}
#endif

}  // namespace ultrajson
