// The double conversions of detail/ (decimal_to_double.hpp: Eisel-Lemire
// with an exact big-integer fallback; double_to_decimal.hpp: Schubfach)
// against oracles that do not share their code:
//   - parsing: C's strtod (glibc's is correctly rounded for any number of
//     digits, on 32-bit x86 too: it works in integers);
//   - printing: std::to_chars's shortest scientific form (libstdc++'s is
//     integer-based Ryu, correct on 32-bit x86 too), and strtod reading the
//     text back. std::from_chars is not an oracle: on 32-bit x86 GCC 12's
//     rounds twice in x87 registers.
// The random tests run ULTRAJSON_DOUBLE_TEST_COUNT cases each (environment;
// defaults below keep CI short): the proof runs set it to 100000000, or run
// shards of it with different ULTRAJSON_DOUBLE_TEST_SEED values.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <string_view>

#include <ultrajson/detail/format_number.hpp>
#include <ultrajson/detail/number_scan.hpp>
#include <ultrajson/detail/powers_of_ten.hpp>
#include <ultrajson/detail/wide_multiply.hpp>

#include "support.hpp"

using test_support::bits_of;
using test_support::double_from_bits;
namespace detail = ultrajson::detail;

namespace {

std::size_t oracle_count() {
  if (const char* text = std::getenv("ULTRAJSON_DOUBLE_TEST_COUNT")) {
    return static_cast<std::size_t>(std::strtoull(text, nullptr, 10));
  }
#ifdef ULTRAJSON_TEST_SANITIZED
  return 200000;
#else
  return 2000000;
#endif
}

// Added to every random generator's seed, so that shards see other cases.
std::uint64_t oracle_seed() {
  const char* text = std::getenv("ULTRAJSON_DOUBLE_TEST_SEED");
  return text != nullptr ? std::strtoull(text, nullptr, 10) : 0;
}

// Our parser's reading of a JSON number (the whole text must be one).
double parse_ours(const std::string& text) {
  detail::scanned_number number;
  const char* p = text.data();
  const ultrajson::parse_error error = detail::scan_number(p, text.data() + text.size(), number);
  if (error != ultrajson::parse_error::none || p != text.data() + text.size() ||
      number.type != detail::scanned_number::kind::floating) {
    FAIL("not a floating JSON number: " << text);
  }
  return number.floating;
}

std::string print_ours(double value) {
  char buffer[detail::max_number_chars];
  return std::string(buffer, detail::format_double(buffer, value));
}

// Shortest significant digits and the decimal exponent of the first one.
struct digits_and_exponent {
  std::string digits;
  int exponent = 0;
  friend bool operator==(const digits_and_exponent& a, const digits_and_exponent& b) {
    return a.digits == b.digits && a.exponent == b.exponent;
  }
};

digits_and_exponent shortest_oracle(double positive) {
  char buffer[64];
  const char* end =
      std::to_chars(buffer, buffer + sizeof buffer, positive, std::chars_format::scientific).ptr;
  digits_and_exponent out;
  const char* p = buffer;
  for (; *p != 'e'; ++p) {
    if (*p != '.') out.digits += *p;
  }
  while (out.digits.size() > 1 && out.digits.back() == '0') out.digits.pop_back();
  out.exponent = std::atoi(std::string(p + 1, end).c_str());
  return out;
}

digits_and_exponent shortest_ours(double positive) {
  const detail::shortest_decimal decimal = detail::double_to_decimal(positive);
  digits_and_exponent out{std::to_string(decimal.significand), 0};
  out.exponent = decimal.exponent + static_cast<int>(out.digits.size()) - 1;
  while (out.digits.size() > 1 && out.digits.back() == '0') out.digits.pop_back();
  return out;
}

// How Python's repr lays out shortest digits (written here from its rules,
// sharing nothing with format_double): positional when the first digit's
// exponent is in [-4, 16), at least one digit after the point; else
// d.ddde+XX with at least two exponent digits.
std::string repr_layout(const digits_and_exponent& shortest, bool negative) {
  const std::string& digits = shortest.digits;
  const int exponent = shortest.exponent;
  std::string text = negative ? "-" : "";
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return text + "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    const auto point = static_cast<std::size_t>(exponent) + 1;
    if (digits.size() <= point) return text + digits + std::string(point - digits.size(), '0') + ".0";
    return text + digits.substr(0, point) + "." + digits.substr(point);
  }
  text += digits.substr(0, 1);
  if (digits.size() > 1) text += "." + digits.substr(1);
  const int magnitude = exponent < 0 ? -exponent : exponent;
  return text + (exponent < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") + std::to_string(magnitude);
}

std::string hex(std::uint64_t bits) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "0x%016llx", static_cast<unsigned long long>(bits));
  return buffer;
}

// "" or what is wrong with printing this finite double.
std::string check_print(double value) {
  const std::string text = print_ours(value);
  const double back = std::strtod(text.c_str(), nullptr);
  if (bits_of(back) != bits_of(value)) return text + " reads back (strtod) as another double";
  if (bits_of(parse_ours(text)) != bits_of(value)) return text + " reads back (ours) differently";
  if (value != 0) {
    const double magnitude = std::fabs(value);
    const digits_and_exponent ours = shortest_ours(magnitude), oracle = shortest_oracle(magnitude);
    if (!(ours == oracle)) {
      return text + ": digits " + ours.digits + "e" + std::to_string(ours.exponent) +
             ", to_chars " + oracle.digits + "e" + std::to_string(oracle.exponent);
    }
    const std::string expected = repr_layout(oracle, value < 0);
    if (text != expected) return text + ": repr lays these digits out as " + expected;
  }
  return "";
}

