#pragma once
// dumps()'s output, written straight into the str that dumps() returns: code
// units of its final width. It starts as an ASCII str and is remade once in
// a wider kind (latin-1's layout, 2 or 4 bytes per character) when the
// first str that needs it is written; at the end the str is cut to the
// length written. No UTF-8 in between, and no copy of the finished text but
// a small one's: an output expected to be small (at most 256 characters
// last time) is written in the object's own 512 bytes and copied into a
// str of its length at the end, as making a longer str and cutting it cost
// more than the copy.
//
// The walk writes runs of ASCII (separators, numbers, constants, ASCII strs)
// at a cursor, a byte a character. Narrow, the cursor is in the str itself;
// wide, it is in a small buffer of bytes (the stage) that is widened into
// the str sixteen characters a store, so that a document with
// one emoji (the whole str four bytes a character) keeps the walk's fast
// loops rather than a call for every item and separator.
//
// A few strs that need a wider kind, met while the output is still a byte
// a character, are not a reason to widen it yet: each is escaped into a
// buffer aside, as UCS-4, and put in its place when the output widens
// (past max_set_aside strs or set_aside_capacity units, or at a str less
// than set_aside_spacing units after the last) or at the end, the
// narrow text widened around them in the same pass. A document with one
// such str early on (citm_catalog.json's one "Œ") then writes the rest a
// byte a character, not through the stage.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include <ultrajson/detail/bits.hpp>
#include <ultrajson/detail/inlining.hpp>

#include "python.hpp"
#include "unit_copy_avx2.hpp"
#include "unit_escape.hpp"

namespace ultrajson::python {

// The length of the last dumps() output on this thread: the next call
// reserves that much (and an eighth more) at once, so a document like the
// last is written into one allocation rather than grown by doubling, each
// step a reallocation that may copy what is written. The str is cut to its
// length at the end: in place when large and within that eighth (see
// text_output::keeps_allocation), else by shrinking its allocation. A small
// last output has the next call start in the text_output's own bytes.
inline thread_local std::size_t recent_output_units = 0;

// ASCII text of at most eight characters in a buffer of eight bytes, for
// text_output::short_ascii; size 0 when the text is longer or not ASCII.
struct short_ascii_text {
  char text[8] = {};
  std::size_t size = 0;

  static short_ascii_text of(std::string_view ascii) noexcept {
    short_ascii_text made;
    if (ascii.size() > sizeof(made.text)) return made;
    // Copied in the check's loop: a call to memcpy for its variable size
    // cost more (a dumps() call makes two).
    for (std::size_t i = 0; i < ascii.size(); ++i) {
      if (static_cast<unsigned char>(ascii[i]) >= 0x80) return short_ascii_text{};
      made.text[i] = ascii[i];
    }
    made.size = ascii.size();
    return made;
  }
};

class text_output {
 public:
  // `how`: the call's escaping, which the output owns from here on.
  explicit text_output(const unit_escaping& how) noexcept : how_(how) {
    // A call whose output is likely small (the last one on this thread
    // was) writes into first_units_ and makes its str once, at its length,
    // in result(): no str made too long and cut. A larger one starts in a
    // str of the last one's length (grow()).
    if (recent_output_units <= sizeof(first_units_) / 2) {
      data_ = first_units_;
      capacity_ = sizeof(first_units_);
    }
    pick_ascii_writer();
  }
  text_output(const text_output&) = delete;
  text_output& operator=(const text_output&) = delete;
  ~text_output() {
    Py_XDECREF(str_);
    if (stage_ != nullptr) PyMem_Free(stage_);  // no call for a narrow output
    if (aside_units_ != nullptr) PyMem_Free(aside_units_);
  }

