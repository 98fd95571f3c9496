#!/usr/bin/env python3
"""Compare the ultrajson Python module with its peers, as the UltraJSON README did.

Times the cases of python_cases.py, encode and decode, for ultrajson and its
peers (python_libs.py), each library's defaults and like for like side by
side in one interleaved run (python_timing.py); checks every result against
the standard library before timing it; measures peak memory
(python_memory.py); writes the results as python-<arch>.json into --out, then
the reports and the chart from every result file there (python_report.py).

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
import json
import os
import platform
import shlex
import struct
import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

# Running as a script puts bench/ on sys.path; the memory children add it too.
import python_cases
import python_memory
import python_report
from python_cases import INDENT, Case
from python_libs import LIBRARY_NAMES, SELF_ENV, Decoder, Encoder, Library, encoder_columns, load_library
from python_timing import FULL, QUICK, Budget, describe_error, time_interleaved

# A table cell: calls/sec, or the reason there is no number.
Cell = float | str


def _same(a: Any, b_text: str) -> bool:
    """Whether a is the value that json.dumps wrote as b_text.  Comparing the
    text rather than the values tells 1 from 1.0 and True from 1, sees
    reordered keys, and checks floats bit for bit (through their repr)."""
    try:
        return json.dumps(a) == b_text
    except (TypeError, ValueError):  # a type JSON has no text for
        return False


def _indents(text: str) -> list[int]:
    return [len(line) - len(line.lstrip(" ")) for line in text.splitlines()]


def check_encode(encoder: Encoder, case: Case, expected: str) -> str | None:
    """Return None when encoder writes case.obj correctly, else the cell's text.
    expected is json.dumps(case.obj), with sort_keys for that variant: the
    comparison sees key order, so it also checks the sorting."""
    try:
        out = encoder(case.obj)
    except Exception as exc:
        return describe_error(exc)
    # orjson and msgspec return UTF-8 bytes; the check reads them, the timing does not.
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
        result = decoder(case.text)
    except Exception as exc:
        return describe_error(exc)
    return None if _same(result, expected) else "wrong: decodes differently"


def run_direction(direction: str, case: Case, libraries: Sequence[Library], budget: Budget) -> dict[str, Cell]:
    """Check, then time, every column on one case in one direction: a column is
    a library (its defaults), or for encoding also a library with the
    like-for-like options."""
    cells: dict[str, Cell] = {}
    calls: list[tuple[str, Callable[[Any], object], Any]] = []
    if direction == "encode":
        expected = json.dumps(case.obj, sort_keys=case.variant == "sort_keys")
    else:
        expected = json.dumps(json.loads(case.text))
    for lib in libraries:
        if lib.error is not None:
            cells[lib.name] = "not installed"
            continue
        if direction == "encode":
            for column, encoders in encoder_columns(lib).items():
                func = encoders[case.variant]
                problem = None if func is None else check_encode(func, case, expected)
                if func is None:
                    cells[column] = "n/a"
                elif problem is not None:
                    cells[column] = problem
                else:
                    calls.append((column, func, case.obj))
        elif lib.decoder is None:
            cells[lib.name] = "n/a"
        else:
            problem = check_decode(lib.decoder, case, expected)
            if problem is not None:
                cells[lib.name] = problem
            else:
                calls.append((lib.name, lib.decoder, case.text))
    if calls:
        cells.update(time_interleaved(calls, budget))
    order = [column for lib in libraries for column in (encoder_columns(lib) if direction == "encode" else [lib.name])]
    return {column: cells[column] for column in order if column in cells}


def arch() -> str:
    """x64 or x86 for the x86 family (by the interpreter's pointer size: a
    32-bit root on a 64-bit kernel still reports x86_64), else the machine."""
    machine = platform.machine().lower()
    if machine in ("x86_64", "amd64", "i386", "i486", "i586", "i686", "x86"):
        return "x64" if struct.calcsize("P") == 8 else "x86"
    return machine


def command_line() -> str:
    """How this run was started, without local paths: a wrapper (tools/bench.sh)
    names itself through ULTRAJSON_BENCH_COMMAND."""
    if wrapper := os.environ.get("ULTRAJSON_BENCH_COMMAND"):
        return wrapper
    prefix = f"{SELF_ENV}={shlex.quote(os.environ[SELF_ENV])} " if SELF_ENV in os.environ else ""
    args = [arg for arg in sys.orig_argv[1:]]
    return prefix + shlex.join(["python3", *args])


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_lines() -> list[str]:
    cores = os.cpu_count() or 1
    lines = [
        f"- CPU: {cpu_model()} ({cores} logical cores)",
        f"- OS: {platform.system()} {platform.release()}, {platform.libc_ver()[0]} {platform.libc_ver()[1]}",
        f"- Python: {platform.python_implementation()} {sys.version.split()[0]}, {struct.calcsize('P') * 8}-bit",
    ]
    if hasattr(os, "getloadavg"):
        load = os.getloadavg()[0]
        busy = " - the machine is busy, expect noisy figures" if load > cores / 2 else ""
        lines.append(f"- Load average at start: {load:.2f}{busy}")
    return lines


def _library_list(text: str) -> list[str]:
    chosen = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in LIBRARY_NAMES]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(f"choose among {','.join(LIBRARY_NAMES)}; got {text!r}")
    # Keep the report's column order whatever the order asked for.
    return [name for name in LIBRARY_NAMES if name in chosen]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").partition("\n\n")[0])
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
        help="folder for the results and reports (default: bench-results/ at the repository root)",
    )
    parser.add_argument("--repeat", type=int, help="repeats per measurement (default: 10, or 3 with --quick)")
    parser.add_argument("--seconds", type=float, help="aimed seconds per repeat (default: 0.1, or 0.01 with --quick)")
    parser.add_argument("--no-memory", action="store_true", help="skip the peak-memory measurements")
    parser.add_argument("--no-report", action="store_true", help="write the results file only")
    return parser.parse_args(argv)


def measure_memory(args: argparse.Namespace, libraries: Sequence[Library]) -> dict[str, Any]:
    folder = Path(python_cases.corpus_dir())
    files = python_memory.QUICK_FILES if args.quick else python_memory.FILES
    if args.no_memory:
        return {"skipped": "not measured (--no-memory)"}
    if not all((folder / name).is_file() for name in files):
        return {"skipped": f"not measured: {', '.join(files)} not found in the corpus folder"}
    print("Peak memory, one fresh interpreter each ...", flush=True)
    memory = python_memory.measure(libraries, folder, files)
    if args.quick:
        memory["note"] = "--quick measures twitter.json only; the full run adds canada.json."
    return memory


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.perf_counter()
    defaults = QUICK if args.quick else FULL
    budget = Budget(args.repeat or defaults.repeat, args.seconds or defaults.seconds)
    libraries = [load_library(name) for name in args.libs]
    notes: list[str] = []

    print(f"Command: {command_line()}")
    print("\n".join(machine_lines()))
    for lib in libraries:
        print(f"{lib.name}: {lib.error or lib.version}")
    print(f"Timing: best of {budget.repeat} repeats of about {budget.seconds} s each, calls interleaved\n")

    specs = python_cases.select(args.cases)
    if not os.path.isdir(python_cases.corpus_dir()) and any(spec.corpus for spec in specs):
        notes.append("Corpus cases skipped: no corpus folder (set ULTRAJSON_DATA to the data's folder).")
        print(notes[-1] + "\n")
        specs = [spec for spec in specs if not spec.corpus]

    encode: dict[str, dict[str, Cell]] = {}
    decode: dict[str, dict[str, Cell]] = {}
    for spec in specs:
        case = python_cases.build(spec)
        print(f"{case.name}:", flush=True)
        if case.encode:
            encode[case.name] = run_direction("encode", case, libraries, budget)
            print("\n".join(python_report.seed_lines("encode", encode[case.name])), flush=True)
        if case.text is not None:
            decode[case.name] = run_direction("decode", case, libraries, budget)
            print("\n".join(python_report.seed_lines("decode", decode[case.name])), flush=True)
        print()

    results: dict[str, Any] = {
        "arch": arch(),
        "command": command_line(),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine_lines(),
        "python": f"{platform.python_implementation()} {sys.version.split()[0]}",
        "budget": {"repeat": budget.repeat, "seconds": budget.seconds},
        "libraries": [{"name": lib.name, "version": lib.version, "error": lib.error} for lib in libraries],
        "notes": notes,
        "encode": encode,
        "decode": decode,
        "memory": measure_memory(args, libraries),
    }
    results["elapsed"] = round(time.perf_counter() - started)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"python-{results['arch']}.json"
    path.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"results written to {path} ({results['elapsed']} s)")
    if not args.no_report:
        for line in python_report.write_reports(args.out):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
