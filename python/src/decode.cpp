// The decoder's Python side: a handler that builds objects straight from the
// parser's events, with no intermediate tree.

#include "decode.hpp"

#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include <ultrajson/parse.hpp>

#include "arguments.hpp"
#include "errors.hpp"
#include "key_cache.hpp"
#include "unicode.hpp"

namespace ultrajson::python {
namespace {

key_cache keys;

// Values (and, inside objects, keys) wait on one stack until their container
// ends; then the container takes them in one move, sized exactly.
class object_builder {
 public:
  object_builder() { stack_.reserve(64); }
  object_builder(const object_builder&) = delete;
  object_builder& operator=(const object_builder&) = delete;
  ~object_builder() {
    for (PyObject* object : stack_) Py_DECREF(object);
  }

  // The one value left after a successful parse (a new reference).
  PyObject* result() {
    PyObject* object = stack_.back();
    stack_.pop_back();
    return object;
  }

  bool null_value() { return push(Py_NewRef(Py_None)); }
  bool bool_value(bool value) { return push(Py_NewRef(value ? Py_True : Py_False)); }
  bool int64_value(std::int64_t value) { return push(PyLong_FromLongLong(value)); }
  bool uint64_value(std::uint64_t value) { return push(PyLong_FromUnsignedLongLong(value)); }
  bool big_integer(std::string_view digits) {
    // The view is not NUL-terminated; PyLong_FromString needs it to be.
    std::string text(digits);
    // Applies sys.set_int_max_str_digits: a ValueError propagates as is.
    return push(PyLong_FromString(text.c_str(), nullptr, 10));
  }
  bool double_value(double value) { return push(PyFloat_FromDouble(value)); }
  bool raw_number(std::string_view) { return false; }  // raw_numbers is off
  bool string_value(std::string_view text) { return push(make_str_(text.data(), text.size())); }
  bool key(std::string_view text) { return push(keys.get(text.data(), text.size(), make_str_, key_stats_)); }
  bool start_object() { return true; }
  bool start_array() { return true; }

  bool end_array(std::size_t count) {
    PyObject* list = PyList_New(static_cast<Py_ssize_t>(count));
    if (list == nullptr) return false;
    if (count != 0) {  // an empty list has no item array (ob_item is null)
      PyObject** items = stack_.data() + (stack_.size() - count);
      // The list takes over the stack's references.
      std::memcpy(reinterpret_cast<PyListObject*>(list)->ob_item, items,
                  count * sizeof(PyObject*));
      stack_.resize(stack_.size() - count);
    }
    return push(list);
  }

  bool end_object(std::size_t count) {
#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030D0000 && !defined(Py_LIMITED_API)
    PyObject* dict = _PyDict_NewPresized(static_cast<Py_ssize_t>(count));
#else
    PyObject* dict = PyDict_New();
#endif
    if (dict == nullptr) return false;
    const std::size_t first = stack_.size() - 2 * count;
    PyObject** items = stack_.data() + first;
    for (std::size_t i = 0; i < 2 * count; i += 2) {
      if (PyDict_SetItem(dict, items[i], items[i + 1]) < 0) {
        Py_DECREF(dict);
        return false;  // the stack still owns every key and value
      }
    }
    for (std::size_t i = 0; i < 2 * count; ++i) Py_DECREF(items[i]);
    stack_.resize(first);
    stack_.push_back(dict);
    return true;
  }

 private:
  bool push(PyObject* object) {
    if (object == nullptr) return false;
    try {
      stack_.push_back(object);
    } catch (const std::bad_alloc&) {
      Py_DECREF(object);
      PyErr_NoMemory();
      return false;
    }
    return true;
  }

  std::vector<PyObject*> stack_;
  str_maker make_str_;
  key_cache_stats key_stats_;
};

parse_options loads_options() {
  parse_options options;
  options.allow_nan_literals = true;
  options.allow_lone_surrogates = true;
  options.max_depth = 1024;
  return options;
}

// Keeps the cyclic garbage collector off while a document is built. Every
// list and dict made is tracked, so a big document would otherwise set off
// collection after collection that traverses the new objects (a fifth of
// the time on citm_catalog.json); what loads builds holds no cycles. The
// previous state comes back on every path.
class gc_pause {
 public:
#if PY_VERSION_HEX >= 0x030A0000
  gc_pause() : was_enabled_(PyGC_Disable() != 0) {}
  ~gc_pause() {
    if (was_enabled_) PyGC_Enable();
  }
#endif
  gc_pause(const gc_pause&) = delete;
  gc_pause& operator=(const gc_pause&) = delete;

