// Writing JSON: event by event with a writer, and from C++ values through
// to_json, which learns a user type from an encoder<T> specialisation.
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <ultrajson/ultrajson.hpp>

// [example]
struct point {
  double x, y;
};

// Teaches the encoder the type point.
template <>
struct ultrajson::encoder<point> {
  static bool write(ultrajson::writer& w, const point& p) {
    return w.start_object() && w.key("x") && w.double_value(p.x) && w.key("y") &&
           w.double_value(p.y) && w.end_object();
  }
};

int main() {
  // Event by event; a misuse would make complete() false and error() say why.
  ultrajson::writer w;
  w.start_object();
  w.key("name");
  w.string_value("ultrajson");
  w.key("tags");
  w.start_array();
  w.string_value("fast");
  w.string_value("strict");
  w.end_array();
  w.end_object();
  if (!w.complete()) return 1;
  std::cout << w.view() << "\n";

  // From C++ values: standard containers and the user's point.
  const std::vector<point> path{{0, 0}, {1.5, -2}};
  std::cout << ultrajson::to_json(path) << "\n";

  ultrajson::write_options pretty;  // as Python's json.dumps(indent=2)
  pretty.indent = 2;
  pretty.key_separator = ": ";
  const std::map<std::string, std::vector<point>> shapes{{"path", path}};
  std::cout << ultrajson::to_json(shapes, pretty) << "\n";
}
// [example]
