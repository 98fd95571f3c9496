#include "arguments.hpp"

#include <algorithm>
#include <iterator>
#include <string>

namespace ultrajson::python {
namespace {

const char* const loads_names[] = {"obj",       "object_hook",    "parse_float",
                                   "parse_int", "parse_constant", "object_pairs_hook"};
const char* const dumps_names[] = {"obj",        "ensure_ascii", "encode_html_chars",
                                   "escape_forward_slashes",     "sort_keys",
                                   "indent",     "allow_nan",    "reject_bytes",
                                   "default",    "separators"};
const char* const load_names[] = {"fp",        "object_hook",    "parse_float",
                                  "parse_int", "parse_constant", "object_pairs_hook"};
// ujson's loads has only obj: its errors are worded for that signature.
const char* const ujson_loads_names[] = {"obj"};
const parameters ujson_loads{"loads", ujson_loads_names, 1, 1, 0, 1};
const char* const dump_names[] = {"obj",        "fp",           "ensure_ascii",
                                  "encode_html_chars",          "escape_forward_slashes",
                                  "sort_keys",  "indent",       "allow_nan",
                                  "reject_bytes", "default",    "separators"};

Py_ssize_t find_keyword(const parameters& params, PyObject* const* names, PyObject* name) {
  for (Py_ssize_t i = params.positional_only; i < params.count; ++i) {
    if (names[i] == name) return i;
  }
  for (Py_ssize_t i = params.positional_only; i < params.count; ++i) {
    const int equal = PyUnicode_Compare(names[i], name);
    if (equal == 0) return i;
  }
  if (PyErr_Occurred()) PyErr_Clear();
  return -1;
}

}  // namespace

namespace signatures {
// loads(obj, *, <the hooks>)
const parameters loads{"loads", loads_names, 6, 1, 0, 1};
const parameters dumps{"dumps", dumps_names, 10, 1, 0, 10};
// dump(obj, fp, /, *, options): exactly two positional arguments.
const parameters dump{"dump", dump_names, 11, 2, 2, 2};
// load(fp, /, *, <the hooks>)
const parameters load{"load", load_names, 6, 1, 1, 1};
}  // namespace signatures

static_assert(sizeof(interned_names::loads) / sizeof(PyObject*) == std::size(loads_names));
static_assert(sizeof(interned_names::dumps) / sizeof(PyObject*) == std::size(dumps_names));
static_assert(sizeof(interned_names::dump) / sizeof(PyObject*) == std::size(dump_names));
static_assert(sizeof(interned_names::load) / sizeof(PyObject*) == std::size(load_names));
static_assert(std::size(dump_names) == max_parameters);

bool interned_names::init() {
  const auto intern = [](const parameters& params, PyObject** names) {
    for (Py_ssize_t i = 0; i < params.count; ++i) {
      names[i] = PyUnicode_InternFromString(params.spellings[i]);
      if (names[i] == nullptr) return false;
    }
    return true;
  };
  return intern(signatures::loads, loads) && intern(signatures::dumps, dumps) &&
         intern(signatures::dump, dump) && intern(signatures::load, load);
}

void interned_names::clear() {
  for (PyObject*& name : loads) Py_CLEAR(name);
  for (PyObject*& name : dumps) Py_CLEAR(name);
  for (PyObject*& name : dump) Py_CLEAR(name);
  for (PyObject*& name : load) Py_CLEAR(name);
}

namespace {

// The positional arguments as a tuple and the keywords as a dict, as a
// METH_VARARGS | METH_KEYWORDS function gets them.
bool as_tuple_and_dict(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
                       PyObject*& tuple, PyObject*& dict) {
  tuple = PyTuple_New(nargs);
  dict = PyDict_New();
  if (tuple == nullptr || dict == nullptr) return false;
  for (Py_ssize_t i = 0; i < nargs; ++i) PyTuple_SET_ITEM(tuple, i, Py_NewRef(args[i]));
  const Py_ssize_t keywords = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t k = 0; k < keywords; ++k) {
    if (PyDict_SetItem(dict, PyTuple_GET_ITEM(kwnames, k), args[nargs + k]) < 0) return false;
  }
  return true;
}

// PyArg_ParseTupleAndKeywords with "O|OO..." for params: `count` objects,
// the first `required` of them required.
void parse_as_ujson(const parameters& params, PyObject* tuple, PyObject* dict) {
  std::string format(static_cast<std::size_t>(params.required), 'O');
  format += '|';
  format.append(static_cast<std::size_t>(params.count - params.required), 'O');
  // The keyword list ends with a null pointer, as the parse expects.
  const char* keywords[max_parameters + 1] = {};
  std::copy(params.spellings, params.spellings + params.count, keywords);
  PyObject* ignored[max_parameters];
  PyArg_ParseTupleAndKeywords(tuple, dict, format.c_str(), const_cast<char**>(keywords),
                              &ignored[0], &ignored[1], &ignored[2], &ignored[3], &ignored[4],
                              &ignored[5], &ignored[6], &ignored[7], &ignored[8], &ignored[9],
                              &ignored[10]);
}

// Removes the keywords ujson's function does not have but ours does (the
// hooks), so that the error names what is really wrong.
bool drop_our_keywords(const parameters& params, PyObject* dict) {
  for (Py_ssize_t i = 1; i < params.count; ++i) {
    PyObject* name = PyUnicode_FromString(params.spellings[i]);
    if (name == nullptr) return false;
    const int present = PyDict_Contains(dict, name);
    const bool ok = present == 0 || (present == 1 && PyDict_DelItem(dict, name) == 0);
    Py_DECREF(name);
    if (!ok) return false;
  }
  return true;
}

}  // namespace

