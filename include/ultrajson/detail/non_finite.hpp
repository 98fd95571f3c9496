#pragma once
// The text of a double that is not finite, written when allow_nan lets it
// out: one owner for the writer and for the Python binding's object walk.

#include <string_view>

namespace ultrajson::detail {

// "NaN", "Infinity" or "-Infinity", as Python's json and ujson write them.
constexpr std::string_view non_finite_literal(double value) noexcept {
  if (value != value) return "NaN";
  return value > 0 ? "Infinity" : "-Infinity";
}

}  // namespace ultrajson::detail
