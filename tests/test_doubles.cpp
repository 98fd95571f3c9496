// Doubles: the writer prints the shortest text that reads back to the same
// double, laid out as Python's repr(float); the parser reads it back
// exactly. Checked on fixed edge values (expected strings are Python's own
// repr output) and on random values (bit patterns and decimal-looking ones)
// against rules that do not depend on how the library computes them.

#include <catch2/catch.hpp>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "support.hpp"

using namespace test_support;

#ifndef ULTRAJSON_TEST_DOUBLE_COUNT
#ifdef ULTRAJSON_TEST_SANITIZED
#define ULTRAJSON_TEST_DOUBLE_COUNT 100000
#else
#define ULTRAJSON_TEST_DOUBLE_COUNT 1000000
#endif
#endif

namespace {

constexpr std::size_t random_count = ULTRAJSON_TEST_DOUBLE_COUNT;

std::string write_double(double value, const ultrajson::write_options& options = {}) {
  ultrajson::writer out(options);
  REQUIRE(out.double_value(value));
  REQUIRE(out.complete());
  return out.str();
}

// The parser's reading of a number document; the event must be a double.
double read_double(std::string_view text) {
  const recording got = record(text);
  INFO("reading " << text << ": " << got.result.message());
  REQUIRE(got.result.ok());
  REQUIRE(got.events.size() == 1);
  REQUIRE(got.events[0].type == event::kind::double_value);
  return double_from_bits(got.events[0].number);
}

// A double printed as repr(float) does it, decomposed.
struct repr_parts {
  bool negative = false;
  std::string digits;  // significant digits, no leading or trailing zeros (or "0")
  int exponent = 0;    // decimal exponent of the first digit
  bool exponent_form = false;
};

// Checks the text is in one of repr's two layouts and decomposes it:
//   fixed:    -?D+.D+     with at least one digit after the point
//   exponent: -?D(.D+)?e[+-]DD+  with one digit before the point
// Returns false (with a reason) when the layout is wrong.
bool parse_repr(const std::string& text, repr_parts& out, std::string& why) {
  std::size_t i = 0;
  if (i < text.size() && text[i] == '-') {
    out.negative = true;
    ++i;
  }
  const std::size_t e = text.find('e');
  std::string mantissa = text.substr(i, e == std::string::npos ? std::string::npos : e - i);
  const std::size_t point = mantissa.find('.');
  std::string integer_part = mantissa.substr(0, point);
  std::string fraction = point == std::string::npos ? "" : mantissa.substr(point + 1);
  for (const char c : integer_part + fraction) {
    if (c < '0' || c > '9') return why = "non-digit in mantissa", false;
  }
  if (integer_part.empty()) return why = "no digit before the point", false;
  if (e == std::string::npos) {
    out.exponent_form = false;
    if (point == std::string::npos || fraction.empty()) return why = "fixed form without .D", false;
    if (integer_part.size() > 1 && integer_part[0] == '0') return why = "leading zero", false;
    if (fraction.size() > 1 && fraction.back() == '0') return why = "trailing zero", false;
  } else {
    out.exponent_form = true;
    if (integer_part.size() != 1)
      return why = "exponent form needs one digit before the point", false;
    if (integer_part == "0") return why = "exponent form with leading 0", false;
    if (point != std::string::npos && (fraction.empty() || fraction.back() == '0')) {
      return why = "exponent form fraction empty or with trailing zero", false;
    }
    const std::string exponent = text.substr(e + 1);
    if (exponent.size() < 3 || (exponent[0] != '+' && exponent[0] != '-')) {
      return why = "exponent needs a sign and at least two digits", false;
    }
    for (std::size_t k = 1; k < exponent.size(); ++k) {
      if (exponent[k] < '0' || exponent[k] > '9') return why = "non-digit in exponent", false;
    }
    if (exponent.size() > 3 && exponent[1] == '0')
      return why = "exponent has a needless zero", false;
  }
  // Significant digits and the decimal exponent of the first one.
  std::string all = integer_part + fraction;
  int exponent = static_cast<int>(integer_part.size()) - 1;
  if (out.exponent_form) exponent += std::atoi(text.c_str() + e + 1);
  std::size_t first = 0;
  while (first + 1 < all.size() && all[first] == '0') {
    ++first;
    --exponent;
  }
  all.erase(0, first);
  while (all.size() > 1 && all.back() == '0') all.pop_back();
  if (all == "0") exponent = 0;
  out.digits = all;
  out.exponent = exponent;
  return true;
}

// repr's rule: exponent form exactly when the decimal exponent is below -4
// or at least 16. As a statement about the value: fixed iff x == 0 or
// 1e-4 <= |x| < 1e16 (1e16 is a double; the double nearest 1e-4 is above
// 1e-4, so no double below it prints as 0.0001).
bool fixed_form_expected(double value) {
  const double magnitude = std::fabs(value);
  return magnitude == 0 || (magnitude >= 1e-4 && magnitude < 1e16);
}

// Checks one finite double: layout, exact read-back by the parser, and, with
// C's correctly rounded printf/strtod as the reference, that no shorter
// digit string reads back to it and the digits are the nearest of their
// length. Returns "" or what is wrong.
std::string check_double(double value) {
  ultrajson::writer out;
  if (!out.double_value(value)) return "writer refused the value";
  const std::string text = out.str();
  repr_parts parts;
  std::string why;
  if (!parse_repr(text, parts, why)) return text + ": bad layout: " + why;
  if (parts.exponent_form == fixed_form_expected(value)) {
    return text + ": wrong layout for its magnitude (fixed vs exponent)";
  }
  if (parts.negative != std::signbit(value)) return text + ": wrong sign";
  // The parser reads it back bit for bit.
  recorder handler;
  const std::vector<char> input = exact_copy(text);
  const ultrajson::parse_result result = ultrajson::parse(view(input), handler);
  if (!result || handler.events.size() != 1 ||
      handler.events[0].type != event::kind::double_value) {
    return text + ": did not re-parse as one double: " + result.message();
  }
  if (handler.events[0].number != bits_of(value)) return text + ": re-parsed to a different double";
  if (value == 0) return parts.digits == "0" ? "" : text + ": zero with digits";
  // The same digits by printf (correctly rounded) and strtod.
  const int n = static_cast<int>(parts.digits.size());
  char reference[64];
  std::snprintf(reference, sizeof reference, "%.*e", n - 1, std::fabs(value));
  std::string ref_digits;
  for (const char* c = reference; *c != 'e'; ++c) {
    if (*c != '.') ref_digits += *c;
  }
  while (ref_digits.size() > 1 && ref_digits.back() == '0') ref_digits.pop_back();
  const int ref_exponent = std::atoi(std::strchr(reference, 'e') + 1);
  // Away from powers of two (where the rounding interval is lopsided) the
  // shortest round-trip digits are also the nearest of their length.
  const bool power_of_two = (bits_of(value) & 0x000FFFFFFFFFFFFFull) == 0;
  if (!power_of_two && (ref_digits != parts.digits || ref_exponent != parts.exponent)) {
    return text + ": digits differ from the nearest " + std::to_string(n) + "-digit decimal " +
           reference;
  }
  if (n > 1) {
    std::snprintf(reference, sizeof reference, "%.*e", n - 2, std::fabs(value));
    if (std::strtod(reference, nullptr) == std::fabs(value)) {
      return text + ": not the shortest: " + reference + " reads back too";
    }
  }
  return "";
}

// What repr prints for a value with these significant digits and exponent:
// an independent statement of Python's float_repr layout.
std::string python_repr(bool negative, std::string digits, int exponent) {
  std::string out = negative ? "-" : "";
  if (exponent < -4 || exponent >= 16) {
    out += digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char tail[16];
    std::snprintf(tail, sizeof tail, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    return out + tail;
  }
  if (exponent < 0)
    return out + "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
  const auto point = static_cast<std::size_t>(exponent) + 1;
  if (digits.size() <= point) return out + digits + std::string(point - digits.size(), '0') + ".0";
  return out + digits.substr(0, point) + "." + digits.substr(point);
}

}  // namespace

TEST_CASE("edge doubles print exactly as Python's repr and read back exactly") {
  struct expectation {
    double value;
    const char* repr;  // python3 -c "print(repr(value))"
  };
  const expectation cases[] = {
      {0.0, "0.0"},
      {-0.0, "-0.0"},
      {1.0, "1.0"},
      {-1.0, "-1.0"},
      {0.1, "0.1"},
      {0.3, "0.3"},
      {1.5, "1.5"},
      {123.456, "123.456"},
      {-1.5e-10, "-1.5e-10"},
      {1e23, "1e+23"},
      {1e22, "1e+22"},
      {1e21, "1e+21"},
      {1e16, "1e+16"},
      {1e15, "1000000000000000.0"},
      {9999999999999998.0, "9999999999999998.0"},
      {0.0001, "0.0001"},
      {0.00011, "0.00011"},
      {1e-05, "1e-05"},
      {1e-07, "1e-07"},
      {1e100, "1e+100"},
      {1.5e300, "1.5e+300"},
      {5e-324, "5e-324"},
      {1.5e-323, "1.5e-323"},
      {std::numeric_limits<double>::denorm_min(), "5e-324"},
      {DBL_MAX, "1.7976931348623157e+308"},
      {-DBL_MAX, "-1.7976931348623157e+308"},
      {DBL_MIN, "2.2250738585072014e-308"},
      {2.225073858507201e-308, "2.225073858507201e-308"},  // the largest subnormal
      {123456789012345680.0, "1.2345678901234568e+17"},
      {9007199254740992.0, "9007199254740992.0"},
      {0.30000000000000004, "0.30000000000000004"},
  };
  for (const expectation& c : cases) {
    INFO("value " << c.repr);
    const std::string text = write_double(c.value);
    CHECK(text == c.repr);
    CHECK(bits_of(read_double(text)) == bits_of(c.value));
    CHECK(check_double(c.value) == "");
  }
}

TEST_CASE("decimal text reads to the correctly rounded double") {
  struct expectation {
    const char* text;
    double value;
  };
  const double inf = std::numeric_limits<double>::infinity();
  const expectation cases[] = {
      // Out of range: overflow to infinity, underflow to (signed) zero, and
      // the halfway point below the smallest subnormal.
      {"1e400", inf},
      {"-1e400", -inf},
      {"1e-400", 0.0},
      {"-1e-400", -0.0},
      {"2.4e-324", 0.0},
      {"2.5e-324", 5e-324},
      {"-2.5e-324", -5e-324},
      {"1.7976931348623157e308", DBL_MAX},
      {"1.7976931348623158e308", DBL_MAX},         // still rounds down to DBL_MAX
      {"1.7976931348623159e308", inf},             // past the halfway point to 2^1024
      {"9007199254740993.0", 9007199254740992.0},  // halfway: ties to even
      {"9007199254740995.0", 9007199254740996.0},
      {"0.1", 0.1},
      {"1E23", 1e23},
      {"1e-7", 1e-07},
      {"0e0", 0.0},
      {"-0.0", -0.0},
      {"0.0e-999999999999999999999", 0.0},
      {"1.000000000000000005", 1.0},
      {"2.2250738585072011e-308", 2.225073858507201e-308},
      {"4.9406564584124654e-324", 5e-324},
      // Zero with any exponent is zero, keeping its sign.
      {"0e400", 0.0},
      {"-0e400", -0.0},
      {"0.000e-400", 0.0},
      {"-0.0E+99999999999", -0.0},
      // Subnormals, and rounding at the bottom of the range.
      {"1e-323", 1e-323},
      {"4e-320", 4e-320},
      {"0.001e-321", 0.0},
      {"100e-330", 0.0},
      {"3e-324", 5e-324},
      {"7.5e-324", 1e-323},
      // Overflow with the magnitude spread between digits and exponent.
      {"10e308", inf},
      {"0.00001e314", inf},
      {"0.00001e313", 1e308},
      {"-1000000000000000000000000e300", -inf},
      {"179769313486231570000000000000000000e273", DBL_MAX},
      // Clinger's fast path (at most 19 digits, |exponent| <= 22) and just
      // outside it.
      {"9007199254740993e22", 9.007199254740993e37},
      {"1234567890123456789e-22", 1.234567890123456789e-4},
      {"12345678901234567890e-22", 1.234567890123456789e-3},
      {"4.5035996273704955e15", 4503599627370495.5},
      {"0.1e-22", 1e-23},
      {"1e22", 1e22},
      {"1e23", 1e23},
      {"8.98846567431158e307", 8.98846567431158e307},
      // Regressions: GCC 12's from_chars rounded these twice in x87
      // registers on 32-bit x86 (one unit in the last place off). Given as
      // hexadecimal literals, which are exact on every target.
      {"2849746107280782e6", 0x1.34f857f3f0967p+71},
      {"1.532359244789548e+24", 0x1.447d5c71ccdc1p+80},
  };
  for (const expectation& c : cases) {
    INFO("text " << c.text);
    CHECK(bits_of(read_double(c.text)) == bits_of(c.value));
  }
  // An integer's text is an integer, exactly, even past 2^53.
  const recording integer = record("9007199254740993");
  REQUIRE(integer.result.ok());
  CHECK(first_difference({ev::int64(9007199254740993)}, integer.events) == "");
  ultrajson::writer out;
  REQUIRE(ultrajson::parse("9007199254740993", out).ok());
  CHECK(out.view() == "9007199254740993");
  CHECK(write_double(read_double("9007199254740993.0")) == "9007199254740992.0");
}

TEST_CASE("non-finite doubles") {
  ultrajson::writer strict;
  CHECK_FALSE(strict.double_value(std::numeric_limits<double>::quiet_NaN()));
  CHECK(strict.error() == ultrajson::write_error::nan_or_infinity);
  ultrajson::write_options allow;
  allow.allow_nan = true;
  CHECK(write_double(std::numeric_limits<double>::quiet_NaN(), allow) == "NaN");
  CHECK(write_double(std::numeric_limits<double>::infinity(), allow) == "Infinity");
  CHECK(write_double(-std::numeric_limits<double>::infinity(), allow) == "-Infinity");
  ultrajson::parse_options literals;
  literals.allow_nan_literals = true;
  const recording got = record("[NaN,Infinity,-Infinity]", literals);
  REQUIRE(got.result.ok());
  REQUIRE(got.events.size() == 5);
  CHECK(std::isnan(double_from_bits(got.events[1].number)));
  CHECK(double_from_bits(got.events[2].number) == std::numeric_limits<double>::infinity());
  CHECK(double_from_bits(got.events[3].number) == -std::numeric_limits<double>::infinity());
  // Only those three spellings, and only with the option.
  CHECK(record("NaN").result.code == ultrajson::parse_error::expected_value);
  CHECK(record("Infinity").result.code == ultrajson::parse_error::expected_value);
  CHECK(record("-Infinity").result.code == ultrajson::parse_error::invalid_number);
  for (const char* bad : {"nan", "NAN", "Infinit", "-Inf", "-NaN", "+Infinity", "infinity"}) {
    INFO(bad);
    CHECK_FALSE(record(bad, literals).result.ok());
  }
  CHECK(record("NaNa", literals).result.code == ultrajson::parse_error::trailing_data);
  CHECK(record("Infinit", literals).result.code == ultrajson::parse_error::invalid_literal);
  CHECK(record("-Inf", literals).result.code == ultrajson::parse_error::invalid_literal);
  // Negative numbers still parse with the option on.
  const recording negative = record("[-1,-0.5,-0]", literals);
  REQUIRE(negative.result.ok());
  CHECK(first_difference(
            {ev::start_array(), ev::int64(-1), ev::dbl(-0.5), ev::int64(0), ev::end_array(3)},
            negative.events) == "");
}

TEST_CASE("random bit patterns: shortest repr, read back bit for bit") {
  std::mt19937_64 random(20240229);
  std::size_t checked = 0, exponent_form = 0;
  for (std::size_t i = 0; i < random_count; ++i) {
    const std::uint64_t bits = random();
    const double value = double_from_bits(bits);
    if (!std::isfinite(value)) continue;
    const std::string problem = check_double(value);
    if (!problem.empty()) {
      INFO("bits 0x" << std::hex << bits);
      FAIL(problem);
    }
    ++checked;
    if (std::fabs(value) >= 1e16 || std::fabs(value) < 1e-4) ++exponent_form;
  }
  INFO("checked " << checked);
  CHECK(checked > random_count * 99 / 100);
  CHECK(exponent_form > 0);
}

TEST_CASE("random values in the fixed-form range: layout switches at 1e-4 and 1e16") {
  // Random bit patterns are nearly all huge or tiny; these sit where repr
  // writes plain decimals, and across both thresholds.
  std::mt19937_64 random(77);
  std::uniform_real_distribution<double> exponent(-7.0, 19.0);
  std::uniform_real_distribution<double> unit(1.0, 10.0);
  for (std::size_t i = 0; i < random_count / 4; ++i) {
    const double value =
        unit(random) * std::pow(10.0, std::floor(exponent(random))) * (i % 2 == 0 ? 1.0 : -1.0);
    const std::string problem = check_double(value);
    if (!problem.empty()) FAIL(problem);
  }
}

TEST_CASE("random decimal-looking values: the digits written are the digits read") {
  // A decimal of at most 15 significant digits is the only decimal of that
  // length in its double's rounding interval, so the shortest repr of the
  // double it reads to has exactly its digits: print(float(s)) gives s back
  // in repr's layout. Also checks the parser against strtod.
  std::mt19937_64 random(4242);
  std::uniform_int_distribution<int> digit_count(1, 15);
  std::uniform_int_distribution<int> digit(0, 9);
  std::uniform_int_distribution<int> nonzero(1, 9);
  std::uniform_int_distribution<int> exponent(-320, 300);
  std::uniform_int_distribution<int> small_exponent(-8, 20);
  for (std::size_t i = 0; i < random_count / 2; ++i) {
    std::string digits(1, static_cast<char>('0' + nonzero(random)));
    const int count = digit_count(random);
    for (int k = 1; k < count; ++k) digits += static_cast<char>('0' + digit(random));
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    const int e = i % 2 == 0 ? exponent(random) : small_exponent(random);
    const bool negative = i % 3 == 0;
    // Below about 2.2e-308 doubles are subnormal and carry fewer digits.
    if (e < -307) continue;
    // Written as JSON in one of three forms, none of them repr's own:
    // "1234e-7", "1.234e-4", or plain "0.0001234" / "123.4" / "1234000.0".
    const int n = static_cast<int>(digits.size());
    std::string text = negative ? "-" : "";
    switch (i % 3) {
      case 0:
        text += digits + "e" + std::to_string(e - n + 1);
        break;
      case 1:
        text += digits.substr(0, 1) + (n > 1 ? "." + digits.substr(1) : "") + "E" +
                (e >= 0 ? "+" : "") + std::to_string(e);
        break;
      default:
        if (e < -30 || e > 30) {
          text += digits + "e" + std::to_string(e - n + 1);
        } else if (e < 0) {
          text += "0." + std::string(static_cast<std::size_t>(-e - 1), '0') + digits;
        } else if (e + 1 < n) {
          text += digits.substr(0, static_cast<std::size_t>(e) + 1) + "." +
                  digits.substr(static_cast<std::size_t>(e) + 1);
        } else {
          text += digits + std::string(static_cast<std::size_t>(e + 1 - n), '0') + ".0";
        }
    }
    const double expected = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(expected)) continue;
    INFO("text " << text);
    const double got = read_double(text);
    if (bits_of(got) != bits_of(expected)) FAIL("parser differs from strtod");
    const std::string written = write_double(got);
    const std::string want = python_repr(negative, digits, e);
    if (written != want) FAIL("written " << written << ", expected " << want);
  }
}