// "" or how our parse of text differs from strtod's.
std::string check_parse(const std::string& text) {
  const double expected = std::strtod(text.c_str(), nullptr);
  const double got = parse_ours(text);
  if (bits_of(got) == bits_of(expected)) return "";
  return text + ": ours " + hex(bits_of(got)) + ", strtod " + hex(bits_of(expected));
}

// The exact decimal expansion of the point halfway between a finite
// positive double and the next one up (or 2^1024 above DBL_MAX), in
// scientific form with all its digits (up to 768 significant ones). Needs a
// long double with at least 54 significand bits (x87's 64, or quad).
constexpr bool exact_halfways = std::numeric_limits<long double>::digits >= 54 &&
                                std::numeric_limits<long double>::max_exponent > 1024;

std::string halfway_above(double value) {
  const int exponent = std::ilogb(value) < -1022 ? -1074 : std::ilogb(value) - 52;
  const long double half_ulp = std::ldexp(1.0L, exponent - 1);
  char buffer[1000];
  std::snprintf(buffer, sizeof buffer, "%.800Le", static_cast<long double>(value) + half_ulp);
  std::string text = buffer;
  const std::size_t e = text.find('e');
  std::string mantissa = text.substr(0, e);
  while (mantissa.back() == '0') mantissa.pop_back();
  if (mantissa.back() == '.') mantissa.pop_back();
  return mantissa + text.substr(e);
}

// The same decimal nudged just above or just below itself.
std::string nudged(const std::string& exact, bool up, std::size_t extra_digits) {
  const std::size_t e = exact.find('e');
  std::string mantissa = exact.substr(0, e);
  if (mantissa.find('.') == std::string::npos) mantissa += '.';
  if (up) {
    mantissa += std::string(extra_digits, '0') + "1";
  } else {
    // Last digit down by one, then nines: just below (the last digit of a
    // trimmed expansion is nonzero).
    std::size_t last = mantissa.size() - 1;
    if (mantissa[last] == '.') --last;
    --mantissa[last];
    mantissa += std::string(extra_digits + 1, '9');
  }
  return mantissa + exact.substr(e);
}

// Decimals known to be hard to convert, in either direction.
const char* const hard_decimals[] = {
    // Halfway and next to it; ties to even.
    "9007199254740993e0", "9007199254740993.0", "9007199254740993.000000000000000000000000001",
    "9007199254740992.999999999999999999999999999", "9007199254740995e0",
    "4.5035996273704955e15", "1e23", "8.589973e9", "1.00000000000000011102230246251565404236316680908203125",
    "1.00000000000000011102230246251565404236316680908203124",
    "1.00000000000000011102230246251565404236316680908203126",
    // The ends of the range: DBL_MAX and its halfway point to 2^1024,
    // DBL_MIN, the largest subnormal, 2^-1074 and half of it.
    "1.7976931348623157e308", "1.7976931348623158e308",
    "1.7976931348623158079372897140530341507993413271003782693617377898044496829276475094664e308",
    "1.797693134862315807937289714053034150799341327100378269361737789804449682927647509466e308",
    "1.7976931348623159e308", "2.2250738585072014e-308", "2.2250738585072011e-308",
    "2.2250738585072012e-308", "2.225073858507201136057409796709131975934819546351645648e-308",
    "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "2.47032822920623272088284396434110686182529901307162382212792841250337753635104375932649918180817996189898282347722858865463328355177969898199387398005390939063150356595155702263922908583924491051844359318028499365361525003193704576782492193656236698636584807570015857692699037063119282795585513329278343384093519780155312465972635795746227664652728272200563740064854999770965994704540208281662262378573934507363390079677619305775067401763246736009689513405355374585166611342237666786041621596804619144672918403005300575308490487653917113865916462395249126236538818796362393732804238910186723484976682350898633885879256283027559956575244555072551893136908362547791869486679949683240497058210285131854513962138377228261454376934125320985913276672363281255e-324",
    "2.47032822920623272088284396434110686182529901307162382212792841250337753635104375932649918180817996189898282347722858865463328355177969898199387398005390939063150356595155702263922908583924491051844359318028499365361525003193704576782492193656236698636584807570015857692699037063119282795585513329278343384093519780155312465972635795746227664652728272200563740064854999770965994704540208281662262378573934507363390079677619305775067401763246736009689513405355374585166611342237666786041621596804619144672918403005300575308490487653917113865916462395249126236538818796362393732804238910186723484976682350898633885879256283027559956575244555072551893136908362547791869486679949683240497058210285131854513962138377228261454376934125320985913276672363281245e-324",
    "1e-324", "3e-324", "7.4109846876186981e-324", "7.4109846876186982e-324",
    // x87 double rounding under GCC 12's from_chars (the -m32 regression).
    "2849746107280782e6", "1.532359244789548e+24",
    // Paxson's hard cases ("A program for testing IEEE decimal-binary
    // conversion", 1991): decimal-to-binary, then binary-to-decimal.
    "5e+125", "69e+267", "999e-26", "7861e-34", "75569e-254", "928609e-261", "9210917e+80",
    "84863171e+114", "653777767e+273", "5232604057e-298", "27235667517e-109",
    "653532977297e-123", "3142213164987e-294", "46202199371337e-72", "231010996856685e-73",
    "9324754620109615e+212", "78459735791271921e+49", "272104041512242479e+200",
    "6802601037806061975e+198", "20505426358836677347e-221", "836168422905420598437e-234",
    "4891559871276714924261e+222", "9e-265", "85e-37", "623e+100", "3571e+263", "81661e+153", "920657e-23", "4603285e-24",
    "87575437e-309", "245540327e+122", "6138508175e+120", "83356057653e+193",
    "619534293513e+124", "2335141086879e+218", "36167929443327e-159", "609610927149051e-255",
    "3743626360493413e-165", "94080055902682397e-242", "899810892172646163e+283",
    "7120190517612959703e+120", "25188282901709339043e-252", "308984926168550152811e-52",
    "6372891218502368041059e+64",
    // Long significands, leading zeros, huge exponents.
    "0.000000000000000000000000000000000000000000001e45", "1000000000000000000000000000000e-30",
    "123456789012345678901234567890123456789e-20", "0.1e-999999999", "1e999999999",
    "0.99999999999999999999999999999999999999999e-307",
};

}  // namespace

