#!/usr/bin/env bash
# Builds the libFuzzer harness with clang (ASan + UBSan) and runs it, seeded
# with JSONTestSuite and the corpus from ../shared/data when present.
#   bash tools/fuzz.sh [SECONDS]     default 60
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
export DEBIAN_FRONTEND=noninteractive
if ! command -v clang++ >/dev/null || ! dpkg-query -W libclang-rt-14-dev >/dev/null 2>&1; then
  apt-get update -qq || true
  apt-get install -y -qq clang libclang-rt-14-dev >/dev/null
fi
cmake --preset fuzz >/dev/null  # build/fuzz (CMakePresets.json)
cmake --build build/fuzz --target fuzz_roundtrip -j"$(nproc)"

data=${ULTRAJSON_DATA:-../shared/data}
seeds=build/fuzz/seeds
mkdir -p "$seeds" build/fuzz/found
if [[ -d $data/JSONTestSuite ]]; then
  # Each seed gets a leading options byte (the harness reads the first byte
  # as flags); vary it so all option combinations start covered.
  i=0
  for file in "$data"/JSONTestSuite/test_parsing/*.json "$data"/JSONTestSuite/test_transform/*.json; do
    { printf "\\$(printf '%03o' $((i % 128)))"; cat "$file"; } >"$seeds/seed_$i"
    i=$((i + 1))
  done
else
  echo "fuzz: no data at $data; starting from an empty corpus"
fi
build/fuzz/fuzz/fuzz_roundtrip build/fuzz/found "$seeds" -max_total_time="$seconds" \
  -max_len=65536 -print_final_stats=1 -artifact_prefix=build/fuzz/
