#pragma once
// The text of the dict keys one dumps() call meets again and again: a
// document's dicts share their key objects (json.loads and ultrajson.loads
// make each distinct key once, a literal's keys are constants), so a key
// found here by its address is copied as its text between quotes instead
// of being measured, tested and escaped once more. Only keys written as
// they are (ASCII, nothing escaped) are kept: their text is the same in
// every output width.
//
// Direct-mapped by address. A key is kept only when it is met a second
// time in its slot, so a document of unique keys costs a compare and a
// store per key, not a copy and two reference counts. Each kept key is a
// strong reference until the call ends, so an address found here is the
// same live key, never a freed key's successor.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include <ultrajson/detail/inlining.hpp>

#include "python.hpp"

namespace ultrajson::python {

class written_keys {
 public:
  // A key's text is copied as this many bytes: room for that much is
  // asked for before a copy (the bytes past the text are written over
  // next). Longer texts are not kept.
  static constexpr std::size_t text_room = 32;

  written_keys() noexcept = default;
  written_keys(const written_keys&) = delete;
  written_keys& operator=(const written_keys&) = delete;
  ~written_keys() {
    if (keys_ == empty_keys) return;
    for (PyObject* key : kept_) Py_XDECREF(key);
  }

  // The slot where `key` is kept, if it is: its text is text(slot),
  // text_room bytes of which the first size(slot) are it.
  bool find(PyObject* key, std::size_t& slot) noexcept {
    if (off_) return false;
    slot = index(key);
    if (keys_[slot] != key) return false;
    ++hits_;
    return true;
  }
  const char* text(std::size_t slot) const noexcept { return texts_[slot]; }
  std::size_t size(std::size_t slot) const noexcept { return sizes_[slot]; }

  // After a miss in `slot`: whether `key` was the slot's last miss too, so
  // that it recurs and is worth keeping (see keep()). The cache goes off
  // for the rest of the call when its first keys never recur, or most of
  // many keys miss: unique keys (random ids, a comprehension's), whose
  // lookups cost a list of one-member dicts a twentieth more instructions
  // (callgrind).
  bool missed_again(PyObject* key, std::size_t slot) noexcept {
    if (off_) return false;
    if (++misses_ == 1) start();
    if (misses_ >= first_misses_judged &&
        (hits_ + kept_count_ == 0 || (misses_ >= many_misses_judged && hits_ < misses_ / 4))) {
      off_ = true;
      return false;
    }
    if (seen_[slot] == key) return true;
    // Only compared, never read: a freed key's address reused is a
    // harmless second sighting.
    seen_[slot] = key;
    return false;
  }

  // Keeps `key` in `slot` with its text (at most text_room bytes).
  void keep(PyObject* key, std::size_t slot, const char* text, std::size_t size) noexcept {
    ++kept_count_;
    Py_INCREF(key);
    Py_XDECREF(kept_[slot]);  // a str: no Python code runs
    kept_[slot] = key;
    std::memcpy(texts_[slot], text, size);
    sizes_[slot] = static_cast<unsigned char>(size);
  }

 private:
  static constexpr std::size_t slot_count = 64;
  static constexpr std::size_t first_misses_judged = 32;
  static constexpr std::size_t many_misses_judged = 1024;

  ULTRAJSON_NOINLINE void start() noexcept {
    for (std::size_t i = 0; i < slot_count; ++i) {
      kept_[i] = nullptr;
      seen_[i] = nullptr;
    }
    keys_ = kept_;
  }

  static std::size_t index(const PyObject* key) noexcept {
    // Objects are 16-byte aligned, and a str takes at least 48 bytes.
    const auto address = reinterpret_cast<std::uintptr_t>(key);
    return ((address >> 4) ^ (address >> 10)) & (slot_count - 1);
  }

  // The tables are written from the first miss (start()): until then
  // lookups read this table of no keys, and a call without keys
  // (dumps([1, 2])) pays for none of it.
  static inline PyObject* const empty_keys[slot_count] = {};
  PyObject* const* keys_ = empty_keys;
  // Counts that cannot wrap: a call's keys are fewer than its output's
  // characters.
  std::size_t hits_ = 0;
  std::size_t misses_ = 0;
  std::size_t kept_count_ = 0;
  bool off_ = false;
  PyObject* kept_[slot_count];  // strong references, or nullptr
  const PyObject* seen_[slot_count];
  unsigned char sizes_[slot_count];
  char texts_[slot_count][text_room];
};

}  // namespace ultrajson::python
