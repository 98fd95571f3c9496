#include "unicode.hpp"

#include <new>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <ultrajson/detail/bits.hpp>
#include <ultrajson/detail/swar.hpp>

namespace ultrajson::python {

// Non-ASCII text is decoded in one pass into a UCS-2 buffer while the OR of
// all code points tells whether any is above U+00FF; the str is then made in
// its kind and filled by a copy. This beat both a census pass followed by a
// fill into the str and PyUnicode_DecodeUTF8 on the Arabic seed case
// (rdtsc over 351 bytes: 454 against 700 and 955 ticks). A four-byte
// sequence (above U+FFFF) switches to the UCS-4 path.
static_assert(sizeof(Py_UCS2) == 2, "four UCS-2 units are stored as one 64-bit word");
PyObject* str_maker::make_wide(const char* text, std::size_t size, std::size_t ascii) {
  if (in_source(text)) return make_slice(text, size);
  using byte = unsigned char;
  if (ucs2_.size() < size) ucs2_.resize(size < 4096 ? 4096 : size);
  Py_UCS2* const start = ucs2_.data();
  Py_UCS2* out = start;
  const auto* p = reinterpret_cast<const byte*>(text);
  const byte* const end = p + size;
  for (std::size_t i = 0; i < ascii; ++i) *out++ = p[i];
  p += ascii;
  std::uint32_t all = 0;  // the OR of the code points
  while (p != end) {
#if defined(__SSE2__)
    // On 32-bit x86 the word loop below takes two instructions for each of
    // its 64-bit operations: there eight two-byte sequences go at once, as
    // the eight 16-bit lanes of a block. (On x86-64 this loop took more
    // instructions than the word loop, an Arabic word's letters rarely
    // filling a block, and no less time.)
    if constexpr (sizeof(void*) < sizeof(std::uint64_t)) {
      while (end - p >= 16) {
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        // Two mask bits for each lane that is a lead 110xxxxx then 10xxxxxx.
        const unsigned pair_lanes = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi16(
            _mm_and_si128(block, _mm_set1_epi16(static_cast<short>(0xC0E0))),
            _mm_set1_epi16(static_cast<short>(0x80C0)))));
        if ((pair_lanes & 3) == 0) break;
        const __m128i units =
            _mm_or_si128(_mm_slli_epi16(_mm_and_si128(block, _mm_set1_epi16(0x1F)), 6),
                         _mm_and_si128(_mm_srli_epi16(block, 8), _mm_set1_epi16(0x3F)));
        // Eight units stored whatever follows: the buffer holds one a byte
        // of the text, and sixteen bytes are left of it.
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), units);
        // The mask bits of the lanes before the first that is not a pair:
        // is any of those units above U+00FF?
        const unsigned pair_bits = detail::count_trailing_zeros(~pair_lanes);
        const unsigned narrow_bytes = static_cast<unsigned>(_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_and_si128(units, _mm_set1_epi16(static_cast<short>(0xFF00))),
                           _mm_setzero_si128())));
        if ((((1u << pair_bits) - 1) & ~narrow_bytes) != 0) all |= 0x100;
        out += pair_bits / 2;
        p += pair_bits;
        if (pair_bits != 16) break;
      }
    }
#endif
    // Four two-byte sequences in a row (Arabic, Cyrillic... letters between
    // spaces) decode at once as four 16-bit lanes: lead bits 4..0 above
    // continuation bits 5..0. One Arabic string, rdtsc: 550 -> 445 ticks.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    while (end - p >= 8) {
      std::uint64_t word;
      std::memcpy(&word, p, 8);
      // Little-endian lanes: a two-byte lead (110xxxxx) in the low byte, then
      // 10xxxxxx. (Bit 5 must be tested: a three-byte lead in the last lane
      // would match 11xxxxxx, 10xxxxxx too.)
      const std::uint64_t mismatch = (word & 0xC0E0C0E0C0E0C0E0ull) ^ 0x80C080C080C080C0ull;
      // Not a pair first (a space, or a CJK character's three bytes): to
      // the one-character loop at the cost the word test always had.
      if ((mismatch & 0xFFFF) != 0) break;
      const std::uint64_t units =
          ((word & 0x001F001F001F001Full) << 6) | ((word >> 8) & 0x003F003F003F003Full);
      // Four units stored whatever follows: the buffer holds one a byte of
      // the text, and eight bytes are left of it.
      std::memcpy(out, &units, 8);
      if (mismatch == 0) {
        out += 4;
        p += 8;
        if ((units & 0xFF00FF00FF00FF00ull) != 0) all |= 0x100;
        continue;
      }
      // The pairs before the first lane that is not one are characters
      // too: a word's last letters before a space, which went one by one
      // through the loop below (callgrind, 256 Arabic strings: a fifth of
      // this function).
      const unsigned pairs = detail::count_trailing_zeros(mismatch) / 16;  // 1 to 3
      out += pairs;
      p += 2 * pairs;
      if ((units & ((std::uint64_t{1} << (16 * pairs)) - 1) & 0xFF00FF00FF00FF00ull) != 0) {
        all |= 0x100;
      }
      break;
    }
    if (p == end) break;
