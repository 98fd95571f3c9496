#pragma once
// One value of a document (see document.hpp): null, a bool, a number, a
// string, an array or an object. Values are 16 bytes and trivially copyable;
// strings and children live in their document's arena, so a value is valid
// as long as its document is, and it is read-only.
//
//   value.kind()                         what it holds
//   value.get_int64() / get_string() ... result<T>: the value or why not
//   value["key"], value[3]               element_result, chainable:
//   doc["statuses"][0]["user"]["id"].get_int64()
//   value.at_pointer("/statuses/0/id")   RFC 6901 JSON Pointer
//   value.get_array() / get_object()     views to iterate
//   value.at("key"), value.at(3)         throw access_exception (with exceptions)

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>
#include <system_error>
#include <type_traits>

#include "detail/number_scan.hpp"
#include "result.hpp"

namespace ultrajson {

enum class value_kind : std::uint8_t {
  null,
  boolean,
  int64,        // integers in [INT64_MIN, INT64_MAX]
  uint64,       // integers in (INT64_MAX, UINT64_MAX]
  big_integer,  // integers beyond 64 bits, kept as their text
  raw_number,   // every number, as its text, with parse_options::raw_numbers
  floating,     // numbers with a fraction or an exponent
  string,
  array,
  object,
};

class value;
class member;
class element_result;
class document_builder;

// The elements of an array, in order.
class array_view {
 public:
  array_view() noexcept = default;
  array_view(const value* first, std::size_t size) noexcept : first_(first), size_(size) {}
  const value* begin() const noexcept { return first_; }
  const value* end() const noexcept;
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  const value& operator[](std::size_t index) const noexcept;  // index < size()

 private:
  const value* first_ = nullptr;
  std::size_t size_ = 0;
};

// The members of an object, in document order.
class object_view {
 public:
  object_view() noexcept = default;
  object_view(const member* first, std::size_t size) noexcept : first_(first), size_(size) {}
  const member* begin() const noexcept { return first_; }
  const member* end() const noexcept;
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  // The first member with this key, or nullptr.
  const value* find(std::string_view key) const noexcept;

 private:
  const member* first_ = nullptr;
  std::size_t size_ = 0;
};

class value {
 public:
  value() noexcept = default;  // null

  value_kind kind() const noexcept { return static_cast<value_kind>(tag_ & kind_mask); }
  bool is_null() const noexcept { return kind() == value_kind::null; }
  bool is_bool() const noexcept { return kind() == value_kind::boolean; }
  bool is_int64() const noexcept { return kind() == value_kind::int64; }
  bool is_uint64() const noexcept { return kind() == value_kind::uint64; }
  bool is_double() const noexcept { return kind() == value_kind::floating; }
  bool is_number() const noexcept {
    const value_kind k = kind();
    return k >= value_kind::int64 && k <= value_kind::floating;
  }
  // A number kept as its text (big_integer or raw_number).
  bool is_number_text() const noexcept {
    return kind() == value_kind::big_integer || kind() == value_kind::raw_number;
  }
  bool is_string() const noexcept { return kind() == value_kind::string; }
  bool is_array() const noexcept { return kind() == value_kind::array; }
  bool is_object() const noexcept { return kind() == value_kind::object; }

  result<bool> get_bool() const noexcept {
    if (!is_bool()) return access_error::wrong_type;
    return payload_.boolean;
  }
  // int64 values; a uint64 value is out of range.
  result<std::int64_t> get_int64() const noexcept {
    if (is_int64()) return payload_.int64;
    if (is_uint64()) return access_error::number_out_of_range;
    if (is_number_text()) return integer_from_text<std::int64_t>();
    return access_error::wrong_type;
  }
  // uint64 values and non-negative int64 values.
  result<std::uint64_t> get_uint64() const noexcept {
    if (is_uint64()) return payload_.uint64;
    if (is_int64()) {
      if (payload_.int64 < 0) return access_error::number_out_of_range;
      return static_cast<std::uint64_t>(payload_.int64);
    }
    if (is_number_text()) return integer_from_text<std::uint64_t>();
    return access_error::wrong_type;
  }
  // Any number, converted to the nearest double.
  result<double> get_double() const noexcept;
  result<std::string_view> get_string() const noexcept {
    if (!is_string()) return access_error::wrong_type;
    return std::string_view(payload_.text, size());
  }
  // The text of a big_integer or raw_number value.
  result<std::string_view> get_number_text() const noexcept {
    if (!is_number_text()) return access_error::wrong_type;
    return std::string_view(payload_.text, size());
  }
  result<array_view> get_array() const noexcept {
    if (!is_array()) return access_error::wrong_type;
    return array_view(payload_.elements, size());
  }
  result<object_view> get_object() const noexcept {
    if (!is_object()) return access_error::wrong_type;
    return object_view(payload_.members, size());
  }

