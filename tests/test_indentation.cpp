// Indented documents: the parser guesses each line's indentation from the
// line before it (parse.hpp, skip_whitespace_guessing) and checks the guess.
// Whatever the layout (any step, tabs, CRLF, blank lines, lines indented
// against the pattern, a document that ends within a block of a newline),
// the events must be those of the same document without whitespace, and a
// stray byte in the indentation must be the error at its own offset.

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "support.hpp"

using namespace test_support;

namespace {

// A random document as a tree of tokens, printed compact or indented.
struct printer {
  std::mt19937& random;
  std::string step;           // one level of indentation ("  ", "\t", ...)
  std::string newline;        // "\n" or "\r\n"
  int irregular_percent = 0;  // lines whose indentation breaks the pattern
  bool indented = true;

  std::string line_break(int depth) {
    // The same draws, indented or not: both printers make one document.
    std::uniform_int_distribution<int> percent(0, 99);
    const int irregular = percent(random), kind = percent(random);
    if (!indented) return "";
    std::string out = newline;
    if (irregular < irregular_percent) {
      switch (kind % 5) {
        case 0: out += " "; break;                 // one space too many
        case 1: if (depth > 0) --depth; break;     // a level too few
        case 2: out = " " + newline; break;        // a space before the newline
        case 3: out += newline; break;             // a blank line
        default: out += "\t"; break;               // a tab after the spaces
      }
    }
    for (int level = 0; level < depth; ++level) out += step;
    return out;
  }

  std::string scalar() {
    static const char* const scalars[] = {"1", "-2.5", "true", "false", "null", "\"a\"",
                                          "\"\xC3\xA9t\xC3\xA9\"", "123456789012", "\"\""};
    return scalars[std::uniform_int_distribution<int>(0, 8)(random)];
  }

  std::string value(int depth) {
    std::uniform_int_distribution<int> kind(0, depth > 5 ? 0 : 3);
    const int chosen = kind(random);
    if (chosen <= 1) return scalar();
    const bool object = chosen == 2;
    const int count = std::uniform_int_distribution<int>(0, 5)(random);
    std::string out(1, object ? '{' : '[');
    for (int i = 0; i < count; ++i) {
      if (i > 0) out += ',';
      out += line_break(depth + 1);
      if (object) out += "\"k" + std::to_string(i) + "\":" + std::string(indented ? " " : "");
      out += value(depth + 1);
    }
    if (count > 0) out += line_break(depth);
    out += object ? '}' : ']';
    return out;
  }
};

}  // namespace

TEST_CASE("indentation: any layout gives the compact document's events") {
  std::mt19937 random(2026);
  const std::vector<std::string> steps = {" ", "  ", "   ", "    ", "        ",
                                          std::string(17, ' '), "\t", " \t"};
#ifdef ULTRAJSON_TEST_SANITIZED
  const int rounds = 2000;
#else
  const int rounds = 20000;
#endif
  int parsed = 0;
  for (int round = 0; round < rounds; ++round) {
    const auto seed = static_cast<std::mt19937::result_type>(random());
    std::mt19937 compact_random(seed), indented_random(seed);
    printer compact{compact_random, "", "", 0, false};
    printer indented{indented_random, steps[static_cast<std::size_t>(round) % steps.size()],
                     round % 3 == 0 ? "\r\n" : "\n", (round / 8) % 4 == 0 ? 0 : 20, true};
    const std::string compact_text = compact.value(0);
    const std::string indented_text = indented.value(0);
    const recording expected = record(compact_text);
    REQUIRE(expected.result.ok());
    const recording got = record(indented_text);
    if (!got.result.ok() || got.events != expected.events) {
      FAIL("layout changed the events: " << printable(indented_text) << ": "
                                         << got.result.message() << " "
                                         << first_difference(expected.events, got.events));
    }
    // With a stray byte in one whitespace run: the error is there.
    std::vector<std::size_t> whitespace;
    for (std::size_t i = 0; i < indented_text.size(); ++i) {
      const char c = indented_text[i];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') whitespace.push_back(i);
    }
    if (!whitespace.empty()) {
      const std::size_t at =
          whitespace[std::uniform_int_distribution<std::size_t>(0, whitespace.size() - 1)(random)];
      std::string broken = indented_text;
      broken.insert(at, 1, '\x01');
      const recording bad = record(broken);
      if (bad.result.ok() || bad.result.offset != at) {
        FAIL("a control byte at " << at << " of " << printable(broken) << ": "
                                  << bad.result.message());
      }
    }
    // Every prefix (each copied to a buffer of its own size: a read past it
    // is the sanitizer's to catch) fails, except those that hold the whole
    // document.
    if (indented_text.size() < 300 && indented_text[0] != '1' && indented_text[0] != '-') {
      for (std::size_t size = 0; size < indented_text.size(); ++size) {
        const recording prefix = record(std::string_view(indented_text).substr(0, size));
        const bool whole = indented_text.find_first_not_of(" \t\r\n", size) == std::string::npos;
        if (prefix.result.ok() != whole) {
          FAIL("prefix of " << size << " bytes of " << printable(indented_text) << ": "
                            << prefix.result.message());
        }
      }
    }
    ++parsed;
  }
  CHECK(parsed == rounds);
}

TEST_CASE("indentation: a guess that meets the input's end") {
  // A newline close to the end: the guess needs a block past the
  // indentation, and the ordinary skip takes over where it is short.
  for (std::size_t spaces = 0; spaces < 40; ++spaces) {
    for (const char* last : {"1]", "1", "]"}) {
      const std::string text = "[\n" + std::string(spaces, ' ') + "0,\n" +
                               std::string(spaces, ' ') + last;
      const recording got = record(text);
      const bool valid = std::string(last) == "1]";
      INFO(printable(text) << ": " << got.result.message());
      CHECK(got.result.ok() == valid);
      if (!valid) CHECK(got.result.offset == text.size() - (std::string(last) == "]" ? 1 : 0));
    }
  }
}

TEST_CASE("indentation: a colon with a space on each side, as the general skip reads it") {
  // " : " has a path of its own in the parse loop (member_key); the same
  // document with tabs there instead takes the whitespace skips. Both must
  // give the same events, or the same error at the same offset (the two
  // spellings are as long), up to the input's very end.
  const std::string documents[] = {
      R"({"a" : 1})",
      R"({"a" : "v", "b" : [1, {"c" : null}], "d" : {}})",
      R"({"a" :  1})",
      R"({"a" : )" "\n" R"(1})",
      R"({"a" : })",
      R"({"a" : : 1})",
      R"({"a" : ,})",
      R"({"a" : 1, "b" : )",
      R"({"a" : )",
      R"({"a" :)",
      R"({"a" )",
      R"([{"a" : 1} : 2])",
  };
  for (const std::string& document : documents) {
    for (std::size_t size = 0; size <= document.size(); ++size) {
      const std::string spaced = document.substr(0, size);
      std::string tabbed = spaced;
      for (std::size_t at = tabbed.find(" : "); at != std::string::npos;
           at = tabbed.find(" : ", at + 3)) {
        tabbed[at] = '\t';
        tabbed[at + 2] = '\t';
      }
      const recording fast = record(spaced);
      const recording general = record(tabbed);
      INFO(printable(spaced) << ": " << fast.result.message());
      CHECK(first_difference(general.events, fast.events) == "");
      CHECK(fast.result.code == general.result.code);
      CHECK(fast.result.offset == general.result.offset);
    }
  }
  CHECK(record(documents[1]).result.ok());
  CHECK(record(R"({"a" : })").result.code == ultrajson::parse_error::expected_value);
}
