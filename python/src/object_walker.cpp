// The encoder's Python side: a walk over the objects that writes the JSON
// text into a text_output, dispatching on exact types first. The walk knows
// the shape of what it writes (when an item is a container's first), so it
// writes separators and indentation itself; the general writer's event state
// machine serves C++ callers.
//
// The walk keeps its own stack of open containers instead of recursing on
// the C stack: a thread's stack may be as small as 64 KiB, and a recursive
// walk (with toDict() or default() calls between levels) crashed there
// below the 1024-level limit. Each step of the loop below runs at the same
// C depth, Python calls (default, toDict, __json__, str(key)) included, so
// only the heap holds the depth.

#include "object_walker.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <string_view>
#include <vector>

#include <ultrajson/detail/bits.hpp>
#include <ultrajson/detail/format_number.hpp>
#include <ultrajson/detail/non_finite.hpp>
#include <ultrajson/detail/small_stack.hpp>

#include "dict_members.hpp"
#include "errors.hpp"
#include "native_types.hpp"
#include "sorted_shape.hpp"
#include "text_output.hpp"
#include "written_keys.hpp"

namespace ultrajson::python {
namespace {

// default() may return something that itself needs default(), at most this
// many times for one value.
constexpr int max_default_chain = 3;

// A member of a dict whose keys are all exact strs, sorted by the walk
// itself: its key (a strong reference) and its value as the dict held it
// when sorted (borrowed: valid while no Python code has run since).
struct sorted_member {
  PyObject* key;
  PyObject* value;
  // The key's first code points, so that most comparisons are one of
  // integers (see sort_prefix).
  std::uint64_t prefix;
};

// Whether one exact, ready str sorts before another: by code points, as
// str's own comparison (which list.sort would call) orders them.
inline bool str_less(PyObject* a, PyObject* b) noexcept {
  const Py_ssize_t a_length = PyUnicode_GET_LENGTH(a);
  const Py_ssize_t b_length = PyUnicode_GET_LENGTH(b);
  const Py_ssize_t common = a_length < b_length ? a_length : b_length;
  const int a_kind = PyUnicode_KIND(a);
  const int b_kind = PyUnicode_KIND(b);
  const void* a_units = PyUnicode_DATA(a);
  const void* b_units = PyUnicode_DATA(b);
  if (a_kind == PyUnicode_1BYTE_KIND && b_kind == PyUnicode_1BYTE_KIND) {
    const auto* x = static_cast<const Py_UCS1*>(a_units);
    const auto* y = static_cast<const Py_UCS1*>(b_units);
    for (Py_ssize_t i = 0; i < common; ++i) {
      if (x[i] != y[i]) return x[i] < y[i];
    }
    return a_length < b_length;
  }
  for (Py_ssize_t i = 0; i < common; ++i) {
    const Py_UCS4 x = PyUnicode_READ(a_kind, a_units, i);
    const Py_UCS4 y = PyUnicode_READ(b_kind, b_units, i);
    if (x != y) return x < y;
  }
  return a_length < b_length;
}

// A str's first code points as an integer that orders as they do: eight
// bytes, big-endian, when every key of the dict is one-byte (`narrow`),
// else three code points of 21 bits each; missing ones count as zero. Keys
// whose prefixes differ sort as their prefixes; equal ones (one may be a
// prefix of the other) are compared whole.
inline std::uint64_t sort_prefix(PyObject* str, bool narrow) noexcept {
  const Py_ssize_t length = PyUnicode_GET_LENGTH(str);
  const void* units = PyUnicode_DATA(str);
  std::uint64_t prefix = 0;
  if (narrow) {
    const auto* bytes = static_cast<const Py_UCS1*>(units);
    if (length >= 8) {
      std::memcpy(&prefix, bytes, 8);
      return detail::big_endian ? prefix : detail::byte_swap(prefix);
    }
    for (Py_ssize_t i = 0; i < 8; ++i) prefix = (prefix << 8) | (i < length ? bytes[i] : 0u);
    return prefix;
  }
  const int kind = PyUnicode_KIND(str);
  for (Py_ssize_t i = 0; i < 3; ++i) prefix = (prefix << 21) | (i < length ? PyUnicode_READ(kind, units, i) : 0u);
  return prefix;
}

// An open container: the walk resumes it where it left off.
struct frame {
  enum kind_type : unsigned char { list, tuple, dict, sorted_dict };
  PyObject* container;  // a strong reference
  // sorted_dict: its keys as list.sort sorted them (a strong reference),
  // or nullptr when the walk sorted its members (keys all exact strs, in
  // encoder::sorted_members_).
  PyObject* keys;
  // The next index, PyDict_Next's position, or (sorted by the walk) the next
  // member's index in sorted_members_.
  Py_ssize_t position;
  // dict: its size when the walk began it; sorted by the walk: the index past
  // its last member.
  Py_ssize_t size;
  // dict: its items not yet written; sorted by the walk: its first member's index.
  Py_ssize_t left;
  // dict: the encoder's python_runs_ when it was opened.
  std::uint64_t python_runs;
  kind_type kind;
  // An item is written: the next one needs a separator. (No default: the
  // walk gives every field, and the stack's unused frames stay unwritten.)
  bool any;
};

class encoder {
 public:
  explicit encoder(const dumps_settings& settings)
      : settings_(settings),
        out_(unit_escaping{&detail::escape_table_for({settings.options.ensure_ascii,
                                                      settings.options.escape_forward_slashes,
                                                      settings.options.encode_html_chars}),
                           settings.options.ensure_ascii, settings.options.escape_forward_slashes,
                           settings.options.encode_html_chars}) {}
  encoder(const encoder&) = delete;
  encoder& operator=(const encoder&) = delete;
  ~encoder() {
    // Left open by an error: release what the frames hold.
    for (const frame& open : stack_) {
      Py_XDECREF(open.keys);
      Py_DECREF(open.container);
    }
    for (const sorted_member& open : sorted_members_) Py_DECREF(open.key);
    Py_XDECREF(item_separator_);
    Py_XDECREF(key_separator_);
  }

  // Writes the whole object; false with a Python error set.
  bool write(PyObject* object) {
    if (!settings_.separators_ascii && !decode_separators()) return false;
    if (start(object) == step::failed) return false;
    while (!stack_.empty()) {
      if (!resume()) return false;
    }
    return true;
  }

  // The output as a str (once, after write()); nullptr with an error set.
  PyObject* result() { return out_.result(); }

 private:
  // What starting a value did: wrote it whole, opened a container (a new
  // frame on top: the walk continues there), or failed.
  enum class step { written, opened, failed };

  static step done(bool ok) { return ok ? step::written : step::failed; }

  // What scalar() did: wrote the value, failed, or found it is not one of
  // the exact scalar types (and wrote nothing).
  enum class scalar_step { written, failed, other };

  static scalar_step scalar_done(bool ok) { return ok ? scalar_step::written : scalar_step::failed; }

  // Writes a value of the exact scalar types (str, int, float, True, False,
  // None), or nothing for any other value: the one type dispatch of start()
  // and of the containers written in place. None of these runs Python code.
  ULTRAJSON_ALWAYS_INLINE scalar_step scalar(PyObject* object) {
    PyTypeObject* const type = Py_TYPE(object);
    if (type == &PyUnicode_Type) return scalar_done(str_value(object));
    if (type == &PyLong_Type) return scalar_done(int_value(object));
    if (type == &PyFloat_Type) return scalar_done(float_value(PyFloat_AS_DOUBLE(object)));
    if (object == Py_True) return scalar_done(out_.literal("true"));
    if (object == Py_False) return scalar_done(out_.literal("false"));
    if (object == Py_None) return scalar_done(out_.literal("null"));
    return scalar_step::other;
  }

