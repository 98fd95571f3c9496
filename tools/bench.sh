#!/usr/bin/env bash
# The main job: installs what the benchmarks need, builds and installs the
# Python module, and runs the seed benchmark tables (ultrajson against json,
# simplejson, cjson, ujson, orjson and python-rapidjson).
#   bash tools/bench.sh           quick tables (about a minute)
#   bash tools/bench.sh --full    full tables (several minutes), as in the README
#   bash tools/bench.sh --cpp     also the C++ benchmarks (MB/s on the corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=--quick
cpp=0
for arg in "$@"; do
  case $arg in
    --full) mode= ;;
    --quick) mode=--quick ;;
    --cpp) cpp=1 ;;
    *) echo "usage: $0 [--full] [--cpp]" >&2; exit 2 ;;
  esac
done

bash tools/deps.sh bench
python3 -m pip install -q --root-user-action=ignore .
# Run outside the source tree so the installed ultrajson is the one imported.
(cd bench && python3 python_bench.py $mode --out ../bench-results)
if ((cpp)); then
  bash tools/bench_cpp.sh ${mode}
fi