// ujson binds its arguments with CPython's PyArg_Parse* functions, so its
// TypeErrors are CPython's, worded as each CPython version words them. Only
// when a call's arguments are wrong, the same parse is made, for the same
// message; if it finds nothing wrong, a message of our own says what was.
bool raise_argument_error(const parameters& params, PyObject* const* args, Py_ssize_t nargs,
                          PyObject* kwnames, const char* what) {
  PyObject* tuple = nullptr;
  PyObject* dict = nullptr;
  PyObject* ignored[2];
  if (as_tuple_and_dict(args, nargs, kwnames, tuple, dict)) {
    if (&params == &signatures::dump) {
      // ujson's dump takes (obj, fp) by position and gives its keywords to
      // dumps, with obj alone as the positional arguments.
      if (nargs != 2) {
        PyArg_ParseTuple(tuple, "OO", &ignored[0], &ignored[1]);
      } else {
        PyObject* obj_only = PyTuple_GetSlice(tuple, 0, 1);
        if (obj_only != nullptr) {
          parse_as_ujson(signatures::dumps, obj_only, dict);
          Py_DECREF(obj_only);
        }
      }
    } else if (&params == &signatures::load) {
      // ujson's load counts its keywords as arguments, then reads one
      // positional argument.
      if (!drop_our_keywords(params, dict)) {
      } else if (PyDict_GET_SIZE(dict) != 0 && nargs + PyDict_GET_SIZE(dict) > 1) {
        parse_as_ujson(ujson_loads, tuple, dict);
      } else {
        PyArg_ParseTuple(tuple, "O", &ignored[0]);
      }
    } else if (&params == &signatures::loads) {
      if (drop_our_keywords(params, dict)) parse_as_ujson(ujson_loads, tuple, dict);
    } else {
      parse_as_ujson(params, tuple, dict);
    }
  }
  Py_XDECREF(tuple);
  Py_XDECREF(dict);
  if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "%s() %s", params.function, what);
  return false;
}

bool bind_arguments(const parameters& params, PyObject* const* names, PyObject* const* args,
                    Py_ssize_t nargs, PyObject* kwnames, PyObject** bound) {
  if (nargs < params.positional_only ||
      (nargs > params.max_positional && params.positional_only == params.max_positional)) {
    return raise_argument_error(params, args, nargs, kwnames, "got the wrong number of arguments");
  }
  if (nargs > params.max_positional) {
    return raise_argument_error(params, args, nargs, kwnames, "got too many arguments");
  }
  for (Py_ssize_t i = 0; i < params.count; ++i) bound[i] = i < nargs ? args[i] : nullptr;
  const Py_ssize_t keywords = kwnames == nullptr ? 0 : PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t k = 0; k < keywords; ++k) {
    PyObject* name = PyTuple_GET_ITEM(kwnames, k);
    const Py_ssize_t index = find_keyword(params, names, name);
    if (index < 0) {
      return raise_argument_error(params, args, nargs, kwnames, "got an unexpected keyword");
    }
    if (bound[index] != nullptr) {
      return raise_argument_error(params, args, nargs, kwnames,
                                  "got an argument by name and by position");
    }
    bound[index] = args[nargs + k];
  }
  for (Py_ssize_t i = 0; i < params.required; ++i) {
    if (bound[i] == nullptr) {
      return raise_argument_error(params, args, nargs, kwnames, "missed a required argument");
    }
  }
  return true;
}

}  // namespace ultrajson::python
