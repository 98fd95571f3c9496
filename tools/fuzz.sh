#!/usr/bin/env bash
# Builds every libFuzzer harness registered in fuzz/CMakeLists.txt with clang
# (ASan + UBSan) and runs each for SECONDS, one after the other, seeded with
# JSONTestSuite and the corpus from ../shared/data (ULTRAJSON_DATA overrides).
# A crash fails the run; its input is left in build/fuzz/found-NAME/crash-*.
#   bash tools/fuzz.sh [SECONDS] [NAME...]     default 60 s each, every harness
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
bash tools/deps.sh fuzz

cmake --preset fuzz >/dev/null  # build/fuzz (CMakePresets.json)

# Every fuzz/fuzz_*.cpp must be registered (a harness CMake does not build
# would silently never run).
harnesses=()
for source in fuzz/fuzz_*.cpp; do
  name=$(basename "$source" .cpp)
  if ! grep -qE "^\s*$name(\s|$)" fuzz/CMakeLists.txt; then
    echo "fuzz: $source is not listed in fuzz/CMakeLists.txt" >&2
    exit 1
  fi
  harnesses+=("$name")
done
if (($# > 0)); then harnesses=("$@"); fi
for name in "${harnesses[@]}"; do
  cmake --build build/fuzz --target "$name" -j"$(nproc)"
done

data=${ULTRAJSON_DATA:-../shared/data}
for name in "${harnesses[@]}"; do
  # Seeds: each JSON file with the harness's option bytes in front, varied
  # so that the option combinations start covered.
  option_bytes=$(sed -n 's|^// fuzz-option-bytes: \([0-9]*\)$|\1|p' "fuzz/$name.cpp" | head -n1)
  option_bytes=${option_bytes:-0}
  seeds=build/fuzz/seeds-$name
  found=build/fuzz/found-$name
  rm -rf "$seeds"
  mkdir -p "$seeds" "$found"
  if [[ -d $data/JSONTestSuite ]]; then
    i=0
    for file in "$data"/JSONTestSuite/test_parsing/*.json "$data"/JSONTestSuite/test_transform/*.json \
      "$data"/corpus/*.json; do
      [[ -f $file ]] || continue
      # The big corpus files only as their first 64 KiB (libFuzzer's -max_len).
      {
        for ((k = 0; k < option_bytes; k++)); do
          printf "\\$(printf '%03o' $(((i * 37 + k * 101) % 256)))"
        done
        head -c 65536 "$file"
      } >"$seeds/seed_$i"
      i=$((i + 1))
    done
  else
    echo "fuzz: no data at $data; $name starts from an empty corpus"
  fi
  dict=fuzz/$name.dict
  [[ -f $dict ]] || dict=fuzz/json.dict
  echo "== fuzz $name: $seconds s"
  "build/fuzz/fuzz/$name" "$found" "$seeds" -dict="$dict" -max_total_time="$seconds" \
    -max_len=65536 -timeout=30 -print_final_stats=1 -artifact_prefix="$found/"
done
