// Strings, both directions: the decoder's unescaping and UTF-8 validation
// (including the 16- and 8-bytes-at-a-time fast paths at every alignment), and the
// writer's escaping under each option, from UTF-8 and from code units.

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <ultrajson/detail/string_special_bytes.hpp>

#include "support.hpp"

using namespace test_support;
using ultrajson::parse_error;
using ultrajson::write_error;

namespace {

// The decoded value of one JSON string document, which must be valid.
std::string decode(std::string_view json, const ultrajson::parse_options& options = {}) {
  const recording got = record(json, options);
  INFO("decoding " << printable(json) << ": " << got.result.message());
  REQUIRE(got.result.ok());
  REQUIRE(got.events.size() == 1);
  REQUIRE(got.events[0].type == event::kind::string_value);
  return got.events[0].text;
}

// The error of one JSON document that must be rejected.
ultrajson::parse_result reject(std::string_view json,
                               const ultrajson::parse_options& options = {}) {
  const recording got = record(json, options);
  INFO("decoding " << printable(json) << ": events " << describe(got.events));
  CHECK_FALSE(got.result.ok());
  return got.result;
}

// UTF-8 of a code point, written out here rather than taken from the library.
std::string to_utf8(char32_t cp) {
  std::string out;
  const auto byte = [&out](char32_t value) { out += static_cast<char>(value); };
  if (cp < 0x80) {
    byte(cp);
  } else if (cp < 0x800) {
    byte(0xC0 | (cp >> 6));
    byte(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    byte(0xE0 | (cp >> 12));
    byte(0x80 | ((cp >> 6) & 0x3F));
    byte(0x80 | (cp & 0x3F));
  } else {
    byte(0xF0 | (cp >> 18));
    byte(0x80 | ((cp >> 12) & 0x3F));
    byte(0x80 | ((cp >> 6) & 0x3F));
    byte(0x80 | (cp & 0x3F));
  }
  return out;
}

std::string in_quotes(std::string_view inner) { return "\"" + std::string(inner) + "\""; }

std::string write_string(std::string_view utf8, const ultrajson::write_options& options = {}) {
  ultrajson::writer out(options);
  INFO("writing " << printable(utf8));
  REQUIRE(out.string_value(utf8));
  REQUIRE(out.complete());
  return out.str();
}

ultrajson::write_options ascii_options() {
  ultrajson::write_options options;
  options.ensure_ascii = true;
  return options;
}

}  // namespace

TEST_CASE("decoder: simple escapes") {
  CHECK(decode(R"("")") == "");
  CHECK(decode(R"("abc")") == "abc");
  CHECK(decode(R"("\"")") == "\"");
  CHECK(decode(R"("\\")") == "\\");
  CHECK(decode(R"("\/")") == "/");
  CHECK(decode(R"("\b\f\n\r\t")") == "\b\f\n\r\t");
  CHECK(decode(R"("a\nb\tc")") == "a\nb\tc");
  CHECK(decode(R"("\\\\\\")") == "\\\\\\");
  CHECK(decode(R"("x\"y\"z")") == "x\"y\"z");
  CHECK(decode("\"/ and \\u002F\"") == "/ and /");
}

TEST_CASE("decoder: \\u escapes, surrogate pairs, NUL") {
  CHECK(decode(R"("\u0041")") == "A");
  CHECK(decode(R"("\u00e9")") == "\xC3\xA9");
  CHECK(decode(R"("\u00E9")") == "\xC3\xA9");
  CHECK(decode(R"("\u07FF")") == "\xDF\xBF");
  CHECK(decode(R"("\u0800")") == "\xE0\xA0\x80");
  CHECK(decode(R"("\uFFFF")") == "\xEF\xBF\xBF");
  CHECK(decode(R"("\ud83d\ude00")") == "\xF0\x9F\x98\x80");  // U+1F600
  CHECK(decode(R"("\uD800\uDC00")") == "\xF0\x90\x80\x80");  // U+10000
  CHECK(decode(R"("\uDBFF\uDFFF")") == "\xF4\x8F\xBF\xBF");  // U+10FFFF
  CHECK(decode(R"("a\ud834\udd1eb")") ==
        "a\xF0\x9D\x84\x9E"
        "b");
  // NUL: the view holds it, with the bytes on either side.
  const std::string nul = decode(R"("A\u0000B")");
  CHECK(nul.size() == 3);
  CHECK(nul == std::string("A\0B", 3));
  CHECK(decode(R"("\u0000")") == std::string(1, '\0'));
  // Invalid \u escapes.
  CHECK(reject(R"("\u12")").code == parse_error::invalid_unicode_escape);
  CHECK(reject(R"("\u12G4")").code == parse_error::invalid_unicode_escape);
  CHECK(reject(R"("\U0041")").code == parse_error::invalid_escape);
  CHECK(reject("\"\\u").code == parse_error::invalid_unicode_escape);
  CHECK(reject(R"("\x41")").code == parse_error::invalid_escape);
  CHECK(reject(R"("\a")").code == parse_error::invalid_escape);
  CHECK(reject(R"("\'")").code == parse_error::invalid_escape);
}

TEST_CASE("decoder: lone surrogates rejected by default, WTF-8 with the option") {
  ultrajson::parse_options wtf8;
  wtf8.allow_lone_surrogates = true;
  struct expectation {
    const char* json;
    std::size_t offset;   // of the offending escape, by default
    const char* decoded;  // with the option
  };
  const expectation cases[] = {
      {R"("\ud800")", 1, "\xED\xA0\x80"},
      {R"("\udc00")", 1, "\xED\xB0\x80"},
      {R"("\uDFFF")", 1, "\xED\xBF\xBF"},
      {R"("ab\ud800cd")", 3,
       "ab\xED\xA0\x80"
       "cd"},
      {R"("\ud800\u0041")", 1,
       "\xED\xA0\x80"
       "A"},
      {R"("\ud800\ud800")", 1, "\xED\xA0\x80\xED\xA0\x80"},
      {R"("\udc00\ud800")", 1, "\xED\xB0\x80\xED\xA0\x80"},  // inverted pair
      {R"("\ud800\n")", 1, "\xED\xA0\x80\n"},
      {R"("x\ud83d")", 2, "x\xED\xA0\xBD"},
  };
  for (const expectation& c : cases) {
    INFO("json " << c.json);
    const ultrajson::parse_result result = reject(c.json);
    CHECK(result.code == parse_error::lone_surrogate);
    CHECK(result.offset == c.offset);
    CHECK(decode(c.json, wtf8) == c.decoded);
  }
  // A proper pair is still one code point with the option.
  CHECK(decode(R"("\ud83d\ude00")", wtf8) == "\xF0\x9F\x98\x80");
  // As keys, too.
  CHECK(reject(R"({"\udead":1})").code == parse_error::lone_surrogate);
  const recording key = record(R"({"\udead":1})", wtf8);
  REQUIRE(key.result.ok());
  CHECK(key.events[1] == ev::key("\xED\xBA\xAD"));
  // Surrogates written as UTF-8 bytes are invalid UTF-8, option or not.
  CHECK(reject("\"\xED\xA0\x80\"").code == parse_error::invalid_utf8);
  CHECK(reject("\"\xED\xA0\x80\"", wtf8).code == parse_error::invalid_utf8);
}

TEST_CASE("decoder: allow_wtf8_input accepts surrogates encoded in the input, nothing else") {
  ultrajson::parse_options wtf8;
  wtf8.allow_wtf8_input = true;
  CHECK(decode("\"\xED\xA0\x80\"", wtf8) == "\xED\xA0\x80");
  CHECK(decode("\"a\xED\xBF\xBFz\"", wtf8) == "a\xED\xBF\xBFz");
  CHECK(decode("\"\xED\xA0\xBD\xED\xB8\x80\"", wtf8) == "\xED\xA0\xBD\xED\xB8\x80");
  // After an escape (the unescaping path) and in keys.
  CHECK(decode("\"\\n\xED\xB0\x80\"", wtf8) == "\n\xED\xB0\x80");
  const recording key = record("{\"\xED\xA0\x80\":0}", wtf8);
  REQUIRE(key.result.ok());
  CHECK(key.events[1] == ev::key("\xED\xA0\x80"));
  // Everything else that is not UTF-8 stays an error.
  for (const char* bad :
       {"\xC0\xAF", "\xE0\x80\xAF", "\xF4\x90\x80\x80", "\xED\xA0", "\xED\xA0(", "\x80", "\xFF"}) {
    INFO(printable(bad));
    CHECK(reject(in_quotes(bad), wtf8).code == parse_error::invalid_utf8);
  }
  // Escaped lone surrogates are the other option's business.
  CHECK(reject(R"("\ud800")", wtf8).code == parse_error::lone_surrogate);
}

TEST_CASE("decoder: valid UTF-8 passes through unchanged") {
  const char* texts[] = {
      "\xC2\x80",         "\xDF\xBF",         "\xE0\xA0\x80",
      "\xED\x9F\xBF",     "\xEE\x80\x80",     "\xEF\xBF\xBF",
      "\xF0\x90\x80\x80", "\xF4\x8F\xBF\xBF", "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80",
  };
  for (const char* text : texts) {
    INFO(printable(text));
    CHECK(decode(in_quotes(text)) == text);
  }
}

TEST_CASE("decoder: invalid UTF-8 is rejected at the offending byte") {
  struct expectation {
    std::string bytes;  // the string's contents
    const char* what;
  };
  const expectation cases[] = {
      {"\x80", "continuation byte alone"},
      {"\xBF", "continuation byte alone"},
      {"\xC0\xAF", "overlong 2-byte '/'"},
      {"\xC1\xBF", "overlong 2-byte"},
      {"\xE0\x80\xAF", "overlong 3-byte"},
      {"\xE0\x9F\xBF", "overlong 3-byte (U+07FF)"},
      {"\xF0\x80\x80\xAF", "overlong 4-byte"},
      {"\xF0\x8F\xBF\xBF", "overlong 4-byte (U+FFFF)"},
      {"\xED\xA0\x80", "encoded surrogate U+D800"},
      {"\xED\xBF\xBF", "encoded surrogate U+DFFF"},
      {"\xF4\x90\x80\x80", "above U+10FFFF"},
      {"\xF5\x80\x80\x80", "lead byte F5"},
      {"\xF8\x88\x80\x80\x80", "5-byte form"},
      {"\xFC\x84\x80\x80\x80\x80", "6-byte form"},
      {"\xFE", "byte FE"},
      {"\xFF", "byte FF"},
      {"\xC3", "truncated 2-byte at the end of the string"},
      {"\xE2\x82", "truncated 3-byte"},
      {"\xF0\x9F\x98", "truncated 4-byte"},
      {"\xC3(", "bad continuation"},
      {"\xE2(\xA1", "bad second byte"},
      {"\xE2\x82(", "bad third byte"},
      {"\xF0\x9F\x98(", "bad fourth byte"},
  };
  for (const expectation& c : cases) {
    for (const std::size_t pad : {std::size_t{0}, std::size_t{3}, std::size_t{9}}) {
      const std::string json = in_quotes(std::string(pad, 'x') + c.bytes);
      INFO(c.what << ", after " << pad << " ASCII bytes: " << printable(json));
      const ultrajson::parse_result result = reject(json);
      CHECK(result.code == parse_error::invalid_utf8);
      CHECK(result.offset == 1 + pad);
      // After an escape, the same.
      const std::string escaped = in_quotes("\\n" + std::string(pad, 'x') + c.bytes);
      const ultrajson::parse_result after_escape = reject(escaped);
      CHECK(after_escape.code == parse_error::invalid_utf8);
      CHECK(after_escape.offset == 3 + pad);
    }
  }
  // Truncated at the very end of the input (no closing quote after it).
  for (const char* cut : {"\"\xC3", "\"\xE2\x82", "\"\xF0\x9F\x98"}) {
    const std::vector<char> input = exact_copy(cut);
    recorder handler;
    const ultrajson::parse_result result = ultrajson::parse(view(input), handler);
    CHECK(result.code == parse_error::invalid_utf8);
    CHECK(result.offset == 1);
  }
}

TEST_CASE("decoder: a continuation byte before its lead is rejected at every position in a word") {
  // The word scanner pairs each UTF-8 lead with the byte after it in memory;
  // a scanner that took the word's bytes in the wrong order (big-endian
  // machines, before words were loaded little-endian) paired a lead with
  // the byte before it and accepted these.
  for (std::size_t at = 0; at + 2 <= 16; ++at) {
    for (const char* pair : {"\x80\xC3", "\xA9\xC3", "\xBF\xDF"}) {
      const std::string contents = std::string(at, 'x') + pair + std::string(14 - at, 'y');
      const std::string json = in_quotes(contents);
      INFO(printable(json));
      const ultrajson::parse_result result = reject(json);
      CHECK(result.code == parse_error::invalid_utf8);
      CHECK(result.offset == 1 + at);
    }
  }
}

TEST_CASE("decoder: raw control characters are rejected, DEL is not") {
  for (int c = 0; c < 0x20; ++c) {
    const std::string json = in_quotes(std::string("ab") + static_cast<char>(c));
    INFO("control byte " << c);
    const ultrajson::parse_result result = reject(json);
    CHECK(result.code == parse_error::control_character_in_string);
    CHECK(result.offset == 3);
    // In keys too.
    CHECK(reject("{" + json + ":1}").code == parse_error::control_character_in_string);
  }
  CHECK(decode("\"\x7F\"") == "\x7F");
}

TEST_CASE("decoder: unterminated strings") {
  CHECK(reject("\"").code == parse_error::unterminated_string);
  CHECK(reject("\"abc").code == parse_error::unterminated_string);
  CHECK(reject("\"abc\\").code == parse_error::unterminated_string);
  CHECK(reject("\"abc\\\"").code == parse_error::unterminated_string);
  CHECK(reject("\"abc\\n").code == parse_error::unterminated_string);
  CHECK(reject("[\"abcdefghijklmnop").code == parse_error::unterminated_string);
  CHECK(reject("\"abc").offset == 4);
}

TEST_CASE("decoder: long strings across the 8-byte fast path at every alignment") {
  // Each special byte (quote, escape, control, non-ASCII) at every position
  // of runs of every length up to 40, placed at every alignment of the input.
  const std::string specials[] = {"\\n", "\\\"", "\\u00e9", "\xC3\xA9", "\xF0\x9F\x98\x80"};
  const std::string decoded[] = {"\n", "\"", "\xC3\xA9", "\xC3\xA9", "\xF0\x9F\x98\x80"};
  std::size_t checked = 0;
  for (std::size_t lead = 0; lead < 8; ++lead) {
    for (std::size_t length = 0; length <= 40; ++length) {
      // Plain runs.
      std::string plain;
      for (std::size_t i = 0; i < length; ++i) plain += static_cast<char>('a' + i % 26);
      const std::string json = std::string(lead, ' ') + in_quotes(plain);
      CHECK(decode(json) == plain);
      ++checked;
      for (std::size_t s = 0; s < 5; ++s) {
        for (std::size_t at = 0; at <= length; at += 3) {
          const std::string inner = plain.substr(0, at) + specials[s] + plain.substr(at);
          const std::string expected = plain.substr(0, at) + decoded[s] + plain.substr(at);
          const std::string doc = std::string(lead, ' ') + in_quotes(inner);
          if (decode(doc) != expected) FAIL("decoded wrongly: " << printable(doc));
          if (s != 0) continue;
          // A raw control byte at that position is an error found exactly there.
          const std::string bad =
              std::string(lead, ' ') + in_quotes(plain.substr(0, at) + "\x01" + plain.substr(at));
          const ultrajson::parse_result result = reject(bad);
          CHECK(result.code == parse_error::control_character_in_string);
          CHECK(result.offset == lead + 1 + at);
          ++checked;
        }
      }
      // Unterminated at every length: the scan must stop at the end.
      const std::vector<char> open = exact_copy(std::string(lead, ' ') + "\"" + plain);
      recorder handler;
      CHECK(ultrajson::parse(view(open), handler).code == parse_error::unterminated_string);
    }
  }
  CHECK(checked > 1000);
  // A long string: 1 MiB of text with escapes sprinkled in.
  std::string big_inner, big_expected;
  for (std::size_t i = 0; i < (1u << 20); ++i) {
    if (i % 1000 == 999) {
      big_inner += "\\t";
      big_expected += '\t';
    } else {
      big_inner += static_cast<char>('A' + i % 26);
      big_expected += static_cast<char>('A' + i % 26);
    }
  }
  CHECK(decode(in_quotes(big_inner)) == big_expected);
}

TEST_CASE("decoder: keys and strings closed at every distance from the input's end") {
  // The inlined scan finds a plain ASCII string's closing quote a block at
  // a time, and hands anything else (non-ASCII, an escape, the input's last
  // bytes, fewer than a block) to the out-of-line rest: each kind of string
  // as key and value, ending at every distance from the end of an exact
  // buffer.
  const std::string lasts[] = {"", "\\n", "\xC3\xA9", "\xE3\x81\x82"};
  const std::string decoded_lasts[] = {"", "\n", "\xC3\xA9", "\xE3\x81\x82"};
  for (std::size_t length = 0; length <= 40; ++length) {
    std::string plain;
    for (std::size_t i = 0; i < length; ++i) plain += static_cast<char>('a' + i % 26);
    for (std::size_t k = 0; k < 4; ++k) {
      const std::string inner = plain + lasts[k];
      const std::string expected = plain + decoded_lasts[k];
      for (std::size_t trailing = 0; trailing <= 20; ++trailing) {
        const std::string document =
            "{" + in_quotes(inner) + ":" + in_quotes(inner) + "}" + std::string(trailing, ' ');
        const recording got = record(document);
        INFO(printable(document) << ": " << got.result.message());
        REQUIRE(got.result.ok());
        REQUIRE(got.events.size() == 4);
        CHECK(first_difference({ev::start_object(), ev::key(expected), ev::str(expected),
                                ev::end_object(1)},
                               got.events) == "");
        // The value unterminated: the scan stops at the input's end.
        const std::string open = "{" + in_quotes(inner) + ":\"" + inner;
        CHECK(record(open).result.code == parse_error::unterminated_string);
        CHECK(record(open).result.offset == open.size());
      }
    }
  }
}

TEST_CASE("decoder: non-ASCII text right after a string's closing quote, in the same block") {
  // The block check of UTF-8 sees bytes past the closing quote: a sequence
  // there is not the string's, whether the string's own text is valid or
  // ends in a cut sequence.
  for (std::size_t pad = 0; pad <= 20; ++pad) {
    const std::string text = std::string(pad, 'a') + "\xC3\xA9";
    for (const std::string& next : {std::string("\xE3\x81\x82"), std::string("\xF0\x9F\x98\x80"),
                                    std::string("\xC3\xBC")}) {
      const recording got = record("[\"" + text + "\",\"" + next + "\"]");
      INFO("pad " << pad << ": " << got.result.message());
      REQUIRE(got.result.ok());
      CHECK(first_difference({ev::start_array(), ev::str(text), ev::str(next), ev::end_array(2)},
                             got.events) == "");
      for (const std::string& cut : {std::string("\xC3"), std::string("\xE3\x81"),
                                     std::string("\xF0\x9F\x98")}) {
        const std::string bad = "[\"" + std::string(pad, 'a') + cut + "\",\"" + next + "\"]";
        const recording rejected = record(bad);
        CHECK(rejected.result.code == parse_error::invalid_utf8);
        CHECK(rejected.result.offset == 2 + pad);
      }
    }
  }
}

TEST_CASE("decoder: input_is_valid_utf8 finds the same strings without checking them") {
  // Non-ASCII text, escapes and control bytes at every position of runs of
  // every length, at every alignment: the unchecked scan stops where the
  // checked one does and delivers the same text.
  ultrajson::parse_options trusted;
  trusted.input_is_valid_utf8 = true;
  const std::string pieces[] = {"\xC3\xA9", "\xE3\x81\x82", "\xF0\x9F\x98\x80", "\\n",
                                "\\u00e9", "\\\""};
  std::size_t checked = 0;
  for (std::size_t lead = 0; lead < 8; ++lead) {
    for (std::size_t length = 0; length <= 40; ++length) {
      // The text's characters, so that a piece goes between two of them.
      std::vector<std::string> characters;
      for (std::size_t i = 0; i < length; ++i) {
        characters.push_back(i % 5 == 4 ? pieces[i % 3]
                                        : std::string(1, static_cast<char>('a' + i % 26)));
      }
      std::string text;
      for (const std::string& c : characters) text += c;
      for (const std::string& piece : pieces) {
        for (std::size_t at = 0; at <= length; at += 3) {
          std::string inner;
          for (std::size_t i = 0; i <= length; ++i) {
            if (i == at) inner += piece;
            if (i < length) inner += characters[i];
          }
          const std::string doc =
              std::string(lead, ' ') + "[" + in_quotes(inner) + "," + in_quotes(text) + "]";
          const recording expected = record(doc);
          const recording got = record(doc, trusted);
          INFO(printable(doc));
          REQUIRE(expected.result.ok());
          REQUIRE(got.result.ok());
          if (first_difference(expected.events, got.events) != "") FAIL("differs");
          ++checked;
        }
      }
      // A control byte is still an error, found exactly.
      const std::string bad = std::string(lead, ' ') + in_quotes(text + "\x01");
      const ultrajson::parse_result rejected = reject(bad, trusted);
      CHECK(rejected.code == parse_error::control_character_in_string);
      CHECK(rejected.offset == lead + 1 + text.size());
      // Unterminated: the scan stops at the input's end.
      const std::vector<char> open = exact_copy(std::string(lead, ' ') + "\"" + text);
      recorder handler;
      CHECK(ultrajson::parse(view(open), handler, trusted).code ==
            parse_error::unterminated_string);
    }
  }
  CHECK(checked > 1000);
  // The bytes are not checked: what is not UTF-8 comes through as it is.
  CHECK(decode(in_quotes("caf\xC3 \xFF"), trusted) == "caf\xC3 \xFF");
  CHECK(reject(in_quotes("caf\xC3 \xFF")).code == parse_error::invalid_utf8);
}

TEST_CASE("writer: escapes by default") {
  CHECK(write_string("") == R"("")");
  CHECK(write_string("abc") == R"("abc")");
  CHECK(write_string("\"\\") == R"("\"\\")");
  CHECK(write_string("\b\f\n\r\t") == R"("\b\f\n\r\t")");
  // Other control characters as \u00XX with lowercase hex.
  CHECK(write_string("\x1f") == R"("\u001f")");
  CHECK(write_string(std::string(1, '\0')) == R"("\u0000")");
  CHECK(write_string("\x01\x0b\x0e\x1a") == R"("\u0001\u000b\u000e\u001a")");
  CHECK(write_string("\x7f") == "\"\x7f\"");  // without ensure_ascii DEL stays, as in json
  CHECK(write_string("a/b<c>&d'") == R"("a/b<c>&d'")");
  // Non-ASCII stays UTF-8.
  CHECK(write_string("caf\xC3\xA9 \xF0\x9F\x98\x80") == "\"caf\xC3\xA9 \xF0\x9F\x98\x80\"");
  // Every control character, each way.
  for (int c = 0; c < 0x20; ++c) {
    const std::string text(1, static_cast<char>(c));
    const std::string written = write_string(text);
    CHECK(decode(written) == text);
    if (c != '\b' && c != '\f' && c != '\n' && c != '\r' && c != '\t') {
      char expected[16];
      std::snprintf(expected, sizeof expected, "\"\\u%04x\"", c);
      CHECK(written == expected);
    }
  }
}

TEST_CASE("writer: ensure_ascii, escape_forward_slashes, encode_html_chars") {
  const auto ascii = ascii_options();
  CHECK(write_string("caf\xC3\xA9", ascii) == R"("caf\u00e9")");
  CHECK(write_string("\xE2\x82\xAC", ascii) == R"("\u20ac")");
  CHECK(write_string("\xEF\xBF\xBF", ascii) == R"("\uffff")");
  CHECK(write_string("\xF0\x9F\x98\x80", ascii) == R"("\ud83d\ude00")");
  CHECK(write_string("\xF0\x90\x80\x80", ascii) == R"("\ud800\udc00")");
  CHECK(write_string("\xF4\x8F\xBF\xBF", ascii) == R"("\udbff\udfff")");
  CHECK(write_string("plain ascii / text", ascii) == R"("plain ascii / text")");

  ultrajson::write_options slashes;
  slashes.escape_forward_slashes = true;
  CHECK(write_string("a/b//c", slashes) == R"("a\/b\/\/c")");
  CHECK(write_string("http://example.com/long/path/here", slashes) ==
        R"("http:\/\/example.com\/long\/path\/here")");

  ultrajson::write_options html;
  html.encode_html_chars = true;
  CHECK(write_string("<script>&</script>", html) ==
        R"("\u003cscript\u003e\u0026\u003c/script\u003e")");
  html.escape_forward_slashes = true;
  CHECK(write_string("</script>", html) == R"("\u003c\/script\u003e")");

  // Escapes at every alignment around the 8-byte fast path.
  for (std::size_t lead = 0; lead < 17; ++lead) {
    const std::string pad(lead, 'x');
    CHECK(write_string(pad + "/" + pad, slashes) == "\"" + pad + "\\/" + pad + "\"");
    CHECK(write_string(pad + "\n" + pad) == "\"" + pad + "\\n" + pad + "\"");
    CHECK(write_string(pad + "\xC3\xA9" + pad, ascii) == "\"" + pad + "\\u00e9" + pad + "\"");
    CHECK(write_string(pad + "<" + pad, html) == "\"" + pad + "\\u003c" + pad + "\"");
  }
  // Keys get the same treatment.
  ultrajson::writer out(ascii);
  REQUIRE(out.start_object());
  REQUIRE(out.key("\xC3\xA9\n"));
  REQUIRE(out.null_value());
  REQUIRE(out.end_object());
  CHECK(out.view() == R"({"\u00e9\n":null})");
}

TEST_CASE("writer: invalid UTF-8 is an error") {
  const char* invalid[] = {
      "\x80", "\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80",         "\xF4\x90\x80\x80",
      "\xFF", "\xC3",     "\xE2\x82",     "abcdefgh\xF0\x9F\x98", "abcdefghijklmnop\x80",
  };
  for (const char* text : invalid) {
    INFO(printable(text));
    for (const bool ascii : {false, true}) {
      ultrajson::write_options options;
      options.ensure_ascii = ascii;
      ultrajson::writer out(options);
      CHECK_FALSE(out.string_value(text));
      CHECK(out.error() == write_error::invalid_utf8);
      CHECK_FALSE(out.complete());
      ultrajson::writer keys(options);
      REQUIRE(keys.start_object());
      CHECK_FALSE(keys.key(text));
      CHECK(keys.error() == write_error::invalid_utf8);
    }
  }
}

TEST_CASE("writer: lone surrogates in WTF-8 with allow_lone_surrogates") {
  ultrajson::write_options wtf8;
  wtf8.allow_lone_surrogates = true;
  CHECK(write_string("\xED\xA0\x80", wtf8) == R"("\ud800")");
  CHECK(write_string("a\xED\xBF\xBFz", wtf8) == R"("a\udfffz")");
  wtf8.ensure_ascii = true;
  CHECK(write_string("\xED\xA0\x80\xC3\xA9", wtf8) == R"("\ud800\u00e9")");
  // And the decoder reads them back to the same WTF-8.
  ultrajson::parse_options lone;
  lone.allow_lone_surrogates = true;
  CHECK(decode(R"("a\udfffz")", lone) == "a\xED\xBF\xBFz");
}

TEST_CASE("writer: lone surrogates as WTF-8 with lone_surrogates_as_wtf8") {
  ultrajson::write_options raw;
  raw.allow_lone_surrogates = true;
  raw.lone_surrogates_as_wtf8 = true;
  // From WTF-8 text and from code units alike, as they came; the rest as before.
  CHECK(write_string("a\xED\xA0\x80\xC3\xA9\n", raw) == "\"a\xED\xA0\x80\xC3\xA9\\n\"");
  const char16_t units[] = {0xdc00, u'x', 0xd83d, 0xde00};
  ultrajson::writer out(raw);
  REQUIRE(out.string_value_units(units, 4));
  // Two surrogates side by side are two code points here, each in three bytes.
  CHECK(out.view() == "\"\xED\xB0\x80x\xED\xA0\xBD\xED\xB8\x80\"");
  // ensure_ascii wins: the output stays ASCII.
  raw.ensure_ascii = true;
  CHECK(write_string("\xED\xA0\x80", raw) == R"("\ud800")");
  // Without allow_lone_surrogates the input is still invalid.
  ultrajson::write_options strict;
  strict.lone_surrogates_as_wtf8 = true;
  ultrajson::writer refusing(strict);
  CHECK_FALSE(refusing.string_value("\xED\xA0\x80"));
  CHECK(refusing.error() == ultrajson::write_error::invalid_utf8);
}

TEST_CASE("writer: string_value_units from latin-1, UCS-2 and UCS-4") {
  const unsigned char latin1[] = {'a', '"', 0x1f, 0x7f, 0x80, 0xe9, 0xff};
  {
    ultrajson::writer out;
    REQUIRE(out.string_value_units(latin1, sizeof latin1));
    CHECK(out.view() == "\"a\\\"\\u001f\x7f\xC2\x80\xC3\xA9\xC3\xBF\"");
  }
  {
    ultrajson::writer out(ascii_options());
    REQUIRE(out.string_value_units(latin1, sizeof latin1));
    CHECK(out.view() == R"("a\"\u001f\u007f\u0080\u00e9\u00ff")");
  }
  const char16_t ucs2[] = {u'x', 0x00e9, 0x20ac, 0xffff, 0xd800, 0xdfff, u'\n'};
  {
    ultrajson::writer out;
    REQUIRE(out.string_value_units(ucs2, 7));
    // Lone surrogates cannot be UTF-8: they are always escaped.
    CHECK(out.view() == "\"x\xC3\xA9\xE2\x82\xAC\xEF\xBF\xBF\\ud800\\udfff\\n\"");
  }
  {
    ultrajson::writer out(ascii_options());
    REQUIRE(out.string_value_units(ucs2, 7));
    CHECK(out.view() == R"("x\u00e9\u20ac\uffff\ud800\udfff\n")");
  }
  const char32_t ucs4[] = {U'A', 0x1F600, 0x10FFFF, 0xdc00, 0x10000};
  {
    ultrajson::writer out;
    REQUIRE(out.string_value_units(ucs4, 5));
    CHECK(out.view() == "\"A\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF\\udc00\xF0\x90\x80\x80\"");
  }
  {
    ultrajson::writer out(ascii_options());
    REQUIRE(out.string_value_units(ucs4, 5));
    CHECK(out.view() == R"("A\ud83d\ude00\udbff\udfff\udc00\ud800\udc00")");
  }
  {
    // uint16_t / uint32_t units, and keys.
    const std::uint16_t key16[] = {'k', 0xe9};
    const std::uint32_t value32[] = {0x1F600};
    ultrajson::write_options options = ascii_options();
    options.encode_html_chars = true;
    ultrajson::writer out(options);
    REQUIRE(out.start_object());
    REQUIRE(out.key_units(key16, 2));
    REQUIRE(out.string_value_units(value32, 1));
    const unsigned char html[] = {'<', '&', '>'};
    REQUIRE(out.key_units(html, 3));
    REQUIRE(out.null_value());
    REQUIRE(out.end_object());
    CHECK(out.view() == R"({"k\u00e9":"\ud83d\ude00","\u003c\u0026\u003e":null})");
  }
  // Whatever the units, the output decodes to the same code points.
  ultrajson::writer out;
  REQUIRE(out.string_value_units(ucs4, 4));
  ultrajson::parse_options lone;
  lone.allow_lone_surrogates = true;
  CHECK(decode(out.view(), lone) == "A\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF\xED\xB0\x80");
}

TEST_CASE("decoder and writer agree on every BMP code point and a sample above") {
  // Every code point written (from UCS-4) with and without ensure_ascii
  // decodes to its UTF-8.
  std::size_t checked = 0;
  for (char32_t cp = 0; cp <= 0x10FFFF; cp += (cp < 0x10000 ? 1 : 97)) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    const std::string expected = to_utf8(cp);
    for (const bool ascii : {false, true}) {
      ultrajson::write_options options;
      options.ensure_ascii = ascii;
      ultrajson::writer out(options);
      REQUIRE(out.string_value_units(&cp, 1));
      const recording got = record(out.view());
      if (!got.result.ok() || got.events.size() != 1 || got.events[0].text != expected) {
        FAIL("code point " << static_cast<unsigned long>(cp) << " written as "
                           << printable(out.view()));
      }
      // And from UTF-8 text.
      ultrajson::writer from_text(options);
      REQUIRE(from_text.string_value(expected));
      CHECK(from_text.view() == out.view());
    }
    ++checked;
  }
  CHECK(checked > 60000);
}

namespace {

// Reference UTF-8 check (Unicode Table 3-7), byte by byte: the length of the
// well-formed sequence at s[i], or 0.
std::size_t reference_sequence_length(std::string_view s, std::size_t i) {
  const auto at = [&s](std::size_t k) -> unsigned {
    return k < s.size() ? static_cast<unsigned char>(s[k]) : 0x100u;
  };
  const unsigned b = at(i);
  const auto in = [](unsigned x, unsigned lo, unsigned hi) { return x >= lo && x <= hi; };
  if (b < 0x80) return 1;
  if (in(b, 0xC2, 0xDF)) return in(at(i + 1), 0x80, 0xBF) ? 2 : 0;
  unsigned lo = 0x80, hi = 0xBF;
  if (b == 0xE0) lo = 0xA0;
  if (b == 0xED) hi = 0x9F;
  if (in(b, 0xE0, 0xEF)) {
    return in(at(i + 1), lo, hi) && in(at(i + 2), 0x80, 0xBF) ? 3 : 0;
  }
  if (b == 0xF0) lo = 0x90;
  if (b == 0xF4) hi = 0x8F;
  if (in(b, 0xF0, 0xF4)) {
    return in(at(i + 1), lo, hi) && in(at(i + 2), 0x80, 0xBF) && in(at(i + 3), 0x80, 0xBF) ? 4 : 0;
  }
  return 0;
}

}  // namespace

TEST_CASE("decoder: random mixtures of UTF-8, invalid bytes and escapes, against a reference") {
  // The scanner tests sixteen bytes at a time on x86-64 (UTF-8 of every
  // length) and eight elsewhere (ASCII and two-byte sequences); random
  // strings put every kind of byte at every position of those blocks. The
  // reference is the byte-wise rule above.
  const std::vector<std::string> pieces = {
      "a",
      " ",
      "xyz",
      "0123456",
      "~",
      "\x7F",  // ASCII
      "\xC2\x80",
      "\xC3\xA9",
      "\xD8\xA7",
      "\xDF\xBF",
      "\xCE\xA9",  // two bytes
      "\xE0\xA0\x80",
      "\xE2\x82\xAC",
      "\xED\x9F\xBF",
      "\xEF\xBF\xBF",  // three
      "\xF0\x90\x80\x80",
      "\xF0\x9F\x98\x80",
      "\xF4\x8F\xBF\xBF",  // four
      "\\n",
      "\\u00e9",
      "\\\"",
      "\\u3042",
      "\\ud83d\\ude00",  // escapes
      "\x80",
      "\xBF",
      "\xC0\x80",
      "\xC1\xBF",
      "\xC2",
      "\xDF",
      "\xE0\x80\x80",
      "\xE0\x9F\xBF",
      "\xED\xA0\x80",
      "\xED\xBF\xBF",
      "\xE2\x82",
      "\xF0\x80\x80\x80",
      "\xF4\x90\x80\x80",
      "\xF5\x80\x80\x80",
      "\xF8",
      "\xFE",
      "\xFF",
      "\xF0\x9F\x98",  // invalid
  };
  std::mt19937 random(12345);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<int> count(0, 24);
  std::uniform_int_distribution<int> valid_only(0, 3);
#ifdef ULTRAJSON_TEST_SANITIZED
  const int rounds = 20000;
#else
  const int rounds = 200000;
#endif
  std::size_t accepted = 0, rejected = 0;
  for (int round = 0; round < rounds; ++round) {
    const bool only_valid = valid_only(random) == 0;
    std::string inner;
    const int n = count(random);
    for (int k = 0; k < n; ++k) {
      std::size_t index = pick(random);
      if (only_valid) index %= 23;  // the valid pieces come first
      inner += pieces[index];
    }
    // Reference: walk the text, unescaping and validating.
    std::string expected;
    std::size_t bad = std::string::npos;
    for (std::size_t i = 0; i < inner.size();) {
      if (inner[i] == '\\') {
        if (inner[i + 1] == 'n') {
          expected += '\n';
          i += 2;
        } else if (inner[i + 1] == '"') {
          expected += '"';
          i += 2;
        } else if (inner.compare(i, 6, "\\u00e9") == 0) {
          expected += "\xC3\xA9";
          i += 6;
        } else if (inner.compare(i, 6, "\\u3042") == 0) {
          expected += "\xE3\x81\x82";
          i += 6;
        } else {  // \ud83d\ude00
          expected += "\xF0\x9F\x98\x80";
          i += 12;
        }
        continue;
      }
      const std::size_t length = reference_sequence_length(inner, i);
      if (length == 0) {
        bad = i;
        break;
      }
      expected.append(inner, i, length);
      i += length;
    }
    // At every alignment of the blocks the scanner tests.
    const std::size_t align = static_cast<std::size_t>(round) % 16;
    const std::string json = std::string(align, ' ') + "\"" + inner + "\"";
    const recording got = record(json);
    if (bad == std::string::npos) {
      if (!got.result.ok() || got.events.size() != 1 || got.events[0].text != expected) {
        FAIL("should decode: " << printable(json) << ": " << got.result.message());
      }
      ++accepted;
    } else {
      if (got.result.code != parse_error::invalid_utf8 || got.result.offset != align + bad + 1) {
        FAIL("should be invalid UTF-8 at byte " << align + bad + 1 << ": " << printable(json) << ": "
                                                << got.result.message());
      }
      ++rejected;
    }
  }
  CHECK(accepted > static_cast<std::size_t>(rounds) / 5);
  CHECK(rejected > static_cast<std::size_t>(rounds) / 5);
}

namespace {

// Reference escaper, byte-wise, written from the rules (Python's json.dumps
// for the short forms and lowercase hex; '/' and HTML characters by option).
std::string reference_escape(std::string_view utf8, bool ascii, bool slash, bool html) {
  std::string out = "\"";
  char hex[16];
  const auto escape_unit = [&](unsigned unit) {
    std::snprintf(hex, sizeof hex, "\\u%04x", unit);
    out += hex;
  };
  for (std::size_t i = 0; i < utf8.size();) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    if (b < 0x80) {
      switch (b) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        default:
          // ensure_ascii makes the output printable ASCII: DEL is escaped too.
          if (b < 0x20 || (html && (b == '<' || b == '>' || b == '&')) || (ascii && b == 0x7f)) {
            escape_unit(b);
          } else if (slash && b == '/') {
            out += "\\/";
          } else {
            out += static_cast<char>(b);
          }
      }
      ++i;
      continue;
    }
    const std::size_t length = reference_sequence_length(utf8, i);
    if (!ascii) {
      out.append(utf8, i, length);
    } else {
      unsigned cp = b & (length == 2 ? 0x1Fu : length == 3 ? 0x0Fu : 0x07u);
      for (std::size_t k = 1; k < length; ++k) {
        cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3Fu);
      }
      if (cp < 0x10000) {
        escape_unit(cp);
      } else {
        escape_unit(0xD800 + ((cp - 0x10000) >> 10));
        escape_unit(0xDC00 + ((cp - 0x10000) & 0x3FF));
      }
    }
    i += length;
  }
  return out + "\"";
}

// The escaping options by bits of flags: 1 ensure_ascii, 2
// escape_forward_slashes, 4 encode_html_chars.
ultrajson::write_options escape_options(int flags) {
  ultrajson::write_options options;
  options.ensure_ascii = (flags & 1) != 0;
  options.escape_forward_slashes = (flags & 2) != 0;
  options.encode_html_chars = (flags & 4) != 0;
  return options;
}

std::string reference_escape(std::string_view utf8, const ultrajson::write_options& options) {
  return reference_escape(utf8, options.ensure_ascii, options.escape_forward_slashes,
                          options.encode_html_chars);
}

}  // namespace