TEST_CASE("the 64x64->128 product: portable and native agree") {
  using detail::multiply_64x64;
  using detail::multiply_64x64_portable;
  const std::uint64_t max = ~std::uint64_t{0};
  CHECK(multiply_64x64_portable(max, max).high == max - 1);
  CHECK(multiply_64x64_portable(max, max).low == 1);
  CHECK(multiply_64x64_portable(std::uint64_t{1} << 32, std::uint64_t{1} << 32).high == 1);
  CHECK(multiply_64x64_portable(std::uint64_t{1} << 32, std::uint64_t{1} << 32).low == 0);
  CHECK(multiply_64x64_portable(0, max).high == 0);
  std::mt19937_64 random(1);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t a = random() >> (i % 64), b = random() >> (i / 64 % 64);
    const detail::uint128_parts portable = multiply_64x64_portable(a, b);
    const detail::uint128_parts native = multiply_64x64(a, b);
    REQUIRE(portable.high == native.high);
    REQUIRE(portable.low == native.low);
    // Checked a third way: the low word is the wrapped product, and the
    // high word times 2^64 plus the low word divided by a gives b back.
    REQUIRE(portable.low == a * b);
    if (a != 0 && portable.high < a) {
      // (high * 2^64 + low) / a, by long division in 64-bit halves.
      std::uint64_t remainder = portable.high, quotient = 0;
      for (int bit = 63; bit >= 0; --bit) {
        const bool carry = (remainder >> 63) != 0;
        remainder = (remainder << 1) | ((portable.low >> bit) & 1);
        quotient <<= 1;
        if (carry || remainder >= a) {
          remainder -= a;
          quotient |= 1;
        }
      }
      REQUIRE(quotient == b);
      REQUIRE(remainder == 0);
    }
  }
}

// Every way of writing a significand's digits (detail::write_significand
// uses one per target; words and pairs are checked on every target, the
// vector where SSE2 is there) against the digits printf writes.
namespace {
void check_significand_ways(std::uint64_t significand) {
  char text[24];
  std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(significand));
  std::string expected = text;
  expected.erase(expected.find_last_not_of('0') + 1);
  const auto high = static_cast<std::uint32_t>(significand / 100000000);
  const auto low = static_cast<std::uint32_t>(significand % 100000000);
  char words[48], pairs[48];
  const detail::significant_digits from_words =
      detail::significand_from_words(words, high, low, high / 100000000);
  const detail::significant_digits from_pairs = detail::significand_from_pairs(pairs, high, low);
  INFO(significand);
  REQUIRE(std::string(from_words.first, static_cast<std::size_t>(from_words.count)) == expected);
  REQUIRE(std::string(from_pairs.first, static_cast<std::size_t>(from_pairs.count)) == expected);
  // Both place the last of the 17 digits at buffer[16] (format_double's
  // exponent relies on it).
  REQUIRE(from_words.first - words == from_pairs.first - pairs);
#if defined(__SSE2__)
  char vector[48];
  const detail::significant_digits from_vector =
      detail::significand_from_vector(vector, high, low, high / 100000000);
  REQUIRE(std::string(from_vector.first, static_cast<std::size_t>(from_vector.count)) == expected);
  REQUIRE(from_vector.first - vector == from_pairs.first - pairs);
#endif
}
}  // namespace

TEST_CASE("a significand's digits: every way (words, pairs, vector) finds the same significant ones") {
  std::mt19937_64 random(7);
  const std::uint64_t below_10_to_17 = 100000000000000000u;
  for (int i = 0; i < 200000; ++i) {
    // Every length from 1 to 17 digits, and some with runs of zeros.
    std::uint64_t significand = (random() % below_10_to_17) >> (i % 57);
    if (i % 5 == 0) significand -= significand % 1000000;
    if (significand == 0) significand = 1 + static_cast<std::uint64_t>(i);
    check_significand_ways(significand);
  }
}

TEST_CASE("a significand's digits at the ends: the first or the last of the 17 alone, or both") {
  // The vector way finds both ends from one mask that holds the first
  // digit beside the sixteen others: each end of it, alone and together.
  const std::uint64_t ten_to_16 = 10000000000000000u;
  for (std::uint64_t top = 1; top <= 9; ++top) {
    check_significand_ways(top * ten_to_16);  // the first digit alone
    check_significand_ways(top * ten_to_16 + 1);  // the first and the last
    check_significand_ways(top * ten_to_16 + top * 10000000u);
    check_significand_ways(top);  // the last alone
    check_significand_ways(top * 10);  // the last but one alone
    check_significand_ways(top * ten_to_16 / 10);  // 16 digits, the first alone
  }
  check_significand_ways(99999999999999999u);
  check_significand_ways(ten_to_16 - 1);
}

