#!/usr/bin/env bash
# Runs the atheris harness fuzz/python_fuzz.py against the module built from
# this tree (in a venv of its own, build/venv-fuzz), seeded with JSONTestSuite
# from ../shared/data when present, with the JSON dictionary when there is one.
#   bash tools/fuzz_python.sh [SECONDS]     default 60
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
bash tools/deps.sh fuzz
python3 -m venv --system-site-packages build/venv-fuzz
build/venv-fuzz/bin/python -m pip install -q --root-user-action=ignore .

out=build/fuzz-python
data=${ULTRAJSON_DATA:-../shared/data}
mkdir -p "$out/seeds" "$out/found"
if [[ -d $data/JSONTestSuite ]]; then
  # A leading even byte sends the rest to loads; an odd one builds an object
  # for dumps from the same bytes.
  i=0
  for file in "$data"/JSONTestSuite/test_parsing/*.json; do
    { printf '\000'; cat "$file"; } >"$out/seeds/loads_$i"
    { printf '\001'; cat "$file"; } >"$out/seeds/dumps_$i"
    i=$((i + 1))
  done
else
  echo "fuzz_python: no data at $data; starting from an empty corpus"
fi
flags=(-max_total_time="$seconds" -max_len=4096 -print_final_stats=1 -artifact_prefix="$out/")
[[ -f fuzz/json.dict ]] && flags+=(-dict=fuzz/json.dict)
build/venv-fuzz/bin/python fuzz/python_fuzz.py "${flags[@]}" "$out/found" "$out/seeds"
