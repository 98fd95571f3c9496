#pragma once
// Numbers to text: integers exactly, doubles as the
// shortest text that reads back to the same double (double_to_decimal.hpp),
// laid out as Python's repr(float) lays it out: "1.0", "0.0001", "1e-05",
// "1e+16", "1.5e+300", "-0.0".

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "bits.hpp"
#include "double_to_decimal.hpp"
#include "inlining.hpp"
#include "swar.hpp"

namespace ultrajson::detail {

// Room any formatted double or 64-bit integer needs: at most 24 characters,
// plus slack for the fixed-size copies format_double makes.
inline constexpr std::size_t max_number_chars = 40;

// "00" "01" ... "99": two digits per division.
struct digit_pairs {
  char chars[200];
  constexpr digit_pairs() : chars() {
    for (int i = 0; i < 100; ++i) {
      chars[2 * i] = static_cast<char>('0' + i / 10);
      chars[2 * i + 1] = static_cast<char>('0' + i % 10);
    }
  }
};
inline constexpr digit_pairs two_digits{};

inline void write_two_digits(char* out, std::uint32_t value) noexcept {
  std::memcpy(out, two_digits.chars + 2 * value, 2);
}

// The four digits of a value below 10^4, as eight_digit_values below (the
// same multiply-add steps, in 32-bit lanes).
inline std::uint32_t four_digit_values(std::uint32_t value) noexcept {
  const std::uint32_t high = (value * 5243) >> 19;  // value / 100 below 43,699
  const std::uint32_t pairs = (value << 16) + high * (1 - (100u << 16));
  const std::uint32_t tens = ((pairs * 103) >> 10) & 0x000F000Fu;
  return (pairs << 8) + tens * (1 - (10u << 8));
}

// Where digits come from: the one choice between the two ways below, made
// here. 64-bit targets take eight digits at a time from one word's
// multiplications (eight_digit_values) and count zero digits from its
// bytes. 32-bit targets hold that word in two registers, multiply 64 bits
// in three instructions and count its zero bytes in two scans: for a
// double's digits (write_significand) the pair table and a loop over the
// trailing zeros cost about 20 instructions less per double there
// (callgrind, canada.json).
// (A double's digits take a third way where SSE2 is there:
// significand_from_vector, and long_significand_of for most.)
inline constexpr bool digits_in_64_bit_words = sizeof(void*) >= 8;

// The eight decimal digits of a value below 10^8 (zero-padded), one per
// byte, the first in the lowest, each a digit's value (0..9), not yet a
// character: a few multiplications, no division by ten. x / 100 is
// x * 10486 >> 20 below 43,699, x / 10 is x * 103 >> 10 below 179, and no
// lane's product reaches the next lane.
inline std::uint64_t eight_digit_values(std::uint32_t value) noexcept {
  if constexpr (digits_in_64_bit_words) {
    // abcd and efgh in the two 32-bit lanes, ab cd ef gh in four 16-bit
    // ones, then a digit per byte. Each step splits every lane x into
    // q = x / d (low) and x - d * q (high) as (x << w) + q * (1 - (d << w)):
    // one multiply-add after q instead of a multiply, a subtraction, a
    // shift and an or. The steps are one dependency chain, and a double's
    // digits wait on it (the next double's text starts where they end), so
    // its length, not the instruction count, sets the speed of double-heavy
    // documents.
    const std::uint64_t high = value / 10000;
    const std::uint64_t halves =
        (std::uint64_t{value} << 32) + high * (1 - (std::uint64_t{10000} << 32));
    const std::uint64_t high_pairs = ((halves * 10486) >> 20) & 0x0000007F0000007Fu;
    const std::uint64_t pairs = (halves << 16) + high_pairs * (1 - (std::uint64_t{100} << 16));
    const std::uint64_t tens = ((pairs * 103) >> 10) & 0x000F000F000F000Fu;
    return (pairs << 8) + tens * (1 - (std::uint64_t{10} << 8));
  } else {
    // Two 32-bit words of four digits each.
    const std::uint32_t high = value / 10000;
    return four_digit_values(high) | (std::uint64_t{four_digit_values(value - high * 10000)} << 32);
  }
}

// Stores the digits of an eight_digit_values word as characters, the first
// at out (eight bytes, whatever the byte order).
inline void store_digits(char* out, std::uint64_t digits) noexcept {
  std::uint64_t chars = digits | repeat_byte('0');
  if constexpr (big_endian) chars = byte_swap(chars);
  std::memcpy(out, &chars, 8);
}

// In an eight_digit_values word that is not zero: how many digits before
// the first nonzero one, and after the last nonzero one.
inline unsigned leading_zero_digits(std::uint64_t digits) noexcept {
  return count_trailing_zeros(digits) / 8;
}
inline unsigned trailing_zero_digits(std::uint64_t digits) noexcept {
  return count_trailing_zeros(byte_swap(digits)) / 8;
}

// The one or two digits of a value below 100, no padding, at out, which
// moves past them. By reference, as the code this replaced moved it in
// each caller: returning the new position changed GCC's code for the
// callers, with more instructions a write under -m32 (callgrind).
inline void write_one_or_two_digits(char*& out, std::uint32_t value) noexcept {
  if (value < 10) {
    *out++ = static_cast<char>('0' + value);
  } else {
    write_two_digits(out, value);
    out += 2;
  }
}

// The digits of a value of 2 * pairs + 1 or 2 * pairs + 2 digits, no
// padding: from 10^4 below 10^6 (pairs 2), from 10^6 below 10^8 (3), from
// 10^8 to 2^32 - 1 (4); returns the position after them. The value times
// ceil(2^57 / 100^pairs) is value / 100^pairs as a fixed-point number with
// 57 fraction bits: its integer part is the first one or two digits, and
// each multiplication of its fraction by 100 brings the next two into the
// integer part. The rounding up makes the product exceed the exact quotient
// by less than the value (a quarter of it for pairs 4), and each
// multiplication by 100 multiplies that excess, to less than value *
// 100^pairs after the last, which the ranges keep below 2^57, one unit of
// the integer part. After j multiplications the exact fraction is a
// multiple of 1 / 100^(pairs - j), so its distance to the next unit is at
// least that much, more than the excess then: no step reads a digit too
// high. Fewer and shorter steps than the digit count's comparisons and the
// chain of multiplications in lanes (eight_digit_values) that this
// replaced, on 32-bit targets too (the README's writer bullet has the
// figures).
template <int pairs>
inline char* write_from_fixed_point(char* out, std::uint32_t value) noexcept {
  static_assert(pairs >= 2 && pairs <= 4, "the error bound above holds for these ranges");
  constexpr int fraction_bits = 57;
  constexpr std::uint64_t fraction_mask = (std::uint64_t{1} << fraction_bits) - 1;
  constexpr std::uint64_t divisor = pairs == 2 ? 10000 : pairs == 3 ? 1000000 : 100000000;
  constexpr std::uint64_t reciprocal = ((std::uint64_t{1} << fraction_bits) + divisor - 1) / divisor;
  std::uint64_t scaled = std::uint64_t{value} * reciprocal;
  write_one_or_two_digits(out, static_cast<std::uint32_t>(scaled >> fraction_bits));  // 1 to 99
  for (int pair = 0; pair < pairs; ++pair) {
    scaled = (scaled & fraction_mask) * 100;
    write_two_digits(out + 2 * pair, static_cast<std::uint32_t>(scaled >> fraction_bits));
  }
  return out + 2 * pairs;
}

// The digits of a value below 10^8, no padding, at out; returns the
// position after them. Up to four digits in pairs from a table (most
// integers in documents are that short), more from a fixed-point quotient.
inline char* write_short_number(char* out, std::uint32_t value) noexcept {
  if (value < 100) {
    write_one_or_two_digits(out, value);
    return out;
  }
  if (value < 10000) {
    const std::uint32_t high = value / 100;
    write_one_or_two_digits(out, high);
    write_two_digits(out, value - high * 100);
    return out + 2;
  }
  if (value < 1000000) return write_from_fixed_point<2>(out, value);
  return write_from_fixed_point<3>(out, value);
}

// A value above 2^32 - 1 (ten to twenty digits), in pieces of eight so that
// 32-bit targets divide 64 bits at most twice. Out of line on 32-bit
// targets, where those divisions are library calls anyway: inline, they
// held format_unsigned's 64-bit value in registers that its short paths
// then saved and reloaded for every integer (callgrind). Inline on 64-bit
// ones, where a call would make the loops that format integers inline
// (the Python list walk) keep their values across it.
#if UINTPTR_MAX > 0xFFFFFFFFu
#define ULTRAJSON_ABOVE_32_BITS_INLINE inline
#else
#define ULTRAJSON_ABOVE_32_BITS_INLINE ULTRAJSON_NOINLINE
#endif
ULTRAJSON_ABOVE_32_BITS_INLINE char* format_above_32_bits(char* out, std::uint64_t value) noexcept {
  constexpr std::uint64_t ten_to_8 = 100000000;
  if (value < ten_to_8 * ten_to_8) {
    const auto high = static_cast<std::uint32_t>(value / ten_to_8);
    out = write_short_number(out, high);
    store_digits(out, eight_digit_values(static_cast<std::uint32_t>(value - high * ten_to_8)));
    return out + 8;
  }
  const std::uint64_t top = value / (ten_to_8 * ten_to_8);  // at most 1844
  const std::uint64_t rest = value - top * (ten_to_8 * ten_to_8);
  const auto middle = static_cast<std::uint32_t>(rest / ten_to_8);
  out = write_short_number(out, static_cast<std::uint32_t>(top));
  store_digits(out, eight_digit_values(middle));
  store_digits(out + 8, eight_digit_values(static_cast<std::uint32_t>(rest - middle * ten_to_8)));
  return out + 16;
}

// Any 64-bit value: up to 20 digits. Writes scratch bytes up to 24 past
// out. (std::to_chars counts the digits in a loop and was the largest part
// of writing integer-heavy documents.)
inline char* format_unsigned(char* out, std::uint64_t value) noexcept {
  if (value < 100000000) return write_short_number(out, static_cast<std::uint32_t>(value));
  if (value <= 0xFFFFFFFFu) return write_from_fixed_point<4>(out, static_cast<std::uint32_t>(value));
  return format_above_32_bits(out, value);
}

template <class Integer>
inline char* format_integer(char* out, Integer value) noexcept {
  static_assert(sizeof(Integer) <= 8, "64-bit integers at most");
  if constexpr (std::is_signed_v<Integer>) {
    if (value < 0) {
      *out++ = '-';
      // The magnitude in unsigned arithmetic: -INT64_MIN does not fit.
      return format_unsigned(out, std::uint64_t{0} - static_cast<std::uint64_t>(value));
    }
  }
  return format_unsigned(out, static_cast<std::uint64_t>(value));
}

// A significand's significant digits: where they start in a buffer and how
// many there are, without its leading and trailing zeros.
struct significant_digits {
  const char* first;
  int count;
};

// The digits of a value below 10^9, no padding, ending at end, from the
// pair table; returns where they start.
inline char* write_digits_before(char* end, std::uint32_t value) noexcept {
  for (; value >= 100; value /= 100) {
    end -= 2;
    write_two_digits(end, value % 100);
  }
  if (value >= 10) {
    end -= 2;
    write_two_digits(end, value);
  } else {
    *--end = static_cast<char>('0' + value);
  }
  return end;
}

// write_significand's two ways (see digits_in_64_bit_words); high is the
// significand's digits above the last eight, low those eight.
// 1 + 8 + 8 digits from two words, zero digits counted from their bytes.
// top is high's first digit (high / 10^8).
inline significant_digits significand_from_words(char* buffer, std::uint32_t high,
                                                 std::uint32_t low, std::uint32_t top) noexcept {
  const std::uint64_t middle = eight_digit_values(high - top * 100000000);
  const std::uint64_t bottom = eight_digit_values(low);
  buffer[0] = static_cast<char>('0' + top);
  store_digits(buffer + 1, middle);
  store_digits(buffer + 9, bottom);
  const int leading = top != 0      ? 0
                      : middle != 0 ? 1 + static_cast<int>(leading_zero_digits(middle))
                                    : 9 + static_cast<int>(leading_zero_digits(bottom));
  const int trailing = bottom != 0   ? static_cast<int>(trailing_zero_digits(bottom))
                       : middle != 0 ? 8 + static_cast<int>(trailing_zero_digits(middle))
                                     : 16;
  return {buffer + leading, 17 - leading - trailing};
}
// Only the digits from the first significant one are written, from the
// pair table, ending at buffer[16]; a loop finds the trailing zeros.
inline significant_digits significand_from_pairs(char* buffer, std::uint32_t high,
                                                 std::uint32_t low) noexcept {
  const char* first;
  if (high != 0) {
    const std::uint32_t upper = low / 10000, lower = low - upper * 10000;
    write_two_digits(buffer + 9, upper / 100);
    write_two_digits(buffer + 11, upper % 100);
    write_two_digits(buffer + 13, lower / 100);
    write_two_digits(buffer + 15, lower % 100);
    first = write_digits_before(buffer + 9, high);
  } else {
    first = write_digits_before(buffer + 17, low);
  }
  int count = static_cast<int>(buffer + 17 - first);
  while (first[count - 1] == '0') --count;
  return {first, count};
}

#if defined(__SSE2__)
// The third way, where SSE2 is there (x86-64, and 32-bit x86 built for
// it): the sixteen digits of two values below 10^8 (zero-padded, high's
// first), one per byte, each a digit's value, from the steps of
// eight_digit_values on both values at once (in 64-, 32- and 16-bit lanes),
// and their zero digits from one compare.
inline __m128i sixteen_digit_values(std::uint32_t high, std::uint32_t low) noexcept {
  const __m128i values = _mm_set_epi32(0, static_cast<int>(low), 0, static_cast<int>(high));
  // x / 10^4 is x * 0xd1b71759 >> 45 below 2^32.
  const __m128i upper = _mm_srli_epi64(
      _mm_mul_epu32(values, _mm_set1_epi32(static_cast<int>(0xd1b71759u))), 45);
  const __m128i lower = _mm_sub_epi32(values, _mm_mul_epu32(upper, _mm_set1_epi32(10000)));
  const __m128i fours = _mm_or_si128(upper, _mm_slli_epi64(lower, 32));
  // x / 100 is x * 5243 >> 19 below 43,699.
  const __m128i hundreds = _mm_srli_epi16(_mm_mulhi_epu16(fours, _mm_set1_epi32(5243)), 3);
  const __m128i rest = _mm_sub_epi16(fours, _mm_mullo_epi16(hundreds, _mm_set1_epi32(100)));
  const __m128i pairs = _mm_or_si128(hundreds, _mm_slli_epi32(rest, 16));
  // x / 10 is x * 6554 >> 16 below 100.
  const __m128i tens = _mm_mulhi_epu16(pairs, _mm_set1_epi16(6554));
  const __m128i ones = _mm_sub_epi16(pairs, _mm_mullo_epi16(tens, _mm_set1_epi16(10)));
  return _mm_or_si128(tens, _mm_slli_epi16(ones, 8));
}

// 1 + 16 digits, the sixteen from one vector.
inline significant_digits significand_from_vector(char* buffer, std::uint32_t high,
                                                  std::uint32_t low, std::uint32_t top) noexcept {
  const __m128i digits = sixteen_digit_values(high - top * 100000000, low);
  buffer[0] = static_cast<char>('0' + top);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(buffer + 1),
                   _mm_or_si128(digits, _mm_set1_epi8('0')));
  const auto zeros = static_cast<std::uint32_t>(
      _mm_movemask_epi8(_mm_cmpeq_epi8(digits, _mm_setzero_si128())));
  // Bit i: digit i is not zero, the first (top) included, so that each
  // end is one bit scan and there is no branch: whether top is zero (17
  // digits or 16) follows a double's bits, which no predictor guesses.
  // Never zero: the significand is not.
  const std::uint32_t nonzero = ((~zeros & 0xFFFFu) << 1) | (top != 0 ? 1u : 0u);
  const int leading = static_cast<int>(count_trailing_zeros(nonzero));
  const int last = 63 - count_leading_zeros(std::uint64_t{nonzero});
  return {buffer + leading, last + 1 - leading};
}

