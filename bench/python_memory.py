"""Peak memory of one encode or decode call, for bench/python_bench.py.

Each (library, file, direction) runs in a fresh interpreter, so one
measurement cannot inherit another's heap; two figures: the tracemalloc peak
(what goes through Python's allocators) and the growth of the resident set
(which also sees buffers an extension takes from malloc or new directly).
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from python_libs import Library, load_library
from python_timing import describe_error

try:
    import resource
except ImportError:  # not on Windows
    resource = None  # type: ignore[assignment]

FILES = ("twitter.json", "canada.json")
# --quick skips canada.json, whose children cost most of the memory step's time.
QUICK_FILES = ("twitter.json",)
MIB = 1024 * 1024

# What each child runs; it imports this file for the measurement.
_CHILD = "import sys; sys.path.insert(0, sys.argv[1]); import python_memory; python_memory.child(*sys.argv[2:])"


def _proc_status(key: str) -> int:
    """Read a kB field of /proc/self/status, in bytes."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    raise OSError(f"no {key} in /proc/self/status")


def _ru_maxrss() -> int:
    assert resource is not None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _start_rss_peak() -> tuple[int, str]:
    """Restart peak-RSS tracking here; return the baseline in bytes and how the
    peak will be read.

    On Linux, writing 5 to /proc/self/clear_refs resets the high-water mark
    (VmHWM) to the current resident size.  ru_maxrss cannot be reset, and a
    process started by exec inherits its parent's peak in it (the kernel folds
    the pre-exec address space's high-water mark into it), so in a child of
    this benchmark it mostly reads the benchmark's own size: it is only the
    fallback where /proc is missing, against its value at this point.
    """
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
        return _proc_status("VmRSS"), "VmHWM"
    except OSError:
        return _ru_maxrss(), "ru_maxrss"


def child(name: str, path: str, direction: str) -> None:
    """Measure one (library, file, direction); print the result as one JSON line."""
    lib = load_library(name)
    text = Path(path).read_text(encoding="utf-8")
    func: Callable[[Any], object] | None
    if direction == "encode":
        func = lib.encoders.get("plain")
        args = [json.loads(text)] * 2
        del text
    else:
        func = lib.decoder
        # A fresh str for each run: a decoder that reads a str as UTF-8 makes
        # CPython cache that form on the str, and a one-shot decode pays for it.
        args = [text, text.encode("utf-8").decode("utf-8")]
    if lib.error is not None or func is None:
        print(json.dumps({"error": lib.error or "n/a"}))
        return
    gc.collect()
    try:
        # First a plain run for the resident size: tracemalloc's own
        # bookkeeping would inflate it.  Both peaks outlive the result.
        base, method = _start_rss_peak()
        func(args[0])
        rss = (_proc_status("VmHWM") if method == "VmHWM" else _ru_maxrss()) - base
        gc.collect()
        tracemalloc.start()
        func(args[1])
        traced = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    except Exception as exc:
        print(json.dumps({"error": describe_error(exc)}))
        return
    print(json.dumps({"traced": traced, "rss": rss, "rss_method": method}))


def _run_child(name: str, path: Path, direction: str) -> dict[str, Any]:
    bench_dir = str(Path(__file__).resolve().parent)
    argv = [sys.executable, "-c", _CHILD, bench_dir, name, str(path), direction]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return {"error": "error: timed out"}
    if done.returncode != 0 or not done.stdout.strip():
        # A peer crashing on a file is a finding, not a failure of this script.
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"error: child exited with {done.returncode}: {last[:60]}"}
    report: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return report


def measure(libraries: Sequence[Library], folder: Path, files: Sequence[str]) -> dict[str, Any]:
    """Return {"traced": rows, "rss": rows, "methods": [...]}: tracemalloc peaks
    and peak-RSS growth (MiB) per "file direction" row and library."""
    rows = [(filename, direction) for filename in files for direction in ("decode", "encode")]
    jobs = [(row, lib.name) for row in rows for lib in libraries if lib.error is None]
    # Each child's figures are its own, so children may run side by side.
    with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
        reports = dict(zip(jobs, pool.map(lambda job: _run_child(job[1], folder / job[0][0], job[0][1]), jobs)))
    traced: dict[str, dict[str, float | str]] = {}
    rss: dict[str, dict[str, float | str]] = {}
    methods: set[str] = set()
    for row in rows:
        label = f"{row[0]} {row[1]}"
        traced[label], rss[label] = {}, {}
        for lib in libraries:
            report = reports.get((row, lib.name), {"error": "not installed"})
            if "error" in report:
                traced[label][lib.name] = rss[label][lib.name] = report["error"]
                continue
            traced[label][lib.name] = report["traced"] / MIB
            rss[label][lib.name] = report["rss"] / MIB
            methods.add(report["rss_method"])
    return {"traced": traced, "rss": rss, "methods": sorted(methods)}
