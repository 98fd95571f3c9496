#include "unicode.hpp"

namespace ultrajson::python {
namespace {

using byte = unsigned char;

// Decodes the sequence at p (already validated) and advances p.
inline Py_UCS4 next_code_point(const byte*& p) noexcept {
  const byte lead = *p;
  if (lead < 0x80) {
    ++p;
    return lead;
  }
  if (lead < 0xE0) {
    const Py_UCS4 c = (static_cast<Py_UCS4>(lead & 0x1F) << 6) | (p[1] & 0x3F);
    p += 2;
    return c;
  }
  if (lead < 0xF0) {
    const Py_UCS4 c = (static_cast<Py_UCS4>(lead & 0x0F) << 12) |
                      (static_cast<Py_UCS4>(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
    p += 3;
    return c;
  }
  const Py_UCS4 c = (static_cast<Py_UCS4>(lead & 0x07) << 18) |
                    (static_cast<Py_UCS4>(p[1] & 0x3F) << 12) |
                    (static_cast<Py_UCS4>(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
  p += 4;
  return c;
}

template <class Unit>
void fill(Unit* out, const byte* p, const byte* end) noexcept {
  while (p != end) {
    // Copy ASCII runs eight bytes at a time; they are common even in
    // non-Latin text (spaces, punctuation, digits).
    while (end - p >= 8) {
      const std::uint64_t word = detail::load_word(reinterpret_cast<const char*>(p));
      if (detail::has_high_byte(word) != 0) break;
      for (int i = 0; i < 8; ++i) out[i] = static_cast<Unit>(p[i]);
      out += 8;
      p += 8;
    }
    if (p == end) break;
    *out++ = static_cast<Unit>(next_code_point(p));
  }
}

}  // namespace

PyObject* make_str(const char* text, std::size_t size) {
  const std::size_t ascii = ascii_prefix(text, size);
  if (ascii == size) return make_ascii_str(text, size);

  // The lead bytes alone tell the widest code point exactly: C2..C3 begin
  // U+0080..U+00FF, C4..EF U+0100..U+FFFF, F0..F4 the rest. Continuation
  // bytes (10xxxxxx) are the ones that do not count as characters.
  const auto* const begin = reinterpret_cast<const byte*>(text);
  const byte* const end = begin + size;
  std::size_t continuation = 0;
  byte widest_lead = 0;
  for (const byte* p = begin + ascii; p != end; ++p) {
    const byte b = *p;
    continuation += (b & 0xC0) == 0x80;
    if (b > widest_lead) widest_lead = b;
  }
  const auto length = static_cast<Py_ssize_t>(size - continuation);
  const Py_UCS4 max_char = widest_lead >= 0xF0 ? 0x10FFFF : widest_lead >= 0xC4 ? 0xFFFF : 0xFF;
  PyObject* str = PyUnicode_New(length, max_char);
  if (str == nullptr) return nullptr;
  void* data = PyUnicode_DATA(str);
  switch (PyUnicode_KIND(str)) {
    case PyUnicode_1BYTE_KIND: fill(static_cast<Py_UCS1*>(data), begin, end); break;
    case PyUnicode_2BYTE_KIND: fill(static_cast<Py_UCS2*>(data), begin, end); break;
    default: fill(static_cast<Py_UCS4*>(data), begin, end); break;
  }
  return str;
}

}  // namespace ultrajson::python