// A significand of 16 or 17 digits as characters in a register, so that
// format_double lays most doubles out with stores alone: the search's
// significands all have that many (c * 2^q * 10^-k is at least 2^52 for a
// normal double); the integer shortcut's and subnormals' may be shorter
// and go through the buffer. Through the buffer, the digits after the
// first were read back from an offset other than the one they were
// stored at (for 16 digits), a load across two stores that the processor
// cannot serve from them.
struct long_significand {
  __m128i first_sixteen;  // the first sixteen digits, the first in the lowest byte
  char seventeenth;       // the last of 17 digits (scratch when there are 16)
  int count;              // without the trailing zeros
  int exponent;           // of the first digit, with shortest_decimal's exponent 0
};
inline constexpr std::uint64_t smallest_long_significand = 1000000000000000u;  // 10^15

inline char last_byte(__m128i bytes) noexcept {
  return static_cast<char>(static_cast<unsigned>(_mm_extract_epi16(bytes, 7)) >> 8);
}

// The digits as significand_from_vector finds them, then the first
// sixteen significant ones: top and the sixteen after it moved up a byte,
// or, when top is zero, those sixteen. (The digit and mask steps are
// written out again here: shared with significand_from_vector through a
// helper, GCC scheduled format_double's hot path into more instructions.)
inline long_significand long_significand_of(std::uint32_t high, std::uint32_t low, std::uint32_t top) noexcept {
  const __m128i values = sixteen_digit_values(high - top * 100000000, low);
  const __m128i after_top = _mm_or_si128(values, _mm_set1_epi8('0'));
  const auto zeros = static_cast<std::uint32_t>(
      _mm_movemask_epi8(_mm_cmpeq_epi8(values, _mm_setzero_si128())));
  const std::uint32_t nonzero = ((~zeros & 0xFFFFu) << 1) | (top != 0 ? 1u : 0u);
  const int last = 63 - count_leading_zeros(std::uint64_t{nonzero});
  const __m128i with_top =
      _mm_or_si128(_mm_slli_si128(after_top, 1), _mm_cvtsi32_si128(static_cast<int>('0' + top)));
  if (top != 0) return {with_top, last_byte(after_top), last + 1, 16};
  return {after_top, last_byte(after_top), last, 15};
}
#endif

