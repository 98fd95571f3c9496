#pragma once
// The plain-run copy of a two-byte str (unit_escape.hpp's
// copy_plain_two_byte) in 32-byte vectors, for x86-64 CPUs that have AVX2,
// chosen at run time: a wheel is built for plain x86-64, whose SSE2 form
// takes two-operand instructions and so a register copy for each value
// used twice, and twice the vectors.

#include <cstddef>
#include <cstdint>

#include "simd_level.hpp"
#include "unit_escape.hpp"

#if defined(ULTRAJSON_PYTHON_AVX2)
#include <immintrin.h>
#endif

namespace ultrajson::python {

#if defined(ULTRAJSON_PYTHON_AVX2)
// plain_byte_test's `any` on two 32-byte blocks (U+007F plain).
template <bool slash>
__attribute__((target("avx2"), always_inline)) inline bool any_special_avx2(__m256i first, __m256i second) noexcept {
  const __m256i two = _mm256_set1_epi8(2);
  const __m256i low = _mm256_min_epu8(_mm256_xor_si256(first, two), _mm256_xor_si256(second, two));
  __m256i hit = _mm256_cmpeq_epi8(_mm256_min_epu8(low, _mm256_set1_epi8(0x20)), low);
  const __m256i backslash = _mm256_set1_epi8('\\');
  hit = _mm256_or_si256(hit, _mm256_or_si256(_mm256_cmpeq_epi8(first, backslash), _mm256_cmpeq_epi8(second, backslash)));
  if constexpr (slash) {
    const __m256i solidus = _mm256_set1_epi8('/');
    hit = _mm256_or_si256(hit, _mm256_or_si256(_mm256_cmpeq_epi8(first, solidus), _mm256_cmpeq_epi8(second, solidus)));
  }
  return !_mm256_testz_si256(hit, hit);
}

// copy_plain_two_byte's contract, into a two-byte output. Strs shorter than
// a block take the SSE2 form, compiled here with AVX's three-operand
// encoding.
template <bool slash>
__attribute__((target("avx2"))) std::size_t copy_plain_two_byte_avx2(std::uint16_t* out, const std::uint16_t* in,
                                                                     std::size_t count) noexcept {
  if (count < 64) return copy_plain_two_byte<std::uint16_t, slash>(out, in, count);
  std::size_t i = 0;
  for (;;) {
    const auto* from = reinterpret_cast<const __m256i*>(in + i);
    auto* to = reinterpret_cast<__m256i*>(out + i);
    const __m256i a = _mm256_loadu_si256(from), b = _mm256_loadu_si256(from + 1);
    const __m256i c = _mm256_loadu_si256(from + 2), d = _mm256_loadu_si256(from + 3);
    _mm256_storeu_si256(to, a);
    _mm256_storeu_si256(to + 1, b);
    _mm256_storeu_si256(to + 2, c);
    _mm256_storeu_si256(to + 3, d);
    // Narrowed within each 128-bit lane, so out of order: the test only
    // says whether the block has a hit.
    if (any_special_avx2<slash>(_mm256_packs_epi16(a, b), _mm256_packs_epi16(c, d))) {
      // The exact place, in order, from the sixteen-byte test.
      using test = plain_byte_test<slash, false>;
      const auto* units = reinterpret_cast<const __m128i*>(in + i);
      const __m128i block[4] = {_mm_packs_epi16(_mm_loadu_si128(units), _mm_loadu_si128(units + 1)),
                                _mm_packs_epi16(_mm_loadu_si128(units + 2), _mm_loadu_si128(units + 3)),
                                _mm_packs_epi16(_mm_loadu_si128(units + 4), _mm_loadu_si128(units + 5)),
                                _mm_packs_epi16(_mm_loadu_si128(units + 6), _mm_loadu_si128(units + 7))};
      return i + test::first(block);
    }
    if (i + 64 == count) return count;
    // The last block ends with the str, overlapping plain units.
    i = count - i >= 128 ? i + 64 : count - 64;
  }
}
#endif

}  // namespace ultrajson::python