  // ASCII text (punctuation, numbers, literals, indentation). Inline where
  // the output is narrow and has room, the common case: a call per item
  // cost more than the write (callgrind).
  ULTRAJSON_ALWAYS_INLINE bool ascii(const char* text, std::size_t size) {
    if (width_ == 1 && capacity_ - size_ >= size) {
      std::memcpy(data_ + size_, text, size);
      size_ += size;
      return true;
    }
    return wide_ascii(text, size);
  }
  bool ascii(std::string_view text) { return ascii(text.data(), text.size()); }
  // A literal: its size is known here, so the copy is a move or two.
  template <std::size_t size>
  ULTRAJSON_ALWAYS_INLINE bool literal(const char (&text)[size]) {
#if defined(__SSE2__)
    // Into a wide output too, as one block of eight characters stored
    // widened (the rest is written over next): true, false and null each
    // cost a call to wide_ascii there, which was most of their cost
    // (callgrind).
    static_assert(size - 1 <= 8, "eight characters at most");
    if (width_ != 1 && capacity_ - size_ >= 8) {
      // Packed by shifts, which the compiler folds into a constant: a
      // buffer on the stack, zeroed, then the literal copied in and read
      // back as one eight-byte load, made that load wait for stores it
      // cannot be forwarded from.
      std::uint64_t packed = 0;
      for (std::size_t i = 0; i + 1 < size; ++i) {
        packed |= std::uint64_t{static_cast<unsigned char>(text[i])} << (8 * i);
      }
#if defined(__x86_64__) || defined(_M_X64)
      const __m128i bytes = _mm_cvtsi64_si128(static_cast<long long>(packed));
#else
      const __m128i bytes = _mm_set_epi32(0, 0, static_cast<int>(packed >> 32), static_cast<int>(packed));
#endif
      if (width_ == 2) {
        store_bytes_as<Py_UCS2, 8>(at<Py_UCS2>(), bytes);
      } else {
        store_bytes_as<Py_UCS4, 8>(at<Py_UCS4>(), bytes);
      }
      size_ += size - 1;
      return true;
    }
#endif
    return ascii(text, size - 1);
  }
  // One character (a separator or bracket). Little-endian, it is stored as a
  // four-byte unit whatever the width (its first bytes are the character in
  // the output's width, the rest is written over next), so a wide output's
  // separators cost no call: a call each was a seventh of citm_catalog.json's
  // instructions in UCS-2 (callgrind).
  ULTRAJSON_ALWAYS_INLINE bool ascii(char c) {
    if constexpr (!detail::big_endian) {
      if (capacity_ - size_ >= 4) {
        const std::uint32_t unit = static_cast<unsigned char>(c);
        std::memcpy(data_ + (size_ << shift_), &unit, 4);
        ++size_;
        return true;
      }
    } else if (width_ == 1 && capacity_ != size_) {
      data_[size_++] = static_cast<unsigned char>(c);
      return true;
    }
    return wide_char(c);
  }
  // A newline and `spaces` spaces. Narrow, the spaces go sixteen a copy of
  // a fixed size (room is reserved for the last one's overshoot, written
  // over next): memset's call for the few spaces of an indent cost more
  // than the write (callgrind).
  bool indentation(std::size_t spaces) {
    if (!reserve(line_room(spaces))) return false;
    if (width_ == 1) {
      size_ = static_cast<std::size_t>(
          reinterpret_cast<unsigned char*>(line_at(reinterpret_cast<char*>(data_ + size_), spaces)) - data_);
      return true;
    }
    if (!ascii('\n')) return false;
    for (std::size_t i = 0; i < spaces; ++i) ascii(' ');  // room is reserved
    return true;
  }

  // Short ASCII text (a separator of two or more characters): one copy of
  // a fixed size into a narrow output, where memcpy's call for its
  // variable size cost more than the copy (callgrind).
  ULTRAJSON_ALWAYS_INLINE bool short_ascii(const char (&padded)[8], std::size_t size) {
    if (width_ == 1 && capacity_ - size_ >= sizeof(padded)) {
      std::memcpy(data_ + size_, padded, sizeof(padded));
      size_ += size;
      return true;
    }
    return wide_ascii(padded, size);
  }

  // The call's escapes for ASCII (see unit_escaping).
  const detail::escape_table& escapes() const noexcept { return *how_.table; }

  // One byte a unit: ASCII or latin-1 so far.
  bool narrow() const noexcept { return width_ == 1; }
  // Room for up to n ASCII bytes in a narrow output: write there, then
  // advance_to(). nullptr when out of memory, with the error set.
  char* narrow_room(std::size_t n) {
    if (!reserve(n)) return nullptr;
    return reinterpret_cast<char*>(data_ + size_);
  }
  // ASCII text in a buffer of padded_size(size) bytes, which a wide output
  // widens sixteen characters a store (a number into a wide output: a loop
  // of a unit each in wide_ascii cost twice as much, callgrind).
  static constexpr std::size_t padded_size(std::size_t size) noexcept { return (size + 15) / 16 * 16; }
  ULTRAJSON_NOINLINE bool padded_ascii(const char* text, std::size_t size) {
#if defined(__SSE2__)
    if (!reserve(padded_size(size))) return false;
    if (width_ == 1) {
      std::memcpy(data_ + size_, text, size);
    } else {
      store_widened_ascii(size_, reinterpret_cast<const unsigned char*>(text), size);
    }
    size_ += size;
    return true;
#else
    return ascii(text, size);
#endif
  }
  // Where the next ASCII goes, a byte a character, and the end of its
  // room, for a caller that writes a run of short ASCII in a register and
  // marks it written with advance_to() before any other write: a store
  // through the output's bytes may alias size_, so every write through the
  // members above reloads and stores it again, and a list of constants
  // waited on that chain (a list of True took 1.7x the time, timeit).
  // Narrow, the cursor points into the str; wide, into the stage.
  struct narrow_cursor {
    char* at;
    char* end;
  };
  // A line break and `spaces` spaces at `at` in a narrow output, which has
  // line_room(spaces) bytes of room (the spaces go in copies of sixteen);
  // returns the position after them.
  static char* line_at(char* at, std::size_t spaces) noexcept {
    static constexpr char sixteen_spaces[16] = {' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ',
                                                ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' '};
    *at++ = '\n';
    for (std::size_t i = 0; i < spaces; i += 16) std::memcpy(at + i, sixteen_spaces, 16);
    return at + spaces;
  }
  static constexpr std::size_t line_room(std::size_t spaces) noexcept { return 1 + spaces + 16; }
  // The cursor at the end of the output, in the str (narrow) or in the
  // stage (`staged`: wide). Its room may be none. The caller knows which
  // the output is when it takes a cursor, and keeps to that cursor while
  // the width stays, so that a narrow output's loops test no width.
  template <bool staged>
  ULTRAJSON_ALWAYS_INLINE narrow_cursor cursor() noexcept {
    if constexpr (!staged) {
      auto* const begin = reinterpret_cast<char*>(data_);
      return {begin + size_, begin + capacity_};
    } else {
      // The stage goes on where it ended when nothing was written since;
      // else what it holds is widened and it starts again here. Its bytes
      // go to the str's room from unit stage_origin_, so its room is the
      // str's too. No stage yet (none until a wide output's first cursor):
      // no room, so the first write asks cursor_with_room() for it.
      if (stage_origin_ + staged_ != size_) flush_stage();
      const std::size_t str_room = capacity_ - stage_origin_;
      return {stage_ + staged_, stage_ + (str_room < stage_capacity_ ? str_room : stage_capacity_)};
    }
  }
  // The cursor with room for at least n bytes (called after advance_to());
  // {nullptr, nullptr} when out of memory, with the error set.
  template <bool staged>
  narrow_cursor cursor_with_room(std::size_t n) {
    if constexpr (!staged) {
      if (!reserve(n)) return {nullptr, nullptr};
    } else {
      flush_stage();
      if (!reserve(n) ||
          (n > stage_capacity_ && !grow_stage(n > first_stage_capacity ? n : first_stage_capacity))) {
        return {nullptr, nullptr};
      }
    }
    return cursor<staged>();
  }
  // Marks what was written at the cursor up to `end` as written, or takes
  // back what is after `end` (never before the cursor's start).
  template <bool staged>
  ULTRAJSON_ALWAYS_INLINE void advance_to(const char* end) {
    if constexpr (!staged) {
      size_ = static_cast<std::size_t>(reinterpret_cast<const unsigned char*>(end) - data_);
    } else {
      staged_ = static_cast<std::size_t>(end - stage_);
      size_ = stage_origin_ + staged_;
    }
  }

