// libFuzzer harness for the writer, driven by a random stream of events.
// fuzz-option-bytes: 4
// The input's first four bytes pick the options (indent, bad ones included,
// separators, escaping flags, NaN, lone surrogates, depth, and a caller's
// fixed buffer of random size, tiny ones included); the rest is a program
// of events, misuse included. A small model of the writer's rules predicts
// each event's outcome: the writer must refuse exactly what the model
// refuses (a fixed buffer may also be full, but only when the document
// truly does not fit), must refuse everything after its first error, and
// whatever it completes must read back as the events it was given.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <ultrajson/ultrajson.hpp>

#include "fuzz_events.hpp"

namespace {

using ultrajson::write_error;

// Aborts (which libFuzzer reports with the input) naming the failed check.
void check(bool condition, int line = __builtin_LINE()) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_write: check on line %d failed\n", line);
  std::abort();
}

// Reads the program's bytes; past the end every read gives zero.
struct input {
  const std::uint8_t* p;
  const std::uint8_t* end;
  bool empty() const { return p == end; }
  unsigned byte() { return p != end ? *p++ : 0; }
  std::string_view bytes(std::size_t n) {
    const std::size_t left = static_cast<std::size_t>(end - p);
    if (n > left) n = left;
    const std::string_view out(reinterpret_cast<const char*>(p), n);
    p += n;
    return out;
  }
};

