#!/usr/bin/env bash
# Builds the Python distributions as a release would and installs each as a
# user would: `python -m build` makes the sdist and a wheel, `auditwheel
# repair` makes the wheel manylinux; then the manylinux wheel and the sdist
# are each installed into a fresh venv (no system packages, no compiler flags
# of ours) and tools/smoke_test.py runs there, outside the source tree.
#   bash tools/test_dist.sh      (tools/test.sh runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh dist
root=$PWD
out=$root/build/dist
rm -rf "$out"
mkdir -p "$out"
# A user's machine has none of the flags a developer may have set.
unset CFLAGS CXXFLAGS CPPFLAGS LDFLAGS CMAKE_ARGS SKBUILD_CMAKE_ARGS

echo "== dist: sdist and wheel (python -m build)"
python3 -m build --outdir "$out" . >"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
sdists=("$out"/*.tar.gz)
wheels=("$out"/*.whl)
echo "built ${sdists[*]##*/} ${wheels[*]##*/}"

echo "== dist: auditwheel repair"
python3 -m auditwheel repair --wheel-dir "$out/wheelhouse" "${wheels[@]}" >"$out/auditwheel.log" 2>&1 ||
  { cat "$out/auditwheel.log"; exit 1; }
repaired=("$out"/wheelhouse/*manylinux*.whl)
[[ -f ${repaired[0]} ]] || { echo "auditwheel made no manylinux wheel" >&2; exit 1; }
echo "repaired ${repaired[*]##*/}"

# smoke NAME DISTRIBUTION: a fresh venv, the distribution installed from its
# file (the sdist builds with the build requirements pyproject.toml names),
# then the smoke test from outside the source tree.
smoke() {
  local venv=$out/venv-$1
  echo "== dist: $1 in a fresh venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q "$2"
  (cd "$venv" && "$venv/bin/python" -I "$root/tools/smoke_test.py")
}
smoke wheel "${repaired[0]}"
smoke sdist "${sdists[0]}"
