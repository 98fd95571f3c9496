#pragma once
// A small cache of recently built object keys: documents repeat the same
// keys over and over, and a hit saves building and hashing a new str.
// Four-way set-associative (256 sets of four), 1024 entries, ASCII keys of
// up to 64 bytes; each entry holds a strong reference. It lives in the module state, shared by the calls of
// one interpreter: safe because that interpreter's GIL is held for the whole
// of a loads() and nothing in it runs Python code that could re-enter.
// Free-threaded builds go without it.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include <ultrajson/detail/bits.hpp>
#include <ultrajson/detail/inlining.hpp>

#include "python.hpp"
#include "unicode.hpp"

namespace ultrajson::python {

// Per-call counts. A document of mostly unique keys (random ids) would keep
// replacing entries, and each replaced key outlives its document only to
// be freed later out of cache; after enough misses at a low hit rate the
// call stops using the cache, and the rest of its keys are made directly
// (a lookup that will miss costs its hash and the set's probe: 5% of the
// case below, callgrind). A dict of 256 arrays of 256 one-key dicts with
// random keys decoded at 0.89 of the speed it has with no cache, then 0.96
// when it only stopped inserting; twitter.json and citm_catalog.json keep
// their gain from the cache (1.3x), measured side by side in one process.
struct key_cache_stats {
  std::size_t hits = 0;
  std::size_t misses = 0;
  bool bypass = false;  // set once for the rest of the call
  bool worth_using() const noexcept { return misses < 1024 || hits * 4 >= misses; }
};

class key_cache {
 public:
  static constexpr std::size_t ways = 4;
  static constexpr std::size_t entries = 256 * ways;
  static constexpr std::size_t max_key_size = 64;

  // Releases every entry (when the module is freed).
  void clear() noexcept {
    for (entry& slot : slots_) {
      Py_CLEAR(slot.key);
      slot = entry{};
    }
  }

  // A new reference to a str equal to the key; nullptr with an error set.
  // `stats` belongs to one loads() call: once most of its keys have missed,
  // the call no longer uses the cache (see key_cache_stats).
  // Inline, with the paths other than a first-way hit out of line: its
  // call and saved registers were a fifth of a hit (callgrind, the seed's
  // medium object).
  ULTRAJSON_ALWAYS_INLINE PyObject* get(const char* text, std::size_t size, str_maker& make_str,
                                        key_cache_stats& stats) {
#ifdef Py_GIL_DISABLED
    return make_str(text, size);
#else
    if (size > max_key_size || stats.bypass) return make_uncached(text, size, make_str);
    // The key's ends, read once: they make the hash and are what a cached
    // key of up to sixteen bytes is compared with.
    std::uint64_t head;
    std::uint64_t tail;
    ends(text, size, head, tail);
    const std::uint64_t h = hash(head, tail, size);
    // Several ways a set: keys of one document that pick the same set do
    // not evict each other at every use, as they did when each picked one
    // slot ("jobs" and "currJob" in the seed's medium complex object: two
    // keys of nine missed every time, a sixth of its loads()). With two
    // ways, a document of 256 distinct keys read in turn (the seed's 256
    // dict{string, int}) missed on the quarter that shared a set with two
    // others; with four, on under one in fifty.
    entry* const set = slots_ + (static_cast<std::size_t>(h >> 56) * ways);
    const std::uint64_t label = label_of(static_cast<std::uint32_t>(h), size);
    // The ways are compared all at once, without a branch: which way holds
    // a key depends on the document, and branching on it (way by way, then
    // moving the hit to the front) mispredicted twice a key on the seed's
    // 256 dict{string, int} (callgrind's branch simulation), which cost
    // more time than its instructions. The branch left is on whether any
    // way matched, which mostly it does.
    const unsigned matches = static_cast<unsigned>(set[0].label == label) |
                             static_cast<unsigned>(set[1].label == label) << 1 |
                             static_cast<unsigned>(set[2].label == label) << 2 |
                             static_cast<unsigned>(set[3].label == label) << 3;
    static_assert(ways == 4, "matches is written for four ways");
    if (matches != 0) {
      const entry& first = set[detail::count_trailing_zeros(matches)];
      if (holds(first, text, size, head, tail)) {
        ++stats.hits;
        return Py_NewRef(first.key);
      }
    }
    return other_way_or_miss(set, label, text, size, head, tail, make_str, stats);
#endif
  }

 private:
  // An entry's tag (32 bits of the key's hash) and the key's size, in one
  // word, so that one comparison checks both. An empty entry's label is
  // none that a key can have: its size would be past max_key_size.
  static constexpr std::uint64_t empty_label = ~std::uint64_t{0};
  static std::uint64_t label_of(std::uint32_t tag, std::size_t size) noexcept {
    return std::uint64_t{tag} | (static_cast<std::uint64_t>(size) << 32);
  }

  struct entry {
    PyObject* key = nullptr;  // an ASCII str, or nullptr
    std::uint64_t label = empty_label;
  };

  // Called only for an entry whose label matched: a miss never touches the
  // cached str's memory, which is likely cold. A cached key is a compact
  // ASCII str (make_ascii_str).
  static bool holds(const entry& slot, const char* text, std::size_t size, std::uint64_t head,
                    std::uint64_t tail) noexcept {
    return slot.key != nullptr && same_bytes(compact_ascii_chars(slot.key), text, size, head, tail);
  }

