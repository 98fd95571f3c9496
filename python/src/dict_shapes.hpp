#pragma once
// The key sequences ("shapes") of recently decoded dicts, each kept as a
// model dict of those keys with None values. Documents repeat shapes (the
// records of an array, the users of twitter.json), and the key cache gives
// the same key objects each time; a dict of a known shape is then a copy of
// its model (PyDict_Copy clones the model's table in one piece) with the
// values written into the copy's entries, instead of one insert a member
// and the table's growth past five (a dict of nine keys probed and resized
// its way to the same table: most of the dict work of decoding the seed's
// medium complex object, callgrind). A shape must be seen twice before it
// gets a model, so that documents of ever-new keys only pay for its hash.
// Direct-mapped, in the module state beside the key cache and safe for the
// same reason (the GIL is held for the whole of a loads()). Only where
// dict_members.hpp knows the table's layout; elsewhere (other versions, and
// free-threaded builds) fits() is false and no shape is kept.

#include <cstddef>
#include <cstdint>

#include <ultrajson/detail/inlining.hpp>

#include "dict_members.hpp"
#include "python.hpp"

namespace ultrajson::python {

class dict_shapes {
 public:
  static constexpr std::size_t slot_count = 256;
  // A one-member dict is inserted into: its one insert costs less than a
  // copy (callgrind, a list of 256 one-key dicts of one shape).
  static constexpr std::size_t min_members = 2;
  // Larger dicts (a document's one table of ids, say) are seldom repeated;
  // this bounds what the models hold (each slot's at most a 128-entry
  // table) for the module's life.
  static constexpr std::size_t max_members = 64;

  enum class outcome { made, declined, failed };

  void clear() noexcept {
    for (slot& each : slots_) {
      Py_CLEAR(each.model);
      each = slot{};
    }
  }

#if defined(ULTRAJSON_PYTHON_DICT_ENTRIES)
  // Whether a dict of `count` members may have a model: make() and learn()
  // are for those only.
  static constexpr bool fits(std::size_t count) noexcept {
    return count >= min_members && count <= max_members;
  }

  // The keys' identities and their count, mixed: equal for the same key
  // objects in the same order. make() and learn() take it, computed once.
  static std::uint64_t label_of(PyObject* const* members, std::size_t count) noexcept {
    std::uint64_t h = count;
    for (std::size_t i = 0; i < count; ++i) {
      h = (h ^ reinterpret_cast<std::uintptr_t>(members[2 * i])) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 31;
    }
    return h | 1;  // never 0, an empty slot's label
  }

  // `members` holds count (key, value) pairs, keys made by the key cache (so
  // alike keys are one object), `label` their label_of. On `made`, `dict` is
  // a new dict of them: it has taken the values' references, and the keys'
  // are still the caller's. On `declined`, nothing changed; the caller
  // calls learn(), then builds the dict itself. On `failed`, an error is set.
  outcome make(std::uint64_t label, PyObject* const* members, std::size_t count, PyObject*& dict) {
    slot& where = slots_[label >> (64 - slot_bits)];
    if (where.label != label || where.model == nullptr) return outcome::declined;
    auto* const model_keys = keys_of(where.model);
    const auto* const model = reinterpret_cast<const str_keyed_entry*>(entry_table(model_keys));
    for (std::size_t i = 0; i < count; ++i) {
      if (model[i].key != members[2 * i]) return outcome::declined;
    }
    PyObject* copy = PyDict_Copy(where.model);
    if (copy == nullptr) return outcome::failed;
    if (!is_laid_out(copy, count)) {
      // PyDict_Copy took another path than cloning the table: not expected
      // of a model, which is compact (no deletions) and combined.
      Py_DECREF(copy);
      return outcome::declined;
    }
    auto* const entries = reinterpret_cast<str_keyed_entry*>(entry_table(keys_of(copy)));
    bool holds_containers = false;
    for (std::size_t i = 0; i < count; ++i) {
      PyObject* const value = members[2 * i + 1];
      Py_DECREF(entries[i].value);  // the model's None, which the copy took
      entries[i].value = value;
      // The type's flag, read inline (PyObject_IS_GC is a call on 3.11); it
      // differs only for type objects, which it counts as containers: a
      // dict holding one is tracked, as it may need to be.
      holds_containers |= PyType_IS_GC(Py_TYPE(value)) != 0;
    }
    // A dict goes to the collector once it may hold a container, as
    // insertdict does it (the model, with only strs and None, is not there).
    if (holds_containers && !PyObject_GC_IsTracked(copy)) PyObject_GC_Track(copy);
    dict = copy;
    return outcome::made;
  }

  // For a shape make() declined: the first time a shape is seen it is
  // noted, the second it gets its model (from the keys alone). False with an
  // error set when the model could not be made.
  bool learn(std::uint64_t label, PyObject* const* members, std::size_t count) {
    slot& where = slots_[label >> (64 - slot_bits)];
    if (where.label != label) {
      Py_CLEAR(where.model);
      where.label = label;
      return true;
    }
    if (where.model != nullptr) return true;  // same label, other keys: keep the model
    PyObject* model = PyDict_New();
    if (model == nullptr) return false;
    for (std::size_t i = 0; i < count; ++i) {
      if (PyDict_SetItem(model, members[2 * i], Py_None) != 0) {
        Py_DECREF(model);
        return false;
      }
    }
    // Repeated keys make a dict of fewer members than the shape: no model.
    if (!is_laid_out(model, count)) {
      Py_DECREF(model);
      return true;
    }
    where.model = model;
    return true;
  }
#else
  static constexpr bool fits(std::size_t) noexcept { return false; }
  static std::uint64_t label_of(PyObject* const*, std::size_t) noexcept { return 0; }
  outcome make(std::uint64_t, PyObject* const*, std::size_t, PyObject*&) { return outcome::declined; }
  bool learn(std::uint64_t, PyObject* const*, std::size_t) { return true; }
#endif

 private:
  static constexpr unsigned slot_bits = 8;
  static_assert(slot_count == std::size_t{1} << slot_bits, "a slot is picked by the label's top bits");

  struct slot {
    std::uint64_t label = 0;    // label_of the shape last seen here
    PyObject* model = nullptr;  // its model dict, once seen twice
  };

#if defined(ULTRAJSON_PYTHON_DICT_ENTRIES)
  // A combined table of str keys whose first `count` entries are its
  // members, none deleted: the layout make() reads and writes.
  static bool is_laid_out(PyObject* dict, std::size_t count) noexcept {
    const auto* const keys = keys_of(dict);
    return reinterpret_cast<PyDictObject*>(dict)->ma_values == nullptr && keys->kind != 0 &&
           keys->entry_count == static_cast<Py_ssize_t>(count) &&
           PyDict_GET_SIZE(dict) == static_cast<Py_ssize_t>(count);
  }
#endif

  slot slots_[slot_count] = {};
};

}  // namespace ultrajson::python
