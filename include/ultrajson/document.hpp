#pragma once
// The DOM: a document parsed into a tree of values (value.hpp) you can look
// into, iterate, address by JSON Pointer and write back.
//
//   ultrajson::document doc;
//   if (auto result = doc.parse(text); !result) { /* result.message() */ }
//   std::int64_t id = doc["statuses"][0]["id"].get_int64().value_or(0);
//   for (const ultrajson::member& m : doc.root().get_object().value()) ...
//   ultrajson::writer w;  ultrajson::write_value(w, doc.root());
//
// Storage: every value, string and key of a document lives in one arena
// (detail/arena.hpp) that the document owns: a parse makes a few large
// allocations (none at all when a document is parsed again into memory it
// already holds), and destruction frees blocks, never walks the tree, so a
// document nested a million levels deep (with a raised max_depth) is freed
// in constant stack. Values are read-only and valid until the document is
// parsed again, moved from or destroyed.
//
// Objects keep their members in document order. Duplicate keys are kept by
// default (lookups find the first); document_options::duplicates =
// last_wins keeps one member per key, in the place the key first appeared,
// with the value it had last (as Python's json and most DOMs do).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "detail/arena.hpp"
#include "detail/copy_bytes.hpp"
#include "detail/inlining.hpp"
#include "detail/small_stack.hpp"
#include "error.hpp"
#include "options.hpp"
#include "parse.hpp"
#include "value.hpp"
#include "writer.hpp"

namespace ultrajson {

enum class duplicate_keys {
  keep,       // every member stays; lookups find the first
  last_wins,  // one member per key: the first one's place, the last one's value
};

struct document_options {
  duplicate_keys duplicates = duplicate_keys::keep;
};

namespace detail {

// The builder's pending values: a growable array that keeps its memory.
// Held as pointers (the next free slot and the end) rather than a size, so
// that a push is one load, one compare and the stores.
class value_stack {
 public:
  value_stack() noexcept = default;
  value_stack(const value_stack&) = delete;
  value_stack& operator=(const value_stack&) = delete;
  value_stack(value_stack&& other) noexcept { take(other); }
  value_stack& operator=(value_stack&& other) noexcept {
    if (this != &other) {
      std::free(data_);
      take(other);
    }
    return *this;
  }
  ~value_stack() { std::free(data_); }

  // Forced inline, as the builder's other steps on the parse loop's path
  // (push, take_pending, end_array): where one unit instantiates several
  // parse loops GCC reaches its inline-unit-growth limit and calls them.
  ULTRAJSON_ALWAYS_INLINE bool push(const value& v) noexcept {
    if (next_ == limit_ && !grow()) return false;
    *next_++ = v;
    return true;
  }
  value* data() noexcept { return data_; }
  // The newest `count` values (count <= size()).
  value* last(std::size_t count) noexcept { return next_ - count; }
  std::size_t size() const noexcept { return static_cast<std::size_t>(next_ - data_); }
  void resize_down(std::size_t size) noexcept { next_ = data_ + size; }
  void drop_last(std::size_t count) noexcept { next_ -= count; }
  void clear() noexcept { next_ = data_; }

 private:
  ULTRAJSON_NOINLINE bool grow() noexcept {
    const std::size_t size = this->size();
    const std::size_t old_capacity = static_cast<std::size_t>(limit_ - data_);
    const std::size_t capacity = old_capacity == 0 ? 256 : old_capacity * 2;
    if (capacity > SIZE_MAX / sizeof(value)) return false;
    void* bigger = std::realloc(static_cast<void*>(data_), capacity * sizeof(value));
    if (bigger == nullptr) return false;
    data_ = static_cast<value*>(bigger);
    next_ = data_ + size;
    limit_ = data_ + capacity;
    return true;
  }
  void take(value_stack& other) noexcept {
    data_ = other.data_;
    next_ = other.next_;
    limit_ = other.limit_;
    other.data_ = other.next_ = other.limit_ = nullptr;
  }