TEST_CASE("doubles of every digit count before and after the point and in the exponent") {
  // Each length of each part, so that every way the digit scan can split a
  // run (whole words, a word cut short, bytes one by one near the end)
  // meets every way the number can end: at the input's end (an exact-size
  // buffer), before ',' and ']' in an array, before '}' in an object.
  std::mt19937_64 random(2026);
  const auto digits = [&random](std::size_t count, bool first_nonzero) {
    std::string text;
    for (std::size_t i = 0; i < count; ++i) {
      const auto low = (i == 0 && first_nonzero) ? 1u : 0u;
      text += static_cast<char>('0' + low + random() % (10 - low));
    }
    return text;
  };
  const char* const exponent_marks[] = {"", "e", "E+", "e-"};
  std::size_t checked = 0;
  for (std::size_t integer_digits = 1; integer_digits <= 21; ++integer_digits) {
    for (std::size_t fraction_digits = 0; fraction_digits <= 21; ++fraction_digits) {
      for (const char* mark : exponent_marks) {
        const std::size_t longest_exponent = *mark ? 4 : 1;
        for (std::size_t exponent_digits = 1; exponent_digits <= longest_exponent;
             ++exponent_digits) {
          std::string text = random() % 2 == 0 ? "-" : "";
          text += digits(integer_digits, integer_digits > 1);
          if (fraction_digits != 0) text += "." + digits(fraction_digits, false);
          if (*mark) text += mark + digits(exponent_digits, false);
          if (fraction_digits == 0 && !*mark) continue;  // an integer
          const std::uint64_t expected = bits_of(std::strtod(text.c_str(), nullptr));
          INFO("number " << text);
          CHECK(bits_of(read_double(text)) == expected);

          const recording array = record("[" + text + "," + text + "]");
          REQUIRE(array.result.ok());
          REQUIRE(array.events.size() == 4);
          CHECK(array.events[1].type == event::kind::double_value);
          CHECK(array.events[1].number == expected);
          CHECK(array.events[2].type == event::kind::double_value);
          CHECK(array.events[2].number == expected);

          const recording object = record("{\"k\":" + text + "}");
          REQUIRE(object.result.ok());
          REQUIRE(object.events.size() == 4);
          CHECK(object.events[2].type == event::kind::double_value);
          CHECK(object.events[2].number == expected);
          ++checked;
        }
      }
    }
  }
  CHECK(checked == 21 * 21 + 21 * 22 * 3 * 4);

  // Cut after the point, the 'e' or the exponent's sign, at the input's
  // end and before a bracket: an invalid number where the digit is missing.
  for (const std::string stem : {"1", "-12", "12345678901234567", "0"}) {
    for (const std::string cut : {".", "e", "E+", "e-", ".5e", ".123456789E-"}) {
      const std::string text = stem + cut;
      INFO("number " << text);
      const recording alone = record(text);
      CHECK(alone.result.code == ultrajson::parse_error::invalid_number);
      CHECK(alone.result.offset == text.size());
      const recording in_array = record("[" + text + "]");
      CHECK(in_array.result.code == ultrajson::parse_error::invalid_number);
      CHECK(in_array.result.offset == text.size() + 1);
    }
  }
}

TEST_CASE("significands beside 2^53, where Clinger's fast path ends, read as strtod reads them") {
  // 2^53 - 1 and 2^53 take the fast path with |exponent| <= 22, 2^53 + 1
  // and above do not; each with the point moved through its digits and
  // exponents on both sides of 22.
  for (const std::string digits :
       {"9007199254740991", "9007199254740992", "9007199254740993", "9007199254740994",
        "18014398509481985"}) {
    for (std::size_t point = 1; point <= digits.size(); ++point) {
      for (const int exponent : {-23, -22, -7, 0, 5, 22, 23}) {
        std::string text = digits.substr(0, point);
        if (point < digits.size()) text += "." + digits.substr(point);
        text += "e" + std::to_string(exponent);
        for (const std::string& number : {text, "-" + text}) {
          INFO("number " << number);
          CHECK(bits_of(read_double(number)) == bits_of(std::strtod(number.c_str(), nullptr)));
        }
      }
    }
  }
}
