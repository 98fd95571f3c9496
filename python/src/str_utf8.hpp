#pragma once
// The UTF-8 text of a str for one loads() call, without leaving a copy on
// the str. PyUnicode_AsUTF8AndSize caches the UTF-8 form on a non-ASCII str
// for the str's whole life (one more copy of the document held by the
// caller's text) and builds it through a bytes object sized for the worst
// case. Here an ASCII str is read in place, a str whose UTF-8 form Python
// already holds reads that, and any other is encoded into a buffer of the
// exact size, freed when the call returns. The parser reads UTF-8, so that
// buffer is what a loads() peak keeps above json's, which reads the str's
// code points. Lone surrogates are written as WTF-8 (the parser's
// allow_wtf8_input).
//
// The price: a loop over one str, which would find CPython's cached copy
// from the second call on, now encodes at every call; a call on a new str,
// the usual case, got cheaper. The figures of both: README, "Memory"
// under "Where ultrajson loses".

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <ultrajson/detail/bits.hpp>
#include <ultrajson/detail/swar.hpp>

#include "python.hpp"

namespace ultrajson::python {

class str_utf8 {
 public:
  str_utf8() = default;
  str_utf8(const str_utf8&) = delete;
  str_utf8& operator=(const str_utf8&) = delete;
  ~str_utf8() { PyMem_RawFree(owned_); }

  // Reads `str` (an exact or derived str). False with an error set.
  bool read(PyObject* str) {
#if PY_VERSION_HEX < 0x030C0000
    // A str made by the legacy wchar_t API has no kind until it is readied.
    if (PyUnicode_READY(str) < 0) return false;
#endif
    const Py_ssize_t length = PyUnicode_GET_LENGTH(str);
    if (PyUnicode_IS_ASCII(str)) {
      text_ = std::string_view(static_cast<const char*>(PyUnicode_DATA(str)),
                               static_cast<std::size_t>(length));
      return true;
    }
#if !defined(Py_LIMITED_API) && !defined(Py_GIL_DISABLED)
    // Already made by an earlier caller (it never holds surrogates: a str
    // with lone surrogates has no UTF-8 form).
    const auto* compact = reinterpret_cast<const PyCompactUnicodeObject*>(str);
    if (PyUnicode_IS_COMPACT(str) && compact->utf8 != nullptr) {
      text_ = std::string_view(compact->utf8, static_cast<std::size_t>(compact->utf8_length));
      return true;
    }
#endif
    switch (PyUnicode_KIND(str)) {
      case PyUnicode_1BYTE_KIND:
        return encode(PyUnicode_1BYTE_DATA(str), length);
      case PyUnicode_2BYTE_KIND:
        return encode(PyUnicode_2BYTE_DATA(str), length);
      default:
        return encode(PyUnicode_4BYTE_DATA(str), length);
    }
  }

  std::string_view text() const noexcept { return text_; }
  // The text holds a lone surrogate as WTF-8.
  bool has_surrogates() const noexcept { return surrogates_; }

 private:
  template <class Unit>
  bool encode(const Unit* units, Py_ssize_t length) {
    const auto count = static_cast<std::size_t>(length);
    // First the exact size: a buffer sized for the worst case would show
    // in tracemalloc's peak at three or four times the text. (One byte
    // more: encode_two_byte_block stores two bytes for its last character,
    // store_three_byte_forms four for its last three.)
    std::size_t size = count;
    std::size_t i = 0;
    for (; count - i >= block; i += block) {
      // A block with non-ASCII is counted whole, so text that is mostly
      // non-ASCII does not pay the block test at every character.
      if (!ascii_block(units + i)) size += block_extra_bytes(units + i);
    }
    size += extra_bytes(units + i, count - i);
    owned_ = static_cast<char*>(PyMem_RawMalloc(size + 1));
    if (owned_ == nullptr) {
      PyErr_NoMemory();
      return false;
    }
    auto* out = reinterpret_cast<unsigned char*>(owned_);
    for (i = 0; count - i >= block; i += block) {
      if (ascii_block(units + i)) {
        narrow_block(units + i, out);
        out += block;
      } else if (two_byte_block(units + i)) {
        out = encode_two_byte_block(units + i, out);
      } else {
        out = encode_units(units + i, block, out);
      }
    }
    encode_units(units + i, count - i, out);
    text_ = std::string_view(owned_, size);
    return true;
  }