  // A str's text as it is (JSON already, or an int's digits), in the
  // output's kind: widened to the str's kind first.
  ULTRAJSON_NOINLINE bool verbatim(PyObject* text) { return str<false>(text); }

  // A str between quotes, escaped from its own kind, with the common case
  // (an ASCII str: nearly every key and most values) inline and everything
  // else a call, so that the inline part needs few registers: for the
  // walk's one call per str, where the calls to str() and units_of() cost a
  // third of a short str's instructions (callgrind).
  ULTRAJSON_ALWAYS_INLINE bool quoted(PyObject* text) {
#if defined(__SSE2__)
    if (PyUnicode_IS_COMPACT_ASCII(text)) {
      const std::size_t written = quoted_ascii_after(size_, capacity_, text);
      if (written != 0) {
        size_ = written;
        return true;
      }
    }
#endif
    return quoted_other(text);
  }
  // quoted() at a narrow_cursor, which it moves: false, with nothing
  // written, unless the str is compact ASCII and there is room for it.
  ULTRAJSON_ALWAYS_INLINE bool quoted_at(narrow_cursor& room, PyObject* text) {
#if defined(__SSE2__)
    if (!PyUnicode_IS_COMPACT_ASCII(text)) return false;
    const auto length = static_cast<std::size_t>(PyUnicode_GET_LENGTH(text));
    if (static_cast<std::size_t>(room.end - room.at) < max_escaped_units(length, 1) + 2) return false;
    const auto* units = reinterpret_cast<const Py_UCS1*>(reinterpret_cast<const PyASCIIObject*>(text) + 1);
    room.at += cursor_writer_(reinterpret_cast<unsigned char*>(room.at), 0, units, length, how_);
    return true;
#else
    return false;
#endif
  }

  // The output as a str, which the caller then owns; nullptr with an error
  // set. Called once, at the end.
  PyObject* result() {
    if (staged_ != 0) flush_stage();
    // The strs set aside go in their places, in a str of the exact length.
    if (set_aside_count_ != 0 && !remake(size_, aside_max_char_)) return nullptr;
    recent_output_units = size_;
    if (str_ == nullptr) return first_units_str();
    PyObject* made = str_;
    str_ = nullptr;
    if (keeps_allocation(size_, width_, capacity_ - size_)) {
      cut_in_place(made, size_);
      return made;
    }
    if (PyUnicode_Resize(&made, static_cast<Py_ssize_t>(size_)) < 0) {
      Py_DECREF(made);
      return nullptr;
    }
    return made;
  }

 private:
  // The str of what is in first_units_ (ASCII: a wider output is a str
  // already, see rekind()), or "" when nothing was written.
  PyObject* first_units_str() const {
    PyObject* made = PyUnicode_New(static_cast<Py_ssize_t>(size_), 127);
    if (made != nullptr && size_ != 0) std::memcpy(PyUnicode_DATA(made), first_units_, size_);
    return made;
  }