  // Starts a value: scalars are written, containers opened. The object is
  // borrowed from its container: the exact types are written (or their
  // frame takes a reference) with no Python code run in between, which
  // could drop it; anything else is held while its hooks run.
  //
  // Inline in each container's loop, with every path but the constants a
  // call: a call to one start() for every item, whose many inlined paths
  // made it save and restore six registers, cost a third of the instructions
  // per item of a list of True (callgrind).
  ULTRAJSON_ALWAYS_INLINE step start(PyObject* object) {
    switch (scalar(object)) {
      case scalar_step::written: return step::written;
      case scalar_step::failed: return step::failed;
      case scalar_step::other: break;
    }
    // A dict or list straight to its opening: start_other()'s register
    // saves, a call deeper, were a fifteenth of a list of one-member dicts'
    // instructions and a tenth of a list of [1]s' (callgrind). (resume()'s
    // first item after a push_then() takes start_other(): the two checks
    // inline there slowed twitter.json, timed.)
    PyTypeObject* const type = Py_TYPE(object);
    if (type == &PyDict_Type) return open_dict(object);
    if (type == &PyList_Type) return open(object, frame::list);
    return start_other(object);
  }

  ULTRAJSON_NOINLINE step start_other(PyObject* object) {
    PyTypeObject* const type = Py_TYPE(object);
    if (type == &PyList_Type) return open(object, frame::list);
    if (type == &PyDict_Type) return open_dict(object);
    if (type == &PyTuple_Type) return open(object, frame::tuple);
    Py_INCREF(object);
    const step started = other_value(object, 0);
    Py_DECREF(object);
    return started;
  }

  // The one owner of the depth rule: a container at nesting `depth` (1 for
  // the outermost) may be written.
  bool within_depth(std::size_t depth) const noexcept {
    return depth <= settings_.options.max_depth;
  }

  // Opens a list or tuple: the frame takes a reference. A call from each
  // container loop's start(), as open_dict() is.
  ULTRAJSON_ALWAYS_INLINE step open(PyObject* container, frame::kind_type kind) {
    return open_in<false>(container, kind);
  }
  // Each of open() and open_dict() has a second form for the laid-out
  // cursor (at_laid_out_cursor()), reached from the first's entry, where
  // nothing is yet held in registers: tested further in, where the compact
  // form chooses its cursor, the test made the compact and wide outputs of
  // dict-heavy documents slower, timed, for few more instructions.
  template <bool laid_out>
  ULTRAJSON_NOINLINE step open_in(PyObject* container, frame::kind_type kind) {
    if constexpr (!laid_out) {
      if (laid_out_) return open_in<true>(container, kind);
    }
    // Its nesting, read once: the compiler does not keep the stack's size
    // across the output's stores.
    const std::size_t depth = stack_.size() + 1;
    if (!within_depth(depth)) {
      raise_write_error(write_error::depth_limit_exceeded);
      return step::failed;
    }
    // An empty one ends at once (a quarter of twitter.json's containers).
    const Py_ssize_t size =
        kind == frame::list ? PyList_GET_SIZE(container) : PyTuple_GET_SIZE(container);
    if (size == 0) return done(out_.literal("[]"));
    // Written in place while its items are scalars (most lists are leaves):
    // no frame, and no reference, as no Python code runs meanwhile. A frame
    // goes on from the first item that is not.
    PyObject* const* const items = items_of(container, kind == frame::list);
    // Walked by a pointer: GCC kept an index in a stack slot, and the
    // loop then waited on its store and reload every item.
    PyObject* const* const items_end = items + size;
    PyObject* const* item = items;
    if (laid_out ? at_laid_out_cursor() : at_cursor()) {
      bool closed = false;
      if (out_.narrow()) {
        item = items_at_cursor<laid_out, false>(items, items_end, depth, closed);
      } else {
        const staged_items run = items_at_stage<laid_out>(items, items_end, depth);
        item = run.item;
        closed = run.closed;
      }
      if (item == nullptr) return step::failed;
      if (closed) return step::written;
    } else if (!out_.ascii('[')) {
      return step::failed;
    }
    for (; item != items_end; ++item) {
      if (!before_item(item != items, depth)) return step::failed;
      const scalar_step wrote = leaf_item(*item, depth);
      if (wrote == scalar_step::failed) return step::failed;
      if (wrote == scalar_step::other) {
        return push_then(frame{container, nullptr, item - items + 1, 0, 0, 0, kind, true}, *item);
      }
    }
    return done(close_text(true, false));
  }

  // The item array of a list (`is_list`) or a tuple.
  static PyObject* const* items_of(PyObject* sequence, bool is_list) noexcept {
    return is_list ? reinterpret_cast<PyListObject*>(sequence)->ob_item
                   : reinterpret_cast<PyTupleObject*>(sequence)->ob_item;
  }

  ULTRAJSON_ALWAYS_INLINE step open_dict(PyObject* dict) { return open_dict_in<false>(dict); }
  template <bool laid_out>
  ULTRAJSON_NOINLINE step open_dict_in(PyObject* dict) {
    if constexpr (!laid_out) {
      if (laid_out_) return open_dict_in<true>(dict);
    }
    const std::size_t depth = stack_.size() + 1;  // as in open()
    if (!within_depth(depth)) {
      raise_write_error(write_error::depth_limit_exceeded);
      return step::failed;
    }
    const Py_ssize_t size = PyDict_GET_SIZE(dict);
    if (size == 0) return done(out_.literal("{}"));
    const bool cursor = (laid_out ? at_laid_out_cursor() : at_cursor()) && !(settings_.sort_keys && size > 1);
    if (!cursor && !out_.ascii('{')) return step::failed;
    PyObject* keys = nullptr;
    // One member is in order already: written as any dict is, with no
    // sort and no frame (a list of one-key dicts under sort_keys took half
    // again orjson's time).
    if (settings_.sort_keys && size > 1) {
      const step by_walk = open_sorted_members(dict, size);
      if (by_walk != step::written) return by_walk;
      ++python_runs_;  // key comparisons, and a collection PyDict_Keys may start
      keys = PyDict_Keys(dict);
      if (keys == nullptr) return step::failed;
      // Comparing keys may run Python code: hold the dict meanwhile.
      Py_INCREF(dict);
      const bool sorted = PyList_Sort(keys) == 0;
      Py_DECREF(dict);
      if (!sorted) {
        Py_DECREF(keys);
        return step::failed;
      }
      return push(frame{dict, keys, 0, size, size, python_runs_, frame::sorted_dict, false});
    }
    // Written in place while its keys are exact strs and its values scalars,
    // as open() writes a list. A frame goes on from the first member that is
    // not: after it when its key is a str, else (str(key) may run Python
    // code) at PyDict_Next's position before it, for resume() to write whole.
    Py_ssize_t position = 0;
    Py_ssize_t left = size;
    if (cursor) {
      bool closed = false;
      step by_cursor;
      if (out_.narrow()) {
        by_cursor = members_at_cursor<laid_out, false>(dict, size, depth, position, left, closed);
      } else {
        const staged_members run = members_at_stage<laid_out>(dict, size, depth);
        by_cursor = run.result;
        position = run.position;
        left = run.left;
        closed = run.closed;
      }
      if (by_cursor != step::written || closed) return by_cursor;
    }
    PyObject* k;
    PyObject* v;
    for (; left != 0; --left) {
      const Py_ssize_t before = position;
      // No Python code runs meanwhile: the dict keeps its `size` members.
      if (!next_dict_member(dict, position, k, v)) break;
      if (Py_TYPE(k) != &PyUnicode_Type) {
        return push(frame{dict, nullptr, before, size, left, python_runs_, frame::dict, left != size});
      }
      if (!before_item(left != size, depth) || !str_key(k)) return step::failed;
      const scalar_step wrote = leaf_item(v, depth);
      if (wrote == scalar_step::failed) return step::failed;
      if (wrote == scalar_step::other) {
        return push_then(frame{dict, nullptr, position, size, left - 1, python_runs_, frame::dict, true}, v);
      }
    }
    return done(close_text(true, true));
  }