// A significand below 10^17 in 32-bit pieces, so that 32-bit targets
// divide 64 bits only once: high, its digits above the last eight (below
// 10^9); low, those eight; top, the first of its 17 digits (high / 10^8).
struct significand_pieces {
  std::uint32_t high, low, top;
};

inline significand_pieces pieces_of(std::uint64_t significand) noexcept {
  const auto high = static_cast<std::uint32_t>(significand / 100000000);
  const auto low = static_cast<std::uint32_t>(significand - std::uint64_t{high} * 100000000);
  if constexpr (digits_in_64_bit_words) {
    // The first digit from the significand itself, not from high: a step
    // less in the chain before the digits.
    return {high, low, static_cast<std::uint32_t>(significand / 10000000000000000u)};
  } else {
    return {high, low, high / 100000000};
  }
}

// Writes the digits of a significand below 10^17 into buffer[0, 17), the
// last at buffer[16], and finds its significant ones.
inline significant_digits write_significand(char* buffer, std::uint64_t significand) noexcept {
  const significand_pieces pieces = pieces_of(significand);
#if defined(__SSE2__)
  return significand_from_vector(buffer, pieces.high, pieces.low, pieces.top);
#else
  if constexpr (digits_in_64_bit_words) {
    return significand_from_words(buffer, pieces.high, pieces.low, pieces.top);
  } else {
    return significand_from_pairs(buffer, pieces.high, pieces.low);
  }
#endif
}