  // Whether the output str keeps the allocation it was written in, its
  // spare units unused, rather than being cut to its length by a
  // reallocation: when it is large and the spare is no more than the next
  // call's first reservation adds (first_capacity). A large allocation is
  // its own mapping in most allocators (glibc: from 128 KiB, a threshold
  // that rises to the largest mapping freed); a cut shrinks the mapping,
  // and the next call of the same size, which reserves an eighth more,
  // asks for more than was freed and so maps, faults in and unmaps its
  // pages once more, every call. Kept whole, what the caller frees is what
  // the next call asks for, and the allocator serves it from its heap.
  static bool keeps_allocation(std::size_t units, unsigned width, std::size_t spare) noexcept {
    return units * width >= (std::size_t{64} << 10) && spare <= spare_after(units);
  }
  static std::size_t spare_after(std::size_t units) noexcept { return units / 8 + 64; }
  // Sets a compact str's length to `length`, at most the length it was
  // made with, without touching its allocation (PyUnicode_Resize's effect
  // on the object, less the reallocation).
  static void cut_in_place(PyObject* str, std::size_t length) noexcept {
    reinterpret_cast<PyASCIIObject*>(str)->length = static_cast<Py_ssize_t>(length);
#if PY_VERSION_HEX < 0x030C0000
    // Before 3.12 a str whose units are wchar_t's size (four bytes on
    // Linux, two on Windows) shares its data as its wchar_t form.
    if (PyUnicode_KIND(str) == sizeof(wchar_t)) {
      reinterpret_cast<PyCompactUnicodeObject*>(str)->wstr_length = static_cast<Py_ssize_t>(length);
    }
#endif
    PyUnicode_WRITE(PyUnicode_KIND(str), PyUnicode_DATA(str), static_cast<Py_ssize_t>(length), 0);
  }

#if defined(__SSE2__)
  // Writes a compact ASCII str between quotes after the first `size` of
  // `capacity` units and returns the units written then, or 0 (nothing
  // written) when its worst case does not fit.
  ULTRAJSON_ALWAYS_INLINE std::size_t quoted_ascii_after(std::size_t size, std::size_t capacity, PyObject* text) {
    const auto length = static_cast<std::size_t>(PyUnicode_GET_LENGTH(text));
    if (capacity - size < max_escaped_units(length, 1) + 2) return 0;
    // A compact ASCII str's units follow its header: PyUnicode_DATA's
    // kind and compactness tests again, which the compiler kept.
    const auto* units = reinterpret_cast<const Py_UCS1*>(reinterpret_cast<const PyASCIIObject*>(text) + 1);
    return ascii_writer_(data_, size, units, length, how_);
  }
#endif

  template <class Unit>
  Unit* at() const noexcept {
    return reinterpret_cast<Unit*>(data_) + size_;
  }
  // One character into a wide output (or one that needs room), for the
  // separators and brackets of a wide output: no copy loop as in wide_ascii.
  ULTRAJSON_NOINLINE bool wide_char(char c) {
    if (!reserve(1)) return false;
    const auto unit = static_cast<unsigned char>(c);
    switch (width_) {
      case 1: data_[size_] = unit; break;
      case 2: *at<Py_UCS2>() = unit; break;
      default: *at<Py_UCS4>() = unit; break;
    }
    ++size_;
    return true;
  }
  ULTRAJSON_NOINLINE bool wide_ascii(const char* text, std::size_t size) {
    if (!reserve(size)) return false;
    switch (width_) {
      case 1: std::memcpy(data_ + size_, text, size); break;
      case 2: copy_widened(at<Py_UCS2>(), reinterpret_cast<const unsigned char*>(text), size); break;
      default: copy_widened(at<Py_UCS4>(), reinterpret_cast<const unsigned char*>(text), size); break;
    }
    size_ += size;
    return true;
  }

  // Room for n more units; false with MemoryError set.
  bool reserve(std::size_t n) {
    if (capacity_ - size_ >= n) return true;
    return grow(n);
  }
  ULTRAJSON_NOINLINE bool grow(std::size_t n) {
    if (n > max_units - size_) return no_memory();
    std::size_t wanted = capacity_ < max_units / 2 ? capacity_ * 2 : max_units;
    if (wanted < size_ + n) wanted = size_ + n;
    if (str_ == nullptr) return remake(first_capacity(wanted), max_char_);
    if (wanted < 1024) wanted = 1024;
    if (PyUnicode_Resize(&str_, static_cast<Py_ssize_t>(wanted)) < 0) return false;
    data_ = static_cast<unsigned char*>(PyUnicode_DATA(str_));
    capacity_ = wanted;
    return true;
  }
  static bool no_memory() {
    PyErr_NoMemory();
    return false;
  }

  // The first str's length: what is needed, else the last output's length
  // on this thread and an eighth more.
  static std::size_t first_capacity(std::size_t needed) noexcept {
    const std::size_t recent = recent_output_units;
    const std::size_t hint = recent < max_units / 2 ? recent + spare_after(recent) : max_units;
    return needed > hint ? needed : hint;
  }

