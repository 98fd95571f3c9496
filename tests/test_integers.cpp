// Integers: exact in int64 / uint64, larger ones delivered as their text,
// JSON's grammar (no leading zeros, no '+'), and the writer's round trip.

#include <catch2/catch.hpp>

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <ultrajson/detail/format_number.hpp>

#include "support.hpp"

using namespace test_support;
using ultrajson::parse_error;

namespace {

constexpr std::int64_t int64_min = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t int64_max = std::numeric_limits<std::int64_t>::max();
constexpr std::uint64_t uint64_max = std::numeric_limits<std::uint64_t>::max();

// The single event a number document produces.
event number_event(std::string_view text) {
  const recording got = record(text);
  INFO("parsing " << text << ": " << got.result.message());
  REQUIRE(got.result.ok());
  REQUIRE(got.events.size() == 1);
  return got.events[0];
}

// parse(text, writer): the writer's text for the same events.
std::string rewrite(std::string_view text) {
  ultrajson::writer out;
  const ultrajson::parse_result result = ultrajson::parse(text, out);
  INFO("parsing " << text << ": " << result.message());
  REQUIRE(result.ok());
  return out.str();
}

}  // namespace

TEST_CASE("integers land in the right event with the exact value") {
  struct expectation {
    const char* text;
    event expected;
  };
  const expectation cases[] = {
      {"0", ev::int64(0)},
      {"-0", ev::int64(0)},
      {"1", ev::int64(1)},
      {"-1", ev::int64(-1)},
      {"9", ev::int64(9)},
      {"10", ev::int64(10)},
      {"4294967296", ev::int64(4294967296)},
      {"9007199254740993", ev::int64(9007199254740993)},        // 2^53 + 1, exact
      {"999999999999999999", ev::int64(999999999999999999)},    // 18 digits
      {"1000000000000000000", ev::int64(1000000000000000000)},  // 19 digits
      {"9223372036854775807", ev::int64(int64_max)},            // 2^63 - 1
      {"-9223372036854775807", ev::int64(-int64_max)},
      {"-9223372036854775808", ev::int64(int64_min)},               // -2^63
      {"9223372036854775808", ev::uint64(9223372036854775808u)},    // 2^63
      {"9999999999999999999", ev::uint64(9999999999999999999u)},    // 19 nines
      {"10000000000000000000", ev::uint64(10000000000000000000u)},  // 20 digits
      {"18446744073709551615", ev::uint64(uint64_max)},             // 2^64 - 1
      {"-9223372036854775809", ev::big("-9223372036854775809")},    // -2^63 - 1
      {"-9999999999999999999", ev::big("-9999999999999999999")},
      {"-18446744073709551615", ev::big("-18446744073709551615")},
      {"-18446744073709551616", ev::big("-18446744073709551616")},
      {"18446744073709551616", ev::big("18446744073709551616")},  // 2^64
      {"18446744073709551620", ev::big("18446744073709551620")},
      {"19999999999999999999", ev::big("19999999999999999999")},
      {"99999999999999999999", ev::big("99999999999999999999")},    // 20 nines
      {"100000000000000000000", ev::big("100000000000000000000")},  // 21 digits
      {"36893488147419103232", ev::big("36893488147419103232")},    // 2^65: wraps to 0 mod 2^64
      {"-36893488147419103232", ev::big("-36893488147419103232")},
      {"1180591620717411303424", ev::big("1180591620717411303424")},  // 2^70
      {"123456789012345678901234567890123456789012345678901234567890",
       ev::big("123456789012345678901234567890123456789012345678901234567890")},
  };
  for (const expectation& c : cases) {
    INFO("text " << c.text);
    const event got = number_event(c.text);
    CHECK(describe(got) == describe(c.expected));
    CHECK(got == c.expected);
  }
}

