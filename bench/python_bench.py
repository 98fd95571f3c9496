#!/usr/bin/env python3
"""Compare the ultrajson Python module with its peers, as the UltraJSON README did.

Times the seed README's seven cases, three corpus files and two encoder-option
variants, encode and decode, for ultrajson, json, simplejson, cjson, ujson,
orjson and rapidjson.  Prints calls/sec in the seed README's form, then one
Markdown table per direction with ultrajson's ratio to each peer; writes
python-bench.md and the chart python-bench.png into --out; and measures the
peak memory of decoding and encoding twitter.json and canada.json, in a fresh
interpreter per (library, file, direction).

    python bench/python_bench.py              # full run, a few minutes
    python bench/python_bench.py --quick      # CI smoke run, well under a minute
    python bench/python_bench.py --libs ultrajson,ujson,orjson --cases twitter

A peer that cannot be imported is reported as "not installed", never dropped.
ULTRAJSON_BENCH_SELF=ujson lets a module with ujson's API play "ultrajson",
to try the script before the extension is built (every "vs ujson" ratio
should then be close to 1.00x).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import platform
import shlex
import subprocess
import sys
import time
import timeit
import tracemalloc
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

# Running as a script puts bench/ on sys.path; the memory children add it too.
from python_cases import INDENT, Case, CaseSpec, Variant, build, case_specs, corpus_dir

try:
    import resource
except ImportError:  # not on Windows
    resource = None  # type: ignore[assignment]

SELF = "ultrajson"
LIBRARY_NAMES = ("ultrajson", "json", "simplejson", "cjson", "ujson", "orjson", "rapidjson")
# The chart's 1.0: the library ultrajson is a drop-in for.
BASELINE = "ujson"
SELF_ENV = "ULTRAJSON_BENCH_SELF"
# Distribution names, for versions of modules that lack __version__.
DISTRIBUTIONS = {"cjson": "python-cjson", "rapidjson": "python-rapidjson"}
MEMORY_FILES = ("twitter.json", "canada.json")
# --quick skips canada.json, whose children cost most of the memory step's time.
QUICK_MEMORY_FILES = ("twitter.json",)
MIB = 1024 * 1024

Encoder = Callable[[Any], str | bytes]
Decoder = Callable[[str], Any]
# A table cell: calls/sec, or the reason there is no number.
Cell = float | str
# case name -> library name -> cell
Results = dict[str, dict[str, Cell]]


@dataclass(frozen=True)
class Budget:
    """How long to time each (case, direction, library)."""

    repeat: int
    # The aimed length of one repeat, in seconds.
    seconds: float


# Many short repeats rather than a few long ones: on a shared machine the best
# of ten 0.1 s windows is likelier to be an undisturbed one.
FULL = Budget(repeat=10, seconds=0.1)
QUICK = Budget(repeat=3, seconds=0.01)


@dataclass
class Library:
    name: str
    version: str = ""
    # Why it could not be imported; None when it was.
    error: str | None = None
    # None for a variant whose option the library lacks.
    encoders: dict[Variant, Encoder | None] = field(default_factory=dict)
    decoder: Decoder | None = None


def load_library(name: str) -> Library:
    """Import one library and bind its functions for each variant."""
    module_name = os.environ.get(SELF_ENV, SELF) if name == SELF else name
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        error = f"not installed: {exc}"
        if name == "cjson":
            # Its last release (1.2.2) is a Python 2 extension that fails to compile.
            error += " (python-cjson builds only for Python 2)"
        return Library(name, error=error)
    version = _version(module_name, module)
    if module_name != name:
        version = f"{module_name} {version}, standing in through {SELF_ENV}"

    encoders: dict[Variant, Encoder | None]
    if name == "orjson":
        encoders = {
            "plain": module.dumps,
            "sort_keys": partial(module.dumps, option=module.OPT_SORT_KEYS),
            "indent": partial(module.dumps, option=module.OPT_INDENT_2),
        }
        decoder = module.loads
    elif name == "cjson":
        encoders = {"plain": module.encode, "sort_keys": None, "indent": None}
        decoder = module.decode
    else:
        # json, simplejson, ujson, rapidjson and ultrajson share this API.
        encoders = {
            "plain": module.dumps,
            "sort_keys": partial(module.dumps, sort_keys=True),
            "indent": partial(module.dumps, indent=INDENT),
        }
        decoder = module.loads
    return Library(name, version, None, encoders, decoder)


def _version(module_name: str, module: ModuleType) -> str:
    if module_name == "json":
        import json.scanner

        # json falls back to pure Python when its C accelerator is missing.
        speedups = "on" if getattr(json.scanner, "c_make_scanner", None) is not None else "off"
        return f"{getattr(json, '__version__', '?')} (standard library, C speedups {speedups})"
    version = getattr(module, "__version__", None)
    if isinstance(version, str):
        return version
    import importlib.metadata  # only here: it costs a noticeable share of a child's start

    try:
        return importlib.metadata.version(DISTRIBUTIONS.get(module_name, module_name))
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


# --- correctness ----------------------------------------------------------


def _same(a: Any, b_text: str) -> bool:
    """Whether a is the value that json.dumps wrote as b_text.  Comparing the
    text rather than the values tells 1 from 1.0 and True from 1, sees
    reordered keys, and checks floats bit for bit (through their repr)."""
    try:
        return json.dumps(a) == b_text
    except (TypeError, ValueError):  # a type JSON has no text for
        return False


def _error(exc: BaseException) -> str:
    message = " ".join(f"{type(exc).__name__}: {exc}".split())
    return "error: " + (message if len(message) <= 70 else message[:67] + "...")


def _indents(text: str) -> list[int]:
    return [len(line) - len(line.lstrip(" ")) for line in text.splitlines()]


def check_encode(encoder: Encoder, case: Case, expected: str) -> str | None:
    """Return None when encoder writes case.obj correctly, else the cell's text.
    expected is json.dumps(case.obj), with sort_keys for that variant: the
    comparison sees key order, so it also checks the sorting."""
    try:
        out = encoder(case.obj)
    except Exception as exc:
        return _error(exc)
    # orjson returns UTF-8 bytes; the check reads them, the timing does not.
    text = out.decode("utf-8") if isinstance(out, bytes) else out
    try:
        back = json.loads(text)
    except ValueError:
        return "wrong: not valid JSON"
    if not _same(back, expected):
        return "wrong: reads back differently"
    # Separators and escapes differ between libraries; the line layout must not.
    if case.variant == "indent" and _indents(text) != _indents(json.dumps(case.obj, indent=INDENT)):
        return "wrong: indented differently"
    return None


def check_decode(decoder: Decoder, case: Case, expected: str) -> str | None:
    """Return None when decoder reads case.text correctly, else the cell's text.
    expected is json.dumps(json.loads(case.text))."""
    try:
        result = decoder(case.text)  # type: ignore[arg-type]
    except Exception as exc:
        return _error(exc)
    return None if _same(result, expected) else "wrong: decodes differently"


# --- timing ---------------------------------------------------------------


def _calibrate(timer: timeit.Timer, seconds: float) -> tuple[int, float]:
    """Return the loop count that makes one repeat last about `seconds`, and
    the time per call measured on the way: a first sample, which matters for
    slow calls (a corpus file), where the calibration is one call."""
    number = 1
    while (elapsed := timer.timeit(number)) < seconds / 10:
        number *= 10
    return max(1, round(number * seconds / elapsed)), elapsed / number


def time_interleaved(calls: dict[str, tuple[Callable[[Any], object], Any]], budget: Budget) -> dict[str, Cell]:
    """Return the calls/sec of each f(x), best of budget.repeat repeats.

    Each library gets its own loop count, so a slow one does not stretch the
    run; the repeats are interleaved, in a rotating order, so drift in the
    machine's speed hits every library alike.  timeit switches the garbage
    collector off while it times, for every library alike.
    """
    timers = {name: timeit.Timer("f(x)", globals={"f": f, "x": x}) for name, (f, x) in calls.items()}
    numbers: dict[str, int] = {}
    best: dict[str, float] = {}  # seconds per call
    for name, timer in timers.items():
        numbers[name], best[name] = _calibrate(timer, budget.seconds)
    failed: dict[str, Cell] = {}
    names = list(timers)
    for r in range(budget.repeat):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            if name in failed:
                continue
            try:
                best[name] = min(best[name], timers[name].timeit(numbers[name]) / numbers[name])
            except Exception as exc:  # passed its check, then failed: still a cell
                failed[name] = _error(exc)
    return {name: failed.get(name) or 1 / best[name] for name in names}


def run_direction(direction: str, case: Case, libraries: Sequence[Library], budget: Budget) -> dict[str, Cell]:
    """Check, then time, every library on one case in one direction."""
    cells: dict[str, Cell] = {}
    calls: dict[str, tuple[Callable[[Any], object], Any]] = {}
    if direction == "encode":
        expected = json.dumps(case.obj, sort_keys=case.variant == "sort_keys")
    else:
        expected = json.dumps(json.loads(case.text))  # type: ignore[arg-type]
    for lib in libraries:
        if lib.error is not None:
            cells[lib.name] = "not installed"
            continue
        func: Callable[[Any], object] | None
        if direction == "encode":
            func = lib.encoders[case.variant]
            problem = None if func is None else check_encode(func, case, expected)
            arg = case.obj
        else:
            func = lib.decoder
            problem = None if func is None else check_decode(func, case, expected)
            arg = case.text
        if func is None:
            cells[lib.name] = "n/a"
        elif problem is not None:
            cells[lib.name] = problem
        else:
            calls[lib.name] = (func, arg)
    if calls:
        cells.update(time_interleaved(calls, budget))
    return {lib.name: cells[lib.name] for lib in libraries}


# --- reporting ------------------------------------------------------------


def format_rate(value: Cell) -> str:
    if isinstance(value, str):
        return value
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def format_ratio(mine: Cell, theirs: Cell) -> str:
    if isinstance(mine, float) and isinstance(theirs, float):
        return f"{mine / theirs:.2f}x"
    return "n/a"


def seed_lines(direction: str, cells: dict[str, Cell], width: int) -> list[str]:
    """The seed README's form: "ujson encode      : 2874.54652 calls/sec"."""
    lines = []
    for name, cell in cells.items():
        label = f"{name} {direction}".ljust(width)
        value = f"{cell:.5f} calls/sec" if isinstance(cell, float) else cell
        lines.append(f"{label} : {value}")
    return lines


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown_table(results: Results, names: Sequence[str]) -> str:
    """Cases as rows, each library's calls/sec, then ultrajson's ratio to each peer."""
    if not results:
        return "No case was run in this direction."
    peers = [name for name in names if name != SELF] if SELF in names else []
    header = ["case", *names, *(f"vs {peer}" for peer in peers)]
    rows = ["| " + " | ".join(header) + " |", "|" + "---|" + "---:|" * (len(header) - 1)]
    for case_name, cells in results.items():
        row = [case_name, *(format_rate(cells[name]) for name in names)]
        row += [format_ratio(cells[SELF], cells[peer]) for peer in peers]
        rows.append("| " + " | ".join(_md_cell(c) for c in row) + " |")
    return "\n".join(rows)


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def command_line() -> str:
    prefix = f"{SELF_ENV}={shlex.quote(os.environ[SELF_ENV])} " if SELF_ENV in os.environ else ""
    # The interpreter by its name only: a pyenv shim or venv turns it into a long path.
    return prefix + shlex.join([Path(sys.orig_argv[0]).name, *sys.orig_argv[1:]])