  // Opens a dict for sort_keys by sorting its members here when every key
  // is an exact, ready str (nearly always): no list of keys, no list.sort,
  // and no lookup of each value by its key. step::written when some key is
  // not (list.sort then orders them, or raises its TypeError).
  ULTRAJSON_NOINLINE step open_sorted_members(PyObject* dict, Py_ssize_t size) {
    const std::size_t first = sorted_members_.size();
    try {
      sorted_members_.reserve(first + static_cast<std::size_t>(size));
    } catch (const std::bad_alloc&) {
      PyErr_NoMemory();
      return step::failed;
    }
    // Borrowed until every key is known to be a str: no Python code runs
    // meanwhile.
    Py_ssize_t position = 0;
    PyObject* k;
    PyObject* v;
    bool narrow = true;
    while (next_dict_member(dict, position, k, v)) {
      if (Py_TYPE(k) != &PyUnicode_Type || !PyUnicode_IS_READY(k)) {
        sorted_members_.resize(first);
        return step::written;
      }
      narrow = narrow && PyUnicode_KIND(k) == PyUnicode_1BYTE_KIND;
      sorted_members_.push_back(sorted_member{k, v, 0});  // reserved
    }
    sorted_member* const members = sorted_members_.data() + first;
    const std::size_t count = sorted_members_.size() - first;
    if (!sorted_shapes_.reorder_if_known(members, count)) {
      sorted_shapes_.sort_and_remember(members, count, [narrow](sorted_member* unsorted, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) unsorted[i].prefix = sort_prefix(unsorted[i].key, narrow);
        std::sort(unsorted, unsorted + n, [](const sorted_member& a, const sorted_member& b) {
          return a.prefix != b.prefix ? a.prefix < b.prefix : str_less(a.key, b.key);
        });
      });
    }
    for (std::size_t i = 0; i < count; ++i) Py_INCREF(members[i].key);
    const auto last = static_cast<Py_ssize_t>(sorted_members_.size());
    const step pushed = push(frame{dict, nullptr, static_cast<Py_ssize_t>(first), last,
                                   static_cast<Py_ssize_t>(first), python_runs_, frame::sorted_dict, false});
    if (pushed == step::failed) release_sorted_members(first);
    return pushed;
  }

  // Drops the sorted members from `first` on, and their keys.
  ULTRAJSON_NOINLINE void release_sorted_members(std::size_t first) {
    for (std::size_t i = first; i < sorted_members_.size(); ++i) Py_DECREF(sorted_members_[i].key);
    sorted_members_.resize(first);
  }

  // Puts an opened container on the stack, which then holds a reference to
  // it (and owns the sorted keys).
  step push(const frame& opened) {
    if (!stack_.push(opened)) {
      Py_XDECREF(opened.keys);
      PyErr_NoMemory();
      return step::failed;
    }
    Py_INCREF(opened.container);
    return step::opened;
  }

  // The items of a list or tuple and the members of a dict are written at
  // a cursor held in a register while the separators are short ASCII
  // (text_output::narrow_cursor, in the str or, once it is wide, in the
  // output's stage): the separators,
  // line breaks, constants, ASCII strs and 64-bit numbers there, other
  // scalars and empty containers by the output after advance_to(). The
  // separators go there in one of two ways:
  //   - at_cursor(): compact, one character each and no indentation (the
  //     defaults);
  //   - at_laid_out_cursor(): otherwise, when each is at most eight ASCII
  //     characters, with the line break and indentation when indenting
  //     (indent=2 writes ",", "\n  ", ": ").
  // Once the output is wide, an item of a list that the output writes (a
  // str that is not ASCII, mostly) ends the list's run at the cursor, and
  // its loop goes on by the output's calls: going on at the cursor would
  // widen a separator's byte before each such str (a list of 256 Arabic
  // strs took 1.3x the time, timeit). A dict's run goes on: its other
  // members are keys the cursor copies and mostly scalars (random.json,
  // 11% fewer instructions than when it ended, callgrind).
  bool at_cursor() const noexcept { return compact_separator_ != 0 && compact_key_separator_ != 0; }
  bool at_laid_out_cursor() const noexcept { return laid_out_; }
  bool laid_out_separators() const noexcept {
    return !(compact_separator_ != 0 && compact_key_separator_ != 0) &&
           item_separator_text_.size == settings_.options.item_separator.size() &&
           key_separator_text_.size == settings_.options.key_separator.size();
  }

  // Room at the cursor for a laid-out item's separator and line (whose
  // indentation is `spaces`).
  static std::ptrdiff_t laid_out_prefix_room(std::size_t spaces) noexcept {
    return static_cast<std::ptrdiff_t>(sizeof(short_ascii_text::text) + text_output::line_room(spaces));
  }
  // Room at the cursor for a laid-out container's closing line (whose
  // indentation is `spaces`) and bracket.
  static std::ptrdiff_t laid_out_close_room(std::size_t spaces) noexcept {
    return static_cast<std::ptrdiff_t>(text_output::line_room(spaces)) + 1;
  }
  // Writes a laid-out item's separator (unless it is the `first`) and line
  // at `at`, which has laid_out_prefix_room(spaces); returns the position
  // after them.
  char* laid_out_prefix_at(char* at, bool first, std::size_t spaces) const noexcept {
    if (!first) {
      std::memcpy(at, item_separator_text_.text, sizeof(item_separator_text_.text));
      at += item_separator_text_.size;
    }
    return settings_.options.indent != 0 ? text_output::line_at(at, spaces) : at;
  }
  // Before a laid-out container's closing bracket: its line, when
  // indenting, at nesting `depth`; false with an error set.
  template <bool staged>
  bool laid_out_close_at(text_output::narrow_cursor& room, std::size_t depth) {
    if (settings_.options.indent == 0) return room_at<staged>(room, 1);
    const std::size_t spaces = settings_.options.indent * (depth - 1);
    if (!room_at<staged>(room, laid_out_close_room(spaces))) return false;
    room.at = text_output::line_at(room.at, spaces);
    return true;
  }

  // The longest ASCII str written at a wide output's cursor (see
  // scalar_at()): longer ones amortize a widening of what the stage holds.
  static constexpr Py_ssize_t longest_staged_str = 64;

  // The most a separator and a constant or number take at the cursor.
  static constexpr std::ptrdiff_t room_for_item = 1 + detail::max_number_chars;

  // Room for `bytes` at the cursor; false with an error set. Inline, so
  // that the cursor stays in registers.
  template <bool staged>
  ULTRAJSON_ALWAYS_INLINE bool room_at(text_output::narrow_cursor& room, std::ptrdiff_t bytes) {
    if (room.end - room.at >= bytes) return true;
    room = more_room<staged>(room.at, bytes);
    return room.at != nullptr;
  }
  // The cursor after growing the output for `bytes` more than written up
  // to `at`; {nullptr, nullptr} with an error set.
  template <bool staged>
  ULTRAJSON_NOINLINE text_output::narrow_cursor more_room(const char* at, std::ptrdiff_t bytes) {
    out_.advance_to<staged>(at);
    return out_.cursor_with_room<staged>(static_cast<std::size_t>(bytes));
  }

  // What scalar_at() did: wrote the value at the cursor; had the output
  // write it (the cursor is read again); failed; or found a value it does
  // not write (nothing written, the output advanced to the cursor).
  enum class cursor_step { written, by_output, failed, other };