  // Makes the output a str of at least `capacity` units whose kind holds
  // `max_char` (127 for ASCII, 255 for latin-1, 0xFFFF, 0x10FFFF), with the
  // units written so far copied over, each widened as needed.
  ULTRAJSON_NOINLINE bool rekind(Py_UCS4 max_char) {
    std::size_t capacity = capacity_;
    if (capacity - size_ < 1024) {
      if (size_ > max_units / 2 - 1024) return no_memory();
      capacity = 2 * size_ + 1024;
    }
    if (str_ == nullptr) capacity = first_capacity(capacity);
    return remake(capacity, max_char);
  }
  // A kind wider than a byte puts the strs set aside in their places.
  bool remake(std::size_t capacity, Py_UCS4 max_char) {
    const bool places_set_aside = set_aside_count_ != 0 && max_char > 0xFF;
    if (places_set_aside) {
      if (aside_max_char_ > max_char) max_char = aside_max_char_;
      if (aside_size_ > max_units - capacity) return no_memory();
      capacity += aside_size_;
    }
    PyObject* made = PyUnicode_New(static_cast<Py_ssize_t>(capacity), max_char);
    if (made == nullptr) return false;
    auto* to = static_cast<unsigned char*>(PyUnicode_DATA(made));
    const auto width = static_cast<unsigned>(PyUnicode_KIND(made));
    if (places_set_aside) {
      size_ = width == 2 ? place_set_aside(reinterpret_cast<Py_UCS2*>(to))
                         : place_set_aside(reinterpret_cast<Py_UCS4*>(to));
    } else if (size_ != 0) {
      if (width == width_) {
        std::memcpy(to, data_, size_ * width_);
      } else if (width == 2) {
        copy_widened(reinterpret_cast<Py_UCS2*>(to), data_, size_);
      } else if (width_ == 1) {
        copy_widened(reinterpret_cast<Py_UCS4*>(to), data_, size_);
      } else {
        copy_widened(reinterpret_cast<Py_UCS4*>(to), reinterpret_cast<const Py_UCS2*>(data_), size_);
      }
    }
    Py_XDECREF(str_);
    str_ = made;
    data_ = to;
    capacity_ = capacity;
    width_ = width;
    shift_ = width == 1 ? 0 : width == 2 ? 1 : 2;
    max_char_ = max_char;
    pick_ascii_writer();
    return true;
  }
  // Units into wider ones, one at a time, writing nothing past the last: for
  // copies without room for a vector store's overshoot (and builds without
  // SSE2), where widen_ascii_into's stores do not fit.
  template <class Out, class In>
  static void copy_widened(Out* out, const In* in, std::size_t count) noexcept {
    for (std::size_t i = 0; i < count; ++i) out[i] = in[i];
  }

#if defined(__SSE2__)
  // Writes an ASCII str between quotes after the `size` units at `data`
  // (room is reserved for its worst case) and returns the units written
  // then: one function for each output width and set of escaping options,
  // picked when the width changes, so a str's write tests none of them (nor
  // the width: the caller shifts nothing).
  using ascii_str_writer = std::size_t (*)(unsigned char* data, std::size_t size, const Py_UCS1* units,
                                           std::size_t length, const unit_escaping& how);
  template <class Out, bool slash, bool ensure_ascii>
  static std::size_t quoted_ascii(unsigned char* data, std::size_t size, const Py_UCS1* units, std::size_t length,
                                  const unit_escaping& how) {
    Out* const begin = reinterpret_cast<Out*>(data);
    Out* out = begin + size;
    *out++ = '"';
    const std::size_t plain = copy_plain_ascii<Out, slash, ensure_ascii>(out, units, length);
    out = plain == length ? out + length : escape_rest(out + plain, units + plain, length - plain, how);
    *out++ = '"';
    return static_cast<std::size_t>(out - begin);
  }
  // The same under encode_html_chars, whose characters copy_plain_ascii
  // does not look for: escape_units throughout. (A writer for every set of
  // options, so that quoted() need not test for none.)
  template <class Out>
  static std::size_t quoted_ascii_html(unsigned char* data, std::size_t size, const Py_UCS1* units, std::size_t length,
                                       const unit_escaping& how) {
    Out* const begin = reinterpret_cast<Out*>(data);
    Out* out = begin + size;
    *out++ = '"';
    out = escape_units(out, units, length, how);
    *out++ = '"';
    return static_cast<std::size_t>(out - begin);
  }
  // A str's units from its first escape on.
  template <class Out, class In>
  ULTRAJSON_NOINLINE static Out* escape_rest(Out* out, const In* units, std::size_t count,
                                             const unit_escaping& how) {
    return escape_units(out, units, count, how);
  }
  // The same for a two-byte str into an output of two or four bytes a
  // unit, without ensure_ascii: for non-ASCII text, where the general
  // path's kind, width and option tests cost a third of a short str's
  // time (perf, 256 one-character Arabic strs).
  using two_byte_str_writer = std::size_t (*)(unsigned char* data, std::size_t size, const Py_UCS2* units,
                                              std::size_t length, const unit_escaping& how);
  template <class Out, bool slash>
  static std::size_t quoted_two_byte(unsigned char* data, std::size_t size, const Py_UCS2* units, std::size_t length,
                                     const unit_escaping& how) {
    Out* const begin = reinterpret_cast<Out*>(data);
    Out* out = begin + size;
    *out++ = '"';
    const std::size_t plain = copy_plain_two_byte<Out, slash>(out, units, length);
    out = plain == length ? out + length : escape_rest(out + plain, units + plain, length - plain, how);
    *out++ = '"';
    return static_cast<std::size_t>(out - begin);
  }
#if defined(ULTRAJSON_PYTHON_AVX2)
  template <bool slash>
  __attribute__((target("avx2"))) static std::size_t quoted_two_byte_avx2(unsigned char* data, std::size_t size,
                                                                         const Py_UCS2* units, std::size_t length,
                                                                         const unit_escaping& how) {
    auto* const begin = reinterpret_cast<Py_UCS2*>(data);
    auto* out = begin + size;
    *out++ = '"';
    const std::size_t plain = copy_plain_two_byte_avx2<slash>(out, units, length);
    out = plain == length ? out + length : escape_rest(out + plain, units + plain, length - plain, how);
    *out++ = '"';
    return static_cast<std::size_t>(out - begin);
  }
#endif
  template <class Out>
  two_byte_str_writer two_byte_writer_for() const noexcept {
    if (how_.html || how_.ensure_ascii) return nullptr;
#if defined(ULTRAJSON_PYTHON_AVX2)
    if constexpr (sizeof(Out) == 2) {
      if (simd == simd_level::avx2) return how_.slash ? &quoted_two_byte_avx2<true> : &quoted_two_byte_avx2<false>;
    }
#endif
    return how_.slash ? &quoted_two_byte<Out, true> : &quoted_two_byte<Out, false>;
  }
  template <class Out>
  ascii_str_writer ascii_writer_for() const noexcept {
    if (how_.html) return &quoted_ascii_html<Out>;
    if (how_.slash) {
      return how_.ensure_ascii ? &quoted_ascii<Out, true, true> : &quoted_ascii<Out, true, false>;
    }
    return how_.ensure_ascii ? &quoted_ascii<Out, false, true> : &quoted_ascii<Out, false, false>;
  }
#endif
  void pick_ascii_writer() noexcept {
#if defined(__SSE2__)
    cursor_writer_ = ascii_writer_for<Py_UCS1>();
    ascii_writer_ = width_ == 1   ? ascii_writer_for<Py_UCS1>()
                    : width_ == 2 ? ascii_writer_for<Py_UCS2>()
                                  : ascii_writer_for<Py_UCS4>();
    two_byte_writer_ = width_ == 1   ? nullptr
                       : width_ == 2 ? two_byte_writer_for<Py_UCS2>()
                                     : two_byte_writer_for<Py_UCS4>();
#endif
  }

