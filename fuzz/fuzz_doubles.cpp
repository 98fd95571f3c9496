// libFuzzer harness for the double conversions, with C's strtod and
// std::to_chars as oracles. The first byte picks the direction:
//   even: the rest is decimal text; when the scanner takes it as one JSON
//         floating-point number, its value must be strtod's, bit for bit,
//         and a plain decimal the writer would copy must print as it is;
//   odd:  the next 8 bytes are a double's bits; a finite double must print
//         as the shortest digits to_chars finds and read back (strtod and
//         our parser) to the same bits.
// The text is scanned from libFuzzer's exact-size buffer, so ASan catches
// any read past it.

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include <ultrajson/detail/format_number.hpp>
#include <ultrajson/detail/number_scan.hpp>

namespace {

namespace detail = ultrajson::detail;

std::uint64_t bits_of(double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

void check_parse(const char* text, std::size_t size) {
  detail::scanned_number number;
  const char* p = text;
  if (size == 0 || detail::scan_number(p, text + size, number) != ultrajson::parse_error::none ||
      p != text + size || number.type != detail::scanned_number::kind::floating) {
    return;
  }
  const std::string terminated(text, size);
  if (bits_of(number.floating) != bits_of(std::strtod(terminated.c_str(), nullptr))) std::abort();
  // A plain decimal that parse(text, writer) copies instead of printing
  // must be what the printer writes.
  if (detail::prints_plain_decimal_as_is(number.plain_digits, number.plain_fraction_digits, text[size - 1])) {
    char printed[detail::max_number_chars];
    const char* const printed_end = detail::format_double(printed, number.floating);
    if (std::string(printed, static_cast<std::size_t>(printed_end - printed)) != terminated) {
      std::abort();
    }
  }
}

void check_print(double value) {
  if (!std::isfinite(value)) return;
  char text[detail::max_number_chars + 1];
  char* const end = detail::format_double(text, value);
  *end = '\0';
  if (bits_of(std::strtod(text, nullptr)) != bits_of(value)) std::abort();
  detail::scanned_number number;
  const char* p = text;
  if (detail::scan_number(p, end, number) != ultrajson::parse_error::none || p != end ||
      number.type != detail::scanned_number::kind::floating ||
      bits_of(number.floating) != bits_of(value)) {
    std::abort();
  }
  if (value == 0) return;
  // Same significant digits and exponent as to_chars's shortest form.
  char oracle[64];
  const char* oracle_end =
      std::to_chars(oracle, oracle + sizeof oracle, std::fabs(value), std::chars_format::scientific)
          .ptr;
  std::string digits;
  const char* o = oracle;
  for (; *o != 'e'; ++o) {
    if (*o != '.') digits += *o;
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int exponent = std::atoi(std::string(o + 1, oracle_end).c_str());
  const detail::shortest_decimal ours = detail::double_to_decimal(std::fabs(value));
  std::string our_digits = std::to_string(ours.significand);
  const int our_exponent = ours.exponent + static_cast<int>(our_digits.size()) - 1;
  while (our_digits.size() > 1 && our_digits.back() == '0') our_digits.pop_back();
  if (our_digits != digits || our_exponent != exponent) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  if ((data[0] & 1) == 0) {
    check_parse(reinterpret_cast<const char*>(data + 1), size - 1);
  } else if (size >= 9) {
    std::uint64_t bits;
    std::memcpy(&bits, data + 1, sizeof bits);
    double value;
    std::memcpy(&value, &bits, sizeof value);
    check_print(value);
  }
  return 0;
}
