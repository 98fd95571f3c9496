#!/usr/bin/env bash
# Installs what the project needs, only where it is missing, so a fresh
# machine (or CI) gets everything and a ready one loses no time.
#   tools/deps.sh test    build + test tools (CMake, Catch2, pytest, ...)
#   tools/deps.sh bench   the above + benchmark peers (C++ and Python)
set -euo pipefail
what=${1:-test}

apt_packages=(catch2 cmake g++ g++-multilib)
pip_packages=(pybind11 scikit-build-core pytest hypothesis)
if [[ $what == bench ]]; then
  apt_packages+=(libbenchmark-dev rapidjson-dev libsimdjson-dev nlohmann-json3-dev libcjson-dev)
  # python-cjson (the seed's "cjson") is Python 2 only and fails to build on
  # Python 3; the benchmark reports it as not installed.
  pip_packages+=(simplejson ujson orjson python-rapidjson matplotlib)
fi

missing_apt=()
for package in "${apt_packages[@]}"; do
  # dpkg-query lists every installed architecture of a package (one line each).
  dpkg-query -W -f='${db:Status-Status}\n' "$package" 2>/dev/null | grep -qx installed ||
    missing_apt+=("$package")
done
if ((${#missing_apt[@]})); then
  echo "deps: installing Debian packages: ${missing_apt[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || echo "deps: apt-get update reported errors; trying the install anyway"
  apt-get install -y -qq "${missing_apt[@]}" >/dev/null
fi

missing_pip=()
for package in "${pip_packages[@]}"; do
  python3 -m pip show -q "$package" >/dev/null 2>&1 || missing_pip+=("$package")
done
if ((${#missing_pip[@]})); then
  echo "deps: installing Python packages: ${missing_pip[*]}"
  python3 -m pip install -q --root-user-action=ignore "${missing_pip[@]}"
fi