  // Any str between quotes but the inline case: a str from before PEP 393
  // is readied first (a compact ASCII one is ready).
  ULTRAJSON_NOINLINE bool quoted_other(PyObject* text) {
#if defined(__SSE2__)
    // A compact str is ready; a long one goes in pieces (write_units).
    if (PyUnicode_IS_COMPACT(text) && PyUnicode_KIND(text) == PyUnicode_2BYTE_KIND && two_byte_writer_ != nullptr) {
      const auto length = static_cast<std::size_t>(PyUnicode_GET_LENGTH(text));
      if (length <= piece_units) {
        if (!reserve(max_escaped_units(length, 2) + 2)) return false;
        size_ = two_byte_writer_(data_, size_, static_cast<const Py_UCS2*>(PyUnicode_DATA(text)), length, how_);
        return true;
      }
    }
#endif
    if (PyUnicode_READY(text) < 0) return false;
    return str<true>(text);
  }

  // A str's text, escaped between quotes (`escape`) or as it is. ensure_ascii
  // escapes keep the output narrow; otherwise it widens to the str's kind.
  // Inline only in the two calls above: in the walk's own calls, its kind
  // dispatch grew the walk's loop (callgrind).
  template <bool escape>
  ULTRAJSON_ALWAYS_INLINE bool str(PyObject* text) {
    const auto length = static_cast<std::size_t>(PyUnicode_GET_LENGTH(text));
    const void* units = PyUnicode_DATA(text);
    // Compact ASCII (nearly every key): fits any width, no kind to look at.
    if (PyUnicode_IS_COMPACT_ASCII(text)) return units_of<escape>(static_cast<const Py_UCS1*>(units), length);
    const int kind = PyUnicode_KIND(text);
    if (!(escape && how_.ensure_ascii)) {
      const Py_UCS4 max_char = PyUnicode_MAX_CHAR_VALUE(text);
      if (max_char > max_char_) {
        if (width_ == 1 && kind != PyUnicode_1BYTE_KIND && str_ != nullptr) {
          const set_aside_step aside = set_aside<escape>(kind, units, length, max_char);
          if (aside != set_aside_step::no_room) return aside == set_aside_step::done;
        }
        if (!rekind(max_char)) return false;
      }
    }
    switch (kind) {
      case PyUnicode_1BYTE_KIND: return units_of<escape>(static_cast<const Py_UCS1*>(units), length);
      case PyUnicode_2BYTE_KIND: return units_of<escape>(static_cast<const Py_UCS2*>(units), length);
      default: return units_of<escape>(static_cast<const Py_UCS4*>(units), length);
    }
  }