  // A container's item at nesting `depth` at the cursor, which has room for
  // a number (room_for_item less the separator).
  template <bool inline_integers, bool laid_out, bool staged>
  ULTRAJSON_ALWAYS_INLINE cursor_step scalar_at(text_output::narrow_cursor& room, PyObject* object,
                                                std::size_t depth) {
    // The constants first: no load of the type.
    if (object == Py_True) {
      std::memcpy(room.at, "true", 4);
      room.at += 4;
      return cursor_step::written;
    }
    if (object == Py_False) {
      std::memcpy(room.at, "false", 5);
      room.at += 5;
      return cursor_step::written;
    }
    if (object == Py_None) {
      std::memcpy(room.at, "null", 4);
      room.at += 4;
      return cursor_step::written;
    }
    PyTypeObject* const type = Py_TYPE(object);
    if (type == &PyUnicode_Type) {
      if constexpr (staged) {
        // A long ASCII str goes from its characters to the wide str in
        // one pass, not through the stage, and the run goes on after it.
        if (PyUnicode_IS_COMPACT_ASCII(object) && PyUnicode_GET_LENGTH(object) > longest_staged_str) {
          out_.advance_to<true>(room.at);
          if (!str_value(object)) return cursor_step::failed;
          room = out_.cursor<true>();
          return cursor_step::written;
        }
      }
      if (out_.quoted_at(room, object)) return cursor_step::written;
    }
    if (number_at<inline_integers>(room.at, object, type)) return cursor_step::written;
    // An empty container (a quarter of twitter.json's) at the cursor too:
    // through empty_container() it cost an empty list twice the
    // instructions of orjson's (callgrind).
    if (const char* text = empty_text(object, type); text != nullptr && within_depth(depth + 1)) {
      std::memcpy(room.at, text, 2);
      room.at += 2;
      return cursor_step::written;
    }
    // A short list or tuple of numbers (a point of canada.json's
    // coordinates, a pair of twitter.json's indices) at the cursor too:
    // opened by open() and gone on by a frame's loop, they cost canada.json
    // 15% more instructions (callgrind).
    if ((type == &PyList_Type || type == &PyTuple_Type) && Py_SIZE(object) <= longest_number_row &&
        within_depth(depth + 1)) {
      if (char* const end = number_row_at<laid_out>(room.at, room.end, object, depth); end != nullptr) {
        room.at = end;
        return cursor_step::written;
      }
    }
    out_.advance_to<staged>(room.at);
    scalar_step wrote;
    if (type == &PyUnicode_Type) {
      wrote = scalar_done(str_value(object));
    } else if (type == &PyLong_Type) {
      wrote = scalar_done(int_value(object));
    } else if (type == &PyFloat_Type) {
      wrote = scalar_done(float_value(PyFloat_AS_DOUBLE(object)));
    } else {
      wrote = empty_container(object, depth);
    }
    if (wrote == scalar_step::written) {
      // Narrow, the caller's run at the cursor ends if the output widened.
      room = out_.cursor<staged>();
      return cursor_step::by_output;
    }
    return wrote == scalar_step::failed ? cursor_step::failed : cursor_step::other;
  }

  // The longest list or tuple number_row_at() writes.
  static constexpr Py_ssize_t longest_number_row = 16;

  // A list or tuple (not empty) of exact ints and finite floats, an item of
  // a container at nesting `depth`, at the cursor `at` (at_cursor(), or
  // at_laid_out_cursor()), which has room for a number up to `room_end`:
  // returns the position after it, or nullptr when it is not one or the
  // room ends first (what it wrote of it is then written over, by the
  // general path, which grows the output). The room is not reserved for
  // the whole row beforehand: 16 numbers' worst case would take a small
  // output out of the encoder's own buffer. The cursor goes in and out by
  // value: by reference, it left the registers of the loops that call.
  template <bool laid_out>
  ULTRAJSON_NOINLINE char* number_row_at(char* at, const char* room_end, PyObject* row,
                                         std::size_t depth) const noexcept {
    PyObject* const* const first = items_of(row, Py_TYPE(row) == &PyList_Type);
    PyObject* const* const end = first + Py_SIZE(row);
    // Its items' indentation, and its closing bracket's line.
    const std::size_t spaces = laid_out ? settings_.options.indent * (depth + 1) : 0;
    const std::ptrdiff_t close_room = laid_out ? laid_out_close_room(spaces) : 1;
    const std::ptrdiff_t item_room =
        (laid_out ? laid_out_prefix_room(spaces) : 1) + static_cast<std::ptrdiff_t>(detail::max_number_chars);
    *at++ = '[';
    for (PyObject* const* item = first; item != end; ++item) {
      if (room_end - at < item_room + close_room) return nullptr;
      if constexpr (laid_out) {
        at = laid_out_prefix_at(at, item == first, spaces);
      } else if (item != first) {
        *at++ = compact_separator_;
      }
      if (!number_at<true>(at, *item, Py_TYPE(*item))) return nullptr;
    }
    if (laid_out && settings_.options.indent != 0) at = text_output::line_at(at, spaces - settings_.options.indent);
    *at++ = ']';
    return at;
  }

  // The numbers written at the cursor: an int of at most 64 bits or a
  // finite float (of the exact types, of `type`), at `at`, which has room
  // for one; false, with nothing written, for any other object.
  template <bool inline_integers>
  ULTRAJSON_ALWAYS_INLINE static bool number_at(char*& at, PyObject* object, PyTypeObject* type) noexcept {
    long long integer;
    if (type == &PyLong_Type && compact_int(object, integer)) {
      at = inline_integers ? detail::format_integer(at, integer) : integer_text(at, integer);
      return true;
    }
    if (type == &PyFloat_Type && std::isfinite(PyFloat_AS_DOUBLE(object))) {
      at = double_text(at, PyFloat_AS_DOUBLE(object));
      return true;
    }
    return false;
  }

  // A number's text at `out`, as a call: the dict loop's, where formatting
  // inline cost a list of one-member dicts a tenth more time (timeit); the
  // list loop formats integers inline, and doubles are long enough that a
  // call is little of their cost.
  ULTRAJSON_NOINLINE static char* integer_text(char* out, long long value) noexcept {
    return detail::format_integer(out, value);
  }
  ULTRAJSON_NOINLINE static char* double_text(char* out, double value) noexcept {
    return detail::format_double(out, value);
  }

  // items_at_cursor() and members_at_cursor() into a wide output, as calls
  // that return what they move: inline, the second copy of each loop made
  // the narrow one's container loops slower (a list of True 3%, of
  // one-member dicts 4%, timeit), for the same instructions.
  struct staged_items {
    PyObject* const* item;
    bool closed;
  };
  template <bool laid_out>
  ULTRAJSON_NOINLINE staged_items items_at_stage(PyObject* const* first, PyObject* const* end, std::size_t depth) {
    bool closed = false;
    PyObject* const* const item = items_at_cursor<laid_out, true>(first, end, depth, closed);
    return {item, closed};
  }
  struct staged_members {
    step result;
    Py_ssize_t position;
    Py_ssize_t left;
    bool closed;
  };
  template <bool laid_out>
  ULTRAJSON_NOINLINE staged_members members_at_stage(PyObject* dict, Py_ssize_t size, std::size_t depth) {
    staged_members run{step::written, 0, size, false};
    run.result = members_at_cursor<laid_out, true>(dict, size, depth, run.position, run.left, run.closed);
    return run;
  }

