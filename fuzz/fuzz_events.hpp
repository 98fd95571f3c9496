#pragma once
// What the harnesses share: events recorded in a comparable form, and the
// normalisation that makes "the same events" well defined across a write and
// a re-parse.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace fuzz {

// One event as text: a kind letter and its payload.
struct recorder {
  std::vector<std::string> events;
  bool add(char kind, std::string_view payload = {}) {
    events.emplace_back(1, kind);
    events.back().append(payload);
    return true;
  }
  bool null_value() { return add('n'); }
  bool bool_value(bool v) { return add(v ? 't' : 'f'); }
  bool int64_value(std::int64_t v) { return add('#', std::to_string(v)); }
  bool uint64_value(std::uint64_t v) { return add('#', std::to_string(v)); }
  bool big_integer(std::string_view v) { return add('#', v); }
  bool double_value(double v) {
    // NaN payloads do not survive text; compare NaN as a kind only.
    if (v != v) return add('N');
    char bytes[sizeof v];
    std::memcpy(bytes, &v, sizeof v);
    return add('d', std::string_view(bytes, sizeof bytes));
  }
  bool raw_number(std::string_view v) { return add('r', v); }
  bool string_value(std::string_view v) { return add('s', v); }
  bool key(std::string_view v) { return add('k', v); }
  bool start_object() { return add('{'); }
  bool end_object(std::size_t n) { return add('}', std::to_string(n)); }
  bool start_array() { return add('['); }
  bool end_array(std::size_t n) { return add(']', std::to_string(n)); }
};

// A high surrogate then a low one, each in WTF-8's three bytes, is what the
// writer escapes as "\udXXX\udXXX", and a reader joins the escapes into one
// code point: make the recorded text say so too.
inline std::string join_surrogate_pairs(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  auto surrogate_at = [&](std::size_t i) -> unsigned {
    if (i + 3 > text.size() || static_cast<unsigned char>(text[i]) != 0xED) return 0;
    const auto second = static_cast<unsigned char>(text[i + 1]);
    if (second < 0xA0) return 0;
    return 0xD000u | ((second & 0x3Fu) << 6) | (static_cast<unsigned char>(text[i + 2]) & 0x3Fu);
  };
  for (std::size_t i = 0; i < text.size();) {
    const unsigned high = surrogate_at(i);
    const unsigned low = high >= 0xD800 && high <= 0xDBFF ? surrogate_at(i + 3) : 0;
    if (low >= 0xDC00) {
      const unsigned c = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
      i += 6;
    } else {
      out += text[i++];
    }
  }
  return out;
}

inline void join_surrogate_pairs(std::vector<std::string>& events) {
  for (std::string& e : events) {
    if (e[0] == 's' || e[0] == 'k') e = e.substr(0, 1) + join_surrogate_pairs(e.substr(1));
  }
}

}  // namespace fuzz