 private:
  bool was_enabled_ = false;
};

// Parses text; `doc` is what the caller gave, for the error.
PyObject* decode_text(std::string_view text, PyObject* doc, const parse_options& options) {
  parse_result result;
  try {
    // No Python code runs while the collector is paused: the error, whose
    // __init__ is Python, is raised after the pause has ended.
    const gc_pause pause;
    object_builder builder;
    result = parse(text, builder, options);
    if (result.ok()) return builder.result();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
    return nullptr;
  }
  if (result.code != parse_error::stopped_by_handler) {
    raise_decode_error(result, text, doc);
  } else if (!PyErr_Occurred()) {
    PyErr_SetString(PyExc_SystemError, "ultrajson: decoding stopped without an error");
  }
  return nullptr;
}

PyObject* decode_str(PyObject* input) {
  Py_ssize_t size;
  const char* data = PyUnicode_AsUTF8AndSize(input, &size);
  if (data != nullptr) {
    static const parse_options options = loads_options();
    return decode_text(std::string_view(data, static_cast<std::size_t>(size)), input, options);
  }
  // A str with lone surrogates has no UTF-8; json accepts and keeps them, so
  // parse its WTF-8 instead.
  if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) return nullptr;
  PyErr_Clear();
  PyObject* wtf8 = PyUnicode_AsEncodedString(input, "utf-8", "surrogatepass");
  if (wtf8 == nullptr) return nullptr;
  parse_options options = loads_options();
  options.allow_wtf8_input = true;
  PyObject* result = decode_text(
      std::string_view(PyBytes_AS_STRING(wtf8), static_cast<std::size_t>(PyBytes_GET_SIZE(wtf8))),
      input, options);
  Py_DECREF(wtf8);
  return result;
}

}  // namespace

void init_decode() { keys.forget(); }

PyObject* decode_object(PyObject* input) {
  static const parse_options options = loads_options();
  if (PyUnicode_Check(input)) return decode_str(input);
  if (PyBytes_Check(input)) {
    return decode_text(std::string_view(PyBytes_AS_STRING(input),
                                        static_cast<std::size_t>(PyBytes_GET_SIZE(input))),
                       input, options);
  }
  if (!PyObject_CheckBuffer(input)) {
    PyErr_Format(PyExc_TypeError, "Expected str, bytes, bytearray or a buffer, not %.200s",
                 Py_TYPE(input)->tp_name);
    return nullptr;
  }
  Py_buffer view;
  if (PyObject_GetBuffer(input, &view, PyBUF_C_CONTIGUOUS) < 0) return nullptr;
  PyObject* result = decode_text(
      std::string_view(static_cast<const char*>(view.buf), static_cast<std::size_t>(view.len)),
      input, options);
  PyBuffer_Release(&view);
  return result;
}

PyObject* loads(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject* input;
  if (nargs == 1 && kwnames == nullptr) {
    input = args[0];
  } else {
    PyObject* bound[1];
    if (!bind_arguments(names::loads, args, nargs, kwnames, bound)) return nullptr;
    input = bound[0];
  }
  return decode_object(input);
}

PyObject* load(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  if (nargs != 1 || (kwnames != nullptr && PyTuple_GET_SIZE(kwnames) != 0)) {
    PyErr_Format(PyExc_TypeError, "load() takes exactly 1 positional argument (%zd given)",
                 nargs + (kwnames != nullptr ? PyTuple_GET_SIZE(kwnames) : 0));
    return nullptr;
  }
  // As ujson: anything without a callable read() is "expected file".
  PyObject* read = PyObject_GetAttrString(args[0], "read");
  if (read == nullptr || !PyCallable_Check(read)) {
    Py_XDECREF(read);
    if (read == nullptr && !PyErr_ExceptionMatches(PyExc_AttributeError)) return nullptr;
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "expected file");
    return nullptr;
  }
  PyObject* text = PyObject_CallNoArgs(read);
  Py_DECREF(read);
  if (text == nullptr) return nullptr;
  PyObject* result = decode_object(text);
  Py_DECREF(text);
  return result;
}

}  // namespace ultrajson::python
