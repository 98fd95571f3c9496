#include "dumps_options.hpp"

namespace ultrajson::python {
namespace {

// Truthiness of an optional argument.
bool flag(PyObject* argument, bool fallback, bool& out) {
  if (argument == nullptr) {
    out = fallback;
    return true;
  }
  const int truth = PyObject_IsTrue(argument);
  if (truth < 0) return false;
  out = truth != 0;
  return true;
}

bool separator(PyObject* text, const char* which, std::string_view& out, bool& ascii) {
  if (!PyUnicode_Check(text)) {
    PyErr_Format(PyExc_TypeError, "expected str as %s separator", which);
    return false;
  }
  Py_ssize_t size;
  const char* data = PyUnicode_AsUTF8AndSize(text, &size);
  if (data == nullptr) return false;
  out = std::string_view(data, static_cast<std::size_t>(size));
  ascii = ascii && PyUnicode_IS_ASCII(text);
  return true;
}

bool read_indent(PyObject* argument, long& indent) {
  indent = 0;
  if (argument == nullptr) return true;
  if (!PyLong_Check(argument)) {
    PyErr_Format(PyExc_TypeError, "'%.200s' object cannot be interpreted as an integer",
                 Py_TYPE(argument)->tp_name);
    return false;
  }
  int overflow;
  indent = PyLong_AsLongAndOverflow(argument, &overflow);
  if (indent == -1 && PyErr_Occurred()) return false;
  if (overflow < 0) indent = -1;
  if (overflow > 0 || indent > 1000) {
    PyErr_SetString(PyExc_ValueError, "Maximum allowed indentation is 1000");
    return false;
  }
  return true;
}

bool read_separators(PyObject* argument, dumps_settings& settings) {
  if (argument == nullptr || argument == Py_None) return true;
  if (!PyTuple_Check(argument)) {
    PyErr_SetString(PyExc_TypeError, "expected tuple or None as separator");
    return false;
  }
  if (PyTuple_GET_SIZE(argument) != 2) {
    PyErr_SetString(PyExc_ValueError, "expected tuple of size 2 as separator");
    return false;
  }
  write_options& options = settings.options;
  return separator(PyTuple_GET_ITEM(argument, 0), "item", options.item_separator,
                   settings.separators_ascii) &&
         separator(PyTuple_GET_ITEM(argument, 1), "key", options.key_separator,
                   settings.separators_ascii);
}

}  // namespace

bool read_dumps_settings(const dumps_arguments& arguments, dumps_settings& settings) {
  using option = dumps_option;
  write_options& options = settings.options;
  options.escape_forward_slashes = true;
  if (!flag(arguments[option::ensure_ascii], true, options.ensure_ascii) ||
      !flag(arguments[option::encode_html_chars], false, options.encode_html_chars) ||
      !flag(arguments[option::escape_forward_slashes], true, options.escape_forward_slashes) ||
      !flag(arguments[option::sort_keys], false, settings.sort_keys) ||
      !flag(arguments[option::allow_nan], true, options.allow_nan) ||
      !flag(arguments[option::reject_bytes], true, settings.reject_bytes)) {
    return false;
  }
  long indent;
  if (!read_indent(arguments[option::indent], indent)) return false;
  if (indent > 0) options.indent = static_cast<std::size_t>(indent);
  options.item_separator = ",";
  options.key_separator = indent != 0 ? ": " : ":";
  if (!read_separators(arguments[option::separators], settings)) return false;
  PyObject* default_function = arguments[option::default_function];
  if (default_function != nullptr && default_function != Py_None) {
    settings.default_function = default_function;
  }
  return true;
}

dumps_settings default_dumps_settings() {
  PyObject* const none[static_cast<int>(dumps_option::count)] = {};
  dumps_settings settings;
  read_dumps_settings(dumps_arguments(none), settings);  // cannot fail: nothing to read
  return settings;
}

}  // namespace ultrajson::python
