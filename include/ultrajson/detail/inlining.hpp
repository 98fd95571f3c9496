#pragma once
// Where the compiler's own inlining choice costs: a hot function it would
// leave out of line (the string scan, called from two places in the parse
// loop) and a rare path it would pull into a hot loop; and which way a hot
// branch goes, where the compiler's block layout otherwise puts the common
// case behind taken jumps; and a label that only some builds jump to (the
// parse loop's, see guess_indentation), which must not warn in the others.
// Attributes have no portable spelling, hence macros; other compilers get
// plain `inline`.

#if defined(__GNUC__) || defined(__clang__)
#define ULTRAJSON_ALWAYS_INLINE inline __attribute__((always_inline))
#define ULTRAJSON_NOINLINE inline __attribute__((noinline))
#define ULTRAJSON_LIKELY(condition) __builtin_expect(static_cast<bool>(condition), 1)
#define ULTRAJSON_UNUSED_LABEL __attribute__((unused))
#elif defined(_MSC_VER)
#define ULTRAJSON_ALWAYS_INLINE __forceinline
#define ULTRAJSON_NOINLINE inline __declspec(noinline)
#define ULTRAJSON_LIKELY(condition) static_cast<bool>(condition)
#define ULTRAJSON_UNUSED_LABEL
#else
#define ULTRAJSON_ALWAYS_INLINE inline
#define ULTRAJSON_NOINLINE inline
#define ULTRAJSON_LIKELY(condition) static_cast<bool>(condition)
#define ULTRAJSON_UNUSED_LABEL
#endif