  // The UTF-8 bytes beyond one a character of `n` units.
  template <class Unit>
  static std::size_t extra_bytes(const Unit* units, std::size_t n) noexcept {
    std::size_t extra = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint32_t c = units[k];
      extra += static_cast<std::size_t>(c >= 0x80) + static_cast<std::size_t>(c >= 0x800) +
               static_cast<std::size_t>(c >= 0x10000);
    }
    return extra;
  }

  template <class Unit>
  static std::size_t block_extra_bytes(const Unit* units) noexcept {
    return extra_bytes(units, block);
  }
#if defined(__SSE2__)
  // UCS-2 text (Arabic, CJK...) is mostly non-ASCII: eight characters take
  // two compares, and each 16-bit lane counts its own extra bytes (a bit
  // count of the compare masks was a libgcc call per block without
  // -mpopcnt: a tenth of the Arabic case).
  static std::size_t block_extra_bytes(const Py_UCS2* units) noexcept {
    const __m128i zero = _mm_setzero_si128();
    __m128i count = zero;
    for (std::size_t half = 0; half < block; half += 8) {
      const __m128i v = load(units + half);
      // A lane below 0x80 compares -1 here, below 0x800 there: each adds
      // one to the lane count (at most two a lane a block).
      count = _mm_sub_epi16(count, _mm_cmpeq_epi16(
          _mm_and_si128(v, _mm_set1_epi16(static_cast<short>(0xFF80))), zero));
      count = _mm_sub_epi16(count, _mm_cmpeq_epi16(
          _mm_and_si128(v, _mm_set1_epi16(static_cast<short>(0xF800))), zero));
    }
    // The four 32-bit sums of lane pairs, then their total.
    __m128i sums = _mm_madd_epi16(count, _mm_set1_epi16(1));
    sums = _mm_add_epi32(sums, _mm_shuffle_epi32(sums, _MM_SHUFFLE(1, 0, 3, 2)));
    sums = _mm_add_epi32(sums, _mm_shuffle_epi32(sums, _MM_SHUFFLE(2, 3, 0, 1)));
    const auto below = static_cast<std::size_t>(_mm_cvtsi128_si32(sums));
    return 2 * block - below;
  }
  // UCS-4 text (a document with an emoji is all UCS-4): four characters a
  // compare, each 32-bit lane counting its own extra bytes. (Signed
  // compares: no character is above U+10FFFF.) A character at a time, this
  // count was a fifth of twitter.json's conversion (callgrind).
  static std::size_t block_extra_bytes(const Py_UCS4* units) noexcept {
    __m128i count = _mm_setzero_si128();
    for (std::size_t quarter = 0; quarter < block; quarter += 4) {
      const __m128i v = load(units + quarter);
      count = _mm_sub_epi32(count, _mm_cmpgt_epi32(v, _mm_set1_epi32(0x7F)));
      count = _mm_sub_epi32(count, _mm_cmpgt_epi32(v, _mm_set1_epi32(0x7FF)));
      count = _mm_sub_epi32(count, _mm_cmpgt_epi32(v, _mm_set1_epi32(0xFFFF)));
    }
    count = _mm_add_epi32(count, _mm_shuffle_epi32(count, _MM_SHUFFLE(1, 0, 3, 2)));
    count = _mm_add_epi32(count, _mm_shuffle_epi32(count, _MM_SHUFFLE(2, 3, 0, 1)));
    return static_cast<std::size_t>(_mm_cvtsi128_si32(count));
  }

  // Four characters as 32-bit lanes.
  static __m128i four_lanes(const Py_UCS4* units) noexcept { return load(units); }
  static __m128i four_lanes(const Py_UCS2* units) noexcept {
    return _mm_unpacklo_epi16(_mm_loadl_epi64(static_cast<const __m128i*>(static_cast<const void*>(units))),
                              _mm_setzero_si128());
  }
  // Whether four characters (32-bit lanes) are all in U+0800..U+FFFF and
  // none a surrogate: three UTF-8 bytes each.
  static bool three_byte_lanes(__m128i v) noexcept {
    const __m128i in_range = _mm_and_si128(_mm_cmpgt_epi32(v, _mm_set1_epi32(0x7FF)),
                                           _mm_cmplt_epi32(v, _mm_set1_epi32(0x10000)));
    const __m128i surrogate =
        _mm_cmpeq_epi32(_mm_and_si128(v, _mm_set1_epi32(~0x7FF)), _mm_set1_epi32(0xD800));
    return _mm_movemask_epi8(_mm_andnot_si128(surrogate, in_range)) == 0xFFFF;
  }
  // The twelve UTF-8 bytes of four such characters: each lane's three made
  // at once, then stored four bytes a character (x86: little-endian, the
  // lead first), the fourth written over by the next; the last store's
  // fourth byte lands past the twelve (the buffer's byte of slack).
  static void store_three_byte_forms(__m128i v, unsigned char* out) noexcept {
    const __m128i six_bits = _mm_set1_epi32(0x3F);
    const __m128i lead = _mm_or_si128(_mm_srli_epi32(v, 12), _mm_set1_epi32(0xE0));
    const __m128i middle = _mm_or_si128(_mm_and_si128(_mm_srli_epi32(v, 6), six_bits), _mm_set1_epi32(0x80));
    const __m128i last = _mm_or_si128(_mm_and_si128(v, six_bits), _mm_set1_epi32(0x80));
    alignas(16) std::uint32_t forms[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(forms),
                    _mm_or_si128(lead, _mm_or_si128(_mm_slli_epi32(middle, 8), _mm_slli_epi32(last, 16))));
    for (std::size_t k = 0; k < 4; ++k) std::memcpy(out + 3 * k, &forms[k], 4);
  }
#endif