TEST_CASE("a negative double prints as its magnitude after a minus sign") {
  // format_double stores the '-' whatever the sign and keeps it by the
  // sign bit, then converts the bits with the sign cleared: every kind of
  // magnitude, both signs.
  const auto check = [](double magnitude) {
    INFO(hex(bits_of(magnitude)));
    const std::string alone = print_ours(magnitude);
    REQUIRE(alone[0] != '-');
    CHECK(print_ours(-magnitude) == "-" + alone);
  };
  for (const double special : {0.0, 5e-324, 2.2250738585072009e-308, 2.2250738585072014e-308, 0.5,
                               0.1, 1.0, 123456789.0, 9007199254740992.0, 9007199254740994.0, 1e16,
                               1e-5, 1.7976931348623157e308}) {
    check(special);
  }
  std::mt19937_64 random(31 + oracle_seed());
  for (int i = 0; i < 100000; ++i) {
    const double magnitude = double_from_bits(random() >> 1);
    if (std::isfinite(magnitude)) check(magnitude);
  }
}

TEST_CASE("integer logarithms match the real ones over their ranges") {
  // q * log(x) is never within 1e-9 of an integer here (checked), so long
  // double's logarithms give the floor exactly.
  const long double log2_10 = std::log2(10.0L), log10_2 = std::log10(2.0L);
  const long double log10_three_quarters = std::log10(0.75L);
  const auto exact_floor = [](long double x) {
    const long double f = std::floor(x);
    REQUIRE(x - f > 1e-9L);
    REQUIRE(f + 1 - x > 1e-9L);
    return static_cast<int>(f);
  };
  for (int q = -400; q <= 400; ++q) {
    if (q == 0) continue;
    INFO("q " << q);
    REQUIRE(detail::floor_log2_pow10(q) == exact_floor(q * log2_10));
  }
  CHECK(detail::floor_log2_pow10(0) == 0);
  for (int e = -1100; e <= 1100; ++e) {
    INFO("e " << e);
    if (e != 0) REQUIRE(detail::floor_log10_pow2(e) == exact_floor(e * log10_2));
    REQUIRE(detail::floor_log10_three_quarters_pow2(e) ==
            exact_floor(e * log10_2 + log10_three_quarters));
  }
  CHECK(detail::floor_log10_pow2(0) == 0);
}

TEST_CASE("the power table: exact entries are the powers of five") {
  // The generator's own check is the CTest that regenerates the header;
  // this one is independent of it: 10^q = 5^q * 2^q, so for q <= 27 (5^q
  // below 2^64) the entry is 5^q shifted up to the top bit.
  std::uint64_t five = 1;
  for (int q = 0; q <= 27; ++q, five *= 5) {
    const detail::power_of_ten_significand entry = detail::power_of_ten(q);
    const int shift = detail::count_leading_zeros(five);
    CHECK(entry.high == five << shift);
    CHECK(entry.low == 0);
  }
  // Negative powers are rounded up: 1e-1 = 0xCCC...CD.
  CHECK(detail::power_of_ten(-1).high == 0xCCCCCCCCCCCCCCCCu);
  CHECK(detail::power_of_ten(-1).low == 0xCCCCCCCCCCCCCCCDu);
}

TEST_CASE("hard decimals parse as strtod does") {
  for (const char* text : hard_decimals) {
    INFO(text);
    CHECK(check_parse(text) == "");
    CHECK(check_parse(std::string("-") + text) == "");
  }
}

TEST_CASE("hard doubles print as to_chars's shortest and read back") {
  // The doubles nearest the hard decimals, and a few more.
  for (const char* text : hard_decimals) {
    const double value = std::strtod(text, nullptr);
    INFO(text);
    if (std::isfinite(value)) CHECK(check_print(value) == "");
  }
  const double cases[] = {5e-324, 1e-323, 1.5e-323, 2.225073858507201e-308, DBL_MIN, DBL_MAX,
                          9007199254740992.0, 0.1, 0.3, 2.0 / 3, 1e22, 5e22, 1e-5,
                          123456789012345680.0};
  for (const double value : cases) {
    INFO(hex(bits_of(value)));
    CHECK(check_print(value) == "");
  }
  // The smallest subnormals, where the digits are fewest (the fuzzer found
  // 4.9e-323 printed for 5e-323).
  for (std::uint64_t bits = 1; bits <= 100000; ++bits) {
    const std::string problem = check_print(double_from_bits(bits));
    if (!problem.empty()) FAIL(hex(bits) << ": " << problem);
  }
  // Every binary exponent, with the smallest, largest and some middle
  // mantissas: powers of two (the lopsided intervals) and their neighbours.
  std::mt19937_64 random(3);
  for (std::uint64_t biased = 0; biased < 2047; ++biased) {
    for (const std::uint64_t fraction :
         {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, (std::uint64_t{1} << 52) - 1,
          (std::uint64_t{1} << 52) - 2, random() >> 12, random() >> 12}) {
      const std::uint64_t bits = biased << 52 | fraction;
      INFO(hex(bits));
      const std::string problem = check_print(double_from_bits(bits));
      if (!problem.empty()) FAIL(problem);
    }
  }
}

