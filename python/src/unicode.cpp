#include "unicode.hpp"

namespace ultrajson::python {
namespace {

using byte = unsigned char;
constexpr std::uint64_t high_bits = 0x8080808080808080ull;

// What a pass over the non-ASCII part finds, eight bytes at a time.
struct utf8_census {
  std::size_t continuation = 0;  // 10xxxxxx bytes: they don't count as characters
  bool above_latin1 = false;     // a lead C4..FF: a code point above U+00FF
  bool three_bytes = false;      // a lead E0..FF
  bool four_bytes = false;       // a lead F0..FF: a code point above U+FFFF
};

// How many bytes have bit 7 set in a word of only such bits (no popcnt
// instruction needed: the multiply sums the bytes into the top one).
inline std::size_t count_high_bits(std::uint64_t bits) noexcept {
  return static_cast<std::size_t>(((bits >> 7) * 0x0101010101010101ull) >> 56);
}

inline void census_word(std::uint64_t w, std::uint64_t& continuation_bits, std::uint64_t& wide,
                        std::uint64_t& three, std::uint64_t& four) noexcept {
  // Bit 7 of each byte of `w << k` is bit 7-k of the same byte: a left shift
  // by less than 8 moves no byte's bits into another byte's bit 7.
  const std::uint64_t lead = w & (w << 1);  // 11xxxxxx
  continuation_bits = w & ~(w << 1) & high_bits;
  // A two-byte lead 110xxxxx is above U+00FF iff any of its bits 4..2 is
  // set; longer leads (bit 5 set) always are.
  wide |= lead & ((w << 2) | (w << 3) | (w << 4) | (w << 5));
  three |= lead & (w << 2);
  four |= lead & (w << 2) & (w << 3);
}

utf8_census take_census(const byte* p, const byte* end) noexcept {
  utf8_census census;
  std::uint64_t wide = 0;
  std::uint64_t three = 0;
  std::uint64_t four = 0;
  for (; end - p >= 8; p += 8) {
    std::uint64_t continuation_bits;
    census_word(detail::load_word(reinterpret_cast<const char*>(p)), continuation_bits, wide,
                three, four);
    census.continuation += count_high_bits(continuation_bits);
  }
  if (p != end) {
    std::uint64_t w = 0;
    std::memcpy(&w, p, static_cast<std::size_t>(end - p));
    std::uint64_t continuation_bits;
    census_word(w, continuation_bits, wide, three, four);
    census.continuation += count_high_bits(continuation_bits);
  }
  census.above_latin1 = (wide & high_bits) != 0;
  census.three_bytes = (three & high_bits) != 0;
  census.four_bytes = (four & high_bits) != 0;
  return census;
}

// Decodes valid UTF-8 whose sequences are at most MaxLength bytes into code
// units: while MaxLength bytes remain, every byte it might need can be read,
// so each character takes one pass with no length switch (a masked,
// branch-free variant measured slower: it serialises on p). The last few
// bytes take the plain way.
template <int MaxLength, class Unit>
void fill(Unit* out, const byte* p, const byte* end) noexcept {
  while (end - p >= MaxLength) {
    const std::uint32_t b0 = p[0];
    const std::uint32_t b1 = p[1];
    const std::uint32_t two = b0 >= 0xC0;
    std::uint32_t c = two ? ((b0 & 0x1F) << 6) | (b1 & 0x3F) : b0;
    std::uint32_t length = 1 + two;
    if constexpr (MaxLength >= 3) {
      const std::uint32_t b2 = p[2];
      const std::uint32_t three = b0 >= 0xE0;
      c = three ? ((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F) : c;
      length += three;
      if constexpr (MaxLength >= 4) {
        const std::uint32_t b3 = p[3];
        const std::uint32_t four = b0 >= 0xF0;
        c = four ? ((b0 & 0x07) << 18) | ((b1 & 0x3F) << 12) | ((b2 & 0x3F) << 6) | (b3 & 0x3F)
                 : c;
        length += four;
      }
    }
    *out++ = static_cast<Unit>(c);
    p += length;
  }
  while (p != end) {
    const std::uint32_t b0 = *p;
    std::uint32_t c;
    if (b0 < 0x80) {
      c = b0;
      p += 1;
    } else if (b0 < 0xE0) {
      c = ((b0 & 0x1F) << 6) | (p[1] & 0x3Fu);
      p += 2;
    } else if (b0 < 0xF0) {
      c = ((b0 & 0x0F) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
      p += 3;
    } else {
      c = ((b0 & 0x07) << 18) | ((p[1] & 0x3Fu) << 12) | ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu);
      p += 4;
    }
    *out++ = static_cast<Unit>(c);
  }
}

}  // namespace

PyObject* make_str(const char* text, std::size_t size) {
  const std::size_t ascii = ascii_prefix(text, size);
  if (ascii == size) return make_ascii_str(text, size);

  // The lead bytes tell the widest code point exactly: C2..C3 begin
  // U+0080..U+00FF, C4..EF U+0100..U+FFFF, F0..F4 the rest. The str must be
  // made in the narrowest kind that holds it, or it would not compare equal.
  const auto* const begin = reinterpret_cast<const byte*>(text);
  const byte* const end = begin + size;
  const utf8_census census = take_census(begin + ascii, end);
  const auto length = static_cast<Py_ssize_t>(size - census.continuation);
  const Py_UCS4 max_char = census.four_bytes ? 0x10FFFF : census.above_latin1 ? 0xFFFF : 0xFF;
  PyObject* str = PyUnicode_New(length, max_char);
  if (str == nullptr) return nullptr;
  void* data = PyUnicode_DATA(str);
  switch (PyUnicode_KIND(str)) {
    case PyUnicode_1BYTE_KIND: {
      auto* out = static_cast<Py_UCS1*>(data);
      std::memcpy(out, text, ascii);
      fill<2>(out + ascii, begin + ascii, end);
      break;
    }
    case PyUnicode_2BYTE_KIND: {
      auto* out = static_cast<Py_UCS2*>(data);
      for (std::size_t i = 0; i < ascii; ++i) out[i] = begin[i];
      if (census.three_bytes) {
        fill<3>(out + ascii, begin + ascii, end);
      } else {
        fill<2>(out + ascii, begin + ascii, end);
      }
      break;
    }
    default: {
      auto* out = static_cast<Py_UCS4*>(data);
      for (std::size_t i = 0; i < ascii; ++i) out[i] = begin[i];
      fill<4>(out + ascii, begin + ascii, end);
      break;
    }
  }
  return str;
}

}  // namespace ultrajson::python
