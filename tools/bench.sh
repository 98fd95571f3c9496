#!/usr/bin/env bash
# The main job: installs what the benchmarks need, builds and installs the
# Python module, and runs the seed benchmark tables (ultrajson against json,
# simplejson, ujson, orjson, python-rapidjson, msgspec and yyjson; cjson on
# Python 2.7), writing reports and a chart to bench-results/.
#   bash tools/bench.sh           quick tables (a few minutes)
#   bash tools/bench.sh --full    full tables, as in the README
#   bash tools/bench.sh --x86     also the x86 (32-bit) tables, in an i386 Debian
#                                 root (build/i386-root, made once: tools/i386_root.sh)
#   bash tools/bench.sh --cpp     also the C++ benchmarks (MB/s on the corpus)
#   bash tools/bench.sh --no-py27 skip the Python 2.7 table (cjson)
# A step that cannot run on this machine (no Python 2.7, no debootstrap or
# chroot) says which and why; the x64 tables still run.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=--quick
cpp=0
x86=0
py27=1
failed=0
for arg in "$@"; do
  case $arg in
    --full) mode= ;;
    --quick) mode=--quick ;;
    --cpp) cpp=1 ;;
    --x86) x86=1 ;;
    --no-py27) py27=0 ;;
    *) echo "usage: $0 [--full] [--x86] [--cpp] [--no-py27]" >&2; exit 2 ;;
  esac
done
# Quoted in the reports: how this run was made, without local paths.
export ULTRAJSON_BENCH_COMMAND="bash tools/bench.sh${*:+ $*}"
out=bench-results
mkdir -p "$out"
# Results of an earlier run must not join this run's reports.
rm -f "$out"/python-*.json

bash tools/deps.sh bench
# A build folder that stays, and the build tools deps.sh installed, so a rerun
# recompiles only what changed and fetches nothing.
python3 -m pip install -q --root-user-action=ignore --no-build-isolation --config-settings=build-dir=build/bench-module .

# A Python 2.7 interpreter: $ULTRAJSON_PY27, python2.7 on the PATH, or pyenv's.
find_py27() {
  local candidate pyenv_root
  pyenv_root=$( (command -v pyenv >/dev/null && pyenv root) || echo "$HOME/.pyenv")
  for candidate in "${ULTRAJSON_PY27:-}" "$(command -v python2.7 || true)" "$pyenv_root"/versions/2.7*/bin/python2.7; do
    if [[ -n $candidate && -x $candidate ]] && "$candidate" -c 'import sys; assert sys.version_info[:2] == (2, 7)' 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

# The Python 2.7 table: cjson, ujson 1.35 and simplejson, installed into
# build/py27-site (not into the interpreter's own site-packages).
py27_json() {  # prints the results, or {"error": why}
  local python site=build/py27-site
  if ! python=$(find_py27); then
    echo '{"error": "no Python 2.7 interpreter found (looked at $ULTRAJSON_PY27, python2.7 on the PATH and pyenv versions 2.7*)"}'
    return
  fi
  if ! cmp -s bench/requirements-py27.txt "$site/requirements-py27.txt"; then
    rm -rf "$site"
    if ! "$python" -m pip install -q --disable-pip-version-check --target "$site" -r bench/requirements-py27.txt \
      >build/py27-pip.log 2>&1; then
      echo "{\"error\": \"pip could not install bench/requirements-py27.txt for Python 2.7 (see build/py27-pip.log)\"}"
      return
    fi
    cp bench/requirements-py27.txt "$site/"
  fi
  (cd bench && PYTHONPATH=../$site "$python" python27_bench.py $mode) ||
    echo '{"error": "bench/python27_bench.py failed (its error is above)"}'
}
if ((py27)); then
  echo "== Python 2.7 table (cjson, ujson 1.35, simplejson, json)"
  mkdir -p build
  py27_json >"$out/python-py27.json.tmp"
  mv "$out/python-py27.json.tmp" "$out/python-py27.json"
  grep -o '"error": "[^"]*"' "$out/python-py27.json" | head -n1 || true
fi

if ((x86)); then
  echo "== x86 (32-bit) tables, in the i386 root"
  if bash tools/i386_root.sh prepare; then
    root=$(bash tools/i386_root.sh path)
    # The copy of the repository inside is made afresh by each run.
    if bash tools/i386_root.sh run sh -c "python3 -m pip install -q --no-build-isolation \
        --config-settings=build-dir=/work/build-module . &&
        cd bench && ULTRAJSON_BENCH_COMMAND='$ULTRAJSON_BENCH_COMMAND' python3 python_bench.py $mode \
        --no-report --out ../bench-results"; then
      cp "$root/work/ultrajson/bench-results/python-x86.json" "$out/"
    else
      echo "x86 tables failed (the error is above); the x64 tables still run" >&2
      failed=1
    fi
  else
    echo "x86 tables skipped: the i386 root cannot be used on this machine (the reason is above)" >&2
  fi
fi

echo "== x64 tables"
# Run outside the source tree so the installed ultrajson is the one imported.
(cd bench && python3 python_bench.py $mode --out "../$out")
if ((cpp)); then
  bash tools/bench_cpp.sh ${mode}
fi
exit $failed
