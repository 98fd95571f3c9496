#pragma once
// Everything the module keeps between calls, in one struct per module
// object (PEP 489 per-module state), so that each interpreter that imports
// the module has its own: no process globals. The functions reach it through
// the module object CPython passes them as `self`.

#include <ultrajson/parse.hpp>

#include "arguments.hpp"
#include "constant_options.hpp"
#include "dict_shapes.hpp"
#include "dumps_options.hpp"
#include "key_cache.hpp"
#include "python.hpp"
#include "small_documents.hpp"

namespace ultrajson::python {

struct module_state {
  // ultrajson._error.JSONDecodeError (a strong reference).
  PyObject* decode_error = nullptr;
  // The parameter names of each function, interned (strong references).
  interned_names names;
  // What dumps() writes for None, the bools and empty containers.
  small_texts texts;
  // dumps(obj) with no options: read once, at import.
  dumps_settings default_dumps;
  // dumps() options of the last call made with constant ones.
  constant_options recent_options;
  // loads() of a str (its UTF-8, or its WTF-8 when it holds lone
  // surrogates: made here, so valid and not checked again), and of bytes
  // and other buffers (checked; UTF-8-encoded surrogates allowed).
  parse_options loads_str;
  parse_options loads_str_surrogates;
  parse_options loads_bytes;
  // The decoder's cache of recently built keys, shared by the calls made in
  // this module's interpreter (each holds its GIL while it decodes).
  key_cache keys;
  // The shapes of recently decoded dicts, over the key cache's keys.
  dict_shapes shapes;
  // The gc module, for gc_pause on Python 3.9 (nullptr on 3.10+, which has
  // PyGC_Disable).
  PyObject* gc_module = nullptr;
};

inline module_state& state_of(PyObject* module) {
  return *static_cast<module_state*>(PyModule_GetState(module));
}

}  // namespace ultrajson::python