TEST_CASE("doubles at the integer shortcut's edges: whole below 2^53, a fraction, either sign") {
  // double_to_decimal takes integers below 2^53 from the bits: those whose
  // significand has 1 to 52 bits after the binary point, all zero. Every
  // binary exponent from two below that range to two above, with one bit
  // set: the first after the point (a half), the first before it
  // (an integer), the lowest and the highest; and with all bits set.
  for (std::uint64_t biased = 1021; biased <= 1077; ++biased) {
    const int fraction_bits = 1075 - static_cast<int>(biased);  // -q
    for (int shift : {fraction_bits - 1, fraction_bits, 0, 51}) {
      if (shift < 0 || shift > 51) continue;
      for (const std::uint64_t sign : {std::uint64_t{0}, std::uint64_t{1} << 63}) {
        const std::uint64_t bits = sign | biased << 52 | std::uint64_t{1} << shift;
        INFO(hex(bits));
        CHECK(check_print(double_from_bits(bits)) == "");
        CHECK(check_print(double_from_bits(bits | ((std::uint64_t{1} << 52) - 1))) == "");
      }
    }
  }
}

TEST_CASE("a nonzero digit after 800 significant digits lifts a tie that fits in 19 digits") {
  // Found by fuzz_doubles: 29227337203685562 is halfway between two doubles;
  // with zeros to the 800th significant digit and then a nonzero one it is
  // above the tie, and must round up, though its kept digits fit a uint64.
  for (const std::string& tie : {std::string("29227337203685562"), std::string("9007199254740993")}) {
    const std::string padded = tie + "." + std::string(800, '0');
    CHECK(check_parse(padded + "11111111055544") == "");
    CHECK(check_parse(padded + "1") == "");
    CHECK(check_parse(padded) == "");
    CHECK(check_parse(tie + std::string(800, '0') + "1e-801") == "");
  }
}

TEST_CASE("halfway points between doubles and just beside them parse as strtod does") {
  if (!exact_halfways) {
    // Without a wide long double the exact midpoints come from the fixed
    // cases above only.
    SUCCEED("long double too narrow for exact midpoints");
    return;
  }
  std::mt19937_64 random(5 + oracle_seed());
  const std::size_t count = oracle_count() / 2000 + 200;
  std::size_t ties = 0;
  const double specials[] = {5e-324, 2.225073858507201e-308, DBL_MIN, DBL_MAX, 1.0, 9007199254740992.0};
  for (std::size_t i = 0; i < count; ++i) {
    double value;
    if (i < std::size(specials)) {
      value = specials[i];
    } else {
      do value = double_from_bits(random() >> 1);
      while (!std::isfinite(value) || value == 0);
    }
    const std::string exact = halfway_above(value);
    // A tie goes to the even mantissa (infinity's bits are even too).
    if ((bits_of(parse_ours(exact)) & 1) != 0) FAIL(exact << ": a tie read as an odd mantissa");
    ++ties;
    for (const std::string& text :
         {exact, nudged(exact, true, 0), nudged(exact, false, 0), nudged(exact, true, 30),
          // The deciding digit past the 800 significant ones kept exactly.
          nudged(exact, true, 800)}) {
      const std::string problem = check_parse(text);
      if (!problem.empty()) FAIL(problem);
    }
  }
  CHECK(ties == count);
}

TEST_CASE("random bit patterns print as to_chars's shortest and read back exactly") {
  // Draws until `count` finite doubles are checked, so that the count is
  // the number printed (1 in 2048 patterns is an infinity or a NaN).
  std::mt19937_64 random(20261130 + oracle_seed());
  const std::size_t count = oracle_count();
  std::size_t checked = 0, not_finite = 0;
  while (checked < count) {
    const std::uint64_t bits = random();
    const double value = double_from_bits(bits);
    if (!std::isfinite(value)) {
      ++not_finite;
      continue;
    }
    const std::string problem = check_print(value);
    if (!problem.empty()) FAIL(hex(bits) << ": " << problem);
    ++checked;
  }
  INFO(not_finite << " non-finite patterns skipped for " << count << " checked");
  CHECK(not_finite <= count / 1000 + 10);
}

TEST_CASE("decimals of 1 to 17 digits at every place of repr's point print as to_chars's shortest") {
  // format_double lays out the search's 16- and 17-digit significands from
  // a register and shorter ones (the integer shortcut, subnormals) from a
  // buffer; random bit patterns are nearly all in exponent form. Here
  // every digit count, trailing zeros included (1.5 is the significand
  // 15000000000000000), at each first-digit exponent from 10^-6 to 10^18:
  // both sides of each of repr's switches, "0.000ddd", "ddd000.0",
  // "ddd.ddd" with the point after each digit, and either sign.
  std::mt19937_64 random(20261206 + oracle_seed());
  const std::size_t per_shape = oracle_count() / 2000 + 1;
  std::size_t checked = 0;
  for (int exponent = -6; exponent <= 18; ++exponent) {
    for (int digit_count = 1; digit_count <= 17; ++digit_count) {
      for (std::size_t i = 0; i < per_shape; ++i) {
        std::string text = i % 2 ? "-" : "";
        text += static_cast<char>('1' + random() % 9);
        text += '.';
        for (int d = 1; d < digit_count; ++d) text += static_cast<char>('0' + random() % 10);
        text += "e" + std::to_string(exponent);
        const double value = std::strtod(text.c_str(), nullptr);
        const std::string problem = check_print(value);
        if (!problem.empty()) FAIL(text << " (" << hex(bits_of(value)) << "): " << problem);
        ++checked;
      }
    }
  }
  CHECK(checked == 25 * 17 * per_shape);
}

