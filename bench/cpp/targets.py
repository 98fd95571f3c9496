#!/usr/bin/env python3
"""The README's C++ benchmark tables from tools/bench_cpp.sh's JSON results.

    python3 bench/cpp/targets.py bench-results/cpp-x64.json [bench-results/cpp-x86.json]

Prints, in Markdown: the ratios against the speed targets of the C++ work
(issue 8; a cross marks a file below its target), the geometric means of
every build and operation, the per-file tables of parse, write, minify and
dom on x86-64, and the typed decode/encode table. Medians of the
repetitions, as bench/cpp/summarize.py reads them.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from summarize import REFERENCE, Results, geometric_mean, read_results, table

# (column heading, build, operation, peer, target, per-file exceptions)
TARGETS = [
    ("parse / simdjson DOM (≥1.25; twitterescaped ≥1.6)", "x64", "parse", "simdjson_dom", 1.25,
     {"twitterescaped.json": 1.6}),
    ("minify / simdjson DOM parse+minify (≥2.2)", "x64", "minify", "simdjson_dom", 2.2, {}),
    ("write / RapidJSON Writer (≥3)", "x64", "write", "rapidjson", 3.0, {}),
    ("x86 parse / RapidJSON (≥1.0)", "x86", "parse", "rapidjson", 1.0, {}),
    ("x86 minify / RapidJSON (≥1.0)", "x86", "minify", "rapidjson", 1.0, {}),
    ("DOM / simdjson DOM (≥1.0)", "x64", "dom", "simdjson", 1.0, {}),
    ("DOM / RapidJSON Document (≥1.5)", "x64", "dom", "rapidjson", 1.5, {}),
]
# Geometric-mean columns: (heading, library, the library's name where it
# differs by operation; None: not measured in that operation).
MEAN_COLUMNS = [
    ("ultrajson", "ultrajson", {}),
    ("rapidjson (defaults)", "rapidjson", {}),
    ("rapidjson_exact", "rapidjson_exact", {"parse": None, "write": None, "minify": None}),
    ("simdjson DOM", "simdjson_dom", {"dom": "simdjson"}),
    ("nlohmann", "nlohmann", {"parse": None, "write": None, "minify": None}),
    ("cJSON", "cjson", {}),
]
BUILD_NAMES = {"x64": "x86-64", "x86": "x86 (32-bit)"}
PER_FILE = [("parse", "Parse"), ("write", "Write"), ("minify", "Minify"),
            ("dom", "DOM (parse into a document, then walk it)")]


def value(results: Results, operation: str, file: str, library: str) -> float | None:
    cell = results.get(operation, {}).get(file, {}).get(library)
    return cell.value() if cell else None


def ratio(results: Results, operation: str, file: str, peer: str) -> float | None:
    ours, theirs = value(results, operation, file, REFERENCE), value(results, operation, file, peer)
    return ours / theirs if ours is not None and theirs else None


def targets_table(runs: dict[str, Results]) -> str:
    columns = [t for t in TARGETS if t[1] in runs]
    files = sorted(runs["x64"].get("parse", {}))
    lines = ["| file | " + " | ".join(c[0] for c in columns) + " |",
             "|---|" + "--:|" * len(columns)]
    means: list[list[float]] = [[] for _ in columns]
    for file in files:
        cells = [file.removesuffix(".json")]
        for i, (_, build, operation, peer, target, exceptions) in enumerate(columns):
            r = ratio(runs[build], operation, file, peer)
            if r is None:
                cells.append("–")
                continue
            means[i].append(r)
            cells.append(f"{r:.2f}" + (" ✗" if r < exceptions.get(file, target) else ""))
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("| **geometric mean** | " +
                 " | ".join(f"{geometric_mean(m):.2f}" if m else "–" for m in means) + " |")
    return "\n".join(lines)


def means_table(runs: dict[str, Results]) -> str:
    lines = ["| build | operation | " + " | ".join(c[0] for c in MEAN_COLUMNS) + " |",
             "|---|---|" + "--:|" * len(MEAN_COLUMNS)]
    for build, results in runs.items():
        for operation in ("parse", "write", "minify", "dom"):
            files = results.get(operation, {})
            cells = [BUILD_NAMES[build], operation]
            for _, default, by_operation in MEAN_COLUMNS:
                library = by_operation.get(operation, default)
                speeds = [v for f in files if library and (v := value(results, operation, f, library))]
                mean = geometric_mean(speeds) if speeds and len(speeds) == len(files) else None
                cells.append("–" if mean is None else f"{mean:,.1f}")
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def typed_table(results: Results) -> str:
    lines = ["| file | typed decode: ultrajson | nlohmann parse + get<T> | ratio "
             "| typed encode: ultrajson | nlohmann dump | ratio |",
             "|---|--:|--:|--:|--:|--:|--:|"]
    for file in sorted(results.get("decode", {})):
        cells = [file]
        for operation in ("decode", "encode"):
            ours, theirs = value(results, operation, file, REFERENCE), value(results, operation, file, "nlohmann")
            cells += [f"{ours:,.1f}" if ours else "–", f"{theirs:,.1f}" if theirs else "–",
                      f"{ours / theirs:.2f}" if ours and theirs else "–"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def per_file_tables(results: Results, libraries: list[str]) -> str:
    out = []
    for operation, caption in PER_FILE:
        if operation not in results:
            continue
        body = table(operation, results[operation], libraries).split("\n", 2)[2]
        out.append(f"{caption}, x86-64:\n\n{body}")
    return "\n\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("x64", type=Path, help="bench-results/cpp-x64.json")
    parser.add_argument("x86", type=Path, nargs="?", help="bench-results/cpp-x86.json")
    args = parser.parse_args()
    runs: dict[str, Results] = {}
    libraries: list[str] = []
    for build, path in (("x64", args.x64), ("x86", args.x86)):
        if path is None:
            continue
        results, seen = read_results(json.loads(path.read_text()).get("benchmarks", []))
        runs[build] = results
        if build == "x64":
            libraries = seen
    print(targets_table(runs), means_table(runs), per_file_tables(runs["x64"], libraries),
          typed_table(runs["x64"]), sep="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
