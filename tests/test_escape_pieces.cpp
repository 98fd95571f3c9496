// Long strings are escaped in pieces (detail::escape_piece_units): the text
// written must be exactly what one pass would write, whatever straddles a
// piece's edge and under every option set, and memory must follow the
// output: a caller's small fixed buffer never makes the writer allocate
// more than a bounded spill area, a growing buffer stays within a small
// factor of what it holds.

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "support.hpp"

using namespace test_support;
using ultrajson::write_error;
using ultrajson::write_options;
using ultrajson::writer;
using ultrajson::detail::escape_piece_units;

namespace {

// Code point by code point, the escaping Python's json.dumps does (the
// writer's documented rules), written independently of the writer.
std::string expected_escape(const std::u32string& code_points, const write_options& options) {
  static const char hex[] = "0123456789abcdef";
  std::string out = "\"";
  auto unicode_escape = [&](char32_t unit) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex[(unit >> shift) & 0xF];
  };
  for (const char32_t c : code_points) {
    switch (c) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      default: break;
    }
    const bool html = c == '<' || c == '>' || c == '&';
    if (c < 0x20 || (html && options.encode_html_chars) || (c == 0x7f && options.ensure_ascii)) {
      unicode_escape(c);
    } else if (c == '/' && options.escape_forward_slashes) {
      out += "\\/";
    } else if (c < 0x80) {
      out += static_cast<char>(c);
    } else if ((c >= 0xD800 && c <= 0xDFFF) || (options.ensure_ascii && c < 0x10000)) {
      unicode_escape(c);
    } else if (options.ensure_ascii) {
      unicode_escape(0xD800 + ((c - 0x10000) >> 10));
      unicode_escape(0xDC00 + ((c - 0x10000) & 0x3FF));
    } else {
      char bytes[4];
      out.append(bytes, ultrajson::detail::encode_utf8(c, bytes));
    }
  }
  return out + "\"";
}

std::string to_utf8(const std::u32string& code_points) {
  std::string out;
  for (const char32_t c : code_points) {
    char bytes[4];
    out.append(bytes, ultrajson::detail::encode_utf8(c, bytes));
  }
  return out;
}

// Every combination of the escaping options (lone surrogates allowed, so
// WTF-8 input is written as \udXXX escapes).
std::vector<write_options> all_escape_options() {
  std::vector<write_options> all;
  for (unsigned bits = 0; bits < 8; ++bits) {
    write_options options;
    options.ensure_ascii = (bits & 1) != 0;
    options.escape_forward_slashes = (bits & 2) != 0;
    options.encode_html_chars = (bits & 4) != 0;
    options.allow_lone_surrogates = true;
    all.push_back(options);
  }
  return all;
}

// Texts of about two and a half pieces in which a run of four `special`
// characters (1 to 4 UTF-8 bytes each, an escape or a lone surrogate)
// starts at every offset from just before to just after the first piece
// edge, so each of its bytes falls on the edge once.
std::vector<std::u32string> texts_straddling_edge(char32_t special) {
  const std::size_t length = to_utf8(std::u32string(1, special)).size();
  std::vector<std::u32string> texts;
  for (std::size_t start = escape_piece_units - 4 * length - 1; start <= escape_piece_units + 1;
       ++start) {
    std::u32string text(start, U'x');
    text += std::u32string(4, special);
    text += std::u32string(escape_piece_units + 17, U'y');
    texts.push_back(text);
  }
  return texts;
}

}  // namespace

TEST_CASE("escaping in pieces writes what one pass writes, across every piece edge") {
  const char32_t specials[] = {U'"',     U'\n',    U'\x01',  U'/',     U'<',    U'\x7f',
                               U'\u00e9', U'\u20ac', U'\uffff', U'\U0001F600', U'\U0010FFFF',
                               U'\xD800', U'\xDFFF'};
  for (const write_options& options : all_escape_options()) {
    for (const char32_t special : specials) {
      for (const std::u32string& text : texts_straddling_edge(special)) {
        const std::string expected = expected_escape(text, options);
        INFO("special U+" << std::hex << static_cast<std::uint32_t>(special) << std::dec
                          << ", ensure_ascii " << options.ensure_ascii << ", slash "
                          << options.escape_forward_slashes << ", html "
                          << options.encode_html_chars << ", length " << text.size());
        // UTF-8 (WTF-8 for the surrogates) as value and as key.
        const std::string utf8 = to_utf8(text);
        writer value(options);
        REQUIRE(value.string_value(utf8));
        CHECK(value.view() == expected);
        writer keyed(options);
        REQUIRE(keyed.start_object());
        REQUIRE(keyed.key(utf8));
        CHECK(keyed.view() == "{" + expected + ":");
        // The same text as code units of every width that can hold it.
        writer ucs4(options);
        REQUIRE(ucs4.string_value_units(text.data(), text.size()));
        CHECK(ucs4.view() == expected);
        if (special <= 0xFFFF) {
          const std::u16string units(text.begin(), text.end());
          writer ucs2(options);
          REQUIRE(ucs2.string_value_units(units.data(), units.size()));
          CHECK(ucs2.view() == expected);
        }
        if (special <= 0xFF) {
          std::vector<unsigned char> latin1(text.begin(), text.end());
          writer latin(options);
          REQUIRE(latin.string_value_units(latin1.data(), latin1.size()));
          CHECK(latin.view() == expected);
        }
      }
    }
  }
}