  // A key the cache does not take (too long, or the call stopped using it).
  ULTRAJSON_NOINLINE static PyObject* make_uncached(const char* text, std::size_t size,
                                                   str_maker& make_str) {
    return make_str(text, size);
  }

  // After the first way whose label matched held another key (two keys
  // with one label: the tag is 32 bits of a hash): every way whose label
  // matches. Else a miss.
  ULTRAJSON_NOINLINE PyObject* other_way_or_miss(entry* set, std::uint64_t label, const char* text,
                                                std::size_t size, std::uint64_t head,
                                                std::uint64_t tail, str_maker& make_str,
                                                key_cache_stats& stats) {
    for (std::size_t way = 0; way < ways; ++way) {
      if (set[way].label == label && holds(set[way], text, size, head, tail)) {
        ++stats.hits;
        return Py_NewRef(set[way].key);
      }
    }
    return miss(set, label, text, size, make_str, stats);
  }

  // Reached out of line (other_way_or_miss): a document's keys mostly hit
  // (twitter.json: 98%). The new key takes the first way; the others move
  // down one, and the last (the oldest) is dropped. A hit moves nothing:
  // the order of the ways is the order the keys came in.
  PyObject* miss(entry* set, std::uint64_t label, const char* text, std::size_t size,
                 str_maker& make_str, key_cache_stats& stats) {
    if (!stats.worth_using()) {
      stats.bypass = true;
      return make_str(text, size);
    }
    ++stats.misses;
    const std::size_t ascii = ascii_prefix(text, size);
    if (ascii != size) return make_str.make_wide(text, size, ascii);
    PyObject* key = make_ascii_str(text, size);
    if (key == nullptr) return nullptr;
    // Hash it now: the dict will need the hash, and a cached key keeps it.
    if (PyObject_Hash(key) == -1) {
      Py_DECREF(key);
      return nullptr;
    }
    Py_XDECREF(set[ways - 1].key);
    std::memmove(static_cast<void*>(set + 1), set, (ways - 1) * sizeof(entry));
    set[0].key = Py_NewRef(key);
    set[0].label = label;
    return key;
  }

  static std::uint64_t load8(const char* p) noexcept {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    return word;
  }
  static std::uint32_t load4(const char* p) noexcept {
    std::uint32_t word;
    std::memcpy(&word, p, 4);
    return word;
  }

  // The key's first and last (up to) eight bytes, read as two words that
  // overlap when it is short (never past its end): between them they hold
  // every byte of a key of up to sixteen, and a short key costs no
  // variable-length copy. For fewer than four bytes: the first, middle and
  // last, which are all of them.
  static void ends(const char* text, std::size_t size, std::uint64_t& head,
                   std::uint64_t& tail) noexcept {
    if (size >= 8) {
      head = load8(text);
      tail = load8(text + size - 8);
    } else if (size >= 4) {
      head = load4(text);
      tail = load4(text + size - 4);
    } else if (size != 0) {
      head = static_cast<unsigned char>(text[0]);
      tail = (std::uint64_t{static_cast<unsigned char>(text[size / 2])} << 8) |
             static_cast<unsigned char>(text[size - 1]);
    } else {
      head = tail = 0;
    }
  }

  // a[0..size) == b[0..size), given b's ends: inline, word by word, for
  // every key the cache holds (memcmp's call was a tenth of a hit on keys of
  // 17 to 64 bytes, such as the seed's random numbers as keys).
  static bool same_bytes(const char* a, const char* b, std::size_t size, std::uint64_t b_head,
                         std::uint64_t b_tail) noexcept {
    std::uint64_t a_head, a_tail;
    ends(a, size, a_head, a_tail);
    std::uint64_t differ = (a_head ^ b_head) | (a_tail ^ b_tail);
    // Past sixteen bytes, the words between the ends.
    if (size > 16) {
      for (std::size_t i = 8; i < size - 8; i += 8) differ |= load8(a + i) ^ load8(b + i);
    }
    return differ == 0;
  }

  // The top eight bits pick the set, the low 32 are the tag: from the first
  // and last (up to) eight bytes and the length, cheap, and enough to tell
  // apart the keys of one document. The tail is turned by half a word
  // before its product: a product's top byte depends on its factor's top
  // byte and nothing above, so two eight-byte keys that differ only in
  // their last character (head and tail one word) changed only the top
  // bytes of the two products, whose xor often agreed: whole hashes were
  // equal, one pair in about 50 of "k0000000" to "k0299999".
  static std::uint64_t hash(std::uint64_t head, std::uint64_t tail, std::size_t size) noexcept {
    const std::uint64_t turned_tail = (tail << 32) | (tail >> 32);
    std::uint64_t h = (head * 0x9E3779B97F4A7C15ull) ^ (turned_tail * 0xC2B2AE3D27D4EB4Full) ^ size;
    h ^= h >> 29;
    return h * 0xBF58476D1CE4E5B9ull;
  }

  static_assert(entries == 256 * ways, "get() picks one of 256 sets with the top eight bits");
  entry slots_[entries] = {};
};

}  // namespace ultrajson::python