  template <bool escape, class In>
  bool units_of(const In* units, std::size_t length) {
    switch (width_) {
      case 1: return write_units<Py_UCS1, escape>(units, length);
      case 2: return write_units<Py_UCS2, escape>(units, length);
      default: return write_units<Py_UCS4, escape>(units, length);
    }
  }

  // In pieces, so a long str reserves its output plus one piece's worst
  // case, not six or twelve times its length; a short one (nearly all) in
  // one reservation with its quotes.
  template <class Out, bool escape, class In>
  ULTRAJSON_ALWAYS_INLINE bool write_units(const In* units, std::size_t length) {
    if constexpr (!escape) {
      if (!reserve(length)) return false;
      Out* out = at<Out>();
      for (std::size_t i = 0; i < length; ++i) out[i] = static_cast<Out>(units[i]);
      size_ += length;
      return true;
    }
    std::size_t piece = length < piece_units ? length : piece_units;
    if (!reserve(max_escaped_units(piece, sizeof(In)) + 2)) return false;
    Out* out = at<Out>();
    *out++ = '"';
    for (;;) {
      out = escape_units(out, units, piece, how_);
      units += piece;
      length -= piece;
      if (length == 0) break;
      size_ = static_cast<std::size_t>(out - reinterpret_cast<Out*>(data_));
      piece = length < piece_units ? length : piece_units;
      if (!reserve(max_escaped_units(piece, sizeof(In)) + 1)) return false;
      out = at<Out>();
    }
    *out++ = '"';
    size_ = static_cast<std::size_t>(out - reinterpret_cast<Out*>(data_));
    return true;
  }

  // A str of two- or four-byte `kind` into the buffer aside, for a narrow
  // output (see the top of this file): done; no_room, with nothing
  // written, when the buffer or its list is full (the caller widens the
  // output); failed with MemoryError set.
  enum class set_aside_step { done, no_room, failed };
  template <bool escape>
  ULTRAJSON_NOINLINE set_aside_step set_aside(int kind, const void* units, std::size_t length, Py_UCS4 max_char) {
    // (Not for an output in first_units_, expected to stay small: the caller
    // widens it now, its copy short, with no buffer to make.) Nor for one
    // whose wide strs come close together: it is widened at the second, with
    // little written narrow to widen.
    if (set_aside_count_ == max_set_aside || length > set_aside_capacity ||
        (set_aside_count_ != 0 && size_ - set_aside_[set_aside_count_ - 1].at < set_aside_spacing)) {
      return set_aside_step::no_room;
    }
    const std::size_t worst = escape ? max_escaped_units(length, static_cast<std::size_t>(kind)) + 2 : length;
    if (worst > set_aside_capacity - aside_size_) return set_aside_step::no_room;
    if (aside_units_ == nullptr) {
      aside_units_ = static_cast<Py_UCS4*>(PyMem_Malloc(set_aside_capacity * sizeof(Py_UCS4)));
      if (aside_units_ == nullptr) {
        PyErr_NoMemory();
        return set_aside_step::failed;
      }
    }
    Py_UCS4* const begin = aside_units_ + aside_size_;
    Py_UCS4* const end = kind == PyUnicode_2BYTE_KIND
                             ? units_aside<escape>(begin, static_cast<const Py_UCS2*>(units), length)
                             : units_aside<escape>(begin, static_cast<const Py_UCS4*>(units), length);
    const auto written = static_cast<std::size_t>(end - begin);
    set_aside_[set_aside_count_++] = set_aside_str{size_, written};
    aside_size_ += written;
    if (max_char > aside_max_char_) aside_max_char_ = max_char;
    return set_aside_step::done;
  }
  template <bool escape, class In>
  Py_UCS4* units_aside(Py_UCS4* out, const In* units, std::size_t length) const noexcept {
    if constexpr (!escape) {
      copy_widened(out, units, length);
      return out + length;
    } else {
      *out++ = '"';
      out = escape_units(out, units, length, how_);
      *out++ = '"';
      return out;
    }
  }
  // The narrow output widened into `to`, the strs set aside in their
  // places; returns the units written. The buffer aside is empty then.
  template <class Out>
  std::size_t place_set_aside(Out* to) noexcept {
    Out* out = to;
    const Py_UCS4* aside = aside_units_;
    std::size_t from = 0;
    for (std::size_t i = 0; i < set_aside_count_; ++i) {
      const set_aside_str& str = set_aside_[i];
      copy_widened(out, data_ + from, str.at - from);
      out += str.at - from;
      from = str.at;
      for (std::size_t k = 0; k < str.units; ++k) out[k] = static_cast<Out>(aside[k]);
      out += str.units;
      aside += str.units;
    }
    copy_widened(out, data_ + from, size_ - from);
    out += size_ - from;
    set_aside_count_ = 0;
    aside_size_ = 0;
    aside_max_char_ = 0;
    return static_cast<std::size_t>(out - to);
  }