// repr switches to exponent form when the decimal point would sit more
// than 16 places right of the first digit or 4 places left of it; `point`
// is the number of digits before it (the first digit's exponent + 1).
inline bool repr_uses_exponent(int point) noexcept { return point > 16 || point < -3; }

// "e+16", "e-05", "e+300": at least two digits.
inline char* write_exponent(char* out, int exponent) noexcept {
  *out++ = 'e';
  *out++ = exponent < 0 ? '-' : '+';
  const auto magnitude = static_cast<std::uint32_t>(exponent < 0 ? -exponent : exponent);
  if (magnitude < 100) {
    write_two_digits(out, magnitude);
    return out + 2;
  }
  *out = static_cast<char>('0' + magnitude / 100);
  write_two_digits(out + 1, magnitude % 100);
  return out + 3;
}

#if defined(__SSE2__)
// format_double's layout of a long_significand, as the buffer's below
// (scratch bytes within max_number_chars of out, likewise).
inline char* write_long_significand(char* out, const long_significand& digits, int decimal_exponent) noexcept {
  const __m128i first_sixteen = digits.first_sixteen;
  const int count = digits.count;
  const int exponent = decimal_exponent + digits.exponent;
  const int point = exponent + 1;
  if (repr_uses_exponent(point)) {
    out[0] = static_cast<char>(_mm_cvtsi128_si32(first_sixteen));
    out[1] = '.';
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2), _mm_srli_si128(first_sixteen, 1));
    out[17] = digits.seventeenth;
    return write_exponent(out + (count > 1 ? count + 1 : 1), exponent);
  }
  if (point <= 0) {  // 0.000ddd: at most three zeros after the point
    std::memcpy(out, "0.000", 5);
    out += 2 - point;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), first_sixteen);
    out[16] = digits.seventeenth;
    return out + count;
  }
  if (point >= count) {  // ddd000.0: at most 16 digits
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), first_sixteen);
    std::memset(out + count, '0', 16);
    out[point] = '.';
    out[point + 1] = '0';
    return out + point + 2;
  }
  // ddd.ddd: the digits after the point from a copy in memory. (Moved up
  // a byte in the register instead, by masks for the point's position,
  // the longer chain of instructions cost canada.json's coordinates more
  // than the reads across stores.)
  char buffer[32];  // 17 digits, and room for the copy to read
  _mm_storeu_si128(reinterpret_cast<__m128i*>(buffer), first_sixteen);
  buffer[16] = digits.seventeenth;
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), first_sixteen);
  out[point] = '.';
  std::memcpy(out + point + 1, buffer + point, 16);
  return out + count + 1;
}
#endif

