// The encoder's Python side: a recursive walk over the objects that writes
// through one ultrajson::writer, dispatching on exact types first.

#include "object_walker.hpp"

#include <cmath>
#include <new>
#include <string_view>

#include <ultrajson/writer.hpp>

#include "errors.hpp"
#include "unicode.hpp"

namespace ultrajson::python {
namespace {

// default() may return something that itself needs default(), at most this
// many times for one value.
constexpr int max_default_chain = 3;

class encoder {
 public:
  explicit encoder(const dumps_settings& settings)
      : settings_(settings), writer_(settings.options) {}

  bool value(PyObject* object, int depth) {
    PyTypeObject* const type = Py_TYPE(object);
    if (type == &PyUnicode_Type) return str_value(object);
    if (type == &PyLong_Type) return int_value(object);
    if (type == &PyFloat_Type) return float_value(PyFloat_AS_DOUBLE(object));
    if (type == &PyList_Type) return list(object, depth);
    if (type == &PyDict_Type) return dict(object, depth);
    if (object == Py_True) return writer_.bool_value(true) || writer_failed();
    if (object == Py_False) return writer_.bool_value(false) || writer_failed();
    if (object == Py_None) return writer_.null_value() || writer_failed();
    if (type == &PyTuple_Type) return tuple(object, depth);
    return other_value(object, depth, 0);
  }

  // The output as a str; nullptr with an error set.
  PyObject* result() const {
    const std::string_view text = writer_.view();
    const bool ascii = (settings_.options.ensure_ascii && settings_.separators_ascii && !raw_) ||
                       ascii_prefix(text.data(), text.size()) == text.size();
    if (ascii) return make_ascii_str(text.data(), text.size());
    return PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "strict");
  }

  // After a writer call failed: raise the matching Python error.
  bool writer_failed(std::string_view text = {}) const {
    return raise_write_error(writer_.error(), text);
  }

 private:
  // Anything but the exact common types, in the documented order.
  bool other_value(PyObject* object, int depth, int chain) {
    if (PyLong_Check(object)) return int_value(object);  // bool is taken already
    if (PyBytes_Check(object)) {
      if (settings_.reject_bytes) {
        if (settings_.default_function != nullptr) return call_default(object, depth, chain);
        PyErr_Format(PyExc_TypeError, "%R is not JSON serializable (reject_bytes=True)", object);
        return false;
      }
      return bytes_value(object);
    }
    if (PyUnicode_Check(object)) return str_value(object);
    if (PyFloat_Check(object)) return float_value(PyFloat_AS_DOUBLE(object));
    if (is_decimal(object)) {
      PyObject* number = PyNumber_Float(object);
      if (number == nullptr) return false;
      const double d = PyFloat_AS_DOUBLE(number);
      Py_DECREF(number);
      return float_value(d);
    }
    if (PyDict_Check(object)) return dict(object, depth);
    if (PyList_Check(object)) return list(object, depth);
    if (PyTuple_Check(object)) return tuple(object, depth);

    bool found;
    if (!call_hook(object, "toDict", found, depth)) return false;
    if (found) return true;
    if (!call_hook(object, "__json__", found, depth)) return false;
    if (found) return true;
    if (settings_.default_function != nullptr) return call_default(object, depth, chain);
    PyErr_Format(PyExc_TypeError, "%R is not JSON serializable", object);
    return false;
  }

  static bool is_decimal(PyObject* object) {
    // A Decimal exists only once its module is imported; don't import it.
    PyObject* module = PyDict_GetItemString(PyImport_GetModuleDict(), "decimal");  // borrowed
    if (module == nullptr) return false;
    PyObject* decimal_type = PyObject_GetAttrString(module, "Decimal");
    if (decimal_type == nullptr) {
      PyErr_Clear();
      return false;
    }
    const int is = PyObject_IsInstance(object, decimal_type);
    Py_DECREF(decimal_type);
    if (is < 0) PyErr_Clear();
    return is > 0;
  }

  // Calls object.toDict() or object.__json__() when the object has it;
  // `found` says whether it had.
  bool call_hook(PyObject* object, const char* name, bool& found, int depth) {
    found = false;
    PyObject* method = PyObject_GetAttrString(object, name);
    if (method == nullptr) {
      if (!PyErr_ExceptionMatches(PyExc_AttributeError)) return false;
      PyErr_Clear();
      return true;
    }
    found = true;
    PyObject* returned = PyObject_CallNoArgs(method);
    Py_DECREF(method);
    if (returned == nullptr) return false;
    bool ok;
    if (name[0] == 't') {  // toDict
      if (PyDict_Check(returned)) {
        ok = dict(returned, depth);
      } else {
        PyErr_Format(PyExc_TypeError, "toDict() should return a dict, got %s",
                     Py_TYPE(returned)->tp_name);
        ok = false;
      }
    } else {  // __json__
      ok = raw_json(returned);
    }
    Py_DECREF(returned);
    return ok;
  }

