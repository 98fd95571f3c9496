#!/usr/bin/env bash
# Builds and runs the C++ benchmarks (bench/cpp: ultrajson against RapidJSON,
# simdjson, nlohmann/json and cJSON, MB/s on the corpus), for x86-64 and, when
# the i386 packages are there, for 32-bit x86 (-m32). Installs the Debian
# packages it needs when they are missing. Writes Google Benchmark's JSON and
# a Markdown summary to bench-results/cpp-x64.{json,md} and cpp-x86.{json,md}.
#
#   bash tools/bench_cpp.sh                 full run: 0.5 s per benchmark, 3 repetitions
#   bash tools/bench_cpp.sh --quick         smoke test (CI): 0.01 s per benchmark, once
#   options: --no-x86          skip the 32-bit build
#            --setup-x86       add dpkg's i386 architecture so the 32-bit peers can be
#                              installed (changes the system's apt setup, hence opt-in)
#            --repetitions N   repetitions per benchmark in a full run (median reported)
#            --filter REGEX    only the benchmarks matching (Google Benchmark's filter)
#
# Exits non-zero when a build or a run fails, or when ultrajson itself fails
# on a corpus file. The corpus is ../shared/data/corpus, or $ULTRAJSON_DATA/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."

invocation="bash tools/bench_cpp.sh${*:+ $*}"  # quoted in the results
min_time=0.5
repetitions=3
x86=1
setup_x86=0
filter=
while (($#)); do
  case $1 in
    --quick) min_time=0.01 repetitions=1 ;;
    --full) min_time=0.5 ;;
    --no-x86) x86=0 ;;
    --setup-x86) setup_x86=1 ;;
    --repetitions) repetitions=${2:?--repetitions needs a number}; shift ;;
    --filter) filter=${2:?--filter needs a regex}; shift ;;
    *)
      echo "usage: $0 [--quick|--full] [--no-x86] [--setup-x86] [--repetitions N] [--filter REGEX]" >&2
      exit 2
      ;;
  esac
  shift
done

results=bench-results
jobs=$(nproc)
native_arch=$(dpkg --print-architecture)

as_root() {
  if ((EUID == 0)); then "$@"; else sudo "$@"; fi
}

# installed PACKAGE ARCH: installed for ARCH (or as an architecture-independent
# package). grep reads all of its input (no -q), so no SIGPIPE trips pipefail.
installed() {
  dpkg-query -W -f='${Architecture} ${db:Status-Status}\n' "$1" 2>/dev/null |
    grep -Ex "($2|all) installed" >/dev/null
}

# install_missing ARCH PACKAGE...: apt-get installs those not installed for ARCH,
# running apt-get update first only when something is missing.
install_missing() {
  local arch=$1 missing=() package
  shift
  for package in "$@"; do
    installed "$package" "$arch" || missing+=("$package:$arch")
  done
  ((${#missing[@]})) || return 0
  echo "bench_cpp: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # A mirror mid-sync fails some index files; the install may work regardless.
  as_root apt-get update -q || echo "bench_cpp: apt-get update reported errors; trying the install anyway"
  as_root apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# run_benchmarks NAME BUILD_DIR TITLE: runs the build's program, writes
# NAME.json and NAME.md into $results, prints the Markdown.
run_benchmarks() {
  local name=$1 build=$2 title=$3
  local program=$build/bench/ultrajson_bench_cpp
  local json=$results/$name.json markdown=$results/$name.md
  # Google Benchmark 1.8 takes "0.5s"; 1.7 (Debian 12) only a plain number.
  local time_flag=--benchmark_min_time=$min_time
  if "$program" --benchmark_min_time=1s --benchmark_list_tests >/dev/null 2>&1; then
    time_flag+=s
  fi
  local args=("$time_flag" --benchmark_repetitions="$repetitions")
  if ((repetitions > 1)); then
    # Interleaved in random order, so slow drifts of the machine hit every
    # library alike; only the aggregates (the median is used) are reported.
    args+=(--benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true)
  fi
  [[ -z $filter ]] || args+=("--benchmark_filter=$filter")
  : >"$json"  # no stale results if the program registers nothing (no corpus)
  echo "== $name: $program ${args[*]}"
  "$program" "${args[@]}" --benchmark_out="$json" --benchmark_out_format=json
  python3 bench/cpp/summarize.py "$json" --title "ultrajson C++ benchmarks: $title" \
    --command "$invocation" --command "$program ${args[*]}" \
    --fail-on-ultrajson-error >"$markdown" ||
    { cat "$markdown"; echo "bench_cpp: ultrajson failed on a corpus file (see above)" >&2; return 1; }
  cat "$markdown"
  written+=("$json" "$markdown")
}

written=()
mkdir -p "$results"

# Tools from anywhere (cmake may well be pip's); the peers from Debian.
# g++-multilib is for the 32-bit build.
tools=()
for tool in cmake g++ python3; do
  command -v "$tool" >/dev/null || tools+=("$tool")
done
install_missing "$native_arch" "${tools[@]}" libbenchmark-dev rapidjson-dev libsimdjson-dev \
  nlohmann-json3-dev libcjson-dev g++-multilib

# The presets bench and bench-m32 (CMakePresets.json): Release is -O3
# -DNDEBUG. No -march=native: the default target keeps the programs and the
# figures portable, as a distribution's build of each library would be
# (simdjson still picks its SIMD kernel at run time).
echo "== x64: configure and build build-bench"
cmake --preset bench >/dev/null
cmake --build build-bench --target ultrajson_bench_cpp -j"$jobs"
run_benchmarks cpp-x64 build-bench "x86-64"

# 32-bit x86. Debian's libsimdjson-dev is not Multi-Arch: same (its i386 build
# would replace the amd64 one), so only simdjson's i386 runtime library is
# installed; its header is the amd64 package's (bench/CMakeLists.txt).
x86_skip_reason=
if ((!x86)); then
  x86_skip_reason="--no-x86"
elif [[ $native_arch != amd64 ]]; then
  x86_skip_reason="the machine is $native_arch, not amd64"
else
  if ! dpkg --print-foreign-architectures | grep -x i386 >/dev/null; then
    if ((setup_x86)); then
      echo "bench_cpp: adding dpkg's i386 architecture"
      as_root dpkg --add-architecture i386
    else
      x86_skip_reason="dpkg has no i386 architecture (run with --setup-x86 to add it)"
    fi
  fi
  if [[ -z $x86_skip_reason ]]; then
    simdjson_runtime=$(dpkg-query -W -f='${Depends}' libsimdjson-dev | grep -o -m1 'libsimdjson[0-9]*')
    install_missing i386 libbenchmark-dev libcjson-dev ${simdjson_runtime:+"$simdjson_runtime"} ||
      echo "bench_cpp: some i386 packages could not be installed; their peers are left out"
    installed libbenchmark-dev i386 ||
      x86_skip_reason="Google Benchmark for i386 (libbenchmark-dev:i386) is not installed"
  fi
fi

if [[ -z $x86_skip_reason ]]; then
  echo "== x86 (-m32): configure and build build-bench32"
  cmake --preset bench-m32 >/dev/null
  cmake --build build-bench32 --target ultrajson_bench_cpp -j"$jobs"
  run_benchmarks cpp-x86 build-bench32 "32-bit x86 (-m32)"
else
  echo "bench_cpp: 32-bit build skipped: $x86_skip_reason"
  if ((x86)); then  # it could not be built: earlier results would now mislead
    rm -f "$results/cpp-x86.json" "$results/cpp-x86.md"
  fi
fi

echo "bench_cpp: results written to:"
printf '  %s\n' "${written[@]}"