TEST_CASE("runs of digits of every length, ending anywhere in a word") {
  // The scanner takes up to eight digits in one word operation: every length
  // of integer and fraction, followed by each byte that can end a number,
  // with room for a whole word after it and without.
  const std::string digits = "9223372036854775807";  // every prefix fits int64
  for (std::size_t length = 1; length <= digits.size(); ++length) {
    const std::string integer = digits.substr(0, length);
    std::int64_t expected = 0;
    for (const char d : integer) expected = expected * 10 + (d - '0');
    // Alone, ending where the text ends (on 32-bit targets the first nine
    // digits go a byte at a time, up to the text's end or a tenth digit);
    // and as a double's integer part, its fraction after it.
    const recording alone = record(integer);
    INFO(integer);
    REQUIRE(alone.result.ok());
    CHECK(alone.events[0] == ev::int64(expected));
    if (length <= 15) {  // x.5 exact in a double
      const recording with_fraction = record(integer + ".5");
      REQUIRE(with_fraction.result.ok());
      CHECK(with_fraction.events[0] == ev::dbl(static_cast<double>(expected) + 0.5));
    }
    for (const char* after : {"]", ",0]", " ]", "\n]"}) {
      for (const std::string& padding : {std::string(), std::string(16, ' ')}) {
        const recording got = record("[" + integer + after + padding);
        INFO(integer << after);
        REQUIRE(got.result.ok());
        CHECK(got.events[1] == ev::int64(expected));
        if (length <= 15) {  // as a double's integer part, with a fraction or an exponent
          for (const char* tail : {".5", "e0"}) {
            const recording part = record("[" + integer + tail + after + padding);
            INFO(integer << tail << after);
            REQUIRE(part.result.ok());
            CHECK(part.events[1] == ev::dbl(static_cast<double>(expected) + (tail[0] == '.' ? 0.5 : 0.0)));
          }
        }
        const std::string fraction = "0." + integer + "e" + std::to_string(length);
        const recording scaled = record("[" + fraction + after + padding);
        INFO(fraction);
        REQUIRE(scaled.result.ok());
        CHECK(scaled.events[1] == ev::dbl(static_cast<double>(expected)));
      }
    }
  }
}

TEST_CASE("numbers with a fraction or exponent are doubles, even when integral") {
  CHECK(number_event("1.0") == ev::dbl(1.0));
  CHECK(number_event("1e2") == ev::dbl(100.0));
  CHECK(number_event("-0.0") == ev::dbl(-0.0));
  CHECK(number_event("1E+2") == ev::dbl(100.0));
  CHECK(number_event("18446744073709551616.0") == ev::dbl(18446744073709551616.0));
}

TEST_CASE("JSON's integer grammar") {
  struct rejection {
    const char* text;
    std::size_t offset;
  };
  const rejection cases[] = {
      {"00", 1}, {"01", 1},  {"-01", 2}, {"-00", 2}, {"007", 1},  {"+1", 0},
      {"-", 1},  {"--1", 1}, {"- 1", 1}, {"1-", 1},  {"0x10", 1}, {"1.", 2},
      {".5", 0}, {"1e", 2},  {"1e+", 3}, {"-a", 1},  {"0.e1", 2},
  };
  for (const rejection& c : cases) {
    const recording got = record(c.text);
    INFO("text " << c.text << ": " << got.result.message());
    CHECK_FALSE(got.result.ok());
    CHECK(got.result.offset == c.offset);
    // No number is delivered, except where the error is what follows one.
    if (got.result.code != parse_error::trailing_data) CHECK(got.events.empty());
  }
  // Leading zeros inside containers, too.
  CHECK(record("[00]").result.code == parse_error::invalid_number);
  CHECK(record("{\"a\":-012}").result.code == parse_error::invalid_number);
  CHECK(record("[0,01]").result.code == parse_error::invalid_number);
  // '+' cannot start a value; "1-" is a number followed by junk.
  CHECK(record("+1").result.code == parse_error::expected_value);
  CHECK(record("1-").result.code == parse_error::trailing_data);
  CHECK(record("-").result.code == parse_error::invalid_number);
}

TEST_CASE("integers delimited by every kind of following byte") {
  // The scanner stops at the number's end whatever follows.
  const recording got = record("[1,22 ,333]\n");
  REQUIRE(got.result.ok());
  CHECK(first_difference(
            {ev::start_array(), ev::int64(1), ev::int64(22), ev::int64(333), ev::end_array(3)},
            got.events) == "");
  const recording object = record("{\"a\":-9223372036854775808,\"b\":18446744073709551615}");
  REQUIRE(object.result.ok());
  CHECK(first_difference({ev::start_object(), ev::key("a"), ev::int64(int64_min), ev::key("b"),
                          ev::uint64(uint64_max), ev::end_object(2)},
                         object.events) == "");
}

TEST_CASE("raw_numbers delivers every number's text unchanged") {
  ultrajson::parse_options raw;
  raw.raw_numbers = true;
  const recording got = record("[0,-0,18446744073709551616,1.50,-2E-3]", raw);
  REQUIRE(got.result.ok());
  CHECK(first_difference(
            {ev::start_array(), ev::raw("0"), ev::raw("-0"), ev::raw("18446744073709551616"),
             ev::raw("1.50"), ev::raw("-2E-3"), ev::end_array(5)},
            got.events) == "");
  // The grammar is still checked.
  CHECK(record("[01]", raw).result.code == parse_error::invalid_number);
}