  value* data_ = nullptr;
  value* next_ = nullptr;   // the first free slot
  value* limit_ = nullptr;  // the end of the memory
};

}  // namespace detail

// A handler (handler.hpp) that builds values in an arena. document::parse
// uses it; it is public so that other event sources (a writer's user, a
// filter) can build a tree too: call the events in document order, then
// take root().
class document_builder {
 public:
  document_builder(detail::arena& arena, detail::value_stack& pending,
                   duplicate_keys duplicates = duplicate_keys::keep) noexcept
      : arena_(arena), pending_(pending), duplicates_(duplicates) {}

  bool null_value() noexcept { return push(value()); }
  bool bool_value(bool b) noexcept {
    value v = make(value_kind::boolean, 0);
    v.payload_.boolean = b;
    return push(v);
  }
  bool int64_value(std::int64_t n) noexcept {
    value v = make(value_kind::int64, 0);
    v.payload_.int64 = n;
    return push(v);
  }
  bool uint64_value(std::uint64_t n) noexcept {
    value v = make(value_kind::uint64, 0);
    v.payload_.uint64 = n;
    return push(v);
  }
  bool double_value(double d) noexcept {
    value v = make(value_kind::floating, 0);
    v.payload_.floating = d;
    return push(v);
  }
  bool big_integer(std::string_view text) noexcept {
    return rare_text_value(value_kind::big_integer, text);
  }
  bool raw_number(std::string_view text) noexcept {
    return rare_text_value(value_kind::raw_number, text);
  }
  bool string_value(std::string_view text) noexcept { return text_value(value_kind::string, text); }
  bool key(std::string_view text) noexcept { return text_value(value_kind::string, text); }
  bool start_object() noexcept { return open(); }
  bool start_array() noexcept { return open(); }
  bool end_object(std::size_t = 0) noexcept;
  bool end_array(std::size_t = 0) noexcept;

  // The whole value once the events made one; null before.
  value root() const noexcept {
    return pending_.size() == 1 && open_.empty() ? pending_.data()[0] : value();
  }
  // An event returned false because memory ran out (else: misuse).
  bool out_of_memory() const noexcept { return out_of_memory_; }

 private:
  static value make(value_kind kind, std::size_t size) noexcept {
    value v;
    v.tag_ = static_cast<std::uint64_t>(kind) |
             (static_cast<std::uint64_t>(size) << value::size_shift);
    return v;
  }
  bool no_memory() noexcept {
    out_of_memory_ = true;
    return false;
  }
  ULTRAJSON_ALWAYS_INLINE bool push(const value& v) noexcept {
    return pending_.push(v) || no_memory();
  }
  bool open() noexcept { return open_.push(pending_.size()) || no_memory(); }
  // Strings get a NUL after them, so their text can go to C functions.
  // Inlined into each event: a call per string and key cost 2% of a parse
  // of twitter.json into a document (callgrind).
  ULTRAJSON_ALWAYS_INLINE bool text_value(value_kind kind, std::string_view text) noexcept {
    auto* copy = static_cast<char*>(arena_.allocate<1>(text.size() + 1));
    if (copy == nullptr) return no_memory();
    copy_text(copy, text.data(), text.size());
    copy[text.size()] = '\0';
    value v = make(kind, text.size());
    v.payload_.text = copy;
    return push(v);
  }
  // Numbers as text: out of line, so that the parse loop they are inlined
  // into stays small enough for GCC to inline the number scan's digit loop.
  ULTRAJSON_NOINLINE bool rare_text_value(value_kind kind, std::string_view text) noexcept {
    return text_value(kind, text);
  }
  // Most strings and keys are short: copied by two overlapping loads and
  // stores rather than a call to memcpy (which was 12% of a DOM parse of
  // twitter.json, callgrind).
  ULTRAJSON_ALWAYS_INLINE static void copy_text(char* to, const char* from,
                                                std::size_t size) noexcept {
    if (size >= 2) {
      detail::copy_bytes(to, from, size);
    } else if (size == 1) {
      *to = *from;
    }
  }
  // Most arrays and objects hold a few items (canada.json's coordinates are
  // pairs): their values are moved 16 bytes at a time, where a call to
  // memcpy costs more than the copy.
  static constexpr std::size_t small_block = 8;
  ULTRAJSON_ALWAYS_INLINE static void copy_values(char* to, const value* from,
                                                  std::size_t count) noexcept {
    const char* bytes = reinterpret_cast<const char*>(from);
    std::size_t i = 0;
    do {
      char chunk[sizeof(value)];
      std::memcpy(chunk, bytes + i, sizeof(value));
      std::memcpy(to + i, chunk, sizeof(value));
      i += sizeof(value);
    } while (i < count * sizeof(value));
  }
  // Moves the newest `count` pending values into the arena as one block.
  ULTRAJSON_ALWAYS_INLINE void* take_pending(std::size_t count) noexcept {
    if (count == 0) return nullptr;
    void* block = arena_.allocate<alignof(value)>(count * sizeof(value));
    if (block == nullptr) return nullptr;
    const value* from = pending_.last(count);
    if (count <= small_block) {
      copy_values(static_cast<char*>(block), from, count);
    } else {
      std::memcpy(block, from, count * sizeof(value));
    }
    pending_.drop_last(count);
    return block;
  }
  std::size_t drop_repeated_keys(std::size_t first, std::size_t members) noexcept;

