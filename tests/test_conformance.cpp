// JSONTestSuite (nst/JSONTestSuite): every y_ file accepted, every n_ file
// rejected, every i_ file given the result this file documents, the
// test_transform files decoded to the events written out below, and every
// file cut at every length parsed from an exact-size buffer (under
// ULTRAJSON_SANITIZE, AddressSanitizer proves no read past the end).

#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <iostream>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "support.hpp"

namespace fs = std::filesystem;
using namespace test_support;
using ultrajson::parse_error;
using ultrajson::parse_options;

namespace {

std::string name_of(const fs::path& file) { return file.filename().string(); }

bool starts_with(const std::string& text, std::string_view prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

// Line and column recomputed here from the offset, to check the parser's.
void check_position(std::string_view text, const ultrajson::parse_result& result) {
  REQUIRE(result.offset <= text.size());
  std::size_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < result.offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  CHECK(result.line == line);
  CHECK(result.column == result.offset - line_start + 1);
  CHECK_FALSE(result.message().empty());
}

// The implementation-defined (i_) files: what ultrajson does with each, by
// default and with parse_options::allow_lone_surrogates. This table is the
// documentation of those choices; the test keeps it true.
struct i_expectation {
  bool accepted;                  // with the default options
  parse_error error;              // when rejected by default
  bool accepted_with_surrogates;  // with allow_lone_surrogates = true
  std::vector<event> events;      // when accepted by default (empty: not checked)
};

std::map<std::string, i_expectation> implementation_defined() {
  const double inf = std::numeric_limits<double>::infinity();
  const auto in_array = [](event value) {
    return std::vector<event>{ev::start_array(), std::move(value), ev::end_array(1)};
  };
  const parse_error surrogate = parse_error::lone_surrogate;
  const parse_error utf8 = parse_error::invalid_utf8;
  const parse_error value = parse_error::expected_value;
  return {
      // Numbers beyond double's range become infinities or zeros (as
      // Python's float() does); integers beyond 64 bits arrive as text.
      {"i_number_double_huge_neg_exp.json", {true, {}, true, in_array(ev::dbl(0.0))}},
      {"i_number_huge_exp.json", {true, {}, true, in_array(ev::dbl(inf))}},
      {"i_number_neg_int_huge_exp.json", {true, {}, true, in_array(ev::dbl(-inf))}},
      {"i_number_pos_double_huge_exp.json", {true, {}, true, in_array(ev::dbl(inf))}},
      {"i_number_real_neg_overflow.json", {true, {}, true, in_array(ev::dbl(-inf))}},
      {"i_number_real_pos_overflow.json", {true, {}, true, in_array(ev::dbl(inf))}},
      {"i_number_real_underflow.json", {true, {}, true, in_array(ev::dbl(0.0))}},
      {"i_number_too_big_neg_int.json",
       {true, {}, true, in_array(ev::big("-123123123123123123123123123123"))}},
      {"i_number_too_big_pos_int.json",
       {true, {}, true, in_array(ev::big("100000000000000000000"))}},
      {"i_number_very_big_negative_int.json",
       {true, {}, true, in_array(ev::big("-237462374673276894279832749832423479823246327846"))}},
      // 500 levels is within the default max_depth of 1024.
      {"i_structure_500_nested_arrays.json", {true, {}, true, {}}},
      // Escaped lone surrogates: rejected, or passed through as WTF-8 on request.
      {"i_object_key_lone_2nd_surrogate.json", {false, surrogate, true, {}}},
      {"i_string_1st_surrogate_but_2nd_missing.json", {false, surrogate, true, {}}},
      {"i_string_1st_valid_surrogate_2nd_invalid.json", {false, surrogate, true, {}}},
      {"i_string_incomplete_surrogate_and_escape_valid.json", {false, surrogate, true, {}}},
      {"i_string_incomplete_surrogate_pair.json", {false, surrogate, true, {}}},
      {"i_string_incomplete_surrogates_escape_valid.json", {false, surrogate, true, {}}},
      {"i_string_invalid_lonely_surrogate.json", {false, surrogate, true, {}}},
      {"i_string_invalid_surrogate.json", {false, surrogate, true, {}}},
      {"i_string_inverted_surrogates_U+1D11E.json", {false, surrogate, true, {}}},
      {"i_string_lone_second_surrogate.json", {false, surrogate, true, {}}},
      // Bytes that are not UTF-8 are rejected, surrogates encoded in UTF-8
      // (ED A0 80) included: allow_lone_surrogates is about escapes only
      // (allow_wtf8_input admits ED A0 80, checked separately).
      {"i_string_UTF-8_invalid_sequence.json", {false, utf8, false, {}}},
      {"i_string_UTF8_surrogate_U+D800.json", {false, utf8, false, {}}},
      {"i_string_invalid_utf-8.json", {false, utf8, false, {}}},
      {"i_string_iso_latin_1.json", {false, utf8, false, {}}},
      {"i_string_lone_utf8_continuation_byte.json", {false, utf8, false, {}}},
      {"i_string_not_in_unicode_range.json", {false, utf8, false, {}}},
      {"i_string_overlong_sequence_2_bytes.json", {false, utf8, false, {}}},
      {"i_string_overlong_sequence_6_bytes.json", {false, utf8, false, {}}},
      {"i_string_overlong_sequence_6_bytes_null.json", {false, utf8, false, {}}},
      {"i_string_truncated-utf-8.json", {false, utf8, false, {}}},
      // Only UTF-8 input, and no byte order mark.
      {"i_string_UTF-16LE_with_BOM.json", {false, value, false, {}}},
      {"i_string_utf16BE_no_BOM.json", {false, value, false, {}}},
      {"i_string_utf16LE_no_BOM.json", {false, value, false, {}}},
      {"i_structure_UTF-8_BOM_empty_object.json", {false, value, false, {}}},
  };
}

}  // namespace

TEST_CASE("JSONTestSuite test_parsing: y_ accepted, n_ rejected, i_ as documented") {
  const auto dir = require_data("JSONTestSuite/test_parsing");
  if (!dir) return;
  const auto table = implementation_defined();

  std::size_t y_total = 0, y_accepted = 0;
  std::size_t n_total = 0, n_rejected = 0;
  std::size_t i_total = 0, i_accepted = 0, i_rejected = 0, i_accepted_surrogates = 0;
  std::map<std::string, bool> i_seen;

  for (const fs::path& file : list_files(*dir)) {
    const std::string name = name_of(file);
    const std::vector<char> bytes = read_file(file);
    INFO("file " << name << ": " << printable(view(bytes).substr(0, 200)));
    recorder handler;
    const ultrajson::parse_result result = ultrajson::parse(view(bytes), handler);
    INFO("result: " << result.message());
    if (!result) check_position(view(bytes), result);

    if (starts_with(name, "y_")) {
      ++y_total;
      CHECK(result.ok());
      if (result) ++y_accepted;
      // Accepted documents stay accepted with every extension switched on.
      parse_options all;
      all.allow_nan_literals = true;
      all.allow_lone_surrogates = true;
      all.allow_wtf8_input = true;
      all.raw_numbers = true;
      recorder other;
      CHECK(ultrajson::parse(view(bytes), other, all).ok());
    } else if (starts_with(name, "n_")) {
      ++n_total;
      CHECK_FALSE(result.ok());
      if (!result) ++n_rejected;
      CHECK(result.code != parse_error::stopped_by_handler);
    } else if (starts_with(name, "i_")) {
      ++i_total;
      (result ? i_accepted : i_rejected) += 1;
      const auto expected = table.find(name);
      // A new i_ file in the suite must be given its documented result here.
      REQUIRE(expected != table.end());
      i_seen[name] = true;
      CHECK(result.ok() == expected->second.accepted);
      if (!expected->second.accepted) CHECK(result.code == expected->second.error);
      if (result && !expected->second.events.empty()) {
        const std::string difference = first_difference(expected->second.events, handler.events);
        CHECK(difference == "");
      }
      parse_options surrogates;
      surrogates.allow_lone_surrogates = true;
      recorder other;
      const bool accepted_with = ultrajson::parse(view(bytes), other, surrogates).ok();
      CHECK(accepted_with == expected->second.accepted_with_surrogates);
      if (accepted_with) ++i_accepted_surrogates;
      // allow_wtf8_input admits surrogates encoded in the input bytes: it
      // changes the verdict on exactly one file.
      parse_options wtf8;
      wtf8.allow_wtf8_input = true;
      recorder third;
      const bool accepted_wtf8 = ultrajson::parse(view(bytes), third, wtf8).ok();
      CHECK(accepted_wtf8 ==
            (expected->second.accepted || name == "i_string_UTF8_surrogate_U+D800.json"));
    } else {
      FAIL("unexpected file name " << name);
    }
  }

  std::cout << "JSONTestSuite: y accepted " << y_accepted << "/" << y_total << ", n rejected "
            << n_rejected << "/" << n_total << ", i accepted " << i_accepted << " / rejected "
            << i_rejected << " (with allow_lone_surrogates: accepted " << i_accepted_surrogates
            << " / rejected " << i_total - i_accepted_surrogates << ")\n";
  // The suite's own counts: a missing or extra file is worth knowing about.
  CHECK(y_total == 95);
  CHECK(n_total == 188);
  CHECK(i_total == 35);
  CHECK(y_accepted == y_total);
  CHECK(n_rejected == n_total);
  CHECK(i_seen.size() == table.size());
}

TEST_CASE("JSONTestSuite test_transform: what the decoder returns") {
  const auto dir = require_data("JSONTestSuite/test_transform");
  if (!dir) return;
  using V = std::vector<event>;
  const auto in_array = [](event value) {
    return V{ev::start_array(), std::move(value), ev::end_array(1)};
  };
  const V lone_rejected{};  // marker: rejected by default
  // Expected events by default; "with surrogates" below for the escapes.
  const std::map<std::string, V> expected{
      {"number_-9223372036854775808.json",
       in_array(ev::int64(std::numeric_limits<std::int64_t>::min()))},
      {"number_-9223372036854775809.json", in_array(ev::big("-9223372036854775809"))},
      {"number_1.0.json", in_array(ev::dbl(1.0))},
      {"number_1.000000000000000005.json", in_array(ev::dbl(1.0))},
      {"number_1000000000000000.json", in_array(ev::int64(1000000000000000))},
      {"number_10000000000000000999.json", in_array(ev::uint64(10000000000000000999u))},
      {"number_1e-999.json", in_array(ev::dbl(0.0))},
      {"number_1e6.json", in_array(ev::dbl(1e6))},
      {"number_9223372036854775807.json",
       in_array(ev::int64(std::numeric_limits<std::int64_t>::max()))},
      {"number_9223372036854775808.json", in_array(ev::uint64(9223372036854775808u))},
      // Keys arrive byte for byte (no Unicode normalisation) and duplicates
      // are all delivered, in order: the handler decides.
      {"object_key_nfc_nfd.json", V{ev::start_object(), ev::key("\xC3\xA9"), ev::str("NFC"),
                                    ev::key("e\xCC\x81"), ev::str("NFD"), ev::end_object(2)}},
      {"object_key_nfd_nfc.json", V{ev::start_object(), ev::key("e\xCC\x81"), ev::str("NFD"),
                                    ev::key("\xC3\xA9"), ev::str("NFC"), ev::end_object(2)}},
      {"object_same_key_different_values.json", V{ev::start_object(), ev::key("a"), ev::int64(1),
                                                  ev::key("a"), ev::int64(2), ev::end_object(2)}},
      {"object_same_key_same_value.json", V{ev::start_object(), ev::key("a"), ev::int64(1),
                                            ev::key("a"), ev::int64(1), ev::end_object(2)}},
      // "-0" is an integer: int64 zero (the sign of an integer zero is lost).
      {"object_same_key_unclear_values.json", V{ev::start_object(), ev::key("a"), ev::int64(0),
                                                ev::key("a"), ev::int64(0), ev::end_object(2)}},
      {"string_with_escaped_NULL.json", in_array(ev::str(std::string("A\0B", 3)))},
      {"string_1_escaped_invalid_codepoint.json", lone_rejected},
      {"string_2_escaped_invalid_codepoints.json", lone_rejected},
      {"string_3_escaped_invalid_codepoints.json", lone_rejected},
      {"string_1_invalid_codepoint.json", lone_rejected},
      {"string_2_invalid_codepoints.json", lone_rejected},
      {"string_3_invalid_codepoints.json", lone_rejected},
  };
  // With allow_lone_surrogates the escapes pass through as WTF-8; surrogates
  // encoded in the input bytes stay invalid UTF-8.
  const std::string d800 = "\xED\xA0\x80";
  const std::map<std::string, std::pair<parse_error, V>> surrogate_files{
      {"string_1_escaped_invalid_codepoint.json",
       {parse_error::lone_surrogate, in_array(ev::str(d800))}},
      {"string_2_escaped_invalid_codepoints.json",
       {parse_error::lone_surrogate, in_array(ev::str(d800 + d800))}},
      {"string_3_escaped_invalid_codepoints.json",
       {parse_error::lone_surrogate, in_array(ev::str(d800 + d800 + d800))}},
      {"string_1_invalid_codepoint.json", {parse_error::invalid_utf8, {}}},
      {"string_2_invalid_codepoints.json", {parse_error::invalid_utf8, {}}},
      {"string_3_invalid_codepoints.json", {parse_error::invalid_utf8, {}}},
  };

  std::size_t files = 0;
  for (const fs::path& file : list_files(*dir)) {
    const std::string name = name_of(file);
    const std::vector<char> bytes = read_file(file);
    INFO("file " << name << ": " << printable(view(bytes)));
    const auto want = expected.find(name);
    REQUIRE(want != expected.end());
    ++files;
    const recording got = record(view(bytes));
    INFO("result: " << got.result.message() << "; events " << describe(got.events));
    const auto surrogate = surrogate_files.find(name);
    if (surrogate == surrogate_files.end()) {
      REQUIRE(got.result.ok());
      CHECK(first_difference(want->second, got.events) == "");
      continue;
    }
    CHECK(got.result.code == surrogate->second.first);
    parse_options options;
    options.allow_lone_surrogates = true;
    const recording with = record(view(bytes), options);
    INFO("with allow_lone_surrogates: " << with.result.message() << "; events "
                                        << describe(with.events));
    if (surrogate->second.second.empty()) {
      CHECK(with.result.code == parse_error::invalid_utf8);
      // allow_wtf8_input delivers the bytes as they are.
      parse_options wtf8;
      wtf8.allow_wtf8_input = true;
      const recording raw = record(view(bytes), wtf8);
      REQUIRE(raw.result.ok());
      const std::string_view whole = view(bytes);
      const std::size_t open = whole.find('"') + 1;
      CHECK(first_difference(in_array(ev::str(whole.substr(open, whole.rfind('"') - open))),
                             raw.events) == "");
    } else {
      REQUIRE(with.result.ok());
      CHECK(first_difference(surrogate->second.second, with.events) == "");
    }
  }
  CHECK(files == expected.size());
}

// Every file, cut at every length (a sample of lengths for the two large
// ones), parsed from a buffer of exactly that many bytes under every option
// set. Nothing may crash or read past the end, errors must lie inside the
// input, and a y_ document cut before its closing byte must be rejected.
TEST_CASE("JSONTestSuite: every prefix of every file, from exact-size buffers") {
  const auto dir = require_data("JSONTestSuite");
  if (!dir) return;
  std::vector<fs::path> files = list_files(*dir / "test_parsing");
  for (const fs::path& file : list_files(*dir / "test_transform")) files.push_back(file);

  parse_options extensions;
  extensions.allow_nan_literals = true;
  extensions.allow_lone_surrogates = true;
  extensions.allow_wtf8_input = true;
  extensions.raw_numbers = true;
  parse_options small_depth;
  small_depth.max_depth = 3;
  const parse_options option_sets[] = {parse_options{}, extensions, small_depth};

  std::size_t parses = 0;
  for (const fs::path& file : files) {
    const std::string name = name_of(file);
    const std::vector<char> bytes = read_file(file);
    const std::string_view whole = view(bytes);
    // Where the document's last significant byte is, for the y_ check.
    std::size_t last = whole.size();
    while (last > 0 && (whole[last - 1] == ' ' || whole[last - 1] == '\n' ||
                        whole[last - 1] == '\r' || whole[last - 1] == '\t')) {
      --last;
    }
    const bool must_be_whole =
        starts_with(name, "y_") && last > 0 &&
        std::string_view("]}\"el").find(whole[last - 1]) != std::string_view::npos;

    std::vector<std::size_t> lengths;
    if (bytes.size() <= 4096) {
      for (std::size_t n = 0; n <= bytes.size(); ++n) lengths.push_back(n);
    } else {
      for (std::size_t n = 0; n <= 2100; ++n) lengths.push_back(n);
      for (std::size_t n = 2100; n < bytes.size(); n += 997) lengths.push_back(n);
      lengths.push_back(bytes.size() - 1);
      lengths.push_back(bytes.size());
    }
    for (const std::size_t n : lengths) {
      const std::vector<char> prefix = exact_copy(whole.substr(0, n));
      for (const parse_options& options : option_sets) {
        recorder handler;
        const ultrajson::parse_result result = ultrajson::parse(view(prefix), handler, options);
        ++parses;
        if (!result) {
          INFO("file " << name << " cut at " << n << ": " << result.message());
          REQUIRE(result.offset <= n);
          REQUIRE(result.line >= 1);
          REQUIRE(result.column >= 1);
          REQUIRE(result.column <= result.offset + 1);
        } else if (must_be_whole && n < last) {
          FAIL("file " << name << " cut at " << n << " of " << bytes.size()
                       << " was accepted: " << printable(view(prefix)));
        }
      }
    }
  }
  INFO("parses: " << parses);
  CHECK(parses > 10000);
}
