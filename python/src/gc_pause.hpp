#pragma once
// Keeps the cyclic garbage collector off while loads() builds a document.
// Every list and dict made is tracked, so a big document would otherwise set
// off collection after collection that traverses the new objects (a fifth of
// the time on citm_catalog.json); what loads builds holds no cycles. The
// previous state comes back on every path.

#include "python.hpp"

namespace ultrajson::python {

#if PY_VERSION_HEX >= 0x030A0000

class gc_pause {
 public:
  // The module argument is for 3.9's variant; 3.10+ has a C API for this.
  explicit gc_pause(PyObject*) : was_enabled_(PyGC_Disable() != 0) {}
  ~gc_pause() {
    if (was_enabled_) PyGC_Enable();
  }
  gc_pause(const gc_pause&) = delete;
  gc_pause& operator=(const gc_pause&) = delete;

 private:
  bool was_enabled_;
};

#else

// Python 3.9 has no PyGC_Disable: call gc.isenabled(), gc.disable() and
// gc.enable() of the gc module the module state holds (C functions: no
// Python code runs). Should a call fail, the collector is left as it was.
class gc_pause {
 public:
  explicit gc_pause(PyObject* gc_module) : gc_module_(gc_module) {
    PyObject* enabled = PyObject_CallMethod(gc_module_, "isenabled", nullptr);
    if (enabled == nullptr) {
      PyErr_Clear();
      return;
    }
    was_enabled_ = enabled == Py_True;
    Py_DECREF(enabled);
    if (was_enabled_) was_enabled_ = call("disable");
  }
  ~gc_pause() {
    if (!was_enabled_) return;
    // Keeps an error the decode set (the builder's) across the call.
    PyObject* type;
    PyObject* value;
    PyObject* traceback;
    PyErr_Fetch(&type, &value, &traceback);
    call("enable");
    PyErr_Restore(type, value, traceback);
  }
  gc_pause(const gc_pause&) = delete;
  gc_pause& operator=(const gc_pause&) = delete;

 private:
  bool call(const char* name) {
    PyObject* none = PyObject_CallMethod(gc_module_, name, nullptr);
    if (none == nullptr) {
      PyErr_Clear();
      return false;
    }
    Py_DECREF(none);
    return true;
  }

  PyObject* gc_module_;
  bool was_enabled_ = false;
};

#endif

}  // namespace ultrajson::python
