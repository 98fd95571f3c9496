// dumps() and dump(): their arguments, the walk, and dump()'s one write.

#include "encode.hpp"

#include "arguments.hpp"
#include "dumps_options.hpp"
#include "module_state.hpp"
#include "object_walker.hpp"
#include "small_documents.hpp"

namespace ultrajson::python {

namespace {

// The text of a small document ready made, else the walk's.
PyObject* encoded(const module_state& state, PyObject* object, const dumps_settings& settings) {
  PyObject* result;
  if (dumps_small(state.texts, object, result)) return result;
  return encode(object, settings);
}

}  // namespace

PyObject* dumps(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  module_state& state = state_of(module);
  if (nargs == 1 && kwnames == nullptr) return encoded(state, args[0], state.default_dumps);
  // The options of the last constant call were checked then: a small
  // document needs nothing more.
  if (const dumps_settings* recent =
          state.recent_options.find(args, nargs, kwnames, state.names.dumps)) {
    return encoded(state, args[0], *recent);
  }
  PyObject* bound[max_parameters];
  dumps_settings settings;
  if (!bind_arguments(signatures::dumps, state.names.dumps, args, nargs, kwnames, bound) ||
      !read_dumps_settings(dumps_arguments(bound + 1), settings)) {
    return nullptr;
  }
  state.recent_options.remember(args, nargs, kwnames, state.names.dumps, signatures::dumps.count,
                                settings);
  return encoded(state, bound[0], settings);
}

PyObject* dump(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  const module_state& state = state_of(module);
  PyObject* bound[max_parameters];
  if (!bind_arguments(signatures::dump, state.names.dump, args, nargs, kwnames, bound)) {
    return nullptr;
  }
  // obj, fp, then the options.
  dumps_settings settings;
  if (!read_dumps_settings(dumps_arguments(bound + 2), settings)) return nullptr;

  PyObject* write = PyObject_GetAttrString(bound[1], "write");
  if (write == nullptr || !PyCallable_Check(write)) {
    Py_XDECREF(write);
    if (write == nullptr && !PyErr_ExceptionMatches(PyExc_AttributeError)) return nullptr;
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "expected file");
    return nullptr;
  }
  PyObject* text = encoded(state, bound[0], settings);
  if (text == nullptr) {
    Py_DECREF(write);
    return nullptr;
  }
  PyObject* written = PyObject_CallOneArg(write, text);
  Py_DECREF(text);
  Py_DECREF(write);
  if (written == nullptr) return nullptr;
  Py_DECREF(written);
  Py_RETURN_NONE;
}

}  // namespace ultrajson::python
