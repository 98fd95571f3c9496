#!/usr/bin/env python3
"""Markdown tables from ultrajson_bench_cpp's Google Benchmark JSON output.

One table per operation (parse, write, minify, dom, decode, encode): a row per corpus file, a
column per library in MB/s (10^6 bytes of input per second), then the ratio
ultrajson / peer for each peer (above 1: ultrajson is faster), and a last row
with the geometric means.

    ultrajson_bench_cpp --benchmark_format=json > run.json
    python3 bench/cpp/summarize.py run.json [--command "how it was run" ...]

With repetitions, the median is used (the median aggregate when Google
Benchmark reports aggregates, else the median of the runs).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

REFERENCE = "ultrajson"
OPERATION_ORDER = ["parse", "write", "minify", "dom", "decode", "encode"]
# Google Benchmark's context keys worth quoting, and how to name them.
CONTEXT_LABELS = {
    "date": "date",
    "host_name": "host",
    "num_cpus": "CPUs",
    "mhz_per_cpu": "MHz",
    "library_build_type": "Google Benchmark library build",
    "corpus": "corpus",
    "simdjson_implementation": "simdjson kernel",
    "left_out": "peers left out",
}


class Cell:
    """One benchmark's result: MB/s, or the error that skipped it."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self.median: float | None = None
        self.error: str | None = None

    def value(self) -> float | None:
        if self.error is not None:
            return None
        if self.median is not None:
            return self.median
        return statistics.median(self.samples) if self.samples else None


Results = dict[str, dict[str, dict[str, Cell]]]  # operation -> file -> library -> cell


def read_results(runs: list[dict[str, Any]]) -> tuple[Results, list[str]]:
    """Groups the runs by operation/library/file; also returns every library seen."""
    results: Results = defaultdict(lambda: defaultdict(dict))
    libraries: list[str] = []
    for run in runs:
        name = run.get("run_name", run["name"])
        parts = name.split("/", 2)
        if len(parts) != 3:
            continue  # not one of ours
        operation, library, file = parts
        if library not in libraries:
            libraries.append(library)
        cell = results[operation][file].setdefault(library, Cell())
        if run.get("error_occurred"):
            cell.error = run.get("error_message", "error")
            continue
        rate = run.get("bytes_per_second")
        if rate is None:
            continue
        mb_per_s = rate / 1e6
        if run.get("run_type") == "aggregate":
            if run.get("aggregate_name") == "median":
                cell.median = mb_per_s
        else:
            cell.samples.append(mb_per_s)
    return results, libraries


def geometric_mean(values: list[float]) -> float | None:
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def format_number(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def table(operation: str, files: dict[str, dict[str, Cell]], all_libraries: list[str]) -> str:
    # ultrajson first, then by name (the run's order is random when interleaved).
    libraries = sorted(
        (lib for lib in all_libraries if any(lib in row for row in files.values())),
        key=lambda lib: (lib != REFERENCE, lib),
    )
    peers = [lib for lib in libraries if lib != REFERENCE] if REFERENCE in libraries else []
    header = ["file", *libraries, *(f"{REFERENCE} / {peer}" for peer in peers)]
    align = ["---", *("--:" for _ in header[1:])]
    lines = [
        f"### {operation} (MB/s; ratios above 1: ultrajson faster)",
        "",
        "| " + " | ".join(header) + " |",
        "| " + " | ".join(align) + " |",
    ]
    speeds: dict[str, list[float]] = defaultdict(list)
    ratios: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []
    for file in sorted(files):
        row = files[file]
        cells: list[str] = [file]
        for lib in libraries:
            cell = row.get(lib)
            value = cell.value() if cell else None
            if cell and cell.error:
                errors.append(f"{operation}/{lib}/{file}: {cell.error}")
                cells.append("error")
                continue
            cells.append(format_number(value, 1))
            if value is not None:
                speeds[lib].append(value)
        reference = row.get(REFERENCE)
        ours = reference.value() if reference else None
        for peer in peers:
            theirs = row[peer].value() if peer in row else None
            ratio = ours / theirs if ours is not None and theirs else None
            cells.append(format_number(ratio, 2))
            if ratio is not None:
                ratios[peer].append(ratio)
        lines.append("| " + " | ".join(cells) + " |")
    means = ["**geometric mean**"]
    means += [format_number(geometric_mean(speeds[lib]), 1) for lib in libraries]
    means += [format_number(geometric_mean(ratios[peer]), 2) for peer in peers]
    lines.append("| " + " | ".join(means) + " |")
    if errors:
        lines += ["", "Errors (the benchmark was skipped):", ""]
        lines += [f"- `{error}`" for error in errors]
    return "\n".join(lines)


def reference_errors(report: dict[str, Any]) -> list[str]:
    """The ultrajson benchmarks skipped with an error: the library's own fault."""
    results, _ = read_results(report.get("benchmarks", []))
    return [
        f"{operation}/{REFERENCE}/{file}: {row[REFERENCE].error}"
        for operation, files in results.items()
        for file, row in files.items()
        if REFERENCE in row and row[REFERENCE].error
    ]


def summarize(report: dict[str, Any], commands: list[str], title: str) -> str:
    results, libraries = read_results(report.get("benchmarks", []))
    context = report.get("context", {})
    out = [f"## {title}", ""]
    if commands:
        out += ["Produced by:", "", "```", *commands, "```", ""]
    details = [f"{label}: {context[key]}" for key, label in CONTEXT_LABELS.items() if key in context]
    if details:
        out += ["Context: " + "; ".join(details) + ".", ""]
    if not results:
        out.append("No results (no corpus found, or no benchmark matched).")
        return "\n".join(out) + "\n"
    operations = sorted(
        results,
        key=lambda op: (OPERATION_ORDER.index(op) if op in OPERATION_ORDER else len(OPERATION_ORDER), op),
    )
    out.append("\n\n".join(table(op, results[op], libraries) for op in operations))
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json", type=Path, help="Google Benchmark JSON output ('-': stdin)")
    parser.add_argument(
        "--command",
        action="append",
        default=[],
        help="a command that produced the results, to quote (repeatable)",
    )
    parser.add_argument("--title", default="ultrajson C++ benchmarks", help="the heading")
    parser.add_argument(
        "--fail-on-ultrajson-error",
        action="store_true",
        help="exit 1 (after printing) when an ultrajson benchmark was skipped with an error",
    )
    args = parser.parse_args()
    text = sys.stdin.read() if str(args.json) == "-" else args.json.read_text()
    report = json.loads(text) if text.strip() else {}
    sys.stdout.write(summarize(report, args.command, args.title))
    return 1 if args.fail_on_ultrajson_error and reference_errors(report) else 0


if __name__ == "__main__":
    sys.exit(main())
