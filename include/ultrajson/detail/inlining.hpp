#pragma once
// Where the compiler's own inlining choice costs: a hot function it would
// leave out of line (the string scan, called from two places in the parse
// loop) and a rare path it would pull into a hot loop. Attributes have no
// portable spelling, hence macros; other compilers get plain `inline`.

#if defined(__GNUC__) || defined(__clang__)
#define ULTRAJSON_ALWAYS_INLINE inline __attribute__((always_inline))
#define ULTRAJSON_NOINLINE inline __attribute__((noinline))
#elif defined(_MSC_VER)
#define ULTRAJSON_ALWAYS_INLINE __forceinline
#define ULTRAJSON_NOINLINE inline __declspec(noinline)
#else
#define ULTRAJSON_ALWAYS_INLINE inline
#define ULTRAJSON_NOINLINE inline
#endif