TEST_CASE("writer: random strings against a reference escaper, every option") {
  const std::vector<std::string> pieces = {
      "a",
      "plain text",
      "0123456",
      "\"",
      "\\",
      "/",
      "<",
      ">",
      "&",
      "\x7F",
      "\x01",
      "\x1F",
      "\n",
      "\t",
      "\b",
      "\f",
      "\r",
      std::string(1, '\0'),
      "\xC3\xA9",
      "\xD8\xA7",
      "\xE2\x82\xAC",
      "\xEF\xBF\xBF",
      "\xF0\x9F\x98\x80",
      "\xF4\x8F\xBF\xBF",
  };
  std::mt19937 random(777);
  std::uniform_int_distribution<std::size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<int> count(0, 30);
#ifdef ULTRAJSON_TEST_SANITIZED
  const int rounds = 5000;
#else
  const int rounds = 50000;
#endif
  for (int round = 0; round < rounds; ++round) {
    std::string text;
    const int n = count(random);
    for (int k = 0; k < n; ++k) text += pieces[pick(random)];
    for (int flags = 0; flags < 8; ++flags) {
      ultrajson::writer out(escape_options(flags));
      REQUIRE(out.string_value(text));
      const std::string expected = reference_escape(text, out.options());
      if (out.view() != expected) {
        FAIL("flags " << flags << ": " << printable(text) << " written as " << printable(out.view())
                      << ", expected " << printable(expected));
      }
    }
  }
}