  // Writes a list or tuple at nesting `depth` at the cursor (at_cursor(),
  // or at_laid_out_cursor()), its opening bracket and its items from the
  // first: returns the first item not written there, for the caller to go
  // on from, or nullptr with an error set. `closed`: every item was, and
  // the closing bracket too (written by the output's own calls, the
  // brackets cost a list of [1]s 8% more instructions, callgrind).
  template <bool laid_out, bool staged>
  PyObject* const* items_at_cursor(PyObject* const* first, PyObject* const* end, std::size_t depth,
                                   bool& closed) {
    text_output::narrow_cursor room = out_.cursor<staged>();
    const char separator = compact_separator_;
    const std::size_t spaces = laid_out ? settings_.options.indent * depth : 0;
    const std::ptrdiff_t item_room = laid_out ? laid_out_prefix_room(spaces) + room_for_item : room_for_item;
    if (!room_at<staged>(room, 1)) return nullptr;
    *room.at++ = '[';
    // The separator (and line) is written before each item but the first
    // (before every item), and taken back when the item is not one written
    // here.
    for (PyObject* const* item = first; item != end; ++item) {
      if (!room_at<staged>(room, item_room)) return nullptr;
      char* const item_start = room.at;
      if constexpr (laid_out) {
        room.at = laid_out_prefix_at(room.at, item == first, spaces);
      } else if (item != first) {
        *room.at++ = separator;
      }
      switch (scalar_at<true, laid_out, staged>(room, *item, depth)) {
        case cursor_step::written: break;
        case cursor_step::by_output:
          // Wide, or just widened: the caller's loop goes on (see at_cursor()).
          if (staged || !out_.narrow()) return item + 1;
          break;
        case cursor_step::failed: return nullptr;
        case cursor_step::other:
          out_.advance_to<staged>(laid_out ? item_start : room.at - (item != first));
          return item;
      }
    }
    if constexpr (laid_out) {
      if (!laid_out_close_at<staged>(room, depth)) return nullptr;
    } else if (!room_at<staged>(room, 1)) {
      return nullptr;
    }
    *room.at++ = ']';
    out_.advance_to<staged>(room.at);
    closed = true;
    return end;
  }

  // Writes a dict of `size` members at nesting `depth` at the cursor (as
  // items_at_cursor), its opening brace and its members from the first
  // while their keys are ASCII strs: step::written when the caller goes on from
  // `position` with `left` members to write (none and `closed`: the
  // closing brace is written too), else what opening the dict did (a frame
  // is pushed when a value is not a scalar, as open_dict() does). Inline
  // in open_dict(), whose `position` and `left` it moves: called, it cost
  // a list of one-member dicts a tenth more time (timeit).
  template <bool laid_out, bool staged>
  ULTRAJSON_ALWAYS_INLINE step members_at_cursor(PyObject* dict, Py_ssize_t size, std::size_t depth,
                                                 Py_ssize_t& position, Py_ssize_t& left, bool& closed) {
    text_output::narrow_cursor room = out_.cursor<staged>();
    const std::size_t spaces = laid_out ? settings_.options.indent * depth : 0;
    const std::ptrdiff_t key_room =
        (laid_out ? laid_out_prefix_room(spaces) : 1) + static_cast<std::ptrdiff_t>(written_keys::text_room);
    const std::ptrdiff_t value_room =
        laid_out ? static_cast<std::ptrdiff_t>(sizeof(short_ascii_text::text) + detail::max_number_chars)
                 : room_for_item;
    if (!room_at<staged>(room, 1)) return step::failed;
    *room.at++ = '{';
    PyObject* k;
    PyObject* v;
    // A value that is not a scalar, its key written: the walk goes on
    // through a frame from it.
    const auto value_in_frame = [&] {
      return push_then(frame{dict, nullptr, position, size, left - 1, python_runs_, frame::dict, true}, v);
    };
    for (; left != 0; --left) {
      Py_ssize_t next = position;
      // No Python code runs meanwhile: the dict keeps its `size` members.
      if (!next_dict_member(dict, next, k, v) || Py_TYPE(k) != &PyUnicode_Type) break;
      if (!room_at<staged>(room, key_room)) return step::failed;
      char* const item_start = room.at;
      if constexpr (laid_out) {
        room.at = laid_out_prefix_at(room.at, left == size, spaces);
      } else if (left != size) {
        *room.at++ = compact_separator_;
      }
      std::size_t slot = 0;
      if (keys_.find(k, slot)) {
        std::memcpy(room.at, keys_.text(slot), written_keys::text_room);
        room.at += keys_.size(slot);
      } else {
        // A key the output must write (not ASCII, or beyond the room): the
        // caller's loop writes it, its separator taken back, and the rest.
        if (!out_.quoted_at(room, k)) {
          room.at = laid_out ? item_start : room.at - (left != size);
          break;
        }
        if (keys_.missed_again(k, slot)) keep_key(k, slot);
      }
      position = next;
      if (!room_at<staged>(room, value_room)) return step::failed;
      if constexpr (laid_out) {
        std::memcpy(room.at, key_separator_text_.text, sizeof(key_separator_text_.text));
        room.at += key_separator_text_.size;
      } else {
        *room.at++ = compact_key_separator_;
      }
      switch (scalar_at<false, laid_out, staged>(room, v, depth)) {
        case cursor_step::written: break;
        case cursor_step::by_output:
          if (!staged && !out_.narrow()) {  // just widened: the caller goes on
            --left;
            return step::written;
          }
          break;
        case cursor_step::failed: return step::failed;
        case cursor_step::other: return value_in_frame();
      }
    }
    if (left == 0) {
      if constexpr (laid_out) {
        if (!laid_out_close_at<staged>(room, depth)) return step::failed;
      } else if (!room_at<staged>(room, 1)) {
        return step::failed;
      }
      *room.at++ = '}';
      closed = true;
    }
    out_.advance_to<staged>(room.at);
    return step::written;
  }

  // An item of a container written in place at nesting `depth`: a scalar,
  // or an empty list, tuple or dict, which open() would end at once (a
  // quarter of twitter.json's containers are empty).
  ULTRAJSON_ALWAYS_INLINE scalar_step leaf_item(PyObject* item, std::size_t depth) {
    const scalar_step wrote = scalar(item);
    return wrote != scalar_step::other ? wrote : empty_container(item, depth);
  }

  ULTRAJSON_NOINLINE scalar_step empty_container(PyObject* item, std::size_t depth) {
    // The item nests one deeper than its container; beyond the limit,
    // open() or open_dict() raises the error.
    if (!within_depth(depth + 1)) return scalar_step::other;
    const char* const text = empty_text(item, Py_TYPE(item));
    if (text == nullptr) return scalar_step::other;
    return scalar_done(text[0] == '[' ? out_.literal("[]") : out_.literal("{}"));
  }

  // An empty list, tuple or dict's text, which open() and open_dict()
  // would write; nullptr for any other object.
  static const char* empty_text(PyObject* object, PyTypeObject* type) noexcept {
    if ((type == &PyList_Type || type == &PyTuple_Type) && Py_SIZE(object) == 0) return "[]";
    if (type == &PyDict_Type && PyDict_GET_SIZE(object) == 0) return "{}";
    return nullptr;
  }

  // Goes on through a frame with a container written in place so far: its
  // item `next` (borrowed from it, not a scalar, its separator and key
  // written) is the next to start, by resume(), before the frame goes on
  // where `opened` says. Started here, its container would be opened by a
  // call deeper on the C stack for each level.
  step push_then(const frame& opened, PyObject* next) {
    const step pushed = push(opened);
    if (pushed == step::opened) pending_ = next;
    return pushed;
  }

  // Closes the top frame: on a line of its own when indenting and an item
  // was written (default() may have emptied a list meanwhile).
  bool close(bool object) {
    const frame& top = stack_.top();
    const bool any = top.any;
    Py_XDECREF(top.keys);
    Py_DECREF(top.container);
    stack_.pop();
    return close_text(any, object);
  }

  // The end of a container whose frame is closed (or that had none): its
  // bracket on a line of its own when indenting and an item was written.
  bool close_text(bool any, bool object) {
    if (any && settings_.options.indent != 0 &&
        !out_.indentation(settings_.options.indent * stack_.size())) {
      return false;
    }
    return out_.ascii(object ? '}' : ']');
  }

  // Before an item of the top container (the frame at `at`), or a member's
  // key: the item separator unless it is the first, then the indentation.
  ULTRAJSON_ALWAYS_INLINE bool begin_item(std::size_t at) {
    frame& top = stack_[at];
    const bool any = top.any;
    top.any = true;
    return before_item(any, stack_.size());
  }