  bool raw_json(PyObject* text) {
    const char* data;
    Py_ssize_t size;
    if (PyUnicode_Check(text)) {
      data = PyUnicode_AsUTF8AndSize(text, &size);
      if (data == nullptr) return false;
    } else if (PyBytes_Check(text)) {
      data = PyBytes_AS_STRING(text);
      size = PyBytes_GET_SIZE(text);
    } else {
      PyErr_Format(PyExc_TypeError, "__json__() should return str or bytes, got %s",
                   Py_TYPE(text)->tp_name);
      return false;
    }
    raw_ = true;
    return writer_.raw_value(std::string_view(data, static_cast<std::size_t>(size))) ||
           writer_failed();
  }

  bool call_default(PyObject* object, int depth, int chain) {
    if (chain >= max_default_chain) {
      // ujson's type and wording for a default() that never converges.
      PyErr_SetString(PyExc_TypeError, "maximum recursion depth exceeded");
      return false;
    }
    PyObject* replaced = PyObject_CallOneArg(settings_.default_function, object);
    if (replaced == nullptr) return false;
    bool ok;
    PyTypeObject* const type = Py_TYPE(replaced);
    if (type == &PyUnicode_Type || type == &PyLong_Type || type == &PyFloat_Type ||
        type == &PyList_Type || type == &PyDict_Type || type == &PyTuple_Type ||
        replaced == Py_True || replaced == Py_False || replaced == Py_None) {
      ok = value(replaced, depth);
    } else {
      ok = other_value(replaced, depth, chain + 1);
    }
    Py_DECREF(replaced);
    return ok;
  }

  bool int_value(PyObject* object) {
    int overflow;
    const long long small = PyLong_AsLongLongAndOverflow(object, &overflow);
    if (overflow == 0) {
      if (small == -1 && PyErr_Occurred()) return false;
      return writer_.int64_value(small) || writer_failed();
    }
    if (overflow > 0) {
      const unsigned long long big = PyLong_AsUnsignedLongLong(object);
      if (!(big == static_cast<unsigned long long>(-1) && PyErr_Occurred())) {
        return writer_.uint64_value(big) || writer_failed();
      }
      PyErr_Clear();
    }
    // Beyond 64 bits: int's own decimal text (int.__repr__ for subclasses
    // too, so an IntEnum writes its value). sys.set_int_max_str_digits
    // applies: its ValueError propagates.
    PyObject* text = PyLong_Type.tp_repr(object);
    if (text == nullptr) return false;
    Py_ssize_t size;
    const char* digits = PyUnicode_AsUTF8AndSize(text, &size);
    const bool ok = digits != nullptr &&
                    (writer_.big_integer(std::string_view(digits, static_cast<std::size_t>(size))) ||
                     writer_failed());
    Py_DECREF(text);
    return ok;
  }

  bool float_value(double d) {
    if (!std::isfinite(d) && !settings_.options.allow_nan) {
      return raise_write_error(write_error::nan_or_infinity);
    }
    return writer_.double_value(d) || writer_failed();
  }

  bool str_value(PyObject* str) { return write_str<false>(str); }
  bool str_key(PyObject* str) { return write_str<true>(str); }

  // A str as a value or as a key: compact ASCII data is valid UTF-8 and goes
  // to the writer in place; other kinds go as their code units.
  template <bool is_key>
  bool write_str(PyObject* str) {
    if (PyUnicode_IS_COMPACT_ASCII(str)) {
      const std::string_view text(static_cast<const char*>(PyUnicode_DATA(str)),
                                  static_cast<std::size_t>(PyUnicode_GET_LENGTH(str)));
      return (is_key ? writer_.key(text) : writer_.string_value(text)) || writer_failed();
    }
    if (PyUnicode_READY(str) < 0) return false;  // a legacy str from before PEP 393
    const auto length = static_cast<std::size_t>(PyUnicode_GET_LENGTH(str));
    const void* data = PyUnicode_DATA(str);
    const auto units = [&](const auto* first) {
      if constexpr (is_key) {
        return writer_.key_units(first, length);
      } else {
        return writer_.string_value_units(first, length);
      }
    };
    bool ok;
    switch (PyUnicode_KIND(str)) {
      case PyUnicode_1BYTE_KIND: ok = units(static_cast<const Py_UCS1*>(data)); break;
      case PyUnicode_2BYTE_KIND: ok = units(static_cast<const Py_UCS2*>(data)); break;
      default: ok = units(static_cast<const Py_UCS4*>(data)); break;
    }
    return ok || writer_failed();
  }

