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

inline simd_level simd_level_of_cpu() noexcept {
  __builtin_cpu_init();
  // GCC and clang report AVX2 only when the OS saves its registers.
  return __builtin_cpu_supports("avx2") ? simd_level::avx2 : simd_level::sse2;
}

inline simd_level simd_level_allowed() noexcept {
  const char* cap = std::getenv("ULTRAJSON_SIMD");
  return cap != nullptr && std::strcmp(cap, "sse2") == 0 ? simd_level::sse2 : simd_level::avx2;
}

inline const simd_level simd = [] {
  const simd_level cpu = simd_level_of_cpu();
  const simd_level allowed = simd_level_allowed();
  return cpu < allowed ? cpu : allowed;
}();
#else
inline constexpr simd_level simd = simd_level::sse2;
#endif

// The level's name, for ultrajson's build details and the tests.
inline const char* simd_level_name(simd_level level) noexcept {
  switch (level) {
    case simd_level::avx2: return "avx2";
    default: return "sse2";
  }
}

}  // namespace ultrajson::python