// double_to_decimal's one-product estimate against the three-product exact
// search it falls back to, on the same double.
std::string check_estimate(std::uint64_t bits) {
  const double value = double_from_bits(bits);
  if (value == 0) return "";  // not double_to_decimal's: format_double writes zero itself
  const std::uint64_t biased = bits >> 52;
  const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
  const std::uint64_t c = biased == 0 ? fraction : fraction | (std::uint64_t{1} << 52);
  const int q = biased == 0 ? -1074 : static_cast<int>(biased) - 1075;
  if (q < 0 && q >= -52 && c << (64 + q) == 0) return "";  // the integer shortcut
  const detail::shortest_decimal fast = detail::double_to_decimal(value);
  const detail::shortest_decimal exact =
      detail::shortest_decimal_exact(c, q, fraction == 0 && biased > 1);
  if (fast.significand == exact.significand && fast.exponent == exact.exponent) return "";
  return hex(bits) + ": estimate " + std::to_string(fast.significand) + "e" +
         std::to_string(fast.exponent) + ", exact " + std::to_string(exact.significand) + "e" +
         std::to_string(exact.exponent);
}

TEST_CASE("the one-product estimate finds the exact search's digits") {
  // Few significant bits make the scaled values exact integers or halves
  // (the estimate's fallback); random patterns take the estimate itself.
  // Every exponent, subnormals included.
  std::mt19937_64 random(20261201 + oracle_seed());
  for (std::uint64_t biased = 0; biased < 2047; ++biased) {
    for (int kept = 0; kept <= 52; kept += 4) {
      for (int draw = 0; draw < 8; ++draw) {
        const std::uint64_t fraction =
            kept == 0 ? 0 : (random() >> (64 - kept)) << (52 - kept);
        const std::string problem = check_estimate(biased << 52 | fraction);
        if (!problem.empty()) FAIL(problem);
      }
    }
  }
  const std::size_t count = oracle_count();
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t bits = random() & ~(std::uint64_t{1} << 63);
    if (bits >> 52 == 2047) continue;
    const std::string problem = check_estimate(bits);
    if (!problem.empty()) FAIL(problem);
  }
}

TEST_CASE("whole doubles above 2^53 and significands with factors of five: the estimate's exact case") {
  // A scaled value 2^q * 10^-k times an integer is a multiple of 5^-k, so
  // for these (c a multiple of 5^j) one of the three is often exactly an
  // integer: double_to_decimal decides that from the estimates alone where
  // the fractions are coarse (10^-21 to 10^37) and hands the rest to the
  // exact search. Integers from 2^53 to 2^64 drawn as a random float times
  // the largest int64 (what the Python benchmark's doubles are); then
  // every exponent with c a random multiple of 5^j, j = 0..22.
  std::mt19937_64 random(20261205 + oracle_seed());
  const std::size_t count = oracle_count() / 2;
  for (std::size_t i = 0; i < count; ++i) {
    const double value = 9223372036854775807.0 * (static_cast<double>(random() >> 11) * 0x1p-53);
    if (value == 0) continue;
    std::string problem = check_print(value);
    if (problem.empty()) problem = check_estimate(bits_of(value));
    if (!problem.empty()) FAIL(hex(bits_of(value)) << ": " << problem);
  }
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t power = 1;
    for (int j = static_cast<int>(i % 23); j > 0; --j) power *= 5;
    const std::uint64_t lowest = std::uint64_t{1} << 52;
    const std::uint64_t first = (lowest + power - 1) / power * power;
    const std::uint64_t c = first + random() % ((2 * lowest - first) / power) * power;
    const std::uint64_t biased = 1 + random() % 2046;
    const std::uint64_t bits = biased << 52 | (c - lowest);
    std::string problem = check_print(double_from_bits(bits));
    if (problem.empty()) problem = check_estimate(bits);
    if (!problem.empty()) FAIL(hex(bits) << ": " << problem);
  }
}

TEST_CASE("scaled values a hair from an integer at the edge of the coarse fractions") {
  // For k = floor(log10(2^q)) > 0 the scaled values are multiples of
  // 5^-k. From k = 22 a fraction r / 5^k of a unit or two is within the
  // estimate's margin of an integer without being one: only the exact
  // products can tell, and scaled_fractions_are_coarse draws the line at
  // 21. Make c so that one of the scaled values, n * 2^(q-k) / 5^k with
  // n = 4c, 4c - 2, 4c + 2, is r / 5^k above or below an integer: where
  // the fractions are coarse the estimates' round-to-odd values are the
  // exact ones; at k = 22 some are not; the digits are to_chars's.
  std::size_t coarse_checked = 0, fine_differing = 0;
  for (int q = 60; q <= 80; ++q) {
    const int k = detail::floor_log10_pow2(q);
    if (k != 21 && k != 22) continue;
    const bool coarse = detail::scaled_fractions_are_coarse(q, k);
    CHECK(coarse == (k == 21));
    std::uint64_t modulus = 1;
    for (int j = 0; j < k; ++j) modulus *= 5;
    // x / 2 modulo 5^k (an odd modulus below 2^63).
    const auto halve = [modulus](std::uint64_t x) { return (x % 2 == 0 ? x : x + modulus) / 2; };
    for (std::uint64_t r = 1; r <= 200; ++r) {
      for (const std::uint64_t residue : {r, modulus - r}) {
        // n * 2^(q-k) = residue modulo 5^k: n = residue / 2^(q-k).
        std::uint64_t n = residue;
        for (int halvings = q - k; halvings > 0; --halvings) n = halve(n);
        for (const std::uint64_t offset : {std::uint64_t{0}, modulus - 2, std::uint64_t{2}}) {
          // 4c = n - offset: c = (n - offset) / 4 modulo 5^k.
          std::uint64_t c = halve(halve((n + offset) % modulus));
          for (; c < (std::uint64_t{1} << 53); c += modulus) {
            if (c < (std::uint64_t{1} << 52)) continue;
            const std::uint64_t bits =
                static_cast<std::uint64_t>(q + 1075) << 52 | (c - (std::uint64_t{1} << 52));
            INFO(hex(bits) << " (k = " << k << ")");
            const detail::odd_rounded_scaled exact = detail::scale_exactly(c, q, k, false);
            const detail::odd_rounded_scaled estimated =
                detail::odd_rounded(detail::estimate_scaled(c, q, k));
            const bool same = exact.middle == estimated.middle && exact.below == estimated.below &&
                              exact.above == estimated.above;
            if (coarse) {
              REQUIRE(same);
              ++coarse_checked;
            } else if (!same) {
              ++fine_differing;
            }
            std::string problem = check_print(double_from_bits(bits));
            if (problem.empty()) problem = check_estimate(bits);
            if (!problem.empty()) FAIL(problem);
          }
        }
      }
    }
  }
  CHECK(coarse_checked > 1000);
  CHECK(fine_differing > 0);
}