// Writes a finite double; returns the position after it. Writes scratch
// bytes up to max_number_chars past out (fixed-size copies are cheaper
// than exact ones).
inline char* format_double(char* out, double value) noexcept {
  const std::uint64_t bits = bits_of_double(value);
  // The sign without a branch: in many documents it is as random as the
  // digits.
  *out = '-';
  out += bits >> 63;
  const std::uint64_t magnitude_bits = bits & ~(std::uint64_t{1} << 63);
  if (magnitude_bits == 0) {  // either zero
    std::memcpy(out, "0.0", 3);
    return out + 3;
  }
  const shortest_decimal decimal = positive_bits_to_decimal(magnitude_bits);
#if defined(__SSE2__)
  if (decimal.significand >= smallest_long_significand) {
    const significand_pieces pieces = pieces_of(decimal.significand);
    return write_long_significand(out, long_significand_of(pieces.high, pieces.low, pieces.top), decimal.exponent);
  }
#endif
  // 17 digits, then room for the fixed-size copies below to read.
  char buffer[48];
  const significant_digits significant = write_significand(buffer, decimal.significand);
  const char* const digits = significant.first;
  const int count = significant.count;
  // Of the first significant digit: the 17 written end at decimal.exponent.
  const int exponent = decimal.exponent + 16 - static_cast<int>(digits - buffer);
  const int point = exponent + 1;  // digits before the decimal point
  if (repr_uses_exponent(point)) {
    out[0] = digits[0];
    out[1] = '.';
    std::memcpy(out + 2, digits + 1, 16);  // count <= 17
    return write_exponent(out + (count > 1 ? count + 1 : 1), exponent);
  }
  if (point <= 0) {  // 0.000ddd: at most three zeros after the point
    std::memcpy(out, "0.000", 5);
    std::memcpy(out + 2 - point, digits, 24);
    return out + 2 - point + count;
  }
  std::memcpy(out, digits, 16);  // point <= 16
  if (point >= count) {  // ddd000.0
    std::memset(out + count, '0', 16);
    out[point] = '.';
    out[point + 1] = '0';
    return out + point + 2;
  }
  out[point] = '.';  // ddd.ddd
  std::memcpy(out + point + 1, digits + point, 16);
  return out + count + 1;
}