TEST_CASE("invalid UTF-8 anywhere in a long string is refused, at a piece edge too") {
  // Broken sequences placed so that they end, start or straddle a piece edge.
  const std::string broken[] = {"\xE2\x82", "\xF0\x9F\x98", "\x80", "\x80\x80\x80\x80\x80",
                                "\xC3",     "\xED\xA0\x80"};
  for (const std::string& bad : broken) {
    for (std::size_t at = escape_piece_units - 6; at <= escape_piece_units + 2; ++at) {
      std::string text(at, 'a');
      text += bad;
      text += std::string(escape_piece_units, 'b');
      INFO("broken bytes " << printable(bad) << " at " << at);
      writer w;  // lone surrogates not allowed: ED A0 80 is invalid too
      CHECK_FALSE(w.string_value(text));
      CHECK(w.error() == write_error::invalid_utf8);
    }
  }
}

TEST_CASE("a huge string into a small fixed buffer: buffer_full, with a bounded spill") {
  // The old writer reserved six times the string (here 96 MiB) in its spill
  // area before finding that the 4 KiB buffer was full.
  const std::string huge(16u << 20, '\x01');  // each byte escapes to six
  const auto before = heap_in_use();
  if (!before) {
    WARN("no heap statistics on this platform: the allocation bound is not measured");
  }
  char buffer[4096];
  {
    writer w(buffer, sizeof buffer);
    REQUIRE(w.start_array());
    CHECK_FALSE(w.string_value(huge));
    CHECK(w.error() == write_error::buffer_full);
    CHECK(w.size() <= sizeof buffer);
    if (before) {
      // Held by the writer right now: at most its spill area and small stack.
      const std::size_t held = *heap_in_use() - *before;
      INFO("the writer holds " << held << " bytes");
      CHECK(held <= 64u * 1024);
    }
  }
  // Also with indentation, as a key, and as UCS-4 code units.
  {
    write_options options;
    options.indent = 4;
    writer w(buffer, sizeof buffer, options);
    REQUIRE(w.start_object());
    CHECK_FALSE(w.key(huge));
    CHECK(w.error() == write_error::buffer_full);
    if (before) CHECK(*heap_in_use() - *before <= 64u * 1024);
  }
  {
    const std::u32string wide(2u << 20, U'\U0001F600');
    const auto wide_before = heap_in_use();
    write_options options;
    options.ensure_ascii = true;  // each unit escapes to twelve bytes
    writer w(buffer, sizeof buffer, options);
    CHECK_FALSE(w.string_value_units(wide.data(), wide.size()));
    CHECK(w.error() == write_error::buffer_full);
    if (wide_before) CHECK(*heap_in_use() - *wide_before <= 64u * 1024);
  }
  // Raw text that cannot fit is refused without being copied aside.
  {
    writer w(buffer, sizeof buffer);
    CHECK_FALSE(w.raw_value(huge));
    CHECK(w.error() == write_error::buffer_full);
    if (before) CHECK(*heap_in_use() - *before <= 64u * 1024);
  }
}

TEST_CASE("a huge string into a growing buffer: memory follows the output") {
  // 16 MiB of plain text writes 16 MiB; the old writer reserved 96 MiB.
  const std::string huge(16u << 20, 'a');
  const auto before = heap_in_use();
  if (!before) {
    WARN("no heap statistics on this platform: the allocation bound is not measured");
  }
  writer w;
  REQUIRE(w.string_value(huge));
  CHECK(w.size() == huge.size() + 2);
  CHECK(w.view().substr(1, 8) == "aaaaaaaa");
  if (before) {
    const std::size_t held = *heap_in_use() - *before;
    INFO("the writer holds " << held << " bytes for " << w.size() << " bytes of output");
    CHECK(held <= 3 * w.size());
  }
}

TEST_CASE("a fixed buffer that holds a long string exactly is enough") {
  // Pieces are reserved at their worst case: the spill area must make an
  // exact fit work for long strings too.
  std::string text;
  for (std::size_t i = 0; text.size() < 3 * escape_piece_units; ++i) {
    text += "abc\xC3\xA9\n\xF0\x9F\x98\x80";
  }
  writer reference;
  REQUIRE(reference.start_array());
  REQUIRE(reference.string_value(text));
  REQUIRE(reference.end_array());
  std::string buffer(reference.size(), '\0');
  writer w(buffer.data(), buffer.size());
  REQUIRE(w.start_array());
  REQUIRE(w.string_value(text));
  REQUIRE(w.end_array());
  CHECK(w.complete());
  CHECK(w.view() == reference.view());

  // One byte less: buffer_full, and the writer stays within the buffer.
  writer short_by_one(buffer.data(), buffer.size() - 1);
  REQUIRE(short_by_one.start_array());
  REQUIRE(short_by_one.string_value(text));
  CHECK_FALSE(short_by_one.end_array());
  CHECK(short_by_one.error() == write_error::buffer_full);
}
