// The module's frame. The module is defined with the C API, multi-phase
// (PEP 489), with its state in one module_state per module object: each
// interpreter that imports it gets its own. pybind11 is the build frame
// (pybind11_add_module) but does not define the module: its module object
// has no per-module state for plain C functions to reach. The functions are
// vectorcall C functions, so a call costs no conversions.

#include <new>
#include <type_traits>

#include <ultrajson/version.hpp>

#include "arguments.hpp"
#include "decode.hpp"
#include "dumps_options.hpp"
#include "encode.hpp"
#include "errors.hpp"
#include "module_state.hpp"
#include "python.hpp"
#include "simd_level.hpp"

namespace ultrajson::python {
namespace {

template <PyObject* (*Function)(PyObject*, PyObject* const*, Py_ssize_t, PyObject*)>
PyCFunction fastcall() {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(Function));
}

constexpr const char* dumps_doc =
    "dumps(obj, ensure_ascii=True, encode_html_chars=False, escape_forward_slashes=True, "
    "sort_keys=False, indent=0, allow_nan=True, reject_bytes=True, default=None, "
    "separators=None)\n--\n\n"
    "Converts an object to JSON text (a str).";
constexpr const char* dump_doc =
    "dump(obj, fp, /, *, ensure_ascii=True, encode_html_chars=False, escape_forward_slashes=True, "
    "sort_keys=False, indent=0, allow_nan=True, reject_bytes=True, default=None, "
    "separators=None)\n--\n\n"
    "Converts an object to JSON text and writes it to fp with one fp.write() call.";
constexpr const char* loads_doc =
    "loads(obj, *, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, "
    "object_pairs_hook=None)\n--\n\n"
    "Converts JSON text (str, bytes, bytearray or any buffer) to Python objects.\n\n"
    "The hooks mean what they mean to json.loads: object_pairs_hook(pairs) or\n"
    "object_hook(dict) makes each object, parse_float(text) and parse_int(text)\n"
    "make numbers from their exact text, parse_constant(name) makes NaN,\n"
    "Infinity and -Infinity.";
constexpr const char* load_doc =
    "load(fp, /, *, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, "
    "object_pairs_hook=None)\n--\n\n"
    "Reads fp.read() (str or bytes) and converts the JSON text to Python objects,\n"
    "with loads()'s hooks.";

PyMethodDef methods[] = {
    {"dumps", fastcall<dumps>(), METH_FASTCALL | METH_KEYWORDS, dumps_doc},
    {"dump", fastcall<dump>(), METH_FASTCALL | METH_KEYWORDS, dump_doc},
    {"loads", fastcall<loads>(), METH_FASTCALL | METH_KEYWORDS, loads_doc},
    {"load", fastcall<load>(), METH_FASTCALL | METH_KEYWORDS, load_doc},
    {nullptr, nullptr, 0, nullptr},
};

// Py_mod_exec: fills a new module object and its (zeroed) state.
int exec_module(PyObject* module) {
  module_state* state = new (PyModule_GetState(module)) module_state;
  state->default_dumps = default_dumps_settings();
  state->loads_str = loads_options(false, true);
  state->loads_str_surrogates = loads_options(true, true);
  state->loads_bytes = loads_options(true, false);
  if (!state->names.init() || !state->texts.init()) return -1;
  state->decode_error = add_decode_error(module);
  if (state->decode_error == nullptr) return -1;
#if PY_VERSION_HEX < 0x030A0000
  state->gc_module = PyImport_ImportModule("gc");
  if (state->gc_module == nullptr) return -1;
#endif
  // The aliases are the same function objects, as the spec has it.
  PyObject* functions = PyModule_GetDict(module);  // borrowed
  if (PyDict_SetItemString(functions, "encode", PyDict_GetItemString(functions, "dumps")) < 0 ||
      PyDict_SetItemString(functions, "decode", PyDict_GetItemString(functions, "loads")) < 0 ||
      PyModule_AddStringConstant(module, "__version__", ultrajson::version_string) < 0 ||
      PyModule_AddStringConstant(module, "_simd", simd_level_name(simd)) < 0) {
    return -1;
  }
  return 0;
}

int traverse_module(PyObject* module, visitproc visit, void* arg) {
  if (void* memory = PyModule_GetState(module); memory != nullptr) {
    Py_VISIT(static_cast<module_state*>(memory)->decode_error);
    Py_VISIT(static_cast<module_state*>(memory)->gc_module);
  }
  return 0;
}

int clear_module(PyObject* module) {
  if (void* memory = PyModule_GetState(module); memory != nullptr) {
    auto* state = static_cast<module_state*>(memory);
    Py_CLEAR(state->decode_error);
    Py_CLEAR(state->gc_module);
    state->names.clear();
    state->texts.clear();
    state->keys.clear();
    state->shapes.clear();
  }
  return 0;
}

void free_module(void* module) {
  clear_module(static_cast<PyObject*>(module));
  static_assert(std::is_trivially_destructible_v<module_state>,
                "clearing its references is all the state needs");
}

PyModuleDef_Slot slots[] = {
    {Py_mod_exec, reinterpret_cast<void*>(exec_module)},
#if PY_VERSION_HEX >= 0x030C0000
    // All state is per module object and nothing is shared between
    // interpreters, so each may have its own GIL (PEP 684).
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
    {0, nullptr},
};

PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT,
    "_ultrajson",
    "The C++ core of the ultrajson package.",
    sizeof(module_state),
    methods,
    slots,
    traverse_module,
    clear_module,
    free_module,
};

}  // namespace
}  // namespace ultrajson::python

PyMODINIT_FUNC PyInit__ultrajson() {
  return PyModuleDef_Init(&ultrajson::python::module_definition);
}