  template <class Unit>
  unsigned char* encode_units(const Unit* units, std::size_t n, unsigned char* out) noexcept {
    for (std::size_t k = 0; k < n; ++k) {
      if constexpr (sizeof(Unit) == 2 && !detail::big_endian) {
        // Four characters in U+0080..U+07FF in a row (Arabic, Cyrillic...
        // letters) become eight bytes at once: lead 110xxxxx, then 10xxxxxx.
        while (n - k >= 4) {
          std::uint64_t word;
          std::memcpy(&word, units + k, 8);
          constexpr std::uint64_t lanes = 0x0001000100010001ull;
          if ((word & (0xF800 * lanes)) != 0 || ((word + 0x7F80 * lanes) & (0x8000 * lanes)) !=
                                                    0x8000 * lanes) {
            break;
          }
          const std::uint64_t bytes = ((word >> 6) & (0x1F * lanes)) | (0xC0 * lanes) |
                                      (((word & (0x3F * lanes)) | (0x80 * lanes)) << 8);
          std::memcpy(out, &bytes, 8);
          out += 8;
          k += 4;
        }
        if (k == n) break;
      }
#if defined(__SSE2__)
      // Runs of characters in U+0800..U+FFFF, none a surrogate (CJK text),
      // four at a time; tried only from such a character, so that ASCII
      // between them pays one compare.
      if constexpr (sizeof(Unit) >= 2) {
        if (units[k] >= 0x800) {
          for (; n - k >= 4; k += 4, out += 12) {
            const __m128i v = four_lanes(units + k);
            if (!three_byte_lanes(v)) break;
            store_three_byte_forms(v, out);
          }
          if (k == n) break;
        }
      }
#endif
      const std::uint32_t c = units[k];
      if (c < 0x80) {
        *out++ = static_cast<unsigned char>(c);
      } else if (c < 0x800) {
        out[0] = static_cast<unsigned char>(0xC0 | (c >> 6));
        out[1] = static_cast<unsigned char>(0x80 | (c & 0x3F));
        out += 2;
      } else if (c < 0x10000) {
        if (c - 0xD800 < 0x800) surrogates_ = true;
        out[0] = static_cast<unsigned char>(0xE0 | (c >> 12));
        out[1] = static_cast<unsigned char>(0x80 | ((c >> 6) & 0x3F));
        out[2] = static_cast<unsigned char>(0x80 | (c & 0x3F));
        out += 3;
      } else {
        out[0] = static_cast<unsigned char>(0xF0 | (c >> 18));
        out[1] = static_cast<unsigned char>(0x80 | ((c >> 12) & 0x3F));
        out[2] = static_cast<unsigned char>(0x80 | ((c >> 6) & 0x3F));
        out[3] = static_cast<unsigned char>(0x80 | (c & 0x3F));
        out += 4;
      }
    }
    return out;
  }