TEST_CASE("writer: integers round trip exactly") {
  const char* texts[] = {
      "0",
      "1",
      "-1",
      "9007199254740993",
      "9223372036854775807",
      "-9223372036854775808",
      "9223372036854775808",
      "18446744073709551615",
      "-9223372036854775809",
      "18446744073709551616",
      "99999999999999999999",
      "-123456789012345678901234567890123456789012345678901234567890",
  };
  for (const char* text : texts) {
    INFO("text " << text);
    CHECK(rewrite(text) == text);
    const std::string in_array = std::string("[") + text + "," + text + "]";
    CHECK(rewrite(in_array) == in_array);
  }
  CHECK(rewrite("-0") == "0");  // an integer zero has no sign

  ultrajson::writer out;
  REQUIRE(out.start_array());
  REQUIRE(out.int64_value(int64_min));
  REQUIRE(out.int64_value(int64_max));
  REQUIRE(out.uint64_value(uint64_max));
  REQUIRE(out.uint64_value(0));
  REQUIRE(out.big_integer("-18446744073709551616"));
  REQUIRE(out.end_array());
  CHECK(out.view() ==
        "[-9223372036854775808,9223372036854775807,18446744073709551615,0,-18446744073709551616]");
}

TEST_CASE("every int64 power of ten and power of two, and neighbours, round trip") {
  std::size_t checked = 0;
  for (int shift = 0; shift < 64; ++shift) {
    const std::uint64_t power = std::uint64_t{1} << shift;
    for (const std::uint64_t u : {power - 1, power, power + 1}) {
      const std::string text = std::to_string(u);
      const event got = number_event(text);
      if (u <= static_cast<std::uint64_t>(int64_max)) {
        CHECK(got == ev::int64(static_cast<std::int64_t>(u)));
        const std::string negative = "-" + text;
        CHECK(number_event(negative) == ev::int64(-static_cast<std::int64_t>(u)));
        CHECK(rewrite(negative) == (u == 0 ? "0" : negative));
      } else {
        CHECK(got == ev::uint64(u));
      }
      CHECK(rewrite(text) == text);
      ++checked;
    }
  }
  std::uint64_t power = 1;
  for (int digits = 1; digits <= 19; ++digits, power *= 10) {
    for (const std::uint64_t u : {power - 1, power, power + 1}) {
      const std::string text = std::to_string(u);
      CHECK(rewrite(text) == text);
      ++checked;
    }
  }
  CHECK(checked == 64 * 3 + 19 * 3);
}

// The writer formats integers itself: every length and sign, against
// std::to_string, including 10^19 and its neighbours (twenty digits).
TEST_CASE("writer: random integers of every length match std::to_string") {
  std::mt19937_64 random(2026);
  const auto written = [](auto value) {
    ultrajson::writer out;
    if constexpr (std::is_signed_v<decltype(value)>) {
      REQUIRE(out.int64_value(value));
    } else {
      REQUIRE(out.uint64_value(value));
    }
    return std::string(out.view());
  };
  std::size_t checked = 0;
  for (int bits = 1; bits <= 64; ++bits) {
    for (int round = 0; round < 300; ++round) {
      const std::uint64_t u = random() >> (64 - bits);
      const auto i = static_cast<std::int64_t>(u);
      const std::int64_t negated = i == int64_min ? i : -i;
      if (written(u) != std::to_string(u) || written(i) != std::to_string(i) ||
          written(negated) != std::to_string(negated)) {
        FAIL("integer " << u << " written wrongly");
      }
      ++checked;
    }
  }
  const std::uint64_t ten_to_19 = 10000000000000000000u;
  for (const std::uint64_t u : {ten_to_19 - 1, ten_to_19, ten_to_19 + 1}) {
    CHECK(written(u) == std::to_string(u));
  }
  CHECK(checked == 64 * 300);
}