  bool bytes_value(PyObject* bytes) {
    const char* data = PyBytes_AS_STRING(bytes);
    const Py_ssize_t size = PyBytes_GET_SIZE(bytes);
    const std::string_view text(data, static_cast<std::size_t>(size));
    return writer_.string_value(text) || writer_failed(text);
  }

  bool key(PyObject* key) {
    if (PyUnicode_Check(key)) return str_key(key);
    if (PyBytes_Check(key)) {
      const char* data = PyBytes_AS_STRING(key);
      const Py_ssize_t size = PyBytes_GET_SIZE(key);
      const std::string_view text(data, static_cast<std::size_t>(size));
      return writer_.key(text) || writer_failed(text);
    }
    if (key == Py_True) return writer_.key("true") || writer_failed();
    if (key == Py_False) return writer_.key("false") || writer_failed();
    if (key == Py_None) return writer_.key("null") || writer_failed();
    PyObject* text = PyObject_Str(key);
    if (text == nullptr) return false;
    const bool ok = str_key(text);
    Py_DECREF(text);
    return ok;
  }

  bool member(PyObject* k, PyObject* v, int depth) {
    // The walk may run Python code (default, str(key)) that changes the
    // dict: hold the key and value while they are written.
    Py_INCREF(k);
    Py_INCREF(v);
    const bool ok = key(k) && value(v, depth);
    Py_DECREF(v);
    Py_DECREF(k);
    return ok;
  }

  bool dict(PyObject* dict, int depth) {
    if (depth >= max_depth) return raise_depth_exceeded();
    if (!writer_.start_object()) return writer_failed();
    const Py_ssize_t size = PyDict_GET_SIZE(dict);
    if (size != 0) {
      if (settings_.sort_keys) {
        if (!sorted_members(dict, depth)) return false;
      } else {
        Py_ssize_t position = 0;
        PyObject* k;
        PyObject* v;
        while (PyDict_Next(dict, &position, &k, &v)) {
          if (!member(k, v, depth + 1)) return false;
          if (PyDict_GET_SIZE(dict) != size) {
            PyErr_SetString(PyExc_RuntimeError, "dictionary changed size during iteration");
            return false;
          }
        }
      }
    }
    return writer_.end_object() || writer_failed();
  }

  bool sorted_members(PyObject* dict, int depth) {
    PyObject* keys = PyDict_Keys(dict);
    if (keys == nullptr) return false;
    bool ok = PyList_Sort(keys) == 0;
    for (Py_ssize_t i = 0; ok && i < PyList_GET_SIZE(keys); ++i) {
      PyObject* k = PyList_GET_ITEM(keys, i);
      PyObject* v = PyDict_GetItemWithError(dict, k);
      if (v == nullptr) {
        if (!PyErr_Occurred()) {
          PyErr_SetString(PyExc_RuntimeError, "dictionary changed during iteration");
        }
        ok = false;
      } else {
        ok = member(k, v, depth + 1);
      }
    }
    Py_DECREF(keys);
    return ok;
  }

  bool list(PyObject* list, int depth) {
    if (depth >= max_depth) return raise_depth_exceeded();
    if (!writer_.start_array()) return writer_failed();
    // The size is read on every turn: default() may change the list.
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); ++i) {
      PyObject* item = PyList_GET_ITEM(list, i);
      Py_INCREF(item);
      const bool ok = value(item, depth + 1);
      Py_DECREF(item);
      if (!ok) return false;
    }
    return writer_.end_array() || writer_failed();
  }

  bool tuple(PyObject* tuple, int depth) {
    if (depth >= max_depth) return raise_depth_exceeded();
    if (!writer_.start_array()) return writer_failed();
    const Py_ssize_t size = PyTuple_GET_SIZE(tuple);
    for (Py_ssize_t i = 0; i < size; ++i) {
      if (!value(PyTuple_GET_ITEM(tuple, i), depth + 1)) return false;
    }
    return writer_.end_array() || writer_failed();
  }

  const dumps_settings& settings_;
  writer writer_;
  bool raw_ = false;  // __json__ text went in: the output may not be ASCII
};

}  // namespace

PyObject* encode(PyObject* object, const dumps_settings& settings) {
  try {
    encoder walk(settings);
    if (!walk.value(object, 0)) return nullptr;
    return walk.result();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
    return nullptr;
  }
}

}  // namespace ultrajson::python
