#include "support.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <catch2/catch.hpp>

#if defined(ULTRAJSON_TEST_SANITIZED)
// The sanitizer runtime's count of live heap bytes (declared here: GCC does
// not install <sanitizer/allocator_interface.h>).
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#elif defined(__GLIBC__)
#include <malloc.h>
#endif

namespace test_support {

namespace fs = std::filesystem;

std::optional<fs::path> data_dir() {
  const char* from_env = std::getenv("ULTRAJSON_DATA");
  const fs::path dir = (from_env != nullptr && *from_env != '\0')
                           ? fs::path(from_env)
                           : fs::path(ULTRAJSON_TEST_DATA_DIR);
  std::error_code error;
  if (!fs::is_directory(dir, error)) return std::nullopt;
  return dir;
}

std::optional<fs::path> require_data(std::string_view subfolder) {
  const auto dir = data_dir();
  std::error_code error;
  if (dir && fs::is_directory(*dir / subfolder, error)) return *dir / subfolder;
  const char* from_env = std::getenv("ULTRAJSON_DATA");
  const std::string where = from_env != nullptr && *from_env != '\0'
                                ? std::string(from_env) + " (from ULTRAJSON_DATA)"
                                : std::string(ULTRAJSON_TEST_DATA_DIR) + " (the build's default)";
  const std::string missing = "test data folder " + std::string(subfolder) + " not found under " +
                              where + "; set ULTRAJSON_DATA to the shared data folder";
  const char* ci = std::getenv("CI");
  if (ci != nullptr && std::string_view(ci) == "true") {
    FAIL("CI=true and the " << missing);  // CI always has the data
  }
  // CTest reports a test whose output has this word as skipped (see
  // tests/CMakeLists.txt); the failure above must not contain it.
  WARN("ULTRAJSON_TEST_SKIPPED: " << missing);
  return std::nullopt;
}

std::vector<fs::path> list_files(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<char> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
#if defined(__cpp_exceptions)
    throw std::runtime_error("cannot open " + path.string());
#else
    std::fprintf(stderr, "cannot open %s\n", path.string().c_str());
    std::abort();
#endif
  }
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  bytes.shrink_to_fit();
  // shrink_to_fit is a request; a fresh vector of the exact size is a promise.
  return exact_copy(view(bytes));
}

std::vector<char> exact_copy(std::string_view text) {
  std::vector<char> bytes(text.size());
  if (!text.empty()) std::memcpy(bytes.data(), text.data(), text.size());
  return bytes;
}

std::string random_plain_decimal(std::mt19937_64& random) {
  std::uniform_int_distribution<int> digit(0, 9), nonzero(1, 9), percent(0, 99);
  std::string text = percent(random) < 30 ? "-" : "";
  const bool below_one = percent(random) < 40;
  const int total = 1 + static_cast<int>(random() % 21);
  int integer_digits = below_one ? 0 : 1 + static_cast<int>(random() % 17);
  if (integer_digits > total) integer_digits = total;
  if (below_one) {
    text += "0.";
    // Up to 6 zeros after the point: 1e-4 is where repr turns to exponents.
    text.append(static_cast<std::size_t>(random() % 7), '0');
  } else {
    text += static_cast<char>('0' + nonzero(random));
    for (int k = 1; k < integer_digits; ++k) text += static_cast<char>('0' + digit(random));
    text += '.';
  }
  const int fraction_digits = std::max(1, total - integer_digits);
  for (int k = 0; k < fraction_digits; ++k) text += static_cast<char>('0' + digit(random));
  if (percent(random) < 15) {  // trailing zeros: one, or several
    const auto zeros = std::min(static_cast<std::size_t>(1 + random() % 3),
                                text.size() - text.find('.') - 1);
    text.replace(text.size() - zeros, zeros, zeros, '0');
  }
  return text;
}

std::string printable(std::string_view bytes) {
  std::string out;
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f && byte != '\\') {
      out += c;
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", byte);
      out += hex;
    }
  }
  return out;
}

