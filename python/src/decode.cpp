// loads() and load(): their arguments, the parse into an object_builder,
// and load()'s one read.

#include "decode.hpp"

#include <new>
#include <string_view>

#include <ultrajson/parse.hpp>

#include "arguments.hpp"
#include "errors.hpp"
#include "gc_pause.hpp"
#include "loads_hooks.hpp"
#include "module_state.hpp"
#include "object_builder.hpp"
#include "small_documents.hpp"
#include "str_utf8.hpp"
#include "unicode.hpp"

namespace ultrajson::python {
namespace {

// The parameters of loads() and load() after the first, in order.
enum hook_argument { object_hook = 1, parse_float, parse_int, parse_constant, object_pairs_hook };

// The hooks among bound arguments (None is not given).
loads_hooks hooks_of(PyObject* const* bound) {
  const auto given = [&](hook_argument i) { return bound[i] == Py_None ? nullptr : bound[i]; };
  loads_hooks hooks;
  hooks.object_hook = given(object_hook);
  hooks.parse_float = given(parse_float);
  hooks.parse_int = given(parse_int);
  hooks.parse_constant = given(parse_constant);
  hooks.object_pairs_hook = given(object_pairs_hook);
  return hooks;
}

// Parses text; `doc` is what the caller gave, for the error; `form_of`,
// when not null, is a str whose UTF-8 (WTF-8) form the text is. Out of line,
// so that a small document (decode_text) does not pay for this function's
// frame and exception handling: 20% of loads("{}") (callgrind).
[[gnu::noinline]] PyObject* parse_text(module_state& state, std::string_view text, PyObject* doc,
                                       const parse_options& options, const loads_hooks& hooks,
                                       PyObject* form_of) {
  parse_result result;
  try {
    if (!hooks.any()) {
      // No Python code runs while the collector is paused: the error, whose
      // __init__ is Python, is raised after the pause has ended.
      const gc_pause pause(state.gc_module);
      object_builder builder(state.keys, state.shapes);
      if (form_of != nullptr) builder.read_slices_of(form_of, text);
      result = parse(text, builder, options);
      if (result.ok()) return builder.result();
    } else {
      // The hooks are Python code: the collector is left as it is.
      hooked_object_builder builder(state.keys, state.shapes, hooks);
      if (form_of != nullptr) builder.read_slices_of(form_of, text);
      parse_options with_number_text = options;
      with_number_text.raw_numbers = hooks.numbers();
      result = parse(text, builder, with_number_text);
      if (result.ok()) return builder.result();
    }
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
    return nullptr;
  }
  if (result.code != parse_error::stopped_by_handler) {
    raise_decode_error(state.decode_error, result, text, doc);
  } else if (!PyErr_Occurred()) {
    PyErr_SetString(PyExc_SystemError, "ultrajson: decoding stopped without an error");
  }
  return nullptr;
}

PyObject* decode_text(module_state& state, std::string_view text, PyObject* doc,
                      const parse_options& options, const loads_hooks& hooks,
                      PyObject* form_of = nullptr) {
  if (PyObject* small; !hooks.any() && loads_small(text, small)) return small;
  return parse_text(state, text, doc, options, hooks, form_of);
}

PyObject* decode_str(module_state& state, PyObject* input, const loads_hooks& hooks) {
  if (PyUnicode_IS_COMPACT_ASCII(input)) {
    // Its characters are its UTF-8: read them without a call.
    return decode_text(state,
                       std::string_view(compact_ascii_chars(input),
                                        static_cast<std::size_t>(PyUnicode_GET_LENGTH(input))),
                       input, state.loads_str, hooks);
  }
  // A str with lone surrogates comes as WTF-8; json accepts and keeps them.
  str_utf8 utf8;
  if (!utf8.read(input)) return nullptr;
  // Its strings with no escapes are made from its own characters, not
  // decoded back from the UTF-8 made for the parser.
  return decode_text(state, utf8.text(), input,
                     utf8.has_surrogates() ? state.loads_str_surrogates : state.loads_str, hooks,
                     input);
}

// Decodes one object: a str, or bytes, bytearray or any other buffer. Bytes
// may hold UTF-8-encoded surrogates, which become lone surrogates in the
// strs, as json and ujson read them.
PyObject* decode_object(module_state& state, PyObject* input, const loads_hooks& hooks) {
  if (PyUnicode_Check(input)) return decode_str(state, input, hooks);
  if (PyBytes_Check(input)) {
    return decode_text(state,
                       std::string_view(PyBytes_AS_STRING(input),
                                        static_cast<std::size_t>(PyBytes_GET_SIZE(input))),
                       input, state.loads_bytes, hooks);
  }
  if (!PyObject_CheckBuffer(input)) {
    PyErr_Format(PyExc_TypeError, "Expected str, bytes, bytearray or a buffer, not %.200s",
                 Py_TYPE(input)->tp_name);
    return nullptr;
  }
  Py_buffer view;
  if (PyObject_GetBuffer(input, &view, PyBUF_C_CONTIGUOUS) < 0) {
    if (!PyErr_ExceptionMatches(PyExc_BufferError)) return nullptr;
    // Not contiguous (a strided memoryview, say): read a contiguous copy,
    // as ujson does.
    PyErr_Clear();
    PyObject* copy = PyMemoryView_GetContiguous(input, PyBUF_READ, 'C');
    if (copy == nullptr) return nullptr;
    PyObject* result = decode_object(state, copy, hooks);
    Py_DECREF(copy);
    return result;
  }
  PyObject* result = decode_text(
      state,
      std::string_view(static_cast<const char*>(view.buf), static_cast<std::size_t>(view.len)),
      input, state.loads_bytes, hooks);
  PyBuffer_Release(&view);
  return result;
}

}  // namespace

parse_options loads_options(bool wtf8_input, bool from_str) {
  parse_options options;
  options.allow_nan_literals = true;
  options.allow_lone_surrogates = true;
  options.allow_wtf8_input = wtf8_input;
  options.input_is_valid_utf8 = from_str;
  return options;
}

namespace {

// loads() of anything but a small document given alone.
[[gnu::noinline]] PyObject* loads_in_full(PyObject* module, PyObject* const* args,
                                          Py_ssize_t nargs, PyObject* kwnames) {
  module_state& state = state_of(module);
  if (nargs == 1 && kwnames == nullptr) return decode_object(state, args[0], {});
  PyObject* bound[6];
  if (!bind_arguments(signatures::loads, state.names.loads, args, nargs, kwnames, bound)) {
    return nullptr;
  }
  return decode_object(state, bound[0], hooks_of(bound));
}

}  // namespace

PyObject* loads(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  // A small document in an ASCII str, given alone, is made here, before the
  // module state is looked up and the hooks are checked: with a stack frame
  // for those, the call would cost a fifth more (callgrind, loads("{}")).
  if (nargs == 1 && kwnames == nullptr) {
    PyObject* const input = args[0];
    if (Py_IS_TYPE(input, &PyUnicode_Type) && PyUnicode_IS_COMPACT_ASCII(input)) {
      const std::string_view text(compact_ascii_chars(input),
                                  static_cast<std::size_t>(PyUnicode_GET_LENGTH(input)));
      if (PyObject* small; loads_small(text, small)) return small;
    }
  }
  return loads_in_full(module, args, nargs, kwnames);
}

PyObject* load(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  module_state& state = state_of(module);
  PyObject* bound[6] = {};
  if (nargs == 1 && kwnames == nullptr) {
    bound[0] = args[0];
  } else if (!bind_arguments(signatures::load, state.names.load, args, nargs, kwnames, bound)) {
    return nullptr;
  }
  // As ujson: anything without a callable read() is "expected file".
  PyObject* read = PyObject_GetAttrString(bound[0], "read");
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
  PyObject* result = decode_object(state, text, hooks_of(bound));
  Py_DECREF(text);
  return result;
}

}  // namespace ultrajson::python
