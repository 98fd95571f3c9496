#include "native_types.hpp"

#include <initializer_list>

// Only the field macros of datetime.h are used: they read the objects'
// fields and need no capsule import (PyDateTime_IMPORT), whose pointer the
// header keeps in a static of its own.
#include <datetime.h>

#include "unicode.hpp"

namespace ultrajson::python {
namespace {

// A type (or function) from a module the program has imported, or nullptr
// (no error set) when the module is not imported or lacks it.
PyObject* imported(const char* module_name, const char* name) {
  PyObject* module = PyDict_GetItemString(PyImport_GetModuleDict(), module_name);  // borrowed
  if (module == nullptr) return nullptr;
  PyObject* found = PyObject_GetAttrString(module, name);
  if (found == nullptr) PyErr_Clear();
  return found;
}

// Writes value as `digits` decimal digits, zero-padded; returns the end.
char* put_digits(char* out, int value, int digits) {
  for (int i = digits - 1; i >= 0; --i) {
    out[i] = static_cast<char>('0' + value % 10);
    value /= 10;
  }
  return out + digits;
}

// HH:MM:SS, then .ffffff when the microseconds are not zero: isoformat's time.
char* put_time(char* out, int hour, int minute, int second, int microsecond) {
  out = put_digits(out, hour, 2);
  *out++ = ':';
  out = put_digits(out, minute, 2);
  *out++ = ':';
  out = put_digits(out, second, 2);
  if (microsecond != 0) {
    *out++ = '.';
    out = put_digits(out, microsecond, 6);
  }
  return out;
}

char* put_date(char* out, PyObject* date) {
  out = put_digits(out, PyDateTime_GET_YEAR(date), 4);
  *out++ = '-';
  out = put_digits(out, PyDateTime_GET_MONTH(date), 2);
  *out++ = '-';
  return put_digits(out, PyDateTime_GET_DAY(date), 2);
}

bool has_tzinfo(PyObject* object) {
  return reinterpret_cast<_PyDateTime_BaseTZInfo*>(object)->hastzinfo != 0;
}

// 1, 0, or -1 with an error set; a type not imported has no instances.
int is_instance(PyObject* object, PyObject* type) {
  return type == nullptr ? 0 : PyObject_IsInstance(object, type);
}

}  // namespace

native_types::~native_types() {
  for (const auto& name : attribute_names_) Py_DECREF(name.second);
  // The rest is set by resolve() and after it: most calls meet no native
  // type, and the releases below were a tenth of a small call's work.
  if (!resolved_) return;
  for (const dataclass_layout& layout : layouts_) {
    Py_DECREF(layout.type);
    Py_DECREF(layout.names);
  }
  Py_XDECREF(last_type_);
  Py_XDECREF(datetime_);
  Py_XDECREF(date_);
  Py_XDECREF(time_);
  Py_XDECREF(uuid_);
  Py_XDECREF(enum_);
  Py_XDECREF(ndarray_);
  Py_XDECREF(numpy_generic_);
  Py_XDECREF(dataclass_fields_function_);
  Py_XDECREF(decimal_);
  for (PyObject* name : {dataclass_marker_, isoformat_, tolist_, item_, enum_value_}) {
    Py_XDECREF(name);
  }
}

bool native_types::resolve() {
  resolved_ = true;
  datetime_ = imported("datetime", "datetime");
  date_ = imported("datetime", "date");  // datetime is a subclass
  time_ = imported("datetime", "time");
  uuid_ = imported("uuid", "UUID");
  enum_ = imported("enum", "Enum");
  ndarray_ = imported("numpy", "ndarray");
  numpy_generic_ = imported("numpy", "generic");
  dataclass_fields_function_ = imported("dataclasses", "fields");
  decimal_ = imported("decimal", "Decimal");
  dataclass_marker_ = PyUnicode_InternFromString("__dataclass_fields__");
  isoformat_ = PyUnicode_InternFromString("isoformat");
  tolist_ = PyUnicode_InternFromString("tolist");
  item_ = PyUnicode_InternFromString("item");
  // Where Enum keeps the value: its `value` is a Python-level property,
  // slower to call.
  enum_value_ = PyUnicode_InternFromString("_value_");
  return dataclass_marker_ != nullptr && isoformat_ != nullptr && tolist_ != nullptr &&
         item_ != nullptr && enum_value_ != nullptr;
}

PyObject* native_types::optional_attribute(PyObject* object, const char* name) {
  PyObject* interned = nullptr;
  for (const auto& known : attribute_names_) {
    if (known.first == name) interned = known.second;
  }
  if (interned == nullptr) {
    interned = PyUnicode_InternFromString(name);
    if (interned == nullptr) return nullptr;
    try {
      attribute_names_.emplace_back(name, interned);
    } catch (...) {
      Py_DECREF(interned);
      return PyErr_NoMemory();
    }
  }
  PyObject* found = nullptr;
#if PY_VERSION_HEX >= 0x030D0000
  PyObject_GetOptionalAttr(object, interned, &found);
#else
  _PyObject_LookupAttr(object, interned, &found);
#endif
  return found;
}

bool native_types::is_decimal(PyObject* object) {
  if (!resolved_ && !resolve()) {
    PyErr_Clear();
    return false;
  }
  const int is = is_instance(object, decimal_);
  if (is < 0) PyErr_Clear();
  return is > 0;
}

native_types::kind native_types::kind_of(PyObject* object) {
  PyObject* const type = reinterpret_cast<PyObject*>(Py_TYPE(object));
  if (type == last_type_) return last_kind_;
  kind found = kind::none;
  int is = 0;
  // A dataclass class itself is not an instance: only instances' types
  // carry the marker as a class attribute, and a type's type does not.
  if (dataclass_fields_function_ != nullptr && !PyType_Check(object) &&
      PyObject_HasAttr(type, dataclass_marker_)) {
    found = kind::dataclass;
  } else if ((is = is_instance(object, date_)) != 0 || (is = is_instance(object, time_)) != 0) {
    found = kind::iso_format;
  } else if ((is = is_instance(object, uuid_)) != 0) {
    found = kind::uuid;
  } else if ((is = is_instance(object, enum_)) != 0) {
    found = kind::enumeration;
  } else if ((is = is_instance(object, ndarray_)) != 0) {
    found = kind::numpy_array;
  } else if ((is = is_instance(object, numpy_generic_)) != 0) {
    found = kind::numpy_scalar;
  }
  if (is < 0) return kind::none;  // with the error set
  Py_XSETREF(last_type_, Py_NewRef(type));
  last_kind_ = found;
  return found;
}

PyObject* native_types::replacement(PyObject* object) {
  if (!resolved_ && !resolve()) return nullptr;
  switch (kind_of(object)) {
    case kind::dataclass: return dataclass_fields(object);
    case kind::iso_format: return iso_format(object);
    case kind::uuid: return PyObject_Str(object);
    case kind::enumeration: return PyObject_GetAttr(object, enum_value_);
    // numpy: an array as nested lists of Python values, a scalar as its
    // Python value (float64 and str_ subclass float and str: written before).
    case kind::numpy_array: return PyObject_CallMethodNoArgs(object, tolist_);
    case kind::numpy_scalar: return PyObject_CallMethodNoArgs(object, item_);
    case kind::none: break;
  }
  return nullptr;
}

// What isoformat() returns: written here for the exact naive types (the
// common case, and printf-free), by isoformat() itself for the rest (aware
// values, whose offset tzinfo gives, and subclasses, which may override it).
PyObject* native_types::iso_format(PyObject* object) {
  PyObject* const type = reinterpret_cast<PyObject*>(Py_TYPE(object));
  char text[32];
  char* end = nullptr;
  if (type == datetime_ && !has_tzinfo(object)) {
    end = put_date(text, object);
    *end++ = 'T';
    end = put_time(end, PyDateTime_DATE_GET_HOUR(object), PyDateTime_DATE_GET_MINUTE(object),
                   PyDateTime_DATE_GET_SECOND(object), PyDateTime_DATE_GET_MICROSECOND(object));
  } else if (type == date_) {
    end = put_date(text, object);
  } else if (type == time_ && !has_tzinfo(object)) {
    end = put_time(text, PyDateTime_TIME_GET_HOUR(object), PyDateTime_TIME_GET_MINUTE(object),
                   PyDateTime_TIME_GET_SECOND(object), PyDateTime_TIME_GET_MICROSECOND(object));
  }
  if (end == nullptr) return PyObject_CallMethodNoArgs(object, isoformat_);
  return make_ascii_str(text, static_cast<std::size_t>(end - text));
}

// A dataclass instance's fields, in order, as a dict. The names come from
// dataclasses.fields (no ClassVar or InitVar pseudo-fields), once per type.
PyObject* native_types::dataclass_fields(PyObject* object) {
  PyObject* const type = reinterpret_cast<PyObject*>(Py_TYPE(object));
  PyObject* names = nullptr;
  for (const dataclass_layout& layout : layouts_) {
    if (layout.type == type) names = layout.names;
  }
  if (names == nullptr) {
    PyObject* fields = PyObject_CallOneArg(dataclass_fields_function_, object);
    if (fields == nullptr) return nullptr;
    const Py_ssize_t count = PySequence_Size(fields);
    names = count >= 0 ? PyTuple_New(count) : nullptr;
    for (Py_ssize_t i = 0; names != nullptr && i < count; ++i) {
      PyObject* field = PySequence_GetItem(fields, i);
      PyObject* name = field != nullptr ? PyObject_GetAttrString(field, "name") : nullptr;
      Py_XDECREF(field);
      if (name == nullptr) Py_CLEAR(names);
      else PyTuple_SET_ITEM(names, i, name);
    }
    Py_DECREF(fields);
    if (names == nullptr) return nullptr;
    try {
      layouts_.push_back({type, names});
    } catch (...) {
      Py_DECREF(names);
      return PyErr_NoMemory();
    }
    Py_INCREF(type);
  }
  PyObject* dict = PyDict_New();
  for (Py_ssize_t i = 0; dict != nullptr && i < PyTuple_GET_SIZE(names); ++i) {
    PyObject* name = PyTuple_GET_ITEM(names, i);
    PyObject* value = PyObject_GetAttr(object, name);
    if (value == nullptr || PyDict_SetItem(dict, name, value) < 0) Py_CLEAR(dict);
    Py_XDECREF(value);
  }
  return dict;
}

}  // namespace ultrajson::python
