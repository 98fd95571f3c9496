#pragma once
// The parser's handler for loads(): builds Python objects straight from the
// parser's events, with no intermediate tree.

#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include <ultrajson/detail/inlining.hpp>

#include "dict_shapes.hpp"
#include "key_cache.hpp"
#include "loads_hooks.hpp"
#include "python.hpp"
#include "unicode.hpp"
#include "value_stack.hpp"

namespace ultrajson::python {

// How one loads() call makes its keys: through the module's cache, with
// this call's own hit counts and str buffers.
class key_lookup {
 public:
  explicit key_lookup(key_cache& cache) : cache_(cache) {}
  PyObject* operator()(std::string_view text, str_maker& make_str) {
    return cache_.get(text.data(), text.size(), make_str, stats_);
  }

 private:
  key_cache& cache_;
  key_cache_stats stats_;
};

// Values (and, inside objects, keys) wait on one stack until their container
// ends; then the container takes them in one move, sized exactly. The stack
// owns one reference to each object on it until a container or the caller
// takes it; on every error path the destructor releases what is left.
// With `with_hooks`, json's hooks (loads_hooks) make numbers and objects;
// without, the code for them is not there at all.
template <bool with_hooks>
class basic_object_builder {
 public:
  basic_object_builder(key_cache& keys, dict_shapes& shapes, const loads_hooks& hooks = {})
      : keys_(keys), shapes_(shapes), hooks_(hooks) {}
  basic_object_builder(const basic_object_builder&) = delete;
  basic_object_builder& operator=(const basic_object_builder&) = delete;
  ~basic_object_builder() {
    for (PyObject* object : stack_) Py_DECREF(object);
  }

  // The text parsed is the UTF-8 (WTF-8) form of `str` (see
  // str_maker::read_slices_of).
  void read_slices_of(PyObject* str, std::string_view utf8) noexcept {
    make_str_.read_slices_of(str, utf8);
  }

  // The one value left after a successful parse (a new reference).
  PyObject* result() { return stack_.pop(); }

  bool null_value() { return push(Py_NewRef(Py_None)); }
  bool bool_value(bool value) { return push(Py_NewRef(value ? Py_True : Py_False)); }
  bool int64_value(std::int64_t value) { return push(PyLong_FromLongLong(value)); }
  bool uint64_value(std::uint64_t value) { return push(PyLong_FromUnsignedLongLong(value)); }
  bool big_integer(std::string_view digits) {
    // The view is not NUL-terminated; PyLong_FromString needs it to be.
    std::string text(digits);
    // Applies sys.set_int_max_str_digits: a ValueError propagates as is.
    return push(PyLong_FromString(text.c_str(), nullptr, 10));
  }
  bool double_value(double value) {
    // With number hooks every number comes as raw_number: a double is one of
    // the literals NaN, Infinity and -Infinity.
    if constexpr (with_hooks) {
      if (hooks_.numbers()) return push(hooks_.constant(value));
    }
    return push(PyFloat_FromDouble(value));
  }
  bool raw_number(std::string_view text) {
    if constexpr (with_hooks) {
      return push(hooks_.number(text));
    } else {
      return false;  // raw_numbers is off
    }
  }
  bool string_value(std::string_view text) { return push(make_str_(text.data(), text.size())); }
  bool key(std::string_view text) { return push(keys_(text, make_str_)); }
  bool start_object() { return true; }
  bool start_array() { return true; }

  bool end_array(std::size_t count) {
#ifndef Py_GIL_DISABLED
    // PyList_New zeroes the item array that the stack's items then fill (a
    // tenth of decoding [True] * 256): the array is allocated here, as
    // list_resize allocates it (PyMem_Malloc; list_dealloc frees it with
    // PyMem_Free). The free-threaded build's lists keep a header before
    // their items: PyList_New there.
    PyObject* list = PyList_New(0);
    if (list == nullptr) return false;
    if (count != 0) {  // an empty list has no item array (ob_item is null)
      auto* items = static_cast<PyObject**>(PyMem_Malloc(count * sizeof(PyObject*)));
      if (items == nullptr) {
        Py_DECREF(list);
        PyErr_NoMemory();
        return false;
      }
      // The list takes over the stack's references.
      std::memcpy(items, stack_.last(count), count * sizeof(PyObject*));
      stack_.drop(count);
      auto* fields = reinterpret_cast<PyListObject*>(list);
      fields->ob_item = items;
      fields->allocated = static_cast<Py_ssize_t>(count);
      Py_SET_SIZE(fields, static_cast<Py_ssize_t>(count));
    }
#else
    PyObject* list = PyList_New(static_cast<Py_ssize_t>(count));
    if (list == nullptr) return false;
    if (count != 0) {
      std::memcpy(reinterpret_cast<PyListObject*>(list)->ob_item, stack_.last(count),
                  count * sizeof(PyObject*));
      stack_.drop(count);
    }
#endif
    return push(list);
  }

  bool end_object(std::size_t count) {
    if constexpr (with_hooks) {
      if (hooks_.object_pairs_hook != nullptr) return end_object_as_pairs(count);
    }
    // The other dicts' path falls through: it is the one a document of
    // one-member dicts of unique keys takes every time.
    if (ULTRAJSON_LIKELY(!dict_shapes::fits(count))) return end_grown_object(count);
    return end_object_of_a_shape(count);
  }

