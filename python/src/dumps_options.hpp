#pragma once
// dumps()'s and dump()'s options, read once per call into the settings the
// object walk uses.

#include <string_view>

#include <ultrajson/writer.hpp>

#include "python.hpp"

namespace ultrajson::python {

// The options, in the order of their parameters after obj (dumps) or after
// obj and fp (dump).
enum class dumps_option {
  ensure_ascii,
  encode_html_chars,
  escape_forward_slashes,
  sort_keys,
  indent,
  allow_nan,
  reject_bytes,
  default_function,
  separators,
  count
};

// The options' arguments as bound (borrowed; nullptr when not given).
class dumps_arguments {
 public:
  explicit dumps_arguments(PyObject* const* first) : first_(first) {}
  PyObject* operator[](dumps_option option) const { return first_[static_cast<int>(option)]; }

 private:
  PyObject* const* first_;
};

struct dumps_settings {
  // options.max_depth (the writer's default) bounds the walk too: deeper
  // containers raise OverflowError (a cycle reaches it).
  write_options options;
  bool sort_keys = false;
  bool reject_bytes = true;
  PyObject* default_function = nullptr;  // borrowed from the call's arguments
  bool separators_ascii = true;          // no separator puts non-ASCII in the output
};

// Reads the options. Views in the settings point into the argument objects,
// which outlive the call. Returns false with a Python error set.
bool read_dumps_settings(const dumps_arguments& arguments, dumps_settings& settings);

// The settings of a call with no options.
dumps_settings default_dumps_settings();

}  // namespace ultrajson::python