// UTF-8 validity as the writer's documented rule: no overlong forms,
// nothing above U+10FFFF, surrogates (WTF-8) only when allowed. Written
// apart from the library's decoder.
bool valid_text(std::string_view s, bool surrogates) {
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t length;
    unsigned c;
    if (b < 0x80) {
      ++i;
      continue;
    } else if (b >= 0xC2 && b <= 0xDF) {
      length = 2;
      c = b & 0x1Fu;
    } else if (b >= 0xE0 && b <= 0xEF) {
      length = 3;
      c = b & 0x0Fu;
    } else if (b >= 0xF0 && b <= 0xF4) {
      length = 4;
      c = b & 0x07u;
    } else {
      return false;
    }
    if (i + length > s.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(s[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      c = (c << 6) | (next & 0x3Fu);
    }
    if ((length == 3 && c < 0x800) || (length == 4 && (c < 0x10000 || c > 0x10FFFF))) {
      return false;
    }
    if (c >= 0xD800 && c <= 0xDFFF && !surrogates) return false;
    i += length;
  }
  return true;
}

std::string utf8_of(char32_t c) {
  char bytes[4];
  return std::string(bytes, ultrajson::detail::encode_utf8(c, bytes));
}

// The writer's state machine, as its documentation states it.
struct model {
  struct frame {
    bool is_object;
    bool awaiting_value;
    std::size_t count;
  };
  std::vector<frame> stack;
  bool done = false;
  std::size_t max_depth;

  // The error a value would cause now (none: accepted).
  write_error value() const {
    if (stack.empty()) return done ? write_error::document_complete : write_error::none;
    if (stack.back().is_object && !stack.back().awaiting_value) {
      return write_error::value_without_key;
    }
    return write_error::none;
  }
  void accept_value() {
    if (stack.empty()) {
      done = true;
      return;
    }
    stack.back().awaiting_value = false;
    ++stack.back().count;
  }
  write_error key() const {
    if (stack.empty() || !stack.back().is_object) return write_error::key_outside_object;
    if (stack.back().awaiting_value) return write_error::key_without_value;
    return write_error::none;
  }
  void accept_key() { stack.back().awaiting_value = true; }
  write_error open() const {
    if (stack.size() >= max_depth) return write_error::depth_limit_exceeded;
    return value();
  }
  void accept_open(bool is_object) {
    if (!stack.empty()) stack.back().awaiting_value = false;
    stack.push_back({is_object, false, 0});
  }
  write_error close(bool is_object) const {
    if (stack.empty() || stack.back().is_object != is_object) return write_error::unbalanced_end;
    if (stack.back().awaiting_value) return write_error::key_without_value;
    return write_error::none;
  }
  void accept_close() {
    stack.pop_back();
    accept_value();
  }
};

bool valid_number_text(std::string_view text) {
  if (text.empty() || !(text[0] == '-' || (text[0] >= '0' && text[0] <= '9'))) return false;
  fuzz::recorder r;
  ultrajson::parse_options raw;
  raw.raw_numbers = true;
  // The whole text must be the number: the parser would also skip the
  // whitespace around it ("1 "), which the writer rightly refuses.
  return ultrajson::parse(text, r, raw).ok() && r.events.size() == 1 &&
         r.events[0] == "r" + std::string(text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 4) return 0;
  input in{data + 4, data + size};
  const unsigned a = data[0], b = data[1], c = data[2], d = data[3];

  ultrajson::write_options options;
  static constexpr std::size_t indents[] = {0, 1, 2, 4, 0, 3, 1000, 1001,
                                            static_cast<std::size_t>(-4),
                                            static_cast<std::size_t>(-1), 8, 0, 2, 0, 7, 0};
  static constexpr std::string_view item_separators[] = {",", ", ", ",\n ", "\t,"};
  static constexpr std::string_view key_separators[] = {":", ": ", " :\n", "\r:"};
  options.indent = indents[a & 15];
  options.item_separator = item_separators[(a >> 4) & 3];
  options.key_separator = key_separators[(a >> 6) & 3];
  options.ensure_ascii = (b & 1) != 0;
  options.escape_forward_slashes = (b & 2) != 0;
  options.encode_html_chars = (b & 4) != 0;
  options.allow_nan = (b & 8) != 0;
  options.allow_lone_surrogates = (b & 16) != 0;
  options.max_depth = (b & 32) ? (b >> 6) + 1 : 1024;
  // A caller's buffer of 0 to 4095 bytes (an exact-size heap block, so ASan
  // sees any write past it), or a growing one.
  const bool fixed = (c & 1) != 0;
  const std::size_t capacity = ((static_cast<std::size_t>(c) << 8) | d) >> 4;
  std::vector<char> buffer(fixed ? capacity : 0);

  const bool bad_options = options.indent > ultrajson::write_options::max_indent;
  ultrajson::writer growing(options);
  ultrajson::writer caller(fixed ? buffer.data() : nullptr, capacity, options);
  ultrajson::writer& w = fixed ? caller : growing;
  check(w.error() == (bad_options ? write_error::invalid_options : write_error::none));

  model m{{}, false, options.max_depth};
  fuzz::recorder expected;  // the events the writer accepted
  write_error first_error = w.error();

  while (!in.empty()) {
    const unsigned op = in.byte();
    write_error predicted = write_error::none;
    bool ok = false, reference_ok = false;
    // Each case: predict, apply to the writer under test and to a growing
    // reference writer (which never runs out of room), record on success.
    auto apply = [&](auto&& call, auto&& record) {
      ok = call(w);
      reference_ok = !fixed || call(growing);
      if (ok) record();
    };
    switch (op % 14) {
      case 0:
        predicted = m.value();
        apply([](auto& x) { return x.null_value(); }, [&] { expected.null_value(); });
        if (predicted == write_error::none) m.accept_value();
        break;
      case 1: {
        const bool v = (op & 16) != 0;
        predicted = m.value();
        apply([&](auto& x) { return x.bool_value(v); }, [&] { expected.bool_value(v); });
        if (predicted == write_error::none) m.accept_value();
        break;
      }
      case 2: {
        std::int64_t v = 0;
        for (int i = 0; i < 8; ++i) v = static_cast<std::int64_t>(static_cast<std::uint64_t>(v) << 8 | in.byte());
        predicted = m.value();
        apply([&](auto& x) { return x.int64_value(v); }, [&] { expected.int64_value(v); });
        if (predicted == write_error::none) m.accept_value();
        break;
      }
      case 3: {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v = v << 8 | in.byte();
        predicted = m.value();
        apply([&](auto& x) { return x.uint64_value(v); }, [&] { expected.uint64_value(v); });
        if (predicted == write_error::none) m.accept_value();
        break;
      }
      case 4: {
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i) bits = bits << 8 | in.byte();
        double v;
        std::memcpy(&v, &bits, sizeof v);
        // The value is checked before the writer's state (as for number text).
        predicted = !std::isfinite(v) && !options.allow_nan ? write_error::nan_or_infinity
                                                            : m.value();
        apply([&](auto& x) { return x.double_value(v); }, [&] { expected.double_value(v); });
        if (predicted == write_error::none) m.accept_value();
        break;
      }
      case 5:
      case 6: {
        // Number text, as big_integer or raw_number.
        const std::string_view text = in.bytes(in.byte() % 24);
        predicted = valid_number_text(text) ? m.value() : write_error::invalid_number_text;
        if (op % 14 == 5) {
          apply([&](auto& x) { return x.big_integer(text); }, [&] { expected.raw_number(text); });
        } else {
          apply([&](auto& x) { return x.raw_number(text); }, [&] { expected.raw_number(text); });
        }
        if (predicted == write_error::none) m.accept_value();
        break;
      }
      case 7:
      case 8: {
        // UTF-8 (or not) as a string or a key; long ones now and then, so
        // the escaping goes in pieces.
        std::string text(in.bytes(in.byte()));
        if (op & 0x80) text = std::string(5000 + (op & 0x70) * 100, text.empty() ? 'x' : text[0]) + text;
        const bool is_key = op % 14 == 8;
        const bool valid = valid_text(text, options.allow_lone_surrogates);
        predicted = is_key ? m.key() : m.value();
        if (predicted == write_error::none && !valid) predicted = write_error::invalid_utf8;
        if (is_key) {
          apply([&](auto& x) { return x.key(text); }, [&] { expected.key(text); });
          if (predicted == write_error::none) m.accept_key();
        } else {
          apply([&](auto& x) { return x.string_value(text); }, [&] { expected.string_value(text); });
          if (predicted == write_error::none) m.accept_value();
        }
        break;
      }
      case 9: {
        // Code units: latin-1, UCS-2 or UCS-4, as a string or a key.
        const unsigned width = 1u << (op >> 4 & 3) % 3;
        const std::size_t count = in.byte() % 32;
        std::u32string units;
        std::string as_utf8;
        bool valid = true;
        for (std::size_t i = 0; i < count; ++i) {
          char32_t u = 0;
          for (unsigned k = 0; k < width; ++k) u = u << 8 | in.byte();
          units += u;
          if (u > 0x10FFFF) valid = false; else as_utf8 += utf8_of(u);
        }
        const bool is_key = (op & 0x40) != 0;
        predicted = is_key ? m.key() : m.value();
        if (predicted == write_error::none && !valid) predicted = write_error::invalid_utf8;
        auto call = [&](auto& x) {
          if (width == 1) {
            const std::vector<unsigned char> narrow(units.begin(), units.end());
            return is_key ? x.key_units(narrow.data(), count) : x.string_value_units(narrow.data(), count);
          }
          if (width == 2) {
            const std::u16string wide(units.begin(), units.end());
            return is_key ? x.key_units(wide.data(), count) : x.string_value_units(wide.data(), count);
          }
          return is_key ? x.key_units(units.data(), count) : x.string_value_units(units.data(), count);
        };
        apply(call, [&] { is_key ? expected.key(as_utf8) : expected.string_value(as_utf8); });
        if (predicted == write_error::none) is_key ? m.accept_key() : m.accept_value();
        break;
      }
      case 10:
      case 11: {
        const bool is_object = op % 14 == 10;
        predicted = m.open();
        apply([&](auto& x) { return is_object ? x.start_object() : x.start_array(); },
              [&] { is_object ? expected.start_object() : expected.start_array(); });
        if (predicted == write_error::none) m.accept_open(is_object);
        break;
      }
      case 12:
      case 13: {
        const bool is_object = op % 14 == 12;
        predicted = m.close(is_object);
        const std::size_t count = predicted == write_error::none ? m.stack.back().count : 0;
        apply([&](auto& x) { return is_object ? x.end_object() : x.end_array(); },
              [&] { is_object ? expected.end_object(count) : expected.end_array(count); });
        if (predicted == write_error::none) m.accept_close();
        break;
      }
    }
    if (first_error != write_error::none) {
      // After the first error, everything is refused and the error stays.
      check(!ok && w.error() == first_error);
      continue;
    }
    if (ok) {
      check(predicted == write_error::none && w.error() == write_error::none);
      continue;
    }
    first_error = w.error();
    if (fixed && first_error == write_error::buffer_full) {
      // Full only when the document truly does not fit: the reference took
      // the event and its output is longer than the buffer; what the caller
      // holds is a prefix of it. (A long string is written in pieces: one
      // whose invalid UTF-8 comes after the buffer filled up is reported
      // as buffer_full, the first error met.)
      check((predicted == write_error::none && reference_ok) ||
            predicted == write_error::invalid_utf8);
      check(growing.size() > capacity);
      check(caller.size() <= capacity &&
            growing.view().substr(0, caller.size()) == caller.view());
    } else {
      check(first_error == predicted && predicted != write_error::none);
    }
  }

  if (first_error != write_error::none || !m.done) {
    check(!w.complete());
    return 0;
  }
  check(w.complete());
  if (fixed) check(caller.view() == growing.view() && caller.data() == buffer.data());
  // The output reads back as the events written (numbers as raw text,
  // compared by value; escaped surrogates as WTF-8, pairs joined).
  ultrajson::parse_options again;
  again.raw_numbers = true;
  again.allow_nan_literals = options.allow_nan;
  again.allow_lone_surrogates = true;
  fuzz::recorder read;
  check(ultrajson::parse(w.view(), read, again).ok());
  fuzz::join_surrogate_pairs(expected.events);
  check(read.events.size() == expected.events.size());
  for (std::size_t i = 0; i < read.events.size(); ++i) {
    const std::string& want = expected.events[i];
    const std::string& got = read.events[i];
    if (want[0] == 'd' || want[0] == 'N') {
      // A double: the text must read back to the same value.
      if (got[0] == 'r') {
        const double value = std::strtod(got.c_str() + 1, nullptr);
        fuzz::recorder as_double;
        as_double.double_value(value);
        check(as_double.events[0] == want);
      } else {
        check(got == want);  // NaN and the infinities arrive as doubles
      }
    } else if (want[0] == '#') {
      check(got == "r" + want.substr(1));
    } else {
      check(got == want);
    }
  }
  return 0;
}