  detail::arena& arena_;
  detail::value_stack& pending_;
  detail::small_stack<std::size_t, 32> open_;  // where each open container's items begin
  duplicate_keys duplicates_;
  bool out_of_memory_ = false;
};

ULTRAJSON_ALWAYS_INLINE bool document_builder::end_array(std::size_t) noexcept {
  if (open_.empty()) return false;
  const std::size_t count = pending_.size() - open_.top();
  open_.pop();
  value v = make(value_kind::array, count);
  if (count != 0) {
    v.payload_.elements = static_cast<const value*>(take_pending(count));
    if (v.payload_.elements == nullptr) return no_memory();
  }
  return push(v);
}

// Out of line, and the last_wins pass out of it: inlined, it would take the
// parse loop past GCC's growth limit (which then calls what it should
// inline); with the pass inlined into it, every call saved and restored
// registers that only that pass needs.
ULTRAJSON_NOINLINE bool document_builder::end_object(std::size_t) noexcept {
  if (open_.empty()) return false;
  const std::size_t first = open_.top();
  const std::size_t items = pending_.size() - first;
  if (items % 2 != 0) return false;  // a key without its value
  open_.pop();
  std::size_t members = items / 2;
  if (duplicates_ == duplicate_keys::last_wins && members > 1) {
    members = drop_repeated_keys(first, members);
  }
  value v = make(value_kind::object, members);
  if (members != 0) {
    v.payload_.members = static_cast<const member*>(take_pending(2 * members));
    if (v.payload_.members == nullptr) return no_memory();
  }
  return push(v);
}

// last_wins: compacts the object's pending key, value pairs so each key
// appears once, where it first appeared, with its last value. Quadratic in
// the members of one object, which is fine for the objects people write;
// the option is off by default.
ULTRAJSON_NOINLINE std::size_t document_builder::drop_repeated_keys(
    std::size_t first, std::size_t members) noexcept {
  value* pairs = pending_.data() + first;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < members; ++i) {
    const std::string_view name = pairs[2 * i].get_string().value_or({});
    std::size_t j = 0;
    while (j < kept && pairs[2 * j].get_string().value_or({}) != name) ++j;
    if (j == kept) {
      pairs[2 * kept] = pairs[2 * i];
      ++kept;
    }
    pairs[2 * j + 1] = pairs[2 * i + 1];
  }
  pending_.resize_down(first + 2 * kept);
  return kept;
}

class document {
 public:
  document() noexcept = default;
  document(document&&) noexcept = default;
  document& operator=(document&&) noexcept = default;
  document(const document&) = delete;
  document& operator=(const document&) = delete;