TEST_CASE("writer: keys and values inside containers, every length and position, every option") {
  // A writer with memory, in the compact layout, writes most keys and
  // strings in place (short plain text in one test, the rest escaped in
  // the room checked once): each length up to past two vectors, with one
  // special or non-ASCII piece at each position (or none), must come out
  // as the reference escaper writes it, as a key, an object's value and an
  // array's first and later element.
  const std::vector<std::string> specials = {
      "", "\"", "\\", "/", "<", "\x7F", std::string(1, '\0'), "\x1F", "\n", "\xC3\xA9",
      "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};
  for (int flags = 0; flags < 8; ++flags) {
    ultrajson::writer out(escape_options(flags));
    for (std::size_t length = 0; length <= 40; ++length) {
      for (const std::string& special : specials) {
        for (std::size_t at = 0; at <= length; ++at) {
          std::string text(length, 'k');
          text.insert(at, special);
          out.clear();  // keeps the memory: the in-place paths apply
          REQUIRE(out.start_array());
          REQUIRE(out.string_value(text));
          REQUIRE(out.start_object());
          REQUIRE(out.key(text));
          REQUIRE(out.string_value(text));
          REQUIRE(out.key(text));
          REQUIRE(out.int64_value(1));
          REQUIRE(out.end_object());
          REQUIRE(out.string_value(text));
          REQUIRE(out.end_array());
          const std::string quoted = reference_escape(text, out.options());
          const std::string expected =
              "[" + quoted + ",{" + quoted + ":" + quoted + "," + quoted + ":1}," + quoted + "]";
          if (out.view() != expected) {
            FAIL("flags " << flags << ": " << printable(text) << " written as "
                          << printable(out.view()) << ", expected " << printable(expected));
          }
          if (special.empty()) break;  // one position is enough
        }
      }
    }
  }
}

TEST_CASE("writer: text in exact-size buffers, every tail after whole blocks, every position") {
  // Past a block, plain text is copied a whole block at a time and its last
  // part (1 to 15 bytes) as the block that ends the text, loaded from
  // inside it: each length up to three blocks and a bit, a special or
  // non-ASCII piece at each position (or none, or the text all non-ASCII),
  // read from a buffer of exactly its size (so that a read past it trips
  // the sanitizers), into a growing writer and a caller's buffer of
  // exactly the output's size.
  const std::vector<std::string> specials = {"", "\"", "\\", "/", "\x7F", "\x1F", "\xC3\xA9",
                                             "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};
  for (int flags = 0; flags < 4; ++flags) {
    const ultrajson::write_options options = escape_options(flags);
    for (std::size_t length = 0; length <= 52; ++length) {
      for (const std::string& special : specials) {
        for (std::size_t at = 0; at <= length; ++at) {
          std::string text(length, 'p');
          text.insert(at, special);
          const std::vector<char> exact = exact_copy(text);
          const std::string_view input = view(exact);
          const std::string quoted = reference_escape(text, options);
          const std::string expected = "[" + quoted + ",{" + quoted + ":" + quoted + "}]";
          const auto write = [&](ultrajson::writer& out) {
            return out.start_array() && out.string_value(input) && out.start_object() &&
                   out.key(input) && out.string_value(input) && out.end_object() &&
                   out.end_array();
          };
          ultrajson::writer growing(options);
          REQUIRE(write(growing));
          std::vector<char> buffer(expected.size());
          ultrajson::writer fixed(buffer.data(), buffer.size(), options);
          REQUIRE(write(fixed));
          if (growing.view() != expected || fixed.view() != expected) {
            FAIL("flags " << flags << ": " << printable(text) << " written as "
                          << printable(growing.view()) << " and " << printable(fixed.view())
                          << ", expected " << printable(expected));
          }
          if (special.empty()) break;  // one position is enough
        }
      }
      // All non-ASCII: every block goes to the UTF-8 check.
      std::string text;
      while (text.size() < length) text += "\xC3\xA9";
      const std::vector<char> exact = exact_copy(text);
      ultrajson::writer out(options);
      REQUIRE(out.string_value(view(exact)));
      CHECK(out.view() == reference_escape(text, options));
    }
  }
}

TEST_CASE("writer: invalid UTF-8 in a key or value inside a container is an error") {
  for (std::size_t length = 0; length <= 40; ++length) {
    for (std::size_t at = 0; at <= length; ++at) {
      std::string text(length, 'k');
      text.insert(at, "\xFF");
      for (const bool as_key : {false, true}) {
        ultrajson::writer out;
        REQUIRE(out.start_object());
        REQUIRE(out.key("warm"));
        REQUIRE(out.string_value("memory"));
        const std::string before(out.view());
        const bool written = as_key ? out.key(text) : (out.key("k") && out.string_value(text));
        CHECK_FALSE(written);
        CHECK(out.error() == ultrajson::write_error::invalid_utf8);
        CHECK_FALSE(out.key("next"));
        CHECK(out.view().substr(0, before.size()) == before);
      }
    }
  }
}

TEST_CASE("writer: a UCS-4 unit above U+10FFFF is refused, with or without ensure_ascii") {
  const char32_t beyond[] = {U'a', static_cast<char32_t>(0x110000)};
  for (const bool ascii : {false, true}) {
    ultrajson::write_options options;
    options.ensure_ascii = ascii;
    ultrajson::writer out(options);
    CHECK_FALSE(out.string_value_units(beyond, 2));
    CHECK(out.error() == ultrajson::write_error::invalid_utf8);
    CHECK_FALSE(out.complete());
  }
}

// The scanner checks UTF-8 sixteen bytes at a time on x86-64 (eight on other
// targets) and unescapes runs of escapes into a buffer that grows: every
// kind of sequence and escape is put at every offset of those blocks, at
// every alignment of the input, so each straddles a block boundary somewhere.
namespace {

struct sequence_case {
  std::string bytes;
  const char* what;
  std::size_t error_at = 0;  // of an invalid one: where within the bytes
};

// Well-formed sequences, the edges of each range included.
const std::vector<sequence_case>& valid_sequences() {
  static const std::vector<sequence_case> cases = {
      {"\xC2\x80", "U+0080"},         {"\xDF\xBF", "U+07FF"},
      {"\xE0\xA0\x80", "U+0800"},     {"\xE3\x81\x82", "U+3042"},
      {"\xED\x9F\xBF", "U+D7FF"},     {"\xEE\x80\x80", "U+E000"},
      {"\xEF\xBF\xBF", "U+FFFF"},     {"\xF0\x90\x80\x80", "U+10000"},
      {"\xF0\x9F\x98\x80", "U+1F600"}, {"\xF3\xBF\xBF\xBF", "U+FFFFF"},
      {"\xF4\x8F\xBF\xBF", "U+10FFFF"},
  };
  return cases;
}

// Every way a sequence can be ill-formed (Unicode Table 3-7); the error is
// at its first byte unless error_at says otherwise.
const std::vector<sequence_case>& invalid_sequences() {
  static const std::vector<sequence_case> cases = {
      {"\x80", "lone continuation 80"},
      {"\xBF", "lone continuation BF"},
      {"\xC0\x80", "lead C0"},
      {"\xC1\xBF", "lead C1"},
      {"\xC2", "2-byte lead, no continuation"},
      {"\xC2\xC2\x80", "2-byte lead followed by a lead"},
      {"\xDF" "a", "2-byte lead followed by ASCII"},
      {"\xE0\x80\x80", "E0 overlong (second byte 80)"},
      {"\xE0\x9F\xBF", "E0 overlong (second byte 9F)"},
      {"\xE3\x81", "3-byte, one continuation"},
      {"\xE3" "ab", "3-byte lead followed by ASCII"},
      {"\xE3\x81" "a", "3-byte, ASCII third byte"},
      {"\xED\xA0\x80", "ED A0: surrogate U+D800"},
      {"\xED\xBF\xBF", "ED BF: surrogate U+DFFF"},
      {"\xF0\x80\x80\x80", "F0 overlong (second byte 80)"},
      {"\xF0\x8F\xBF\xBF", "F0 overlong (second byte 8F)"},
      {"\xF0\x9F\x98", "4-byte, two continuations"},
      {"\xF0\x9F\x98" "a", "4-byte, ASCII fourth byte"},
      {"\xF1\x80", "4-byte, one continuation"},
      {"\xF4\x90\x80\x80", "F4 90: above U+10FFFF"},
      {"\xF4\xBF\xBF\xBF", "F4 BF: above U+10FFFF"},
      {"\xF5\x80\x80\x80", "lead F5"},
      {"\xF7\xBF\xBF\xBF", "lead F7"},
      {"\xF8\x88\x80\x80\x80", "lead F8"},
      {"\xFC\x84\x80\x80\x80\x80", "lead FC"},
      {"\xFE", "byte FE"},
      {"\xFF", "byte FF"},
      {"\xE3\x81\x82\x80", "one continuation too many", 3},
      {"\xC3\xA9\xA9", "one continuation too many after 2 bytes", 2},
  };
  return cases;
}

// Filler before the sequence under test: ASCII, or three-byte text (which
// the vector path validates along with the sequence), or two-byte text.
std::string filler(std::size_t length, int kind) {
  std::string out;
  while (out.size() < length) {
    if (kind == 0 || length - out.size() < 3) {
      out += static_cast<char>('a' + out.size() % 26);
    } else if (kind == 1) {
      out += "\xE3\x81\x82";
    } else {
      out += "\xD0\x96";
    }
  }
  return out;
}

}  // namespace

TEST_CASE("decoder: every UTF-8 sequence at every offset of a block, valid and invalid") {
  std::size_t checked = 0;
  for (std::size_t align = 0; align < 16; align += 5) {
    const std::string lead_space(align, ' ');
    for (int kind = 0; kind < 3; ++kind) {
      for (std::size_t before = 0; before <= 40; ++before) {
        const std::string head = filler(before, kind);
        for (const sequence_case& c : valid_sequences()) {
          // Followed by the closing quote, by ASCII, by an escape.
          const std::string tails[] = {"", "tail of the string, long enough", "\\n"};
          const std::string decoded_tails[] = {"", "tail of the string, long enough", "\n"};
          for (std::size_t t = 0; t < 3; ++t) {
            const std::string json = lead_space + in_quotes(head + c.bytes + tails[t]);
            const recording got = record(json);
            if (!got.result.ok() || got.events.size() != 1 ||
                got.events[0].text != head + c.bytes + decoded_tails[t]) {
              FAIL(c.what << " should decode: " << printable(json) << ": "
                          << got.result.message());
            }
            ++checked;
          }
        }
        for (const sequence_case& c : invalid_sequences()) {
          for (const std::string& tail : {std::string(), std::string(20, 'z')}) {
            const std::string json = lead_space + in_quotes(head + c.bytes + tail);
            const std::size_t at = align + 1 + head.size() + c.error_at;
            const recording got = record(json);
            if (got.result.code != parse_error::invalid_utf8 || got.result.offset != at) {
              FAIL(c.what << " should be invalid UTF-8 at byte " << at << ": " << printable(json)
                          << ": " << got.result.message());
            }
            // After an escape, through the unescaping path.
            const std::string escaped = lead_space + in_quotes("\\t" + head + c.bytes + tail);
            const recording after_escape = record(escaped);
            if (after_escape.result.code != parse_error::invalid_utf8 ||
                after_escape.result.offset != at + 2) {
              FAIL(c.what << " after an escape should be invalid UTF-8 at byte " << at + 2
                          << ": " << printable(escaped) << ": "
                          << after_escape.result.message());
            }
            ++checked;
          }
        }
      }
    }
  }
  CHECK(checked > 40000);
}

// The writer checks non-ASCII text sixteen bytes at a time where it copies
// it as it is (not with ensure_ascii): each sequence at each offset of a
// block, with text of every kind before it, is written unchanged or refused.
TEST_CASE("writer: every UTF-8 sequence at every offset of a block, valid and invalid") {
  std::size_t checked = 0;
  const auto write = [](const std::string& text, const ultrajson::write_options& options,
                        std::string& written) {
    ultrajson::writer out(options);
    const bool ok = out.string_value(text);
    written = std::string(out.view());
    return ok;
  };
  ultrajson::write_options wtf8;
  wtf8.allow_lone_surrogates = true;
  wtf8.lone_surrogates_as_wtf8 = true;
  for (int kind = 0; kind < 3; ++kind) {
    for (std::size_t before = 0; before <= 40; ++before) {
      const std::string head = filler(before, kind);
      for (const std::string& tail : {std::string(), std::string("tail of the string, long enough"),
                                      std::string("\n")}) {
        const std::string tail_written = tail == "\n" ? "\\n" : tail;
        for (const sequence_case& c : valid_sequences()) {
          std::string written;
          const std::string text = head + c.bytes + tail;
          if (!write(text, {}, written) || written != "\"" + head + c.bytes + tail_written + "\"") {
            FAIL(c.what << " should be written as it is: " << printable(text) << " gave "
                        << printable(written));
          }
          ++checked;
        }
        for (const sequence_case& c : invalid_sequences()) {
          std::string written;
          const std::string text = head + c.bytes + tail;
          if (write(text, {}, written)) {
            FAIL(c.what << " should be refused: " << printable(text));
          }
          // An encoded surrogate is the one the WTF-8 options let through.
          const bool surrogate = c.bytes.rfind("\xED\xA0", 0) == 0 || c.bytes.rfind("\xED\xBF", 0) == 0;
          const bool ok = write(text, wtf8, written);
          if (ok != surrogate ||
              (ok && written != "\"" + head + c.bytes + tail_written + "\"")) {
            FAIL(c.what << " with lone_surrogates_as_wtf8: " << printable(text) << " gave "
                        << printable(written));
          }
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 4000);
}

TEST_CASE("decoder: a sequence cut by the string's end or by the input's end") {
  for (const sequence_case& c : valid_sequences()) {
    for (std::size_t before = 0; before <= 34; ++before) {
      const std::string head = filler(before, 1);
      for (std::size_t cut = 1; cut < c.bytes.size(); ++cut) {
        const std::string part = c.bytes.substr(0, cut);
        // The quote right after a partial sequence.
        const ultrajson::parse_result quoted = reject(in_quotes(head + part));
        CHECK(quoted.code == parse_error::invalid_utf8);
        CHECK(quoted.offset == 1 + head.size());
        // The input ends inside the sequence: no byte after it may be read
        // (record gives the parser a buffer of exactly the input's size).
        const ultrajson::parse_result ended = reject("\"" + head + part);
        CHECK(ended.code == parse_error::invalid_utf8);
        CHECK(ended.offset == 1 + head.size());
      }
      // Whole, then the input ends: unterminated, not invalid.
      const ultrajson::parse_result whole = reject("\"" + head + c.bytes);
      CHECK(whole.code == parse_error::unterminated_string);
      CHECK(whole.offset == 1 + head.size() + c.bytes.size());
    }
  }
}

TEST_CASE("decoder: allow_wtf8_input accepts encoded surrogates at every offset of a block") {
  ultrajson::parse_options wtf8;
  wtf8.allow_wtf8_input = true;
  for (std::size_t before = 0; before <= 40; ++before) {
    for (int kind = 0; kind < 3; ++kind) {
      const std::string head = filler(before, kind);
      for (const char* surrogate : {"\xED\xA0\x80", "\xED\xBF\xBF", "\xED\xA0\xBD\xED\xB8\x80"}) {
        const std::string text = head + surrogate + "after";
        CHECK(decode(in_quotes(text), wtf8) == text);
        const ultrajson::parse_result strict = reject(in_quotes(text));
        CHECK(strict.code == parse_error::invalid_utf8);
        CHECK(strict.offset == 1 + head.size());
      }
      // The other invalid forms stay invalid with the option.
      for (const sequence_case& c : invalid_sequences()) {
        if (c.bytes.rfind("\xED", 0) == 0) continue;
        const ultrajson::parse_result result = reject(in_quotes(head + c.bytes), wtf8);
        if (result.code != parse_error::invalid_utf8 ||
            result.offset != 1 + head.size() + c.error_at) {
          FAIL(c.what << " with allow_wtf8_input: " << result.message());
        }
      }
    }
  }
}

TEST_CASE("decoder: escapes at every offset, in runs, cut at the end of the input") {
  struct escape_case {
    std::string escaped;
    std::string decoded;
  };
  const escape_case escapes[] = {
      {"\\u0041", "A"},
      {"\\u00e9", "\xC3\xA9"},
      {"\\u07FF", "\xDF\xBF"},
      {"\\u0800", "\xE0\xA0\x80"},
      {"\\u3042", "\xE3\x81\x82"},
      {"\\uFFFF", "\xEF\xBF\xBF"},
      {"\\ud83d\\ude00", "\xF0\x9F\x98\x80"},
      {"\\uDBFF\\uDFFF", "\xF4\x8F\xBF\xBF"},
      {"\\u0000", std::string(1, '\0')},
      {"\\n", "\n"},
      {"\\\\", "\\"},
      {"\\\"", "\""},
      {"\\/", "/"},
  };
  for (std::size_t before = 0; before <= 40; ++before) {
    for (int kind = 0; kind < 3; ++kind) {
      const std::string head = filler(before, kind);
      for (const escape_case& e : escapes) {
        const std::string& decoded_one = e.decoded;
        // Alone, in a run of three, and between two runs of text.
        std::string run, decoded_run;
        for (int k = 0; k < 3; ++k) {
          run += e.escaped;
          decoded_run += decoded_one;
        }
        const std::string tail = filler(before % 19, 2 - kind);
        CHECK(decode(in_quotes(head + e.escaped)) == head + decoded_one);
        const std::string json = in_quotes(head + run + tail);
        if (decode(json) != head + decoded_run + tail) FAIL("decoded wrongly: " << printable(json));
        // The input ends after each byte of the escape: the error is never
        // a read past the end (record's buffer is exact).
        const std::string& escaped = e.escaped;
        for (std::size_t cut = 1; cut <= escaped.size(); ++cut) {
          const ultrajson::parse_result result = reject("\"" + head + escaped.substr(0, cut));
          const bool in_unicode_escape = escaped[1] == 'u' && cut < 6 && cut > 1;
          if (in_unicode_escape) {
            CHECK(result.code == parse_error::invalid_unicode_escape);
            CHECK(result.offset == 1 + head.size());
          } else if (result.code != parse_error::unterminated_string &&
                     result.code != parse_error::lone_surrogate) {
            FAIL("cut after " << cut << " bytes of " << e.escaped << ": " << result.message());
          }
        }
      }
      // Errors inside a run of escapes are found at their backslash.
      const std::string three = "\\u3042\\u3044\\u3046";
      for (const char* bad : {"\\u30G2", "\\x", "\\ud800x", "\\udc00\\u3042"}) {
        const std::string json = in_quotes(head + three + bad + three);
        const ultrajson::parse_result result = reject(json);
        CHECK(result.offset == 1 + head.size() + three.size());
        CHECK(result.code != parse_error::none);
      }
    }
  }
}

TEST_CASE("decoder: long strings of escapes and text unescape whole (the buffer grows)") {
  // Longer than the unescaping buffer's first reservation, in each shape.
  for (const std::size_t count : {std::size_t{1000}, std::size_t{5000}, std::size_t{70000}}) {
    std::string all_escapes, text_between, expected_escapes, expected_between;
    for (std::size_t i = 0; i < count; ++i) {
      const auto letter = static_cast<char>('a' + i % 26);
      all_escapes += "\\u304";
      all_escapes += static_cast<char>('0' + i % 10);
      expected_escapes += to_utf8(0x3040 + static_cast<char32_t>(i % 10));
      text_between += std::string(1 + i % 40, letter) + "\\n\xE3\x81\x82";
      expected_between += std::string(1 + i % 40, letter) + "\n\xE3\x81\x82";
    }
    CHECK(decode(in_quotes(all_escapes)) == expected_escapes);
    CHECK(decode(in_quotes(text_between)) == expected_between);
    // One document, short strings then a long one then short ones: each
    // value is its own.
    const std::string doc = "[\"\\u3042\"," + in_quotes(text_between) + ",\"x\\ny\"]";
    const recording got = record(doc);
    REQUIRE(got.result.ok());
    REQUIRE(got.events.size() == 5);
    CHECK(got.events[1].text == "\xE3\x81\x82");
    CHECK(got.events[2].text == expected_between);
    CHECK(got.events[3].text == "x\ny");
  }
}

TEST_CASE("decoder: runs of \\u escapes mixing every class, cut by the buffer's end anywhere") {
  // The code units at the edges of each way a \u escape is unescaped: one
  // byte, two, three, a surrogate pair; in lower and upper case hex.
  const char32_t units[] = {0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x3042, 0xD7FF,
                            0xE000, 0xFFFD, 0xFFFF, 0x1F600};
  const auto hex = [](char32_t unit, bool upper) {
    char digits[7];
    std::snprintf(digits, sizeof digits, upper ? "\\u%04X" : "\\u%04x",
                  static_cast<unsigned>(unit));
    return std::string(digits);
  };
  const auto escape = [&hex](char32_t cp, bool upper) {
    if (cp < 0x10000) return hex(cp, upper);
    return hex(0xD800 + ((cp - 0x10000) >> 10), upper) + hex(0xDC00 + (cp & 0x3FF), upper);
  };
  // Longer than the buffer's first reservation, with a run's length that
  // moves the place where the buffer fills through every class.
  for (std::size_t count = 700; count < 720; ++count) {
    std::string escaped, expected;
    for (std::size_t i = 0; i < count; ++i) {
      const char32_t cp = units[(i * 7 + count) % std::size(units)];
      escaped += escape(cp, (i / 3) % 2 == 0);
      expected += to_utf8(cp);
    }
    if (decode(in_quotes(escaped)) != expected) FAIL("run of " << count << " escapes");
  }
}

TEST_CASE("decoder: each byte value alone between two \\u escapes, near the input's end") {
  // The space between two words of escapes stays inside the escapes' run
  // (unescape_bmp_run); every other byte value there ends the run and is
  // read as it would be anywhere else in a string.
  const std::string escape = "\\u0635";
  const std::string decoded = "\xD8\xB5";
  for (unsigned value = 0; value < 256; ++value) {
    const char byte = static_cast<char>(value);
    for (std::size_t trailing = 0; trailing <= 8; ++trailing) {
      const std::string tail(trailing, 'z');
      const std::string json = in_quotes(escape + byte + escape + tail);
      INFO("byte " << value << ", " << printable(json));
      if (value >= 0x20 && value < 0x80 && byte != '"' && byte != '\\') {
        CHECK(decode(json) == decoded + byte + decoded + tail);
      } else if (byte == '\\') {  // an escaped backslash, then plain text
        CHECK(decode(json) == decoded + "\\u0635" + tail);
      } else if (byte == '"') {  // the string ends after the first escape
        CHECK(reject(json).code == parse_error::trailing_data);
      } else {
        const ultrajson::parse_result result = reject(json);
        CHECK(result.code == (value < 0x20 ? parse_error::control_character_in_string
                                           : parse_error::invalid_utf8));
        CHECK(result.offset == 1 + escape.size());
      }
    }
  }
}

TEST_CASE("decoder: words of \\u escapes between spaces, cut by the buffer's end anywhere") {
  // Text as json.dumps writes Arabic or Greek: words of one to five
  // escapes, one space between them, longer than the buffer's first
  // reservation; the lead moves the place where the buffer fills through
  // each escape of a word and each space.
  for (std::size_t lead = 0; lead < 12; ++lead) {
    std::string escaped(lead, 'a');
    std::string expected(lead, 'a');
    for (std::size_t word = 0; expected.size() < 5000; ++word) {
      if (word != 0) {
        escaped += ' ';
        expected += ' ';
      }
      for (std::size_t i = 0; i <= (word + lead) % 5; ++i) {
        const bool three_bytes = (word + i) % 3 == 0;
        escaped += three_bytes ? "\\u3042" : "\\u0635";
        expected += three_bytes ? "\xE3\x81\x82" : "\xD8\xB5";
      }
    }
    if (decode(in_quotes(escaped)) != expected) FAIL("lead " << lead);
  }
}

TEST_CASE("decoder: a bad hex digit at each place of a run of \\u escapes, at its backslash") {
  // Each byte beside a range of hex digits, at each of the four places of
  // each escape of a run of two- and three-byte escapes.
  const std::string run = "\\u00e9\\u3042\\u07FF\\uFFFD\\u0800\\u00E9";
  for (const char bad : {'/', ':', '@', 'G', '`', 'g', '\x7F', '\x80', ' '}) {
    for (std::size_t escape = 0; escape < run.size(); escape += 6) {
      for (std::size_t digit = 2; digit < 6; ++digit) {
        std::string json = "\"ab" + run + run + "\"";
        json[3 + escape + digit] = bad;
        const ultrajson::parse_result result = reject(json);
        INFO(printable(json));
        CHECK(result.code == parse_error::invalid_unicode_escape);
        CHECK(result.offset == 3 + escape);
      }
    }
  }
}

TEST_CASE("decoder: ASCII runs of every length between \\u escapes, at every distance from the end") {
  // Text as json.dumps writes it: words of escapes between short runs of
  // ASCII, which a block copies when the run ends at a backslash inside it.
  // What follows the run (an escape, the closing quote, UTF-8, a control
  // byte) and how much input and buffer are left move it on and off that
  // path; the result and the error's place are the same either way.
  const std::string word = "\\u0635\\u064a\\u3042";
  const std::string decoded_word = "\xD8\xB5\xD9\x8A\xE3\x81\x82";
  for (std::size_t length = 1; length <= 20; ++length) {
    std::string run;
    for (std::size_t i = 0; i < length; ++i) run += static_cast<char>(i % 3 == 0 ? ' ' : 'a' + i % 26);
    for (std::size_t trailing = 0; trailing <= 18; ++trailing) {
      const std::string tail(trailing, 'z');
      const std::string expected = decoded_word + run + decoded_word + run + decoded_word + tail;
      CHECK(decode(in_quotes(word + run + word + run + word + tail)) == expected);
      CHECK(decode(in_quotes(word + run + "\\n" + tail)) == decoded_word + run + "\n" + tail);
      CHECK(decode(in_quotes(word + run + "\xC3\xA9" + tail)) == decoded_word + run + "\xC3\xA9" + tail);
      CHECK(decode(in_quotes(word + run)) == decoded_word + run);
      // A control byte or a bad escape after the run, or a control byte inside it.
      for (const char* bad : {"\x01", "\\q", "\\u12"}) {
        const std::string json = "\"" + word + run + bad + tail;
        const ultrajson::parse_result result = reject(json);
        CHECK(result.offset == 1 + word.size() + run.size());
      }
      std::string broken = run;
      broken[length / 2] = '\t';
      const ultrajson::parse_result result = reject("\"" + word + broken + word + "\"" + tail);
      CHECK(result.code == parse_error::control_character_in_string);
      CHECK(result.offset == 1 + word.size() + length / 2);
    }
  }
}

// The shared test of special bytes (string_special_bytes.hpp), both forms,
// against the byte-wise rule: every byte value at every place of a word and
// of a block, among bytes that are not special.
namespace {
bool special_ascii(unsigned char byte) { return byte == '"' || byte == '\\' || byte < 0x20; }
}  // namespace

TEST_CASE("special bytes: the word and block tests flag exactly '\"', '\\\\', controls, non-ASCII") {
  for (unsigned value = 0; value < 256; ++value) {
    const auto byte = static_cast<unsigned char>(value);
    INFO("byte " << value);
    for (std::size_t place = 0; place < 8; ++place) {
      unsigned char bytes[8];
      for (std::size_t i = 0; i < 8; ++i) bytes[i] = static_cast<unsigned char>('a' + i);
      bytes[place] = byte;
      std::uint64_t word;
      std::memcpy(&word, bytes, 8);
      if constexpr (ultrajson::detail::big_endian) word = ultrajson::detail::byte_swap(word);
      const std::uint64_t flags = ultrajson::detail::quote_backslash_control_bytes(word);
      CHECK((flags != 0) == special_ascii(byte));
      if (flags != 0) CHECK(ultrajson::detail::first_flagged_byte(flags) == place);
    }
#if defined(__SSE2__)
    for (unsigned place = 0; place < 16; ++place) {
      alignas(16) char block[16];
      for (unsigned i = 0; i < 16; ++i) block[i] = static_cast<char>('A' + i);
      block[place] = static_cast<char>(byte);
      const __m128i vector = _mm_load_si128(reinterpret_cast<const __m128i*>(block));
      const unsigned expected = special_ascii(byte) || byte >= 0x80 ? 1u << place : 0u;
      CHECK(ultrajson::detail::byte_bits(ultrajson::detail::special_or_high_bytes(vector)) ==
            expected);
      CHECK(ultrajson::detail::high_bytes(vector) == (byte >= 0x80 ? 1u << place : 0u));
    }
#endif
  }
}