// Whether format_double prints the double nearest to a decimal written in
// JSON as digits, a point and digits (no exponent) exactly as it was
// written; `digits` are all its digits as one integer, `fraction_digits`
// how many follow the point, `last_digit` its last character. Then
// parse(text, writer) copies the text instead of converting and printing.
// A fraction_digits of 0 is scanned_number's mark for a number that is not
// such a decimal (or has more than 19 digits): never as is.
//
// It does when the decimal has at most 15 significant digits, is at least
// 1e-4, and ends in no zero but that of a lone ".0". Why: take d in
// [10^e, 10^(e+1)). Other decimals of at most 15 significant digits lie at
// least 10^(e-14) above it and, below it, 10^(e-14) away (10^(e-15) when d
// is 10^e, where the doubles are twice as dense as above it). The doubles
// there are at most 2^-52 * 10^(e+1) < 2.3 * 10^(e-15) apart, and the
// rounding interval of the double nearest d spans at most one such step
// each side of d: so d is the only decimal of at most 15 digits in it,
// and its digits (less trailing zeros) are the shortest that round-trip.
// repr lays them out in fixed notation from 1e-4 to below 1e16, with no
// leading zero but the one before the point, and no trailing zero but the
// one after it: as JSON wrote them, with the sign ("-0.0" too).
inline bool prints_plain_decimal_as_is(std::uint64_t digits, unsigned fraction_digits,
                                       char last_digit) noexcept {
  // 10^0 to 10^15 (static: else built on the stack at each call).
  static constexpr std::uint64_t powers_of_ten[] = {1u,
                                             10u,
                                             100u,
                                             1000u,
                                             10000u,
                                             100000u,
                                             1000000u,
                                             10000000u,
                                             100000000u,
                                             1000000000u,
                                             10000000000u,
                                             100000000000u,
                                             1000000000000u,
                                             10000000000000u,
                                             100000000000000u,
                                             1000000000000000u};
  if (fraction_digits == 0 || digits >= powers_of_ten[15] || (last_digit == '0' && fraction_digits != 1)) {
    return false;
  }
  // At least 1e-4: the first significant digit at most four places after
  // the point. (The scan sets at most 19 fraction digits.)
  if (fraction_digits <= 4) return true;
  return fraction_digits - 4 <= 15 && digits >= powers_of_ten[fraction_digits - 4];
}

}  // namespace ultrajson::detail