  // Elements of an array, members of an object, bytes of a string; else 0.
  std::size_t size() const noexcept { return static_cast<std::size_t>(tag_ >> size_shift); }

  // Lookups that chain: each returns the value or the first error met.
  element_result operator[](std::string_view key) const noexcept;
  template <class Index, std::enable_if_t<std::is_integral_v<Index>, int> = 0>
  element_result operator[](Index index) const noexcept;
  // RFC 6901: "" is this value; "/a/0" is member "a", then element 0; in a
  // key "~1" stands for '/' and "~0" for '~'.
  element_result at_pointer(std::string_view pointer) const noexcept;

#if ULTRAJSON_EXCEPTIONS
  // As operator[], throwing access_exception on an error.
  const value& at(std::string_view key) const;
  const value& at(std::size_t index) const;
#endif

 private:
  friend class document_builder;
  static constexpr std::uint64_t kind_mask = 0xF;
  static constexpr unsigned size_shift = 4;

  // A number kept as text, read as an integer: out of range when it is one
  // that does not fit, wrong_type when it has a fraction or an exponent.
  template <class Integer>
  result<Integer> integer_from_text() const noexcept {
    Integer parsed = 0;
    const char* first = payload_.text;
    const char* last = first + size();
    const auto [end, error] = std::from_chars(first, last, parsed);
    if (error == std::errc::result_out_of_range) return access_error::number_out_of_range;
    if (error != std::errc() || end != last) {
      // A fraction or an exponent: not an integer. Else a sign the type
      // cannot hold ("-1" as unsigned).
      const auto not_integer = [](char c) { return c == '.' || c == 'e' || c == 'E'; };
      return std::find_if(first, last, not_integer) != last ? access_error::wrong_type
                                                             : access_error::number_out_of_range;
    }
    return parsed;
  }
  element_result element_at(std::size_t index) const noexcept;

  std::uint64_t tag_ = 0;  // kind in bits 0-3, size above
  union payload {
    bool boolean;
    std::int64_t int64;
    std::uint64_t uint64;
    double floating;
    const char* text;  // NUL-terminated, size() bytes before the NUL
    const value* elements;
    const member* members;
  } payload_{};
};

// A key and its value. The key is a string value (its text is NUL-terminated).
class member {
 public:
  std::string_view key() const noexcept { return key_.get_string().value_or({}); }
  const ultrajson::value& value() const noexcept { return value_; }

 private:
  friend class document_builder;
  ultrajson::value key_;
  ultrajson::value value_;
};
static_assert(sizeof(member) == 2 * sizeof(value),
              "the builder copies key, value pairs as members");

// The result of a lookup: a value, or the first error on the way to it.
// It has the lookups and getters of value, which pass the error on.
class element_result {
 public:
  element_result(const ultrajson::value& found) noexcept  // NOLINT: implicit
      : value_(&found) {}
  element_result(access_error error) noexcept : error_(error) {}   // NOLINT

  bool ok() const noexcept { return error_ == access_error::none; }
  explicit operator bool() const noexcept { return ok(); }
  access_error error() const noexcept { return error_; }
  const ultrajson::value& value() const {
    if (!ok()) detail::access_failed(error_);
    return *value_;
  }

  element_result operator[](std::string_view key) const noexcept {
    return ok() ? (*value_)[key] : *this;
  }
  template <class Index, std::enable_if_t<std::is_integral_v<Index>, int> = 0>
  element_result operator[](Index index) const noexcept {
    return ok() ? (*value_)[index] : *this;
  }
  element_result at_pointer(std::string_view pointer) const noexcept {
    return ok() ? value_->at_pointer(pointer) : *this;
  }

  result<bool> get_bool() const noexcept { return ok() ? value_->get_bool() : error_; }
  result<std::int64_t> get_int64() const noexcept { return ok() ? value_->get_int64() : error_; }
  result<std::uint64_t> get_uint64() const noexcept {
    return ok() ? value_->get_uint64() : error_;
  }
  result<double> get_double() const noexcept { return ok() ? value_->get_double() : error_; }
  result<std::string_view> get_string() const noexcept {
    return ok() ? value_->get_string() : error_;
  }
  result<std::string_view> get_number_text() const noexcept {
    return ok() ? value_->get_number_text() : error_;
  }
  result<array_view> get_array() const noexcept { return ok() ? value_->get_array() : error_; }
  result<object_view> get_object() const noexcept {
    return ok() ? value_->get_object() : error_;
  }