std::uint64_t bits_of(double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

double double_from_bits(std::uint64_t bits) {
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

std::string describe(const event& e) {
  using kind = event::kind;
  std::ostringstream out;
  switch (e.type) {
    case kind::null_value:
      out << "null";
      break;
    case kind::bool_value:
      out << (e.number != 0 ? "true" : "false");
      break;
    case kind::int64_value:
      out << "int64(" << static_cast<std::int64_t>(e.number) << ")";
      break;
    case kind::uint64_value:
      out << "uint64(" << e.number << ")";
      break;
    case kind::big_integer:
      out << "big_integer(" << printable(e.text) << ")";
      break;
    case kind::double_value: {
      char text[64];
      std::snprintf(text, sizeof text, "double(%.17g, bits 0x%016llx)", double_from_bits(e.number),
                    static_cast<unsigned long long>(e.number));
      out << text;
      break;
    }
    case kind::raw_number:
      out << "raw_number(" << printable(e.text) << ")";
      break;
    case kind::string_value:
      out << "string(\"" << printable(e.text) << "\")";
      break;
    case kind::key:
      out << "key(\"" << printable(e.text) << "\")";
      break;
    case kind::start_object:
      out << "start_object";
      break;
    case kind::end_object:
      out << "end_object(" << e.number << ")";
      break;
    case kind::start_array:
      out << "start_array";
      break;
    case kind::end_array:
      out << "end_array(" << e.number << ")";
      break;
  }
  return out.str();
}

std::string describe(const std::vector<event>& events) {
  std::string out = "[";
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (i != 0) out += ", ";
    out += describe(events[i]);
  }
  return out + "]";
}

namespace ev {
event null() { return {event::kind::null_value, 0, {}}; }
event boolean(bool value) { return {event::kind::bool_value, value ? 1u : 0u, {}}; }
event int64(std::int64_t value) {
  return {event::kind::int64_value, static_cast<std::uint64_t>(value), {}};
}
event uint64(std::uint64_t value) { return {event::kind::uint64_value, value, {}}; }
event big(std::string_view text) { return {event::kind::big_integer, 0, std::string(text)}; }
event dbl(double value) { return {event::kind::double_value, bits_of(value), {}}; }
event raw(std::string_view text) { return {event::kind::raw_number, 0, std::string(text)}; }
event str(std::string_view text) { return {event::kind::string_value, 0, std::string(text)}; }
event key(std::string_view text) { return {event::kind::key, 0, std::string(text)}; }
event start_object() { return {event::kind::start_object, 0, {}}; }
event end_object(std::size_t count) { return {event::kind::end_object, count, {}}; }
event start_array() { return {event::kind::start_array, 0, {}}; }
event end_array(std::size_t count) { return {event::kind::end_array, count, {}}; }
}  // namespace ev

std::string first_difference(const std::vector<event>& expected, const std::vector<event>& actual) {
  const std::size_t common = std::min(expected.size(), actual.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (expected[i] != actual[i]) {
      return "event " + std::to_string(i) + ": expected " + describe(expected[i]) + ", got " +
             describe(actual[i]);
    }
  }
  if (expected.size() == actual.size()) return {};
  return "expected " + std::to_string(expected.size()) + " events, got " +
         std::to_string(actual.size()) +
         (expected.size() > actual.size() ? "; first missing: " + describe(expected[common])
                                          : "; first extra: " + describe(actual[common]));
}

recording record(std::string_view text, const ultrajson::parse_options& options) {
  const std::vector<char> input = exact_copy(text);
  recorder handler;
  recording out;
  out.result = ultrajson::parse(view(input), handler, options);
  out.events = std::move(handler.events);
  return out;
}

std::optional<std::size_t> heap_in_use() {
#if defined(ULTRAJSON_TEST_SANITIZED)
  return __sanitizer_get_current_allocated_bytes();
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
#else
  return std::nullopt;
#endif
}

}  // namespace test_support