  // A block of characters below U+0800, not all ASCII (Arabic or Cyrillic
  // words between spaces): one or two bytes each.
  template <class Unit>
  static bool two_byte_block(const Unit*) noexcept {
    return false;
  }
  template <class Unit>
  static unsigned char* encode_two_byte_block(const Unit*, unsigned char* out) noexcept {
    return out;  // never called: two_byte_block is false
  }
#if defined(__SSE2__)
  static bool two_byte_block(const Py_UCS2* units) noexcept {
    const __m128i high = _mm_set1_epi16(static_cast<short>(0xF800));
    const __m128i zero = _mm_setzero_si128();
    return _mm_movemask_epi8(_mm_and_si128(
               _mm_cmpeq_epi16(_mm_and_si128(load(units), high), zero),
               _mm_cmpeq_epi16(_mm_and_si128(load(units + 8), high), zero))) == 0xFFFF;
  }
  // Each lane's UTF-8 form (one byte, or lead and continuation) and its
  // length are made eight at a time, then stored one after the other with
  // no branch on the mix of ASCII and letters, which the per-character
  // loop mispredicted at every space. Stores two bytes for each character.
  static unsigned char* encode_two_byte_block(const Py_UCS2* units, unsigned char* out) noexcept {
    const __m128i zero = _mm_setzero_si128();
    for (std::size_t half = 0; half < block; half += 8) {
      const __m128i v = load(units + half);
      const __m128i ascii =
          _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16(static_cast<short>(0xFF80))), zero);
      const __m128i lead = _mm_or_si128(_mm_srli_epi16(v, 6), _mm_set1_epi16(0xC0));
      const __m128i continuation =
          _mm_or_si128(_mm_and_si128(v, _mm_set1_epi16(0x3F)), _mm_set1_epi16(0x80));
      const __m128i pair = _mm_or_si128(lead, _mm_slli_epi16(continuation, 8));
      alignas(16) std::uint16_t forms[8];
      alignas(16) std::uint16_t lengths[8];
      _mm_store_si128(reinterpret_cast<__m128i*>(forms),
                      _mm_or_si128(_mm_and_si128(ascii, v), _mm_andnot_si128(ascii, pair)));
      _mm_store_si128(reinterpret_cast<__m128i*>(lengths), _mm_add_epi16(_mm_set1_epi16(2), ascii));
      for (std::size_t k = 0; k < 8; ++k) {
        std::memcpy(out, &forms[k], 2);  // x86: little-endian, lead first
        out += lengths[k];
      }
    }
    return out;
  }
#endif

  // ASCII runs (keys, numbers, punctuation, most of a document) go sixteen
  // characters at a time: one test, then a narrowing copy.
  static constexpr std::size_t block = 16;

#if defined(__SSE2__)
  static __m128i load(const void* p) noexcept {
    return _mm_loadu_si128(static_cast<const __m128i*>(p));
  }
  static bool ascii_block(const Py_UCS1* units) noexcept {
    return _mm_movemask_epi8(load(units)) == 0;
  }
  static bool ascii_block(const Py_UCS2* units) noexcept {
    const __m128i all = _mm_or_si128(load(units), load(units + 8));
    return _mm_movemask_epi8(_mm_cmpeq_epi16(
               _mm_and_si128(all, _mm_set1_epi16(static_cast<short>(0xFF80))),
               _mm_setzero_si128())) == 0xFFFF;
  }
  static bool ascii_block(const Py_UCS4* units) noexcept {
    const __m128i all = _mm_or_si128(_mm_or_si128(load(units), load(units + 4)),
                                     _mm_or_si128(load(units + 8), load(units + 12)));
    return _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(all, _mm_set1_epi32(~0x7F)),
                                             _mm_setzero_si128())) == 0xFFFF;
  }
  static void narrow_block(const Py_UCS1* units, unsigned char* out) noexcept {
    std::memcpy(out, units, block);
  }
  static void narrow_block(const Py_UCS2* units, unsigned char* out) noexcept {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out),
                     _mm_packus_epi16(load(units), load(units + 8)));
  }
  static void narrow_block(const Py_UCS4* units, unsigned char* out) noexcept {
    const __m128i low = _mm_packs_epi32(load(units), load(units + 4));
    const __m128i high = _mm_packs_epi32(load(units + 8), load(units + 12));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_packus_epi16(low, high));
  }