#endif
    const std::uint32_t b0 = *p;
    std::uint32_t c;
    if (b0 < 0x80) {
      c = b0;
      p += 1;
    } else if (b0 < 0xE0) {
      c = ((b0 & 0x1F) << 6) | (p[1] & 0x3Fu);
      p += 2;
    } else if (b0 < 0xF0) {
      // Three-byte characters (CJK) come in runs, where the word test above
      // fails at each: a run is taken here (twitter.json's Japanese: the
      // word test was a fifth of this function).
      do {
        const std::uint32_t lead = *p;
        c = ((lead & 0x0F) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
        all |= c;
        *out++ = static_cast<Py_UCS2>(c);
        p += 3;
      } while (p != end && (*p & 0xF0) == 0xE0);
      continue;
    } else {
      return make_ucs4(text, size);
    }
    all |= c;
    *out++ = static_cast<Py_UCS2>(c);
  }
  const Py_ssize_t length = out - start;
  // One character: CPython's own shared str for it where it has one (from
  // 3.12 a latin-1 character's carries its UTF-8 too, so a new one would be
  // smaller than the str Python makes for the same text).
  if (length == 1) return PyUnicode_FromOrdinal(static_cast<int>(start[0]));
  // A str must be in the narrowest kind that holds it, or it would not
  // compare equal to the same text made otherwise.
  PyObject* str = PyUnicode_New(length, all > 0xFF ? 0xFFFF : 0xFF);
  if (str == nullptr) return nullptr;
  if (PyUnicode_KIND(str) == PyUnicode_2BYTE_KIND) {
    std::memcpy(PyUnicode_2BYTE_DATA(str), start, static_cast<std::size_t>(length) * 2);
  } else {
    Py_UCS1* narrow = PyUnicode_1BYTE_DATA(str);
    for (Py_ssize_t i = 0; i < length; ++i) narrow[i] = static_cast<Py_UCS1>(start[i]);
  }
  return str;
}

// The characters in valid UTF-8 (or WTF-8): its bytes that are not
// continuation bytes (10xxxxxx).
static std::size_t count_characters(const char* text, std::size_t size) noexcept {
  std::size_t count = size;
  std::size_t i = 0;
#if defined(__SSE2__)
  // Continuation bytes are the signed bytes below -64; each lane counts
  // its own (up to 255 blocks), then the lanes are summed.
  const __m128i zero = _mm_setzero_si128();
  const __m128i lowest_lead = _mm_set1_epi8(-64);
  while (size - i >= 16) {
    const std::size_t blocks = (size - i) / 16 < 255 ? (size - i) / 16 : 255;
    __m128i lanes = zero;
    for (std::size_t k = 0; k < blocks; ++k, i += 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text + i));
      lanes = _mm_sub_epi8(lanes, _mm_cmplt_epi8(v, lowest_lead));
    }
    const __m128i sums = _mm_sad_epu8(lanes, zero);
    count -= static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
             static_cast<std::size_t>(_mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)));
  }
#endif
  using word = detail::machine_word;
  constexpr word ones = detail::repeat_byte_in_machine_word(1);
  for (; size - i >= sizeof(word); i += sizeof(word)) {
    const word w = detail::load_machine_word(text + i);
    // Bit 7 set and bit 6 clear, moved down to each byte's bit 0; the
    // multiply sums the bytes into the top one (at most eight).
    const word continuation = ((w & ~(w << 1)) >> 7) & ones;
    count -= static_cast<std::size_t>((continuation * ones) >> (8 * (sizeof(word) - 1)));
  }
  for (; i < size; ++i) count -= (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80;
  return count;
}

// CPython finds the slice's widest character and makes the str in its
// kind, as it does for str slicing.
PyObject* str_maker::make_slice(const char* text, std::size_t size) {
  if (text < cursor_) {  // not in document order: count from the start
    cursor_ = source_text_;
    cursor_index_ = 0;
  }
  cursor_index_ += count_characters(cursor_, static_cast<std::size_t>(text - cursor_));
  const std::size_t length = count_characters(text, size);
  const int kind = PyUnicode_KIND(source_);
  const char* data = static_cast<const char*>(PyUnicode_DATA(source_)) +
                     cursor_index_ * static_cast<std::size_t>(kind);
  cursor_ = text + size;
  cursor_index_ += length;
  return PyUnicode_FromKindAndData(kind, data, static_cast<Py_ssize_t>(length));
}

PyObject* str_maker::make_ucs4(const char* text, std::size_t size) {
  using byte = unsigned char;
  if (ucs4_.size() < size) ucs4_.resize(size);
  Py_UCS4* const start = ucs4_.data();
  Py_UCS4* out = start;
  const auto* p = reinterpret_cast<const byte*>(text);
  const byte* const end = p + size;
  while (p != end) {
    const std::uint32_t b0 = *p;
    if (b0 < 0x80) {
      *out++ = b0;
      p += 1;
    } else if (b0 < 0xE0) {
      *out++ = ((b0 & 0x1F) << 6) | (p[1] & 0x3Fu);
      p += 2;
    } else if (b0 < 0xF0) {
      *out++ = ((b0 & 0x0F) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
      p += 3;
    } else {
      *out++ = ((b0 & 0x07) << 18) | ((p[1] & 0x3Fu) << 12) | ((p[2] & 0x3Fu) << 6) |
               (p[3] & 0x3Fu);
      p += 4;
    }
  }
  // Finds the widest code point and makes the str in its kind.
  return PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, start, out - start);
}

}  // namespace ultrajson::python
