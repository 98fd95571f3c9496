#!/usr/bin/env bash
# Runs every test: the C++ suite (Release, 32-bit, then under AddressSanitizer
# and UndefinedBehaviorSanitizer), then the Python suite on each CPython
# 3.9-3.13 that is installed, each against its own `pip install .` (nox),
# and again on 32-bit CPython when the i386 root is there
# (bash tools/i386_root.sh prepare; CI makes it). Installs what it needs
# first. Exits non-zero on any failure.
#   bash tools/test.sh            everything
#   bash tools/test.sh --no-asan  skip the sanitizer build (quicker local runs)
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

bash tools/deps.sh test

echo "== C++ tests (Release)"
cmake -S . -B build/tests -DCMAKE_BUILD_TYPE=Release -DULTRAJSON_BUILD_TESTS=ON >/dev/null
cmake --build build/tests -j"$jobs"
ctest --test-dir build/tests --output-on-failure -j"$jobs"

# 32-bit x86 has no SSE2 by default and evaluates doubles in x87 registers:
# this build runs the scanner's portable word-at-a-time paths and the
# from_chars-only double path that the x86-64 build never takes.
echo "== C++ tests (32-bit x86, -m32)"
cmake -S . -B build/tests-m32 -DCMAKE_BUILD_TYPE=Release -DULTRAJSON_BUILD_TESTS=ON \
  -DCMAKE_CXX_FLAGS=-m32 >/dev/null
cmake --build build/tests-m32 -j"$jobs"
ctest --test-dir build/tests-m32 --output-on-failure -j"$jobs"

if ((asan)); then
  echo "== C++ tests (AddressSanitizer + UndefinedBehaviorSanitizer)"
  cmake -S . -B build/tests-asan -DCMAKE_BUILD_TYPE=Debug -DULTRAJSON_BUILD_TESTS=ON \
    -DULTRAJSON_SANITIZE=ON >/dev/null
  cmake --build build/tests-asan -j"$jobs"
  ctest --test-dir build/tests-asan --output-on-failure -j"$jobs"
fi

echo "== Python tests (every CPython 3.9-3.13 found; see noxfile.py)"
python3 -m nox

if bash tools/i386_root.sh exists; then
  echo "== Python tests (32-bit x86 CPython, in the i386 root)"
  bash tools/i386_root.sh run sh -c 'python3 -m pip install -q --no-build-isolation \
    --config-settings=build-dir=/work/build-module . && python3 -m pytest python/tests -q -p no:cacheprovider'
fi