  // Before an item at nesting `depth` (its container's, counted from 1):
  // the item separator unless it is the first (`any` is false), then the
  // indentation.
  ULTRAJSON_ALWAYS_INLINE bool before_item(bool any, std::size_t depth) {
    if (compact_separator_ != 0) {  // the common case, decided once per call
      return !any || out_.ascii(compact_separator_);
    }
    if (any && !separator(settings_.options.item_separator, item_separator_, item_separator_text_)) return false;
    return settings_.options.indent == 0 || out_.indentation(settings_.options.indent * depth);
  }

  bool separator(std::string_view ascii, PyObject* decoded, const short_ascii_text& padded) {
    if (decoded != nullptr) return out_.verbatim(decoded);
    if (ascii.size() == 1) return out_.ascii(ascii[0]);
    if (padded.size != 0) return out_.short_ascii(padded.text, padded.size);
    return out_.ascii(ascii);
  }

  // Non-ASCII separators as strs, to be written in the output's kind.
  bool decode_separators() {
    const auto decode = [](std::string_view utf8) {
      return PyUnicode_DecodeUTF8(utf8.data(), static_cast<Py_ssize_t>(utf8.size()), "strict");
    };
    item_separator_ = decode(settings_.options.item_separator);
    if (item_separator_ == nullptr) return false;
    key_separator_ = decode(settings_.options.key_separator);
    return key_separator_ != nullptr;
  }

  // Goes on with the top container until it ends or opens another. Opening
  // one may move the stack: the frame is found again by its index, and its
  // position is stored only then (or never, when it ends). Inline in
  // write(): left to GCC, it became a call per step once start() called
  // open_dict() itself (2% more instructions on the medium object).
  ULTRAJSON_ALWAYS_INLINE bool resume() {
    if (pending_ != nullptr) {
      // Its frame holds it, and no Python code has run since push_then().
      PyObject* const next = pending_;
      pending_ = nullptr;
      const step started = start_other(next);
      if (started != step::written) return started == step::opened;
    }
    const std::size_t at = stack_.size() - 1;
    const frame& top = stack_[at];
    PyObject* const container = top.container;
    const auto opened = [&](Py_ssize_t next) { return opened_at(at, next); };
    switch (top.kind) {
      case frame::list:
        // The size is read on every turn: default() may change the list.
        for (Py_ssize_t i = top.position; i < PyList_GET_SIZE(container); ++i) {
          if (!begin_item(at)) return false;
          const step started = start(PyList_GET_ITEM(container, i));
          if (started != step::written) return started == step::opened && opened(i + 1);
        }
        return close(false);
      case frame::tuple: {
        const Py_ssize_t size = PyTuple_GET_SIZE(container);
        for (Py_ssize_t i = top.position; i < size; ++i) {
          if (!begin_item(at)) return false;
          const step started = start(PyTuple_GET_ITEM(container, i));
          if (started != step::written) return started == step::opened && opened(i + 1);
        }
        return close(false);
      }
      case frame::dict: {
        const Py_ssize_t size = top.size;
        const std::uint64_t python_runs = top.python_runs;
        Py_ssize_t position = top.position;
        Py_ssize_t left = top.left;
        PyObject* k;
        PyObject* v;
        while (true) {
          if (position != 0 && PyDict_GET_SIZE(container) != size) {
            PyErr_SetString(PyExc_RuntimeError, "dictionary changed size during iteration");
            return false;
          }
          // Every item written, and no Python code run that could have
          // changed the dict: PyDict_Next would find no more (its call was
          // a tenth of a list of one-item dicts: callgrind).
          if (left == 0 && python_runs_ == python_runs) break;
          if (!next_dict_member(container, position, k, v)) break;
          --left;
          if (!begin_item(at)) return false;
          const step started = member(k, v);
          if (started != step::written) {
            stack_[at].left = left;
            return started == step::opened && opened(position);
          }
        }
        return close(true);
      }
      case frame::sorted_dict: {
        // Sorted by the walk: a frame of no keys list, under this case so
        // that the switch keeps the shape the common kinds were tuned in.
        if (top.keys == nullptr) return resume_sorted_members(at);
        PyObject* const keys = top.keys;
        for (Py_ssize_t i = top.position; i < PyList_GET_SIZE(keys); ++i) {
          PyObject* k = PyList_GET_ITEM(keys, i);
          PyObject* v = value_now(container, k);
          if (v == nullptr) return false;
          if (!begin_item(at)) return false;
          const step started = member(k, v);
          if (started != step::written) return started == step::opened && opened(i + 1);
        }
        return close(true);
      }
    }
    return false;  // unreachable: every kind is handled above
  }

  // A call of its own: in resume(), its loop kept resume() from being
  // inlined into write(), which cost every container a call (callgrind).
  ULTRAJSON_NOINLINE bool resume_sorted_members(std::size_t at) {
    const frame& top = stack_[at];
    PyObject* const container = top.container;
    const Py_ssize_t end = top.size;
    const std::uint64_t python_runs = top.python_runs;
    for (Py_ssize_t i = top.position; i < end; ++i) {
      // sorted_members_ may move when a member opens a dict: read by index.
      PyObject* const k = sorted_members_[static_cast<std::size_t>(i)].key;
      PyObject* v = sorted_members_[static_cast<std::size_t>(i)].value;
      // Python code may have changed the dict since it was sorted: its
      // value now, as list.sort's order would be written.
      if (python_runs_ != python_runs && (v = value_now(container, k)) == nullptr) return false;
      if (!begin_item(at)) return false;
      const step started = member(k, v);
      if (started != step::written) return started == step::opened && opened_at(at, i + 1);
    }
    // Here rather than in close(), which every container calls.
    release_sorted_members(static_cast<std::size_t>(top.left));
    return close(true);
  }

  // A sorted key's value in the dict now (borrowed); nullptr with an error
  // set, RuntimeError when Python code has removed the key meanwhile.
  static PyObject* value_now(PyObject* dict, PyObject* key) {
    PyObject* value = PyDict_GetItemWithError(dict, key);
    if (value == nullptr && !PyErr_Occurred()) {
      PyErr_SetString(PyExc_RuntimeError, "dictionary changed during iteration");
    }
    return value;
  }

  // A member opened a container: the frame at `at` goes on at `next` once
  // that one is done.
  bool opened_at(std::size_t at, Py_ssize_t next) {
    stack_[at].position = next;
    return true;
  }

  step member(PyObject* k, PyObject* v) {
    // Writing a str key runs no Python code; start() holds the value when
    // it runs some.
    if (Py_TYPE(k) == &PyUnicode_Type) return str_key(k) ? start(v) : step::failed;
    return other_member(k, v);
  }

  // A member whose key is not an exact str. A call of its own: inline, its
  // references and Python calls made member() save registers for every
  // item (callgrind).
  ULTRAJSON_NOINLINE step other_member(PyObject* k, PyObject* v) {
    // str(key) may run Python code that changes the dict: hold the key and
    // the value while they are written.
    ++python_runs_;
    Py_INCREF(k);
    Py_INCREF(v);
    const step started = key(k) ? start(v) : step::failed;
    Py_DECREF(v);
    Py_DECREF(k);
    return started;
  }

  // Anything but the exact common types, in the documented order.
  step other_value(PyObject* object, int chain) {
    ++python_runs_;  // hooks, default(), and what their results' release runs
    if (PyLong_Check(object)) return done(int_value(object));  // bool is taken already
    if (PyBytes_Check(object)) {
      if (settings_.reject_bytes) {
        if (settings_.default_function != nullptr) return call_default(object, chain);
        raise_not_serializable(object, " (reject_bytes=True)");
        return step::failed;
      }
      return done(bytes_value(object));
    }
    if (PyUnicode_Check(object)) return done(str_value(object));
    if (PyFloat_Check(object)) return done(float_value(PyFloat_AS_DOUBLE(object)));
    if (natives_.is_decimal(object)) return done(decimal_value(object));
    if (PyDict_Check(object)) return open_dict(object);
    if (PyList_Check(object)) return open(object, frame::list);
    if (PyTuple_Check(object)) return open(object, frame::tuple);

    bool found;
    step started = to_dict(object, found);
    if (found || started == step::failed) return started;
    started = done(to_json(object, found));
    if (found || started == step::failed) return started;
    if (settings_.default_function != nullptr) return call_default(object, chain);
    return native_value(object, chain);
  }