  // Parses text into this document, replacing what it held (and reusing its
  // memory). On an error the document is null and the result says why;
  // out_of_memory when an allocation failed.
  parse_result parse(std::string_view text, const parse_options& options = {},
                     const document_options& document_options = {}) {
    root_ = value();
    pending_.clear();
    // Most documents need about their own size in arena; more comes in
    // doubling blocks.
    if (!arena_.reset(text.size() + 1024)) {
      return detail::make_error(text, 0, parse_error::out_of_memory);
    }
    document_builder builder(arena_, pending_, document_options.duplicates);
    parse_result result = ultrajson::parse(text, builder, options);
    if (result.code == parse_error::stopped_by_handler && builder.out_of_memory()) {
      result.code = parse_error::out_of_memory;
      result.found.clear();
    }
    if (result.ok()) root_ = builder.root();
    pending_.clear();
    return result;
  }

  const value& root() const noexcept { return root_; }
  element_result operator[](std::string_view key) const noexcept { return root_[key]; }
  template <class Index, std::enable_if_t<std::is_integral_v<Index>, int> = 0>
  element_result operator[](Index index) const noexcept {
    return root_[index];
  }
  element_result at_pointer(std::string_view pointer) const noexcept {
    return root_.at_pointer(pointer);
  }

  // Bytes the document holds for its values and strings.
  std::size_t memory_held() const noexcept { return arena_.capacity(); }

 private:
  detail::arena arena_;
  detail::value_stack pending_;
  value root_;
};

// Calls the handler's events (handler.hpp) for a value and all it holds, as
// parsing its JSON text would. Iterative: a value of any depth is walked in
// constant C++ stack.
template <class Handler>
bool generate_events(const value& root, Handler& handler) {
  struct frame {
    const value* elements;  // arrays
    const member* members;  // objects
    std::size_t size;
    std::size_t left;
    bool is_object;
  };
  detail::small_stack<frame, 32> open;
  const value* v = &root;
  for (;;) {
    bool ok = true;
    switch (v->kind()) {
      case value_kind::null: ok = handler.null_value(); break;
      case value_kind::boolean: ok = handler.bool_value(v->get_bool().value_or(false)); break;
      case value_kind::int64: ok = handler.int64_value(v->get_int64().value_or(0)); break;
      case value_kind::uint64: ok = handler.uint64_value(v->get_uint64().value_or(0)); break;
      case value_kind::big_integer:
        ok = handler.big_integer(v->get_number_text().value_or({}));
        break;
      case value_kind::raw_number:
        ok = handler.raw_number(v->get_number_text().value_or({}));
        break;
      case value_kind::floating: ok = handler.double_value(v->get_double().value_or(0)); break;
      case value_kind::string: ok = handler.string_value(v->get_string().value_or({})); break;
      case value_kind::array: {
        const array_view elements = v->get_array().value_or({});
        ok = handler.start_array() &&
             open.push(frame{elements.begin(), nullptr, elements.size(), elements.size(), false});
        break;
      }
      case value_kind::object: {
        const object_view members = v->get_object().value_or({});
        ok = handler.start_object() &&
             open.push(frame{nullptr, members.begin(), members.size(), members.size(), true});
        break;
      }
    }
    if (!ok) return false;
    // The next value: the next item of the innermost open container, after
    // closing those that are done.
    for (;;) {
      if (open.empty()) return true;
      frame& top = open.top();
      if (top.left == 0) {
        const frame done = top;
        open.pop();
        if (!(done.is_object ? handler.end_object(done.size) : handler.end_array(done.size))) {
          return false;
        }
        continue;
      }
      --top.left;
      if (top.is_object) {
        const member& m = *top.members++;
        if (!handler.key(m.key())) return false;
        v = &m.value();
      } else {
        v = top.elements++;
      }
      break;
    }
  }
}

// Writes a value as JSON: generate_events into the writer.
inline bool write_value(writer& w, const value& v) { return generate_events(v, w); }

// The encoder's customisation point (encode.hpp), so to_json(doc) and
// containers of values work; declared here so that this header does not
// need encode.hpp (which throws, and so needs exceptions).
template <class T, class Enable>
struct encoder;
template <>
struct encoder<value, void> {
  static bool write(writer& w, const value& v) { return write_value(w, v); }
};
template <>
struct encoder<document, void> {
  static bool write(writer& w, const document& doc) { return write_value(w, doc.root()); }
};

}  // namespace ultrajson
