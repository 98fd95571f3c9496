// Must compile with -fno-exceptions: typed decoding into an existing object,
// from text and from a file, and described structs written by write_value
// (encode.hpp without its throwing to_json).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <ultrajson/decoder.hpp>
#include <ultrajson/describe.hpp>
#include <ultrajson/encode.hpp>

struct point {
  double x = 0;
  double y = 0;
  std::optional<std::string> label;
};
ULTRAJSON_DESCRIBE(point, x, y, label);

int main() {
  std::vector<point> points;
  const ultrajson::decode_result result = ultrajson::from_json(R"([{"x":1,"y":2}])", points);
  if (!result) return 1;
  std::map<std::string, std::int64_t> counts;
  if (ultrajson::from_json_file("missing.json", counts).ok()) return 1;
  ultrajson::writer w;
  return ultrajson::write_value(w, points[0]) && w.complete() ? 0 : 1;
}