TEST_CASE("writer: integers on both sides of every digit count match std::to_string") {
  // The writer counts digits by comparing with powers of ten, not from the
  // digits it makes: an off-by-one there shows only at these values.
  const auto written = [](std::uint64_t value) {
    ultrajson::writer out;
    REQUIRE(out.uint64_value(value));
    return std::string(out.view());
  };
  std::vector<std::uint64_t> values;
  std::uint64_t power = 1;  // 10^0 .. 10^19
  for (int digits = 1; digits <= 20; ++digits, power *= 10) {
    values.insert(values.end(), {power - 1, power, power + 1});
    if (digits < 20) values.insert(values.end(), {power * 9, power * 10 - 1});
  }
  values.push_back(std::numeric_limits<std::uint64_t>::max());
  for (const std::uint64_t value : values) {
    INFO("value " << value);
    CHECK(written(value) == std::to_string(value));
    if (value <= std::uint64_t{1} << 63) {
      ultrajson::writer out;
      REQUIRE(out.int64_value(static_cast<std::int64_t>(std::uint64_t{0} - value)));
      CHECK(out.view() == std::to_string(static_cast<std::int64_t>(std::uint64_t{0} - value)));
    }
  }
}

TEST_CASE("writer: integers of 9 to 16 digits on both sides of 2^32 match std::to_string") {
  // format_unsigned takes values below 2^32 from a fixed-point quotient and
  // larger ones by dividing by 10^8: both sides of the switch, and of each
  // digit count.
  const auto written = [](std::uint64_t value) {
    ultrajson::writer out;
    REQUIRE(out.uint64_value(value));
    return std::string(out.view());
  };
  const std::uint64_t two_to_32 = std::uint64_t{1} << 32;
  std::vector<std::uint64_t> values;
  for (std::uint64_t near = 0; near < 300; ++near) {
    values.push_back(two_to_32 - 150 + near);
  }
  std::uint64_t power = 100000000;  // 10^8 .. 10^16
  for (int digits = 9; digits <= 17; ++digits, power *= 10) {
    for (std::uint64_t offset : {0u, 1u, 2u, 99999999u, 100000000u, 100000001u}) {
      values.push_back(power + offset);
      if (offset < power - 1) values.push_back(power - 1 - offset);
    }
    values.push_back(power * 4 + 294967295u);
  }
  std::mt19937_64 random(20261202);
  for (int round = 0; round < 3000; ++round) {
    values.push_back(100000000 + random() % (two_to_32 * 4));
  }
  for (const std::uint64_t value : values) {
    INFO("value " << value);
    CHECK(written(value) == std::to_string(value));
    const auto negative = -static_cast<std::int64_t>(value);
    ultrajson::writer out;
    REQUIRE(out.int64_value(negative));
    CHECK(out.view() == std::to_string(negative));
  }
}

TEST_CASE("integers of five to ten digits below 2^32 match std::to_chars by the million") {
  // format_unsigned reads these digits from a fixed-point quotient whose
  // rounding error must stay below a digit's unit: this checks every value
  // of five and six digits, the ends of each fixed-point range and of each
  // digit count, and random values between (every value below 2^32 when
  // ULTRAJSON_INTEGER_TEST_ALL is set: the proof run, about a minute).
  const auto check = [](std::uint32_t value) {
    char ours[ultrajson::detail::max_number_chars];
    char expected[16];
    const std::string_view ours_text(
        ours, static_cast<std::size_t>(ultrajson::detail::format_unsigned(ours, value) - ours));
    const std::string_view expected_text(
        expected,
        static_cast<std::size_t>(std::to_chars(expected, expected + sizeof expected, value).ptr - expected));
    if (ours_text != expected_text) FAIL("integer " << value << " formatted as " << ours_text);
  };
  constexpr std::uint32_t largest = 0xFFFFFFFFu;
  if (std::getenv("ULTRAJSON_INTEGER_TEST_ALL") != nullptr) {
    std::uint64_t every = 0;
    for (std::uint32_t value = 0;; ++value, ++every) {
      check(value);
      if (value == largest) break;
    }
    CHECK(every == largest);
    return;
  }
#ifdef ULTRAJSON_TEST_SANITIZED
  constexpr std::uint32_t span = 100000;
#else
  constexpr std::uint32_t span = 1000000;
#endif
  std::size_t checked = 0;
  for (std::uint32_t value = 10000; value < 1000000; ++value, ++checked) check(value);
  // Each digit count's first and last values, and the largest values, where
  // the fixed point's error is largest.
  for (std::uint32_t offset = 0; offset < span; ++offset) {
    for (const std::uint32_t power : {10000000u, 100000000u, 1000000000u}) {
      check(power - 1 - offset);
      check(power + offset);
      checked += 2;
    }
    check(largest - offset);
    ++checked;
  }
  std::mt19937 random(20261207);
  for (std::uint32_t round = 0; round < 4 * span; ++round, ++checked) {
    // Any length: a random value cut to a random number of bits.
    const auto value = static_cast<std::uint32_t>(random());
    check(value >> (round % 20));
  }
  CHECK(checked == 990000 + 11 * std::size_t{span});
}
