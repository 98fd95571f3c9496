#pragma once
// A dict's members in order, as PyDict_Next finds them and with its
// position (the next entry's index), read from the dict's entry table
// where its layout is known: a combined table (ma_values NULL) on CPython
// 3.11 to 3.13 without free threading. PyDict_Next was about a sixth of
// dumps' instructions on twitter.json and the medium object (callgrind),
// most of it the call and the checks a walk already made; the read below
// is a load and a test an entry. Other dicts, and other versions, go
// through PyDict_Next: the positions are the same, so a walk may switch
// between the two at any member.

#include <cstddef>
#include <cstdint>

#include <ultrajson/detail/inlining.hpp>

#include "python.hpp"

namespace ultrajson::python {

#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030E0000 && !defined(Py_GIL_DISABLED) && \
    !defined(Py_LIMITED_API)
#define ULTRAJSON_PYTHON_DICT_ENTRIES 1

// The head of CPython's PyDictKeysObject (struct _dictkeysobject in
// Include/internal/pycore_dict.h: the same fields in 3.11, 3.12 and 3.13
// built with the GIL). Its hash table's index bytes follow it, 1 <<
// log2_index_bytes of them, then the entries.
struct dict_keys_head {
  Py_ssize_t reference_count;
  std::uint8_t log2_size;
  std::uint8_t log2_index_bytes;
  std::uint8_t kind;  // 0 (DICT_KEYS_GENERAL): entries with their hash
  std::uint32_t version;
  Py_ssize_t usable;
  Py_ssize_t entry_count;  // dk_nentries: entries used, deleted ones too
};
// Where dk_indices begins: after the fields, with no padding on 32-bit or
// 64-bit targets.
static_assert(sizeof(dict_keys_head) == 3 * sizeof(Py_ssize_t) + 8, "the head of PyDictKeysObject");

// An entry of a table whose keys are all strs (PyDictUnicodeEntry), and of
// any other (PyDictKeyEntry). A deleted entry's value is NULL.
struct str_keyed_entry {
  PyObject* key;
  PyObject* value;
};
struct general_entry {
  Py_hash_t hash;
  PyObject* key;
  PyObject* value;
};

// A dict's keys object (ma_keys), read through the head above.
inline dict_keys_head* keys_of(PyObject* dict) noexcept {
  return reinterpret_cast<dict_keys_head*>(reinterpret_cast<PyDictObject*>(dict)->ma_keys);
}

// The entries of a dict's combined table (ma_values NULL): after the head
// and its 1 << log2_index_bytes index bytes.
inline char* entry_table(dict_keys_head* keys) noexcept {
  return reinterpret_cast<char*>(keys + 1) + (std::size_t{1} << keys->log2_index_bytes);
}

template <class Entry>
ULTRAJSON_ALWAYS_INLINE bool next_entry(const char* table, Py_ssize_t count, Py_ssize_t& position,
                                        PyObject*& key, PyObject*& value) noexcept {
  const auto* const entries = reinterpret_cast<const Entry*>(table);
  for (Py_ssize_t i = position; i < count; ++i) {
    if (entries[i].value != nullptr) {
      key = entries[i].key;
      value = entries[i].value;
      position = i + 1;
      return true;
    }
  }
  return false;
}
#endif

// PyDict_Next: the next member at or after `position` into key and value
// (borrowed), position past it; false when there is none.
ULTRAJSON_ALWAYS_INLINE bool next_dict_member(PyObject* dict, Py_ssize_t& position, PyObject*& key,
                                              PyObject*& value) noexcept {
#if defined(ULTRAJSON_PYTHON_DICT_ENTRIES)
  if (reinterpret_cast<const PyDictObject*>(dict)->ma_values == nullptr && position >= 0) {
    dict_keys_head* const keys = keys_of(dict);
    const char* const table = entry_table(keys);
    return keys->kind != 0 ? next_entry<str_keyed_entry>(table, keys->entry_count, position, key, value)
                           : next_entry<general_entry>(table, keys->entry_count, position, key, value);
  }
#endif
  return PyDict_Next(dict, &position, &key, &value) != 0;
}

}  // namespace ultrajson::python