  // A Decimal's own digits (str(d): "1.10", "-0", "1E+400"), not a float's;
  // NaN and the infinities as a float's are (allow_nan decides).
  bool decimal_value(PyObject* decimal) {
    PyObject* text = PyObject_Str(decimal);
    if (text == nullptr) return false;
    Py_ssize_t size;
    const char* digits = PyUnicode_AsUTF8AndSize(text, &size);
    bool ok = digits != nullptr;
    if (ok) {
      const std::string_view number(digits, static_cast<std::size_t>(size));
      const std::size_t sign = number.front() == '-' ? 1 : 0;
      const char first = number.size() > sign ? number[sign] : '0';
      if (first == 'N' || first == 's') {  // NaN, sNaN
        ok = float_value(std::numeric_limits<double>::quiet_NaN());
      } else if (first == 'I') {
        ok = float_value(sign != 0 ? -HUGE_VAL : HUGE_VAL);
      } else {
        ok = out_.ascii(number);  // Decimal's str is a JSON number
      }
    }
    Py_DECREF(text);
    return ok;
  }

  // TypeError("<repr> is not JSON serializable<why>"); an exception that
  // repr() raises propagates instead (PyErr_Format's %R replaced it with an
  // empty TypeError before Python 3.11).
  static void raise_not_serializable(PyObject* object, const char* why) {
    PyObject* repr = PyObject_Repr(object);
    if (repr == nullptr) return;
    PyErr_Format(PyExc_TypeError, "%U is not JSON serializable%s", repr, why);
    Py_DECREF(repr);
  }

  // The types encoded natively where ujson raised TypeError (no default
  // given): what natives_ makes is encoded in the object's place.
  step native_value(PyObject* object, int chain) {
    if (chain >= max_default_chain) return chain_too_long();
    PyObject* replaced = natives_.replacement(object);
    if (replaced == nullptr) {
      if (!PyErr_Occurred()) raise_not_serializable(object, "");
      return step::failed;
    }
    return start_replacement(replaced, chain);
  }

  static step chain_too_long() {
    // ujson's type and wording for a default() that never converges.
    PyErr_SetString(PyExc_TypeError, "maximum recursion depth exceeded");
    return step::failed;
  }

  // Starts what default() or a native type gave in an object's place, and
  // releases it (an opened container's frame holds its own reference).
  step start_replacement(PyObject* replaced, int chain) {
    step started;
    PyTypeObject* const type = Py_TYPE(replaced);
    if (type == &PyUnicode_Type || type == &PyLong_Type || type == &PyFloat_Type ||
        type == &PyList_Type || type == &PyDict_Type || type == &PyTuple_Type ||
        replaced == Py_True || replaced == Py_False || replaced == Py_None) {
      started = start(replaced);
    } else {
      // At most max_default_chain replacements deep: the C stack stays bounded.
      started = other_value(replaced, chain + 1);
    }
    Py_DECREF(replaced);
    return started;
  }

  // The bound method `name` of the object, or nullptr: with an error set
  // unless the object has no such attribute.
  PyObject* method(PyObject* object, const char* name) {
    return natives_.optional_attribute(object, name);
  }

  // object.toDict(), when the object has it (`found`): the dict it returns
  // is opened in the object's place.
  step to_dict(PyObject* object, bool& found) {
    PyObject* call = method(object, "toDict");
    found = call != nullptr;
    if (call == nullptr) return PyErr_Occurred() ? step::failed : step::written;
    PyObject* returned = PyObject_CallNoArgs(call);
    Py_DECREF(call);
    if (returned == nullptr) return step::failed;
    step started;
    if (PyDict_Check(returned)) {
      started = open_dict(returned);  // the frame holds its own reference
    } else {
      PyErr_Format(PyExc_TypeError, "toDict() should return a dict, got %s",
                   Py_TYPE(returned)->tp_name);
      started = step::failed;
    }
    Py_DECREF(returned);
    return started;
  }

  // object.__json__(), when the object has it (`found`): its text goes in as is.
  bool to_json(PyObject* object, bool& found) {
    PyObject* call = method(object, "__json__");
    found = call != nullptr;
    if (call == nullptr) return !PyErr_Occurred();
    PyObject* returned = PyObject_CallNoArgs(call);
    Py_DECREF(call);
    if (returned == nullptr) return false;
    const bool ok = raw_json(returned);
    Py_DECREF(returned);
    return ok;
  }

  // __json__'s text goes in as it is, in its own kind (bytes as UTF-8).
  bool raw_json(PyObject* text) {
    if (PyUnicode_Check(text)) {
      return PyUnicode_READY(text) == 0 && out_.verbatim(text);
    }
    if (PyBytes_Check(text)) {
      PyObject* decoded = PyUnicode_DecodeUTF8(PyBytes_AS_STRING(text), PyBytes_GET_SIZE(text),
                                               "surrogatepass");
      if (decoded == nullptr) return false;
      const bool ok = out_.verbatim(decoded);
      Py_DECREF(decoded);
      return ok;
    }
    PyErr_Format(PyExc_TypeError, "__json__() should return str or bytes, got %s",
                 Py_TYPE(text)->tp_name);
    return false;
  }

  step call_default(PyObject* object, int chain) {
    if (chain >= max_default_chain) return chain_too_long();
    PyObject* replaced = PyObject_CallOneArg(settings_.default_function, object);
    if (replaced == nullptr) return step::failed;
    return start_replacement(replaced, chain);
  }

  // int_value, float_value and str_value are calls from start(), which is
  // inline in every container's loop.
  ULTRAJSON_NOINLINE bool int_value(PyObject* object) {
    long long compact;
    if (compact_int(object, compact)) {
      return number([compact](char* out) { return detail::format_integer(out, compact); });
    }
    int overflow;
    const long long small = PyLong_AsLongLongAndOverflow(object, &overflow);
    if (overflow == 0) {
      if (small == -1 && PyErr_Occurred()) return false;
      return number([small](char* out) { return detail::format_integer(out, small); });
    }
    if (overflow > 0) {
      const unsigned long long big = PyLong_AsUnsignedLongLong(object);
      if (!(big == static_cast<unsigned long long>(-1) && PyErr_Occurred())) {
        return number([big](char* out) { return detail::format_integer(out, big); });
      }
      PyErr_Clear();
    }
    // Beyond 64 bits: int's own decimal text (int.__repr__ for subclasses
    // too, so an IntEnum writes its value). sys.set_int_max_str_digits
    // applies: its ValueError propagates.
    PyObject* text = PyLong_Type.tp_repr(object);
    if (text == nullptr) return false;
    const bool ok = out_.verbatim(text);  // digits: ASCII
    Py_DECREF(text);
    return ok;
  }

