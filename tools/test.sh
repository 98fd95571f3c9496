#!/usr/bin/env bash
# Runs every test: the C++ suite (Release, 32-bit, under AddressSanitizer and
# UndefinedBehaviorSanitizer, clang + libc++, clang -fno-exceptions, s390x and
# aarch64 under qemu-user; the builds are named in CMakePresets.json), then
# the Python suite on each CPython 3.9-3.13 that is installed, each against
# its own `pip install .` (nox), again against the extension built with the
# sanitizers, then the sdist and the manylinux wheel in fresh venvs
# (tools/test_dist.sh), and again on 32-bit CPython when the i386 root is
# there (bash tools/i386_root.sh prepare; CI makes it), built with SSE2 and
# for the i686 baseline. Each part prints its time. Installs what it needs
# first. Exits non-zero on any failure.
#   bash tools/test.sh            everything
#   bash tools/test.sh --no-asan  skip the sanitizer builds (quicker local runs)
set -euo pipefail
cd "$(dirname "$0")/.."
asan=1
for arg in "$@"; do
  case $arg in
    --no-asan) asan=0 ;;
    *) echo "usage: $0 [--no-asan]" >&2; exit 2 ;;
  esac
done
jobs=$(nproc)
# Each part's wall time after it, so that a run's log shows where the time goes.
part_start=$SECONDS
part_done() {
  echo "== took $((SECONDS - part_start)) s: $1"
  part_start=$SECONDS
}

bash tools/deps.sh test
part_done "dependencies"

# cpp_tests PRESET WHAT [CTEST_ARGS...]: configure, build and run the C++
# suite as the CMakePresets.json preset of that name says, in build/PRESET.
cpp_tests() {
  local preset=$1 what=$2
  shift 2
  echo "== C++ tests ($what)"
  cmake --preset "$preset" >/dev/null
  cmake --build "build/$preset" -j"$jobs"
  ctest --test-dir "build/$preset" --output-on-failure -j"$jobs" "$@"
  part_done "C++ tests ($what)"
}

cpp_tests release "Release"
# 32-bit x86 has no SSE2 by default and evaluates doubles in x87 registers:
# this build runs the scanner's portable word-at-a-time paths and the
# from_chars-only double path that the x86-64 build never takes.
cpp_tests m32 "32-bit x86, -m32"
if ((asan)); then
  cpp_tests asan "AddressSanitizer + UndefinedBehaviorSanitizer"
fi
# LLVM's standard library (Debian's libc++-14): what macOS users and some
# Linux distributions build with.
cpp_tests libcxx "clang + libc++"
# The library throws nothing itself; only to_json needs exceptions.
cpp_tests noexcept "clang -fno-exceptions"
# Big-endian s390x and aarch64 (clang with Debian's cross sysroots), run
# under qemu-user: the word scanners' byte order and the non-x86 paths. The
# tests of the host toolchain (must-not-compile, packaging, README) ran above.
host_only='^(compile_fail|package_|configure_|readme_)'
cpp_tests s390x "s390x under qemu-user" -E "$host_only"
# aarch64 leaves out the four long random sweeps (minutes under qemu), which
# x86-64 and s390x run: it is little-endian and 64-bit like x86-64.
long_sweeps='random (bit patterns|decimal-looking|values in the fixed-form|strings against)'
cpp_tests aarch64 "aarch64 under qemu-user" -E "$host_only|$long_sweeps"

echo "== Python tests (every CPython 3.9-3.13 found; see noxfile.py)"
python3 -m nox
part_done "Python tests (nox)"

if ((asan)); then
  # The extension under ASan+UBSan in a venv of its own (the nox sessions'
  # installs stay as they are). CPython is not built with ASan, so its
  # runtime is preloaded. CPython leaks by design at exit: leak checking off.
  # ULTRAJSON_SANITIZED tells the tests that cannot run as they are under
  # ASan to assert what ASan allows. (PYTHONMALLOC=malloc, which would put
  # small objects under ASan too, makes the leak tests see ~7 bytes a call of
  # growth on error paths that neither it nor ASan alone shows: not used.)
  echo "== Python tests (extension with AddressSanitizer + UndefinedBehaviorSanitizer)"
  python3 -m venv --system-site-packages build/venv-asan
  build/venv-asan/bin/python -m pip install -q --root-user-action=ignore . \
    -C cmake.define.ULTRAJSON_PYTHON_SANITIZE=ON -C cmake.build-type=RelWithDebInfo
  LD_PRELOAD=$(gcc -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0 \
    UBSAN_OPTIONS=print_stacktrace=1 ULTRAJSON_SANITIZED=1 \
    build/venv-asan/bin/python -m pytest python/tests -q -p no:cacheprovider
  part_done "Python tests (sanitizers)"
fi

# The sdist and the manylinux wheel, each installed in a fresh venv.
bash tools/test_dist.sh
part_done "sdist and wheel"

if bash tools/i386_root.sh exists; then
  # Twice: as built for users (SSE2, python/CMakeLists.txt), then for the
  # i686 baseline, the one run of the module's portable paths (those that
  # every processor without SSE2, aarch64's included, takes).
  for build in sse2 portable; do
    echo "== Python tests (32-bit x86 CPython, in the i386 root, $build build)"
    portable=OFF
    [[ $build == portable ]] && portable=ON
    bash tools/i386_root.sh run sh -c "python3 -m pip install -q --no-build-isolation \
      --config-settings=cmake.define.ULTRAJSON_PYTHON_PORTABLE=$portable \
      --config-settings=build-dir=/work/build-module-$build . && python3 -m pytest python/tests -q -p no:cacheprovider"
    part_done "Python tests (32-bit x86, $build build)"
  done
fi