 private:
  const ultrajson::value* value_ = nullptr;
  access_error error_ = access_error::none;
};

// ----- definitions -----

inline const value* array_view::end() const noexcept { return first_ + size_; }
inline const value& array_view::operator[](std::size_t index) const noexcept {
  return first_[index];
}
inline const member* object_view::end() const noexcept { return first_ + size_; }

inline const value* object_view::find(std::string_view key) const noexcept {
  for (const member& m : *this) {
    const std::string_view name = m.key();
    if (name.size() == key.size() && std::memcmp(name.data(), key.data(), key.size()) == 0) {
      return &m.value();
    }
  }
  return nullptr;
}

inline result<double> value::get_double() const noexcept {
  switch (kind()) {
    case value_kind::floating: return payload_.floating;
    case value_kind::int64: return static_cast<double>(payload_.int64);
    case value_kind::uint64: return static_cast<double>(payload_.uint64);
    case value_kind::big_integer:
    case value_kind::raw_number: {
      double parsed = 0;
      if (!detail::number_text_to_double(std::string_view(payload_.text, size()), parsed)) {
        return access_error::number_out_of_range;
      }
      return parsed;
    }
    default: return access_error::wrong_type;
  }
}

inline element_result value::operator[](std::string_view key) const noexcept {
  if (!is_object()) return access_error::wrong_type;
  const value* found = object_view(payload_.members, size()).find(key);
  if (found == nullptr) return access_error::no_such_key;
  return *found;
}

inline element_result value::element_at(std::size_t index) const noexcept {
  if (!is_array()) return access_error::wrong_type;
  if (index >= size()) return access_error::index_out_of_range;
  return payload_.elements[index];
}

template <class Index, std::enable_if_t<std::is_integral_v<Index>, int>>
element_result value::operator[](Index index) const noexcept {
  if constexpr (std::is_signed_v<Index>) {
    if (index < 0) return is_array() ? access_error::index_out_of_range : access_error::wrong_type;
  }
  if constexpr (sizeof(Index) > sizeof(std::size_t)) {
    if (static_cast<std::uint64_t>(index) > std::numeric_limits<std::size_t>::max()) {
      return is_array() ? access_error::index_out_of_range : access_error::wrong_type;
    }
  }
  return element_at(static_cast<std::size_t>(index));
}

namespace detail {

// Whether a JSON Pointer reference token (still escaped) names `key`.
inline bool pointer_token_names(std::string_view token, std::string_view key) noexcept {
  std::size_t k = 0;
  for (std::size_t t = 0; t < token.size(); ++t, ++k) {
    char c = token[t];
    if (c == '~') c = token[++t] == '0' ? '~' : '/';  // the caller checked the escapes
    if (k == key.size() || key[k] != c) return false;
  }
  return k == key.size();
}

// An array index token: "0" or digits without a leading zero ("-", the
// position after the last element, names no element).
inline access_error pointer_index(std::string_view token, std::size_t& index) noexcept {
  if (token == "-") return access_error::index_out_of_range;
  if (token.empty() || (token.size() > 1 && token[0] == '0')) return access_error::invalid_pointer;
  index = 0;
  for (const char c : token) {
    if (c < '0' || c > '9') return access_error::invalid_pointer;
    const auto digit = static_cast<std::size_t>(c - '0');
    if (index > (std::numeric_limits<std::size_t>::max() - digit) / 10) {
      return access_error::index_out_of_range;
    }
    index = index * 10 + digit;
  }
  return access_error::none;
}

}  // namespace detail

inline element_result value::at_pointer(std::string_view pointer) const noexcept {
  if (pointer.empty()) return *this;
  if (pointer[0] != '/') return access_error::invalid_pointer;
  // Check every escape first, so a bad pointer is reported as such whatever
  // the document holds.
  for (std::size_t i = 0; i < pointer.size(); ++i) {
    if (pointer[i] == '~' &&
        (i + 1 == pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1'))) {
      return access_error::invalid_pointer;
    }
  }
  const value* current = this;
  std::size_t begin = 1;
  for (;;) {
    std::size_t stop = pointer.find('/', begin);
    if (stop == std::string_view::npos) stop = pointer.size();
    const std::string_view token = pointer.substr(begin, stop - begin);
    if (current->is_object()) {
      const value* found = nullptr;
      for (const member& m : object_view(current->payload_.members, current->size())) {
        if (detail::pointer_token_names(token, m.key())) {
          found = &m.value();
          break;
        }
      }
      if (found == nullptr) return access_error::no_such_key;
      current = found;
    } else if (current->is_array()) {
      std::size_t index = 0;
      if (const access_error error = detail::pointer_index(token, index);
          error != access_error::none) {
        return error;
      }
      if (index >= current->size()) return access_error::index_out_of_range;
      current = &current->payload_.elements[index];
    } else {
      return access_error::wrong_type;
    }
    if (stop == pointer.size()) return *current;
    begin = stop + 1;
  }
}

#if ULTRAJSON_EXCEPTIONS
inline const value& value::at(std::string_view key) const { return (*this)[key].value(); }
inline const value& value::at(std::size_t index) const { return element_at(index).value(); }
#endif

}  // namespace ultrajson