  // A long str's piece, in units.
  static constexpr std::size_t piece_units = 4096;
  // The most units a str may have (PyUnicode_New's bound for 4-byte units,
  // with room for its header).
  static constexpr std::size_t max_units = static_cast<std::size_t>(PY_SSIZE_T_MAX) / 4 - 64;

  // A wide output's stage: room for `n` bytes at least; what it held is
  // already widened (flush_stage()).
  bool grow_stage(std::size_t n) {
    PyMem_Free(stage_);
    stage_capacity_ = 0;
    stage_ = static_cast<char*>(PyMem_Malloc(n));
    if (stage_ == nullptr) return no_memory();
    stage_capacity_ = n;
    return true;
  }
  // Widens what the stage holds into the str, at its units from
  // stage_origin_, and starts the stage again at the output's end. Not at
  // advance_to() but at the next cursor after another write (or at the
  // end; a str remade wider meanwhile gets them in its own width): read
  // back at once, the stage's bytes were still in the store buffer, in
  // pieces no load could be forwarded from, and each widening waited for
  // them (perf: most of its samples on its first load). Exact, as the
  // str's units after the stage's may be written by then.
  ULTRAJSON_NOINLINE void flush_stage() noexcept {
    if (staged_ != 0) {
      store_widened_ascii<true>(stage_origin_, reinterpret_cast<const unsigned char*>(stage_), staged_);
      staged_ = 0;
    }
    stage_origin_ = size_;
  }
  // Widens `count` ASCII bytes into a wide str from unit `first`. With
  // SSE2, sixteen a store: up to fifteen units past them are written over
  // (the caller has the room), and as many bytes past `bytes` read; or,
  // `exact`, nothing past them is written or read, the last sixteen stored
  // over the end of the block before (when there are sixteen).
  template <bool exact = false>
  void store_widened_ascii(std::size_t first, const unsigned char* bytes, std::size_t count) noexcept {
    if (width_ == 2) {
      widen_ascii_into<exact>(reinterpret_cast<Py_UCS2*>(data_) + first, bytes, count);
    } else {
      widen_ascii_into<exact>(reinterpret_cast<Py_UCS4*>(data_) + first, bytes, count);
    }
  }
  template <bool exact, class Out>
  static void widen_ascii_into(Out* out, const unsigned char* bytes, std::size_t count) noexcept {
#if defined(__SSE2__)
    if constexpr (!exact) {
      for (std::size_t i = 0; i < count; i += 16) store_widened(out + i, bytes + i);
      return;
    } else if (count >= 16) {
      for (std::size_t i = 0; i + 16 < count; i += 16) store_widened(out + i, bytes + i);
      store_widened(out + count - 16, bytes + count - 16);
      return;
    }
#endif
    copy_widened(out, bytes, count);
  }
  // The stage's first size: a few thousand characters of a document between
  // two of its wide strs, widened at once.
  static constexpr std::size_t first_stage_capacity = 4096;

  PyObject* str_ = nullptr;   // the str written into (a strong reference), once outside first_units_
  unsigned char* data_ = nullptr;  // str_'s units, or first_units_ before there is a str_
  std::size_t size_ = 0;      // units written
  std::size_t capacity_ = 0;  // units: the str's length until result() cuts it (first_units_' size before)
  unsigned width_ = 1;        // bytes per unit: 1, 2 or 4, str_'s kind
  unsigned shift_ = 0;        // log2(width_)
  Py_UCS4 max_char_ = 127;    // the widest character str_'s kind holds, as CPython counts kinds
  const unit_escaping how_;  // the call's escaping
  // A wide output's cursor writes here (see narrow_cursor): stage_[0] goes
  // to unit stage_origin_, and the first staged_ bytes are not in the str
  // yet (flush_stage()).
  char* stage_ = nullptr;
  std::size_t stage_capacity_ = 0;
  std::size_t stage_origin_ = 0;
  std::size_t staged_ = 0;
#if defined(__SSE2__)
  ascii_str_writer ascii_writer_ = nullptr;  // for width_ and the options
  ascii_str_writer cursor_writer_ = nullptr;  // for the cursor: a byte a unit
  two_byte_str_writer two_byte_writer_ = nullptr;  // likewise, for two-byte strs
#endif
  // The strs set aside while the output is narrow (see the top of this
  // file): where each goes (before unit `at` of the narrow output) and its
  // length, in the order written; their units, one after another.
  struct set_aside_str {
    std::size_t at;
    std::size_t units;
  };
  static constexpr std::size_t max_set_aside = 8;
  static constexpr std::size_t set_aside_capacity = 1024;
  static constexpr std::size_t set_aside_spacing = 4096;  // units between two
  std::size_t set_aside_count_ = 0;
  Py_UCS4* aside_units_ = nullptr;  // set_aside_capacity units, made at the first
  std::size_t aside_size_ = 0;
  Py_UCS4 aside_max_char_ = 0;
  // The first units of an output expected to be small (see the
  // constructor), ASCII, until they outgrow it or a str needs a wider kind.
  // Not zeroed: only what is written is read. After the members the walk's
  // loops use, so that those stay near the object's start (shorter
  // instructions).
  unsigned char first_units_[512];
  set_aside_str set_aside_[max_set_aside];
};

}  // namespace ultrajson::python