TEST_CASE("random decimal strings parse as strtod does") {
  // Significands of 1 to 19 digits (most), 20 to 40, and up to 850; decimal
  // exponents from below the subnormals to above DBL_MAX; written in the
  // number forms JSON allows.
  std::mt19937_64 random(11302026 + oracle_seed());
  const std::size_t count = oracle_count();
  std::uniform_int_distribution<int> digit(0, 9), nonzero(1, 9), magnitude(-345, 312);
  std::uniform_int_distribution<int> percent(0, 99);
  std::string text, digits;
  for (std::size_t i = 0; i < count; ++i) {
    const int kind = percent(random);
    std::size_t length;
    if (kind < 75) {
      length = static_cast<std::size_t>(1 + random() % 19);
    } else if (kind < 97) {
      length = static_cast<std::size_t>(20 + random() % 21);
    } else {
      length = static_cast<std::size_t>(41 + random() % 810);
    }
    digits.assign(1, static_cast<char>('0' + nonzero(random)));
    for (std::size_t k = 1; k < length; ++k) digits += static_cast<char>('0' + digit(random));
    // Long runs of zeros or nines after a prefix sit near short decimals.
    if (length > 20 && kind % 3 == 0) {
      const std::size_t from = 1 + static_cast<std::size_t>(random() % 18);
      for (std::size_t k = from; k + 1 < length; ++k) digits[k] = kind % 2 ? '9' : '0';
    }
    const int first = magnitude(random);  // decimal exponent of the first digit
    text.clear();
    if (random() % 2) text += '-';
    switch (random() % 3) {
      case 0:  // d.ddde±x
        text += digits[0];
        if (length > 1) text.append(".").append(digits, 1, std::string::npos);
        text += random() % 2 ? 'e' : 'E';
        text += std::to_string(first);
        break;
      case 1:  // dddde±x, the exponent of the last digit
        text += digits;
        text += 'e';
        text += std::to_string(first - static_cast<int>(length) + 1);
        break;
      default:  // plain decimal where it is short enough, else 0.000ddd e±x
        if (first >= 0 && first < 40) {
          const auto point = static_cast<std::size_t>(first) + 1;
          if (point < length) {
            text += digits.substr(0, point) + "." + digits.substr(point);
          } else {
            text += digits + std::string(point - length, '0') + ".0";
          }
        } else {
          text += "0." + std::string(static_cast<std::size_t>(random() % 5), '0') + digits + "e" +
                  std::to_string(first + 1);
        }
    }
    const std::string problem = check_parse(text);
    if (!problem.empty()) FAIL(problem);
  }
}

TEST_CASE("random integers too long for 64 bits read as doubles as strtod does") {
  // number_text_to_double: the DOM's and typed decoding's reading of an
  // integer the scanner kept as text. Lengths 20 to 40 digits (most), and up
  // to 400, past DBL_MAX's 309; runs of zeros or nines sit near halfway points.
  std::mt19937_64 random(20261130 + oracle_seed());
  const std::size_t count = oracle_count() / 4;
  std::uniform_int_distribution<int> digit(0, 9), nonzero(1, 9), percent(0, 99);
  std::string text;
  std::size_t checked_finite = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const int kind = percent(random);
    const std::size_t length = kind < 90 ? static_cast<std::size_t>(20 + random() % 21)
                                         : static_cast<std::size_t>(41 + random() % 360);
    text.assign(random() % 2 ? "-" : "");
    const std::size_t sign = text.size();
    text += static_cast<char>('0' + nonzero(random));
    for (std::size_t k = 1; k < length; ++k) text += static_cast<char>('0' + digit(random));
    if (kind % 3 == 0) {
      const std::size_t from = sign + 1 + static_cast<std::size_t>(random() % 18);
      for (std::size_t k = from; k + 1 < text.size(); ++k) text[k] = kind % 2 ? '9' : '0';
    }
    const double expected = std::strtod(text.c_str(), nullptr);
    double got = 0;
    const bool finite = detail::number_text_to_double(text, got);
    if (finite != std::isfinite(expected)) {
      FAIL(text << ": ours " << (finite ? "finite" : "out of range") << ", strtod " << expected);
    }
    if (finite && bits_of(got) != bits_of(expected)) {
      FAIL(text << ": ours " << hex(bits_of(got)) << ", strtod " << hex(bits_of(expected)));
    }
    checked_finite += finite;
  }
  INFO(checked_finite << " of " << count << " in double's range");
  CHECK(checked_finite > count / 2);
}