 private:
  // A dict whose shape the module may know (dict_shapes): a copy of the
  // shape's model, else its shape noted and the dict grown. Out of line, so
  // that end_object stays small enough to be inlined into the parser for
  // the other dicts (its call cost 16 instructions a dict of one member).
  ULTRAJSON_NOINLINE bool end_object_of_a_shape(std::size_t count) {
    PyObject** items = stack_.last(2 * count);
    const std::uint64_t label = dict_shapes::label_of(items, count);
    PyObject* dict = nullptr;
    switch (shapes_.make(label, items, count, dict)) {
      case dict_shapes::outcome::made:
        // The dict took the values; the keys' references are the stack's.
        for (std::size_t i = 0; i < 2 * count; i += 2) Py_DECREF(items[i]);
        return finish_object(dict, count);
      case dict_shapes::outcome::failed:
        return false;  // the stack still owns every key and value
      case dict_shapes::outcome::declined:
        break;
    }
    if (!shapes_.learn(label, items, count)) return false;
    return end_grown_object(count);
  }

  // The dict of the last `count` (key, value) pairs, grown from empty, as
  // json makes it: the first str key gives the dict CPython's str-only
  // table (16-byte entries, the fast lookup). A table presized by
  // _PyDict_NewPresized is the general kind (24-byte entries, and every
  // later lookup takes the slower path): twitter.json's dicts took 576 KB
  // against json's 459 KB. Repeated keys size it by the distinct ones, as
  // json does.
  ULTRAJSON_ALWAYS_INLINE bool end_grown_object(std::size_t count) {
    PyObject** items = stack_.last(2 * count);
    PyObject* dict = PyDict_New();
    if (dict == nullptr) return false;
    for (std::size_t i = 0; i < 2 * count; i += 2) {
      if (!insert_member(dict, items[i], items[i + 1])) {
        Py_DECREF(dict);
        return false;  // the stack still owns every key and value
      }
    }
    for (std::size_t i = 0; i < 2 * count; ++i) Py_DECREF(items[i]);
    return finish_object(dict, count);
  }

  // The dict, holding every member, replaces them on the stack.
  bool finish_object(PyObject* dict, std::size_t count) {
    stack_.drop(2 * count);
    stack_.push(dict);  // cannot fail: the stack held 2 * count more
    if constexpr (with_hooks) {
      if (hooks_.object_hook != nullptr) return replace_top(hooks_.object_hook);
    }
    return true;
  }

  // dict[key] = value for a key this builder made (an exact str). Where
  // CPython exports it, the insert is given the hash the key already holds
  // (a cached key was hashed when made), so that the dict's and the key's
  // types are not checked again at each member, as PyDict_SetItem does.
  static bool insert_member(PyObject* dict, PyObject* key, PyObject* value) {
#if !defined(Py_LIMITED_API) && PY_VERSION_HEX < 0x030D0000
    Py_hash_t hash = reinterpret_cast<PyASCIIObject*>(key)->hash;
    if (hash == -1) {
      hash = PyObject_Hash(key);
      if (hash == -1) return false;
    }
    return _PyDict_SetItem_KnownHash(dict, key, value, hash) == 0;
#else
    return PyDict_SetItem(dict, key, value) == 0;
#endif
  }

  // object_pairs_hook gets the members as a list of (key, value) pairs, in
  // order and duplicates kept; what it returns stands for the object.
  bool end_object_as_pairs(std::size_t count) {
    PyObject** items = stack_.last(2 * count);
    PyObject* pairs = PyList_New(static_cast<Py_ssize_t>(count));
    if (pairs == nullptr) return false;
    for (std::size_t i = 0; i < count; ++i) {
      PyObject* pair = PyTuple_Pack(2, items[2 * i], items[2 * i + 1]);
      if (pair == nullptr) {
        Py_DECREF(pairs);
        return false;  // the stack still owns every key and value
      }
      PyList_SET_ITEM(pairs, static_cast<Py_ssize_t>(i), pair);
    }
    PyObject* object = PyObject_CallOneArg(hooks_.object_pairs_hook, pairs);
    Py_DECREF(pairs);
    if (object == nullptr) return false;
    for (std::size_t i = 0; i < 2 * count; ++i) Py_DECREF(items[i]);
    stack_.drop(2 * count);
    stack_.push(object);  // cannot fail: the stack held 2 * count more
    return true;
  }

  // Replaces the value on top of the stack with hook(value).
  bool replace_top(PyObject* hook) {
    PyObject* replaced = PyObject_CallOneArg(hook, stack_.top());
    if (replaced == nullptr) return false;  // the stack still owns the value
    Py_DECREF(stack_.top());
    stack_.top() = replaced;
    return true;
  }

  // Inline at every event (out of line, its call was a third of the cost
  // of a true in an array); the rare failures are not.
  ULTRAJSON_ALWAYS_INLINE bool push(PyObject* object) {
    if (object != nullptr && stack_.push(object)) return true;
    return push_failed(object);
  }
  ULTRAJSON_NOINLINE static bool push_failed(PyObject* object) {
    if (object == nullptr) return false;  // its maker set the error
    Py_DECREF(object);
    PyErr_NoMemory();
    return false;
  }

  value_stack stack_;
  str_maker make_str_;
  key_lookup keys_;
  dict_shapes& shapes_;
  loads_hooks hooks_;
};

using object_builder = basic_object_builder<false>;
using hooked_object_builder = basic_object_builder<true>;

}  // namespace ultrajson::python
