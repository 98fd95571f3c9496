#pragma once
// The key orders of the last dicts that dumps(sort_keys=True) sorted: each
// dict's key objects in its own order, and where sorting put each. A dict
// whose keys are the same objects in the same order (the records of one
// shape, whose keys the source's literals or a decoder's key cache share)
// sorts the same way, with no comparison. The keys are held, so that an
// address seen again is the same str, not a new one made where a freed one
// was.

#include <Python.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace ultrajson::python {

class sorted_shapes {
 public:
  // Larger dicts are sorted every time: finding where sorting put each of
  // many keys costs more than the sort saves when the shape comes back
  // rarely.
  static constexpr std::size_t max_keys = 16;
  // Smaller ones too: a few comparisons cost less than finding their shape.
  static constexpr std::size_t min_keys = 5;

  sorted_shapes() = default;
  sorted_shapes(const sorted_shapes&) = delete;
  sorted_shapes& operator=(const sorted_shapes&) = delete;

  // Puts `members` (a dict's `count`, in its order; each with a `key`) in
  // the order remembered for their keys; false, with nothing moved, when
  // there is none.
  template <class Member>
  bool reorder_if_known(Member* members, std::size_t count) const noexcept {
    if (count < min_keys || count > max_keys) return false;
    const shape& known = shapes_[slot_of(members[0].key, count)];
    if (!known.matches(members, count)) return false;
    known.reorder(members, count);
    return true;
  }

  // Sorts `members` (as above) with sort(members, count), and remembers
  // the order it gives their keys.
  template <class Member, class Sort>
  void sort_and_remember(Member* members, std::size_t count, Sort sort) {
    if (count < min_keys || count > max_keys) {
      sort(members, count);
      return;
    }
    shape& slot = shapes_[slot_of(members[0].key, count)];
    slot.remember_keys(members, count);
    sort(members, count);
    slot.remember_order(members, count);
  }

 private:
  class shape {
   public:
    shape() = default;
    shape(const shape&) = delete;
    shape& operator=(const shape&) = delete;
    ~shape() { forget(); }

    template <class Member>
    bool matches(const Member* members, std::size_t count) const noexcept {
      if (count != count_) return false;
      for (std::size_t i = 0; i < count; ++i) {
        if (members[i].key != keys_[i]) return false;
      }
      return true;
    }
    template <class Member>
    void reorder(Member* members, std::size_t count) const noexcept {
      Member in_dict_order[max_keys];
      std::copy(members, members + count, in_dict_order);
      for (std::size_t j = 0; j < count; ++j) members[j] = in_dict_order[order_[j]];
    }
    template <class Member>
    void remember_keys(const Member* members, std::size_t count) noexcept {
      for (std::size_t i = 0; i < count; ++i) Py_INCREF(members[i].key);
      forget();
      for (std::size_t i = 0; i < count; ++i) keys_[i] = members[i].key;
      count_ = count;
    }
    // `sorted`: the members remember_keys() saw, sorted. (The keys of a
    // dict are distinct objects, so each is found once.)
    template <class Member>
    void remember_order(const Member* sorted, std::size_t count) noexcept {
      for (std::size_t j = 0; j < count; ++j) {
        order_[j] = static_cast<std::uint8_t>(std::find(keys_, keys_ + count, sorted[j].key) - keys_);
      }
    }

   private:
    // Releases the keys (exact strs: no Python code runs).
    void forget() noexcept {
      for (std::size_t i = 0; i < count_; ++i) Py_DECREF(keys_[i]);
      count_ = 0;
    }

    // Not zeroed (for each shape at each call): only the first count_ are
    // read.
    PyObject* keys_[max_keys];
    std::uint8_t order_[max_keys];
    std::size_t count_ = 0;
  };

  // A few shapes, so that records whose members are dicts of other shapes
  // (a tweet and its user) still find theirs: one place for each first key
  // and count.
  static constexpr std::size_t slots = 8;
  static std::size_t slot_of(const PyObject* first_key, std::size_t count) noexcept {
    const auto address = reinterpret_cast<std::uintptr_t>(first_key);
    return ((address >> 4) ^ (address >> 10) ^ count) % slots;
  }

  shape shapes_[slots];
};

}  // namespace ultrajson::python