TEST_CASE("Eisel-Lemire near the halfway point: exact ties decided, unclear ones handed on") {
  using ultrajson::detail::eisel_lemire;
  double out = 0;
  // 2^53 + 1 and 2^53 + 3 with the exact power 10^0: true ties, to even.
  CHECK(eisel_lemire(9007199254740993u, 0, out));
  CHECK(out == 9007199254740992.0);
  CHECK(eisel_lemire(9007199254740995u, 0, out));
  CHECK(out == 9007199254740996.0);
  // Just beside a tie: decided from the lower words, away from the tie.
  CHECK(eisel_lemire(90071992547409931u, -1, out));
  CHECK(out == 9007199254740994.0);
  CHECK(eisel_lemire(90071992547409929u, -1, out));
  CHECK(out == 9007199254740992.0);
  // The same tie through the inexact power 10^-1: the truncated product
  // cannot tell it from its neighbours, so it is handed to the exact path,
  // out within one unit of the result.
  CHECK_FALSE(eisel_lemire(90071992547409930u, -1, out));
  CHECK(std::fabs(out - 9007199254740992.0) <= 2.0);
  CHECK(ultrajson::detail::number_text_to_double("9007199254740993.0e0", out));
  CHECK(out == 9007199254740992.0);
}

TEST_CASE("plain decimals that detail::prints_plain_decimal_as_is passes print as written") {
  // parse(text, writer) copies such a number's text instead of printing
  // the double it reads as: the copy must be the print. Where the rule
  // declines, the print must indeed differ or the decimal have more than
  // 15 significant digits (then the print may or may not match).
  std::mt19937_64 random(4122026 + oracle_seed());
  const std::size_t count = oracle_count();
  std::size_t passed = 0, declined_but_same = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::string text = test_support::random_plain_decimal(random);
    detail::scanned_number number;
    const char* p = text.data();
    REQUIRE(detail::scan_number(p, text.data() + text.size(), number) ==
            ultrajson::parse_error::none);
    REQUIRE(number.type == detail::scanned_number::kind::floating);
    const std::size_t point = text.find('.');
    const std::size_t digit_count = text.size() - (text[0] == '-') - 1;
    if (digit_count > 19) {
      REQUIRE(number.plain_fraction_digits == 0);
      REQUIRE_FALSE(detail::prints_plain_decimal_as_is(number.plain_digits, 0, text.back()));
      continue;
    }
    REQUIRE(number.plain_fraction_digits == text.size() - point - 1);
    const bool as_is = detail::prints_plain_decimal_as_is(
        number.plain_digits, number.plain_fraction_digits, text.back());
    const std::string printed = print_ours(number.floating);
    INFO(text << " prints " << printed);
    if (as_is) {
      ++passed;
      REQUIRE(printed == text);
    } else if (printed == text) {
      ++declined_but_same;
      // Only 16 to 19 significant digits that happen to be the shortest.
      std::size_t first = text.find_first_not_of("-0.");
      REQUIRE(first != std::string::npos);
      std::size_t significant = 0;
      for (std::size_t k = first; k < text.size(); ++k) significant += text[k] != '.';
      REQUIRE(significant > 15);
    }
  }
  // Most random cases are ones the rule passes, so the test is not empty.
  CHECK(passed > count / 4);
  CHECK(declined_but_same < count / 4);
}

TEST_CASE("prints_plain_decimal_as_is at its edges") {
  struct edge {
    const char* text;
    bool as_is;
  };
  const edge edges[] = {
      {"0.0", true},
      {"-0.0", true},
      {"0.00", false},
      {"1.0", true},
      {"100.0", true},
      {"1.50", false},
      {"10.10", false},
      {"0.0001", true},
      {"-0.0001", true},
      {"0.00010", false},
      {"0.00001", false},  // repr: 1e-05
      {"0.00012", true},
      {"0.000012", false},
      {"0.1", true},
      {"0.30000000000000004", false},  // 17 digits
      {"123456789012345.6", false},    // 16 digits
      {"12345678901234.56", false},
      {"99999999999999.9", true},      // 15 digits
      {"999999999999999.0", false},    // 16 digits, repr 999999999999999.0 though
      {"0.123456789012345", true},
      {"0.1234567890123456", false},
      {"0.000123456789012345", true},
  };
  for (const edge& e : edges) {
    const std::string text = e.text;
    INFO(text);
    detail::scanned_number number;
    const char* p = text.data();
    REQUIRE(detail::scan_number(p, text.data() + text.size(), number) ==
            ultrajson::parse_error::none);
    REQUIRE(number.plain_fraction_digits != 0);
    CHECK(detail::prints_plain_decimal_as_is(number.plain_digits, number.plain_fraction_digits,
                                             text.back()) == e.as_is);
    if (e.as_is) CHECK(print_ours(number.floating) == text);
  }
  // No exponent, or more than 19 digits: nothing to copy.
  for (const char* text : {"1e5", "1.5e3", "1.0E-2", "12345678901234567890.5"}) {
    detail::scanned_number number;
    const char* p = text;
    REQUIRE(detail::scan_number(p, text + std::strlen(text), number) ==
            ultrajson::parse_error::none);
    CHECK(number.plain_fraction_digits == 0);
  }
}
