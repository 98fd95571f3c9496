#pragma once
// Types dumps() encodes natively where ujson raised TypeError: dataclass
// instances, datetime/date/time, uuid.UUID, enum.Enum and numpy arrays and
// scalars. They come after toDict()/__json__ and after default, so nothing
// ujson could encode changes. None of their modules is imported here: an
// object of such a type exists only once its module has been imported.

#include <utility>
#include <vector>

#include "python.hpp"

namespace ultrajson::python {

// One dumps() call's knowledge of those types: looked up once per call, and
// the last type seen remembered, so a list of a thousand datetimes costs one
// lookup, not a thousand.
class native_types {
 public:
  native_types() = default;
  native_types(const native_types&) = delete;
  native_types& operator=(const native_types&) = delete;
  ~native_types();

  // What to encode in the object's place: a new reference to a dict (a
  // dataclass's fields, in order), a str (ISO 8601, a UUID), an enum's
  // value, a list or a Python scalar (numpy). nullptr when the object is
  // none of these types (no error set), or with an error set when making it
  // failed.
  PyObject* replacement(PyObject* object);

  // The object's attribute `name`, or nullptr: with an error set unless it
  // has no such attribute. No AttributeError is made and dropped on the way
  // (most objects have no toDict or __json__). `name` is a string literal.
  PyObject* optional_attribute(PyObject* object, const char* name);

  // Whether the object is a decimal.Decimal (false, no error, when the
  // decimal module is not imported).
  bool is_decimal(PyObject* object);

 private:
  enum class kind { none, dataclass, iso_format, uuid, enumeration, numpy_array, numpy_scalar };
  struct dataclass_layout {
    PyObject* type;   // strong references: a type freed during the call could
    PyObject* names;  // leave its address to another; names is a tuple
  };

  bool resolve();
  kind kind_of(PyObject* object);
  PyObject* dataclass_fields(PyObject* object);
  PyObject* iso_format(PyObject* object);

  bool resolved_ = false;
  // Strong references, or nullptr where the module is not imported.
  PyObject* datetime_ = nullptr;
  PyObject* date_ = nullptr;
  PyObject* time_ = nullptr;
  PyObject* uuid_ = nullptr;
  PyObject* enum_ = nullptr;
  PyObject* ndarray_ = nullptr;
  PyObject* numpy_generic_ = nullptr;
  PyObject* dataclass_fields_function_ = nullptr;
  PyObject* decimal_ = nullptr;
  // Interned names: "__dataclass_fields__" (what dataclasses.is_dataclass
  // looks for), and the methods called.
  PyObject* dataclass_marker_ = nullptr;
  PyObject* isoformat_ = nullptr;
  PyObject* tolist_ = nullptr;
  PyObject* item_ = nullptr;
  PyObject* enum_value_ = nullptr;
  // optional_attribute's names, interned on first use: (literal, str) pairs.
  std::vector<std::pair<const char*, PyObject*>> attribute_names_;
  PyObject* last_type_ = nullptr;  // a strong reference, for the same reason
  kind last_kind_ = kind::none;
  std::vector<dataclass_layout> layouts_;
};

}  // namespace ultrajson::python
