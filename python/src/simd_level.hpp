#pragma once
// Which vector instructions the str copies use: the widest this CPU (and its
// OS, which must save the wider registers) runs, asked once when the module
// is loaded. A wheel is built for plain x86-64 (SSE2); the AVX2 forms are
// compiled beside it for their own target and chosen here.
//
// ULTRAJSON_SIMD=sse2 in the environment caps the choice, so the tests
// reach every form on one machine (and a user can rule one out).

#include <cstdlib>
#include <cstring>

namespace ultrajson::python {

enum class simd_level { sse2, avx2 };

#if defined(__SSE2__) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ULTRAJSON_PYTHON_AVX2 1

inline const simd_level simd = [] {
  const char* cap = std::getenv("ULTRAJSON_SIMD");
  if (cap != nullptr && std::strcmp(cap, "sse2") == 0) return simd_level::sse2;
  __builtin_cpu_init();
  // GCC and clang report AVX2 only when the OS saves its registers.
  return __builtin_cpu_supports("avx2") ? simd_level::avx2 : simd_level::sse2;
}();
#else
inline constexpr simd_level simd = simd_level::sse2;
#endif

// The level's name: ultrajson._ultrajson._simd.
inline const char* simd_level_name(simd_level level) noexcept {
  switch (level) {
    case simd_level::avx2: return "avx2";
    default: return "sse2";
  }
}

}  // namespace ultrajson::python
