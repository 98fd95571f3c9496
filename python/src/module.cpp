// The module's frame: pybind11 makes the module; the functions themselves
// are plain vectorcall C functions, so a call costs no conversions.

#include <pybind11/pybind11.h>

#include <ultrajson/version.hpp>

#include "arguments.hpp"
#include "decode.hpp"
#include "encode.hpp"
#include "errors.hpp"

namespace py = pybind11;

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
    "loads(obj)\n--\n\n"
    "Converts JSON text (str, bytes, bytearray or any C-contiguous buffer) to Python "
    "objects.";
constexpr const char* load_doc =
    "load(fp, /)\n--\n\n"
    "Reads fp.read() (str or bytes) and converts the JSON text to Python objects.";

PyMethodDef methods[] = {
    {"dumps", fastcall<dumps>(), METH_FASTCALL | METH_KEYWORDS, dumps_doc},
    {"dump", fastcall<dump>(), METH_FASTCALL | METH_KEYWORDS, dump_doc},
    {"loads", fastcall<loads>(), METH_FASTCALL | METH_KEYWORDS, loads_doc},
    {"load", fastcall<load>(), METH_FASTCALL | METH_KEYWORDS, load_doc},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace
}  // namespace ultrajson::python

PYBIND11_MODULE(_ultrajson, m) {
  using namespace ultrajson::python;
  m.doc() = "The C++ core of the ultrajson package.";
  init_decode();
  if (!init_arguments() || PyModule_AddFunctions(m.ptr(), methods) < 0 || !init_errors(m.ptr())) {
    throw py::error_already_set();
  }
  // The aliases are the same function objects, as the spec has it.
  m.attr("encode") = m.attr("dumps");
  m.attr("decode") = m.attr("loads");
  m.attr("__version__") = ultrajson::version_string;
}