  // An int of one digit (below 2**30 in magnitude: nearly all), or on
  // 3.11-3.13 of two (ids, timestamps in milliseconds; at most 60 bits, so
  // it fits), read from the object where its layout is known rather than
  // through PyLong_AsLongLongAndOverflow's call.
  static bool compact_int(PyObject* object, long long& value) {
#if PY_VERSION_HEX >= 0x030C0000
    auto* const number = reinterpret_cast<PyLongObject*>(object);
    if (PyUnstable_Long_IsCompact(number)) {
      value = static_cast<long long>(PyUnstable_Long_CompactValue(number));
      return true;
    }
#if PY_VERSION_HEX < 0x030E0000
    // 3.12 and 3.13: the digit count above the tag's flag bits, the sign
    // (0 positive, 2 negative; 1, zero, is compact) in its low bits.
    const std::uintptr_t tag = number->long_value.lv_tag;
    if ((tag >> _PyLong_NON_SIZE_BITS) != 2) return false;
    const long long magnitude = two_digit_magnitude(number->long_value.ob_digit);
    value = (tag & _PyLong_SIGN_MASK) == 2 ? -magnitude : magnitude;
    return true;
#else
    return false;  // a layout not yet tested: the call decides
#endif
#elif PY_VERSION_HEX >= 0x030B0000
    const Py_ssize_t size = Py_SIZE(object);
    const digit* const digits = reinterpret_cast<PyLongObject*>(object)->ob_digit;
    if (size >= -1 && size <= 1) {
      value = static_cast<long long>(size) * static_cast<long long>(digits[0]);
      return true;
    }
    if (size != 2 && size != -2) return false;
    const long long magnitude = two_digit_magnitude(digits);
    value = size > 0 ? magnitude : -magnitude;
    return true;
#else
    static_cast<void>(object);
    static_cast<void>(value);
    return false;
#endif
  }

#if PY_VERSION_HEX >= 0x030B0000
  // The value of an int's two digits, least significant first.
  static long long two_digit_magnitude(const digit* digits) {
    return static_cast<long long>(digits[0] |
                                  (static_cast<std::uint64_t>(digits[1]) << PyLong_SHIFT));
  }
#endif

  ULTRAJSON_NOINLINE bool float_value(double d) {
    if (!std::isfinite(d)) {
      if (!settings_.options.allow_nan) return raise_write_error(write_error::nan_or_infinity);
      return out_.ascii(detail::non_finite_literal(d));
    }
    return number([d](char* out) { return detail::format_double(out, d); });
  }

  // A number's ASCII text, formatted in place while the output is narrow.
  template <class Format>
  [[gnu::always_inline]] bool number(Format format) {
    if (out_.narrow()) {
      char* room = out_.narrow_room(detail::max_number_chars);
      if (room == nullptr) return false;  // out of memory
      out_.advance_to<false>(format(room));
      return true;
    }
    alignas(16) char text[text_output::padded_size(detail::max_number_chars)] = {};
    const char* end = format(text);
    return out_.padded_ascii(text, static_cast<std::size_t>(end - text));
  }

  ULTRAJSON_NOINLINE bool str_value(PyObject* str) { return quoted(str); }

  // A str between quotes, escaped from its own kind.
  bool quoted(PyObject* str) { return out_.quoted(str); }

  bool str_key(PyObject* str) {
    if (!quoted(str)) return false;
    if (compact_key_separator_ != 0) return out_.ascii(compact_key_separator_);
    return separator(settings_.options.key_separator, key_separator_, key_separator_text_);
  }

  // A key missed twice in a row in written_keys' `slot`, kept there with
  // its text between quotes when that is ASCII with nothing escaped. The
  // text is made from the key's characters, not taken from the output: the
  // same for every output width.
  ULTRAJSON_NOINLINE void keep_key(PyObject* key, std::size_t slot) {
    if (Py_TYPE(key) != &PyUnicode_Type || !PyUnicode_IS_COMPACT_ASCII(key)) return;
    const auto length = static_cast<std::size_t>(PyUnicode_GET_LENGTH(key));
    if (length + 2 > written_keys::text_room) return;
    const Py_UCS1* const chars = PyUnicode_1BYTE_DATA(key);
    const detail::escape_table& escapes = out_.escapes();
    char text[written_keys::text_room];
    text[0] = '"';
    for (std::size_t i = 0; i < length; ++i) {
      if (escapes[chars[i]] != 0) return;  // escaped: the output writes it each time
      text[1 + i] = static_cast<char>(chars[i]);
    }
    text[1 + length] = '"';
    keys_.keep(key, slot, text, length + 2);
  }

  // Bytes are UTF-8 text (WTF-8 too, as lone surrogates are written).
  bool bytes_text(PyObject* bytes, bool is_key) {
    const char* data = PyBytes_AS_STRING(bytes);
    const Py_ssize_t size = PyBytes_GET_SIZE(bytes);
    PyObject* text = PyUnicode_DecodeUTF8(data, size, "surrogatepass");
    if (text == nullptr) {
      if (!PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) return false;
      PyErr_Clear();
      return raise_write_error(write_error::invalid_utf8,
                               std::string_view(data, static_cast<std::size_t>(size)));
    }
    const bool ok = is_key ? str_key(text) : str_value(text);
    Py_DECREF(text);
    return ok;
  }

  bool bytes_value(PyObject* bytes) { return bytes_text(bytes, false); }

  // A key that is not a str: its text, then the key separator.
  bool literal_key(const char* text, std::size_t size) {
    return out_.ascii('"') && out_.ascii(text, size) && out_.ascii('"') &&
           separator(settings_.options.key_separator, key_separator_, key_separator_text_);
  }

  bool key(PyObject* key) {
    if (PyUnicode_Check(key)) return str_key(key);
    if (PyBytes_Check(key)) return bytes_text(key, true);
    if (key == Py_True) return literal_key("true", 4);
    if (key == Py_False) return literal_key("false", 5);
    if (key == Py_None) return literal_key("null", 4);
    PyObject* text = PyObject_Str(key);
    if (text == nullptr) return false;
    const bool ok = str_key(text);
    Py_DECREF(text);
    return ok;
  }

  // A copy: the walk may run Python code (default(), a key's comparison)
  // whose own dumps() call replaces the settings the caller remembered.
  const dumps_settings settings_;
  text_output out_;
  // The members of the open dicts the walk sorted, each dict's in a run of
  // its own (in the order of the stack).
  std::vector<sorted_member> sorted_members_;
  // How many times the walk may have run Python code (which may change a
  // dict being written): every step that can, counted before it runs.
  std::uint64_t python_runs_ = 0;
  // The item that resume() starts first, before the top frame goes on
  // (see push_then), else nullptr. Borrowed from the top frame's container.
  PyObject* pending_ = nullptr;
  native_types natives_;
  // The keys that recur, and their text.
  written_keys keys_;
  // The key orders of the last dicts the walk sorted.
  sorted_shapes sorted_shapes_;
  // Non-ASCII separators, decoded once (strong references), else nullptr.
  PyObject* item_separator_ = nullptr;
  PyObject* key_separator_ = nullptr;
  // The item and key separators when each is one ASCII character and there
  // is no indentation (the defaults), else 0: what begin_item and str_key
  // test first.
  char compact_separator_ = one_ascii_char(settings_.options.item_separator, settings_);
  char compact_key_separator_ = one_ascii_char(settings_.options.key_separator, settings_);
  // The separators again when ASCII and short (", " and ": " with indent).
  const short_ascii_text item_separator_text_ = short_ascii_text::of(settings_.options.item_separator);
  const short_ascii_text key_separator_text_ = short_ascii_text::of(settings_.options.key_separator);
  // Whether the containers' loops write at the laid-out cursor.
  const bool laid_out_ = laid_out_separators();
  // The open containers: the first few in the encoder (most documents nest
  // a few levels), so that a call allocates none. Last, as it is large.
  detail::small_stack<frame, 16> stack_;

  static char one_ascii_char(std::string_view separator, const dumps_settings& settings) {
    const bool one = settings.options.indent == 0 && separator.size() == 1 &&
                     static_cast<unsigned char>(separator[0]) < 0x80;
    return one ? separator[0] : '\0';
  }
};

}  // namespace

PyObject* encode(PyObject* object, const dumps_settings& settings) {
  try {
    encoder walk(settings);
    if (!walk.write(object)) return nullptr;
    return walk.result();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
    return nullptr;
  }
}

}  // namespace ultrajson::python
