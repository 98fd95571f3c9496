// libFuzzer harness for typed decoding: any bytes decode into a model that
// uses every built-in decoder, or fail with a clean error and a message; a
// model that decoded writes back, and that text decodes to the same model.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

#include <ultrajson/decoder.hpp>
#include <ultrajson/encode.hpp>

namespace fuzz_model {
using any = std::variant<std::monostate, bool, std::int64_t, double, std::string,
                         std::vector<std::int8_t>, std::map<std::string, std::uint16_t>>;
struct inner {
  std::optional<std::string> name;
  std::array<std::int32_t, 2> pair{};
  std::set<std::string> tags;
};
struct model {
  std::uint64_t id = 0;
  float ratio = 0;
  std::vector<inner> items;
  std::tuple<bool, std::string> flag;
  std::map<std::string, any> extra;
};
}  // namespace fuzz_model

ULTRAJSON_DESCRIBE(fuzz_model::inner, name, pair, tags);
ULTRAJSON_DESCRIBE(fuzz_model::model, id, ratio, items, flag, extra);

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const auto unknown : {ultrajson::unknown_keys::skip, ultrajson::unknown_keys::reject}) {
    ultrajson::decode_options options;
    options.unknown = unknown;
    fuzz_model::model decoded;
    const ultrajson::decode_result result = ultrajson::from_json(text, decoded, options);
    if (!result) {
      if (result.message().empty()) std::abort();
      continue;
    }
    ultrajson::write_options write;
    write.allow_nan = true;  // a float that overflowed stays out: decode refuses it
    ultrajson::writer w(write);
    if (!ultrajson::write_value(w, decoded)) continue;  // e.g. invalid UTF-8 cannot come from JSON
    fuzz_model::model again;
    ultrajson::decode_options lenient;
    lenient.parse.allow_nan_literals = true;
    if (!ultrajson::from_json(w.view(), again, lenient)) std::abort();
    ultrajson::writer w2(write);
    if (!ultrajson::write_value(w2, again) || w2.view() != w.view()) std::abort();
  }
  return 0;
}