#else
  // Without SSE2 (32-bit x86 as built by default, other targets) the block
  // tests take a machine word at a time: each lane's own bits, so no carry
  // crosses from one character into the next, and byte order plays no part.
  using word = detail::machine_word;
  static constexpr std::size_t bytes_per_block = block * sizeof(Py_UCS2);
  // 0x0001 in every 16-bit lane of a word.
  static constexpr word ucs2_lanes = static_cast<word>(0x0001000100010001ull);

  // The OR of a block's words: a bit is set in some lane iff some
  // character of the block has it.
  static word or_of_words(const void* units, std::size_t bytes) noexcept {
    const auto* p = static_cast<const char*>(units);
    word all = 0;
    for (std::size_t k = 0; k < bytes; k += sizeof(word)) {
      word w;
      std::memcpy(&w, p + k, sizeof w);
      all |= w;
    }
    return all;
  }
  static bool ascii_block(const Py_UCS1* units) noexcept {
    return (or_of_words(units, block) & detail::repeat_byte_in_machine_word(0x80)) == 0;
  }
  static bool ascii_block(const Py_UCS2* units) noexcept {
    return (or_of_words(units, bytes_per_block) & (0xFF80 * ucs2_lanes)) == 0;
  }
  static bool ascii_block(const Py_UCS4* units) noexcept {
    std::uint32_t all = 0;
    for (std::size_t k = 0; k < block; ++k) all |= units[k];
    return all < 0x80;
  }
  template <class Unit>
  static void narrow_block(const Unit* units, unsigned char* out) noexcept {
    for (std::size_t k = 0; k < block; ++k) out[k] = static_cast<unsigned char>(units[k]);
  }
  static bool two_byte_block(const Py_UCS2* units) noexcept {
    return (or_of_words(units, bytes_per_block) & (0xF800 * ucs2_lanes)) == 0;
  }
  // Each lane counts its own extra bytes, one for U+0080 and up, one more
  // for U+0800 and up: the lane's top bit is set by the character's own
  // top bit, or by the carry out of its bits below once masked and added
  // to (which stays inside the lane: 0x7F80 + 0x7F80 < 0x10000).
  static std::size_t block_extra_bytes(const Py_UCS2* units) noexcept {
    const auto* p = reinterpret_cast<const char*>(units);
    word counts = 0;  // at most two a lane a word: sixteen a lane a block
    for (std::size_t k = 0; k < bytes_per_block; k += sizeof(word)) {
      word w;
      std::memcpy(&w, p + k, sizeof w);
      const word from_0x80 = (w | ((w & (0x7F80 * ucs2_lanes)) + 0x7F80 * ucs2_lanes)) &
                             (0x8000 * ucs2_lanes);
      const word from_0x800 = (w | ((w & (0x7800 * ucs2_lanes)) + 0x7800 * ucs2_lanes)) &
                              (0x8000 * ucs2_lanes);
      counts += (from_0x80 >> 15) + (from_0x800 >> 15);
    }
    // The lanes' sum gathers in the top lane.
    return static_cast<std::size_t>((counts * ucs2_lanes) >> (8 * sizeof(word) - 16));
  }
  // A word of letters (U+0080..U+07FF: the block has nothing above) becomes
  // its lead and continuation bytes at once, on little-endian machines,
  // where the first character is the word's low lane. Otherwise a character
  // at a time, with no branch on ASCII against a letter: the two-byte form
  // or the character itself is stored, and the output moves on by one or
  // two. Stores two bytes for each character.
  static unsigned char* encode_two_byte_block(const Py_UCS2* units, unsigned char* out) noexcept {
    constexpr std::size_t units_per_word = sizeof(word) / sizeof(Py_UCS2);
    for (std::size_t k = 0; k < block; k += units_per_word) {
      if constexpr (!detail::big_endian) {
        word w;
        std::memcpy(&w, units + k, sizeof w);
        // Below U+0800, a lane reaches 0x8000 when 0x7F80 is added iff it
        // is U+0080 or above.
        if (((w + 0x7F80 * ucs2_lanes) & (0x8000 * ucs2_lanes)) == 0x8000 * ucs2_lanes) {
          const word bytes = ((w >> 6) & (0x1F * ucs2_lanes)) | (0xC0 * ucs2_lanes) |
                             (((w & (0x3F * ucs2_lanes)) | (0x80 * ucs2_lanes)) << 8);
          std::memcpy(out, &bytes, sizeof bytes);
          out += sizeof bytes;
          continue;
        }
      }
      for (std::size_t j = k; j < k + units_per_word; ++j) {
        const std::uint32_t c = units[j];
        const std::uint32_t letter = c >= 0x80;
        const std::uint32_t pair = (0xC0 | (c >> 6)) | ((0x80 | (c & 0x3F)) << 8);
        const std::uint32_t form = letter != 0 ? pair : c;
        out[0] = static_cast<unsigned char>(form);
        out[1] = static_cast<unsigned char>(form >> 8);
        out += 1 + letter;
      }
    }
    return out;
  }
#endif

  std::string_view text_;
  char* owned_ = nullptr;
  bool surrogates_ = false;
};

}  // namespace ultrajson::python