def machine_lines() -> list[str]:
    cores = os.cpu_count() or 1
    lines = [
        f"- CPU: {cpu_model()} ({cores} logical cores)",
        f"- OS: {platform.platform()}",
        f"- Python: {platform.python_implementation()} {sys.version.split()[0]} ({sys.executable})",
    ]
    if hasattr(os, "getloadavg"):
        load = os.getloadavg()[0]
        busy = " - the machine is busy, expect noisy figures" if load > cores / 2 else ""
        lines.append(f"- Load average at start: {load:.2f}{busy}")
    return lines


# Fixed colours, so a library keeps its colour whichever libraries are selected;
# ultrajson's is the loudest.
COLORS = {
    "ultrajson": "tab:red",
    "json": "tab:blue",
    "simplejson": "tab:green",
    "cjson": "tab:olive",
    "ujson": "tab:purple",
    "orjson": "tab:brown",
    "rapidjson": "tab:pink",
}


def draw_chart(path: Path, encode: Results, decode: Results, libraries: Sequence[Library], title: str) -> str:
    """Draw each library's calls/sec relative to ujson, one bar per library and
    case, encode and decode side by side; return what happened, for the report."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
    except ImportError as exc:
        return f"chart skipped: matplotlib is not installed ({exc})"
    if not any(lib.name == BASELINE and lib.error is None for lib in libraries):
        return f"chart skipped: it is drawn relative to {BASELINE}, which was not selected or not installed"

    # ujson is the 1x line itself; a library that is not installed has no bars.
    drawn = [lib.name for lib in libraries if lib.name != BASELINE and lib.error is None]
    missing = [lib.name for lib in libraries if lib.error is not None]
    cases = list(encode) + [name for name in decode if name not in encode]
    height = 0.8 / max(1, len(drawn))
    fig, axes = plt.subplots(
        1, 2, sharey=True, figsize=(15, 1.5 + len(cases) * (0.2 + 0.15 * len(drawn))), layout="constrained"
    )
    ratios_seen = [1.0]
    for ax, (direction, results) in zip(axes, (("encode", encode), ("decode", decode))):
        for i, case_name in enumerate(cases):
            cells = results.get(case_name)
            if cells is None:
                ax.text(1.0, i, f" {direction} not timed for this case", fontsize=7, va="center", color="0.4")
            elif isinstance(cells[BASELINE], str):
                ax.text(1.0, i, f" {BASELINE}: {cells[BASELINE]}, no ratios", fontsize=7, va="center", color="0.4")
        for j, name in enumerate(drawn):
            ys, ratios = [], []
            for i, case_name in enumerate(cases):
                cells = results.get(case_name)
                base = None if cells is None else cells[BASELINE]
                if cells is None or not isinstance(base, float):
                    continue
                y = i + (j - (len(drawn) - 1) / 2) * height
                cell = cells[name]
                if isinstance(cell, float):
                    ys.append(y)
                    ratios.append(cell / base)
                else:
                    # Say why the bar is missing (n/a, error, wrong) where it would be.
                    ax.text(1.0, y, f" {name}: {cell.split(':')[0]}", fontsize=6, va="center", color="0.4")
            # Bars grow from 1x (ujson): right of the line is faster, left slower.
            bars = ax.barh(ys, [r - 1 for r in ratios], left=1, height=height, color=COLORS[name], label=name)
            ax.bar_label(bars, labels=[f"{r:.2f}" for r in ratios], fontsize=6, padding=2)
            ratios_seen += ratios
        ax.set_title(f"{direction} (higher is better)")
        ax.axvline(1.0, color=COLORS[BASELINE], linewidth=1.5)
        ax.set_xscale("log")
        ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}x"))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.grid(axis="x", linewidth=0.3)
        ax.set_xlabel(f"calls/sec relative to {BASELINE} (the 1x line), log scale")
    # One range for both panels, so bar lengths compare across them; the
    # margins leave room for the value labels.
    for ax in axes:
        ax.set_xlim(min(ratios_seen) / 1.5, max(ratios_seen) * 1.5)
    axes[0].set_yticks(range(len(cases)), cases, fontsize=8)
    axes[0].set_ylim(len(cases) - 0.5, -0.5)  # first case on top
    handles, labels = axes[0].get_legend_handles_labels()
    labels = [f"{label} (vs {BASELINE})" for label in labels]
    if missing:
        labels.append(f"not installed: {', '.join(missing)}")
        handles.append(plt.Rectangle((0, 0), 0, 0, visible=False))
    fig.legend(handles, labels, loc="outside lower center", ncols=len(labels), fontsize=8, frameon=False)
    fig.suptitle(title, fontsize=10)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return f"chart written to {path}"


# --- memory ---------------------------------------------------------------

# What each child runs: a fresh interpreter, so one measurement cannot inherit
# another's heap.  It imports this file for the library bindings.
_CHILD = "import sys; sys.path.insert(0, sys.argv[1]); import python_bench; python_bench.memory_child(*sys.argv[2:])"


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


def memory_child(name: str, path: str, direction: str) -> None:
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
        print(json.dumps({"error": _error(exc)}))
        return
    print(json.dumps({"traced": traced, "rss": rss, "rss_method": method}))


def measure_memory(
    libraries: Sequence[Library], folder: Path, files: Sequence[str]
) -> tuple[Results, Results, set[str]]:
    """Return tracemalloc peaks and peak-RSS growth (MiB) per "file direction"
    row and library, and the RSS methods used."""
    rows = [(filename, direction) for filename in files for direction in ("decode", "encode")]
    jobs = [(row, lib.name) for row in rows for lib in libraries if lib.error is None]
    # Each child's figures are its own, so children may run side by side.
    with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
        reports = dict(zip(jobs, pool.map(lambda job: _run_memory_child(job[1], folder / job[0][0], job[0][1]), jobs)))
    traced: Results = {}
    rss: Results = {}
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
        print(f"  {label}: " + ", ".join(f"{n} {_format_mib(c)}" for n, c in traced[label].items()), flush=True)
    return traced, rss, methods


def _run_memory_child(name: str, path: Path, direction: str) -> dict[str, Any]:
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


def _format_mib(cell: Cell) -> str:
    return f"{cell:.1f}" if isinstance(cell, float) else cell


def memory_table(results: Results, names: Sequence[str]) -> str:
    rows = ["| file, direction | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for row, cells in results.items():
        rows.append("| " + " | ".join(_md_cell(c) for c in [row, *(_format_mib(cells[n]) for n in names)]) + " |")
    return "\n".join(rows)


def memory_report(traced: Results, rss: Results, methods: set[str], names: Sequence[str]) -> str:
    if methods == {"VmHWM"}:
        how = (
            "The peak is the kernel's high-water mark (VmHWM), reset through /proc/self/clear_refs"
            " just before the call; getrusage's ru_maxrss cannot be reset, and a process started"
            " by exec carries its parent's peak in it."
        )
    else:
        how = "The peak is getrusage's ru_maxrss, and the baseline its value just before the call."
    return (
        "Peak Python-allocator memory during the call (tracemalloc peak, MiB, the result included)."
        " It counts what is allocated through Python's allocators: objects, and the buffers of"
        " extensions that use PyMem/PyObject_Malloc; buffers an extension takes from malloc or"
        " new directly are invisible to it, which the next table catches.\n\n"
        + memory_table(traced, names)
        + "\n\nPeak resident memory growth (MiB): the peak RSS during the call minus the RSS just"
        f" before it, after the imports and the file read. {how}\n\n" + memory_table(rss, names) + "\n"
    )


# --- main -----------------------------------------------------------------


def _library_list(text: str) -> list[str]:
    chosen = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in LIBRARY_NAMES]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(f"choose among {','.join(LIBRARY_NAMES)}; got {text!r}")
    # Keep the report's column order whatever the order asked for.
    return [name for name in LIBRARY_NAMES if name in chosen]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny time budget, for a CI smoke run")
    parser.add_argument(
        "--libs",
        type=_library_list,
        default=list(LIBRARY_NAMES),
        help=f"comma-separated libraries (default: {','.join(LIBRARY_NAMES)})",
    )
    parser.add_argument(
        "--cases", default="", help="comma-separated substrings; run the cases whose name contains one (any case)"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parents[1] / "bench-results",
        help="folder for python-bench.md and python-bench.png (default: bench-results/ at the repository root)",
    )
    parser.add_argument("--repeat", type=int, help="repeats per measurement (default: 10, or 3 with --quick)")
    parser.add_argument("--seconds", type=float, help="aimed seconds per repeat (default: 0.1, or 0.01 with --quick)")
    parser.add_argument("--no-memory", action="store_true", help="skip the peak-memory measurements")
    return parser.parse_args(argv)


def select_cases(pattern: str) -> list[CaseSpec]:
    wanted = [part.strip().lower() for part in pattern.split(",") if part.strip()]
    return [spec for spec in case_specs() if not wanted or any(w in spec.name.lower() for w in wanted)]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.perf_counter()
    defaults = QUICK if args.quick else FULL
    budget = Budget(args.repeat or defaults.repeat, args.seconds or defaults.seconds)
    libraries = [load_library(name) for name in args.libs]
    names = [lib.name for lib in libraries]
    notes: list[str] = []

    print(f"Command: {command_line()}")
    print("\n".join(machine_lines()))
    for lib in libraries:
        print(f"{lib.name}: {lib.error or lib.version}")
    print(f"Timing: best of {budget.repeat} repeats of about {budget.seconds} s each, libraries interleaved")
    print("Each library runs with its default options; orjson.dumps returns bytes, timed as is\n")

    folder = corpus_dir()
    specs = select_cases(args.cases)
    if any(spec.source is not None for spec in specs) and not folder.is_dir():
        notes.append(f"Corpus cases skipped: no corpus folder at {folder} (set ULTRAJSON_DATA to its parent).")
        print(notes[-1] + "\n")
        specs = [spec for spec in specs if spec.source is None]

    width = max(len(f"{name} encode") for name in names)
    encode: Results = {}
    decode: Results = {}
    for spec in specs:
        case = build(spec)
        print(f"{case.name}:", flush=True)
        encode[case.name] = run_direction("encode", case, libraries, budget)
        print("\n".join(seed_lines("encode", encode[case.name], width)), flush=True)
        if case.text is not None:
            decode[case.name] = run_direction("decode", case, libraries, budget)
            print("\n".join(seed_lines("decode", decode[case.name], width)), flush=True)
        print()

    tables = [
        "## Encode (calls/sec, higher is better)\n\n" + markdown_table(encode, names),
        "## Decode (calls/sec, higher is better)\n\n" + markdown_table(decode, names),
    ]
    print("\n\n".join(tables) + "\n")

    memory_files = QUICK_MEMORY_FILES if args.quick else MEMORY_FILES
    if args.no_memory:
        memory_section = "Memory not measured (--no-memory).\n"
    elif not all((folder / name).is_file() for name in memory_files):
        memory_section = f"Memory not measured: {', '.join(memory_files)} not found in {folder}.\n"
        print(memory_section)
    else:
        print("Peak memory (tracemalloc, MiB), one fresh interpreter each:")
        traced, rss, methods = measure_memory(libraries, folder, memory_files)
        memory_section = memory_report(traced, rss, methods, names)
        if args.quick:
            memory_section += "\n--quick measures twitter.json only; the full run adds canada.json.\n"
        print("\n## Memory\n\n" + memory_section)

    args.out.mkdir(parents=True, exist_ok=True)
    chart_path = args.out / "python-bench.png"
    self_name = f"ultrajson ({os.environ[SELF_ENV]} standing in)" if os.environ.get(SELF_ENV, SELF) != SELF else SELF
    chart_note = draw_chart(
        chart_path,
        encode,
        decode,
        libraries,
        f"{self_name} and peers: calls/sec relative to {BASELINE} (= 1.0)\n{command_line()}",
    )
    print(chart_note)
    elapsed = time.perf_counter() - started
    report = render_report(args, budget, libraries, notes, tables, memory_section, chart_note, elapsed)
    (args.out / "python-bench.md").write_text(report, encoding="utf-8")
    print(f"report written to {args.out / 'python-bench.md'} ({elapsed:.0f} s)")
    return 0


def render_report(
    args: argparse.Namespace,
    budget: Budget,
    libraries: Sequence[Library],
    notes: list[str],
    tables: list[str],
    memory_section: str,
    chart_note: str,
    elapsed: float,
) -> str:
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    drawn = chart_note.startswith("chart written")
    chart_markdown = f"![calls/sec relative to {BASELINE}](python-bench.png)" if drawn else chart_note
    lines = [
        "# ultrajson against its peers (Python)",
        "",
        f"Produced by `{command_line()}` on {now} in {elapsed:.0f} s.",
        "",
        *machine_lines(),
        "",
        "| library | version |",
        "|---|---|",
        *(f"| {lib.name} | {_md_cell(lib.error or lib.version)} |" for lib in libraries),
        "",
        "## Method",
        "",
        f"- Each figure is the best of {budget.repeat} repeats of `timeit` (about {budget.seconds} s each,"
        " with a loop count calibrated per library); the libraries' repeats are interleaved, in a"
        " rotating order, so drift in the machine's speed hits them alike. timeit switches the"
        " garbage collector off while it times.",
        "- Every library runs with its default options, as the seed benchmark did: json, simplejson,"
        " rapidjson, ujson and ultrajson write non-ASCII as `\\uXXXX` (ujson and ultrajson also"
        " escape `/`); orjson writes UTF-8 and returns `bytes`, timed as is (no `.decode()`).",
        f"- The indent variant uses indent={INDENT} for every library, because orjson can only"
        " indent by 2 (`OPT_INDENT_2`); orjson sorts keys with `OPT_SORT_KEYS`. n/a: the library"
        " lacks the option (cjson has neither).",
        "- Every decoder reads the same `str`: `json.dumps(obj, ensure_ascii=False)` of the case,"
        " or the corpus file's own text. A decoder that reads a non-ASCII str as UTF-8 makes"
        " CPython cache that form on the str at its first call, so the timed calls find it cached"
        " (as in any timeit loop over one input).",
        "- Before timing, each result is checked once against the standard library (decoded values"
        " and encoded text read back, compared through `json.dumps`, so floats must match bit for"
        ' bit); a mismatch shows as "wrong" and is not timed, an exception as "error".',
        "- The \"vs\" columns are ultrajson's calls/sec divided by the peer's.",
        *(f"- {note}" for note in notes),
        "",
        *(table + "\n" for table in tables),
        "## Memory",
        "",
        "Each (library, file, direction) runs in a fresh interpreter; the object to encode is the"
        " standard library's decoding of the file.",
        "",
        memory_section,
        "## Chart",
        "",
        chart_markdown,
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
