#pragma once
// What a lookup in a document returns: the value, or why there is none (a
// missing key, an index past the end, a value of another type, a number that
// does not fit). No exceptions are needed to use it; where exceptions are
// enabled, value() throws access_exception on an error, and where they are
// not, value() on an error aborts: test ok() first, or use value_or().

#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

#include "detail/exceptions.hpp"
#if ULTRAJSON_EXCEPTIONS
#include <stdexcept>
#endif

namespace ultrajson {

enum class access_error {
  none = 0,
  wrong_type,           // the value is not of the type asked for
  no_such_key,          // the object has no member with that key
  index_out_of_range,   // the array has no element at that index
  number_out_of_range,  // the number does not fit the type asked for
  invalid_pointer,      // a JSON Pointer that breaks RFC 6901's grammar
};

constexpr std::string_view describe(access_error code) noexcept {
  switch (code) {
    case access_error::none: return "no error";
    case access_error::wrong_type: return "the value has another type";
    case access_error::no_such_key: return "no member with that key";
    case access_error::index_out_of_range: return "index out of range";
    case access_error::number_out_of_range: return "the number does not fit the type";
    case access_error::invalid_pointer: return "invalid JSON Pointer";
  }
  return "unknown error";
}

#if ULTRAJSON_EXCEPTIONS
class access_exception : public std::runtime_error {
 public:
  explicit access_exception(access_error code)
      : std::runtime_error(std::string("ultrajson: ") + std::string(describe(code))),
        code_(code) {}
  access_error code() const noexcept { return code_; }

 private:
  access_error code_;
};
#endif

namespace detail {
[[noreturn]] inline void access_failed(access_error code) {
#if ULTRAJSON_EXCEPTIONS
  throw access_exception(code);
#else
  (void)code;
  std::abort();
#endif
}
}  // namespace detail

template <class T>
class result {
 public:
  result(T value) : value_(std::move(value)) {}  // NOLINT: implicit, as a return value
  result(access_error error) : value_(), error_(error) {}  // NOLINT

  bool ok() const noexcept { return error_ == access_error::none; }
  explicit operator bool() const noexcept { return ok(); }
  access_error error() const noexcept { return error_; }

  const T& value() const& {
    if (!ok()) detail::access_failed(error_);
    return value_;
  }
  // From a temporary result, the value itself: safe in a range-for
  // (`for (auto& v : doc["list"].get_array().value())`).
  T value() && {
    if (!ok()) detail::access_failed(error_);
    return std::move(value_);
  }
  T value_or(T fallback) const { return ok() ? value_ : fallback; }

 private:
  T value_;
  access_error error_ = access_error::none;
};

}  // namespace ultrajson
