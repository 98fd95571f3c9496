#!/usr/bin/env python3
"""The reports of the Python benchmarks, from their result files.

Reads python-x64.json and python-x86.json (bench/python_bench.py on each
architecture) and python-py27.json (bench/python27_bench.py) from a folder,
whichever are there, and writes python-<arch>.md for each architecture and the
chart python-bench.png (python_chart.py) beside them.

    python bench/python_report.py bench-results
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import python_chart
from python_cases import INDENT
from python_libs import BASELINE, DEFAULT_NAMES, LIKE_COLUMNS, LIKE_PEERS, LIKE_SUFFIX, SELF

Cell = float | str
# case name -> column -> cell
Table = dict[str, dict[str, Cell]]
ARCHES = ("x64", "x86")
ARCH_TITLES = {"x64": "x86-64", "x86": "x86 (32-bit)"}
# The library on both interpreters through which cjson (Python 2.7 only) is
# set beside ultrajson: the same simplejson release runs on both.
LINK = "simplejson"
PY27_NAMES = ("cjson", "ujson", "simplejson", "json")


def format_rate(value: Cell) -> str:
    if isinstance(value, str):
        return value
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def ratio(mine: Cell | None, theirs: Cell | None) -> float | None:
    if isinstance(mine, float) and isinstance(theirs, float):
        return mine / theirs
    return None


def format_ratio(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}x"


def seed_lines(direction: str, cells: dict[str, Cell]) -> list[str]:
    """The seed README's form: "ujson encode      : 2874.54652 calls/sec"."""
    width = max((len(name) for name in cells), default=0) + len(direction) + 1
    lines = []
    for name, cell in cells.items():
        label = f"{name} {direction}".ljust(width)
        value = f"{cell:.5f} calls/sec" if isinstance(cell, float) else cell
        lines.append(f"{label} : {value}")
    return lines


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def _markdown(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def fastest(cells: dict[str, Cell], peers: Iterable[str]) -> tuple[str, float] | None:
    timed = [(cells[p], p) for p in peers if isinstance(cells.get(p), float)]
    if not timed:
        return None
    rate, name = max(timed)
    return name, float(rate)


def _vs_fastest(mine: Cell | None, cells: dict[str, Cell], peers: Iterable[str]) -> str:
    best = fastest(cells, peers)
    value = None if best is None else ratio(mine, best[1])
    return "n/a" if best is None or value is None else f"{value:.2f}x ({best[0]})"


def rate_table(
    table: Table,
    columns: Sequence[str],
    mine: str,
    versus: Sequence[tuple[str, str]],
    peers: Sequence[str],
    linked: dict[str, float] | None = None,
) -> str:
    """Cases as rows: each column's calls/sec, then mine's ratio to each
    (label, column) of versus, then to the fastest of peers in that row; with
    linked (case -> ultrajson / cjson through the Python 2.7 link), a column
    of those."""
    if not table:
        return "No case was run in this direction."
    header = ["case", *columns, *(f"vs {label}" for label, _ in versus)]
    if linked is not None:
        header.append("vs cjson (2.7, linked)")
    header.append("vs fastest peer")
    rows = []
    for case, cells in table.items():
        row = [case, *(format_rate(cells.get(c, "not run")) for c in columns)]
        row += [format_ratio(ratio(cells.get(mine), cells.get(c))) for _, c in versus]
        if linked is not None:
            row.append(format_ratio(linked.get(case)))
        row.append(_vs_fastest(cells.get(mine), cells, [p for p in peers if p != mine]))
        rows.append(row)
    return _markdown(header, rows)


def _present(results: dict[str, Any], names: Sequence[str]) -> list[str]:
    selected = {lib["name"] for lib in results["libraries"]}
    return [name for name in names if name.removesuffix(LIKE_SUFFIX) in selected]


def _installed(results: dict[str, Any], columns: list[str]) -> list[str]:
    """The columns whose library is installed (for the README's narrower tables)."""
    missing = {lib["name"] for lib in results["libraries"] if lib["error"] is not None}
    return [c for c in columns if c.removesuffix(LIKE_SUFFIX) not in missing]


def defaults_tables(
    results: dict[str, Any], links: dict[str, dict[str, float]] | None = None, compact: bool = False
) -> list[str]:
    """links: direction -> case -> ultrajson / cjson through the Python 2.7 link."""
    columns = _present(results, DEFAULT_NAMES)
    if compact:
        columns = _installed(results, columns)
    versus = [(name, name) for name in ("json", "simplejson", BASELINE) if name in columns]
    return [
        f"### {direction.capitalize()}{', defaults' if direction == 'encode' else ''} (calls/sec, higher is better)\n\n"
        + rate_table(
            results[direction], columns, SELF, versus, columns, None if links is None else links.get(direction, {})
        )
        for direction in ("encode", "decode")
    ]


def like_tables(results: dict[str, Any], compact: bool = False) -> list[str]:
    encode_columns = _present(results, LIKE_COLUMNS)
    if compact:
        encode_columns = _installed(results, encode_columns)
    decode_columns = [c.removesuffix(LIKE_SUFFIX) for c in encode_columns]
    mine, ujson = SELF + LIKE_SUFFIX, "ujson" + LIKE_SUFFIX
    return [
        "### Encode, like for like (calls/sec, higher is better)\n\n"
        + rate_table(results["encode"], encode_columns, mine, [(ujson, ujson)], LIKE_PEERS),
        "### Decode, like for like (calls/sec, higher is better)\n\n"
        + rate_table(results["decode"], decode_columns, SELF, [("ujson", "ujson")], LIKE_PEERS),
    ]


def py27_link(py27: dict[str, Any] | None, main: dict[str, Any]) -> dict[str, dict[str, float]]:
    """ultrajson's speed relative to cjson per direction and case, through LINK:
    (ultrajson / LINK on Python 3) / (cjson / LINK on Python 2.7)."""
    links: dict[str, dict[str, float]] = {}
    if not py27 or "error" in py27:
        return links
    for direction in ("encode", "decode"):
        links[direction] = {}
        for case in py27["cases"]:
            cells = py27[direction][case]
            main_cells = main[direction].get(case, {})
            cjson = ratio(cells.get("cjson"), cells.get(LINK))
            ours = ratio(main_cells.get(SELF), main_cells.get(LINK))
            if cjson is not None and ours is not None:
                links[direction][case] = ours / cjson
    return links


def py27_section(py27: dict[str, Any] | None, main: dict[str, Any]) -> str:
    title = "## cjson, through Python 2.7\n\n"
    if py27 is None:
        return title + "Not run: tools/bench.sh runs bench/python27_bench.py when it finds a Python 2.7.\n"
    if "error" in py27:
        return title + f"No Python 2.7 table: {py27['error']}\n"
    versions = ", ".join(f"{lib['name']} {lib['error'] or lib['version']}" for lib in py27["libraries"])
    python3 = main["python"]
    text = [
        title,
        "python-cjson (the seed's cjson) builds only for Python 2, so it is measured on"
        f" {py27['python']} by bench/python27_bench.py: the seed's seven cases from the same"
        " python_cases.py, timed by the same python_timing.py"
        f" (best of {py27['budget']['repeat']} repeats of about {py27['budget']['seconds']} s)."
        f" The interpreters differ ({py27['python']} there, {python3} here), so rates do not"
        f" compare across them; ratios to a library that runs on both do. {LINK} is that link"
        f" (the same release on both); json's ratios are shown too, though the standard"
        f" library's json changed between the two. The last column is ultrajson over cjson"
        f" through {LINK}: (ultrajson / {LINK} on {python3}) / (cjson / {LINK} on {py27['python']}).",
        "",
        f"Python 2.7 libraries: {versions}. On Python 2.7 every decoder reads the same `unicode`"
        " object, Python 2's counterpart of `str` (cjson reads UTF-8 bytes as Latin-1)."
        " ujson 1.35 rounds doubles when it decodes them (its `precise_float` is off by"
        " default), which the check reports as wrong.",
        "",
    ]
    links = py27_link(py27, main)
    for direction in ("encode", "decode"):
        header = [
            "case",
            *(f"{n} (2.7)" for n in PY27_NAMES),
            f"cjson / {LINK} (2.7)",
            f"ultrajson / {LINK} (3)",
            "cjson / json (2.7)",
            "ultrajson / json (3)",
            f"ultrajson / cjson, linked through {LINK}",
        ]
        rows = []
        for case in py27["cases"]:
            cells = py27[direction][case]
            main_cells = main[direction].get(case, {})
            rows.append(
                [
                    case,
                    *(format_rate(cells.get(n, "not run")) for n in PY27_NAMES),
                    format_ratio(ratio(cells.get("cjson"), cells.get(LINK))),
                    format_ratio(ratio(main_cells.get(SELF), main_cells.get(LINK))),
                    format_ratio(ratio(cells.get("cjson"), cells.get("json"))),
                    format_ratio(ratio(main_cells.get(SELF), main_cells.get("json"))),
                    format_ratio(links.get(direction, {}).get(case)),
                ]
            )
        text += [f"### {direction.capitalize()} (calls/sec on Python 2.7, then ratios)", "", _markdown(header, rows), ""]
    return "\n".join(text)


def _format_mib(cell: Cell) -> str:
    return f"{cell:.1f}" if isinstance(cell, float) else cell


def memory_section(memory: dict[str, Any], names: Sequence[str]) -> str:
    if "skipped" in memory:
        return f"Memory {memory['skipped']}.\n"

    def table(rows: Table) -> str:
        return _markdown(
            ["file, direction", *names], ([row, *(_format_mib(cells[n]) for n in names)] for row, cells in rows.items())
        )

    if memory["methods"] == ["VmHWM"]:
        how = (
            "The peak is the kernel's high-water mark (VmHWM), reset through /proc/self/clear_refs"
            " just before the call; getrusage's ru_maxrss cannot be reset, and a process started"
            " by exec carries its parent's peak in it."
        )
    else:
        how = "The peak is getrusage's ru_maxrss, and the baseline its value just before the call."
    return (
        "Each (library, file, direction) runs in a fresh interpreter; the object to encode is the"
        " standard library's decoding of the file, and each library runs with its defaults.\n\n"
        "Peak Python-allocator memory during the call (tracemalloc peak, MiB, the result included)."
        " It counts what is allocated through Python's allocators: objects, and the buffers of"
        " extensions that use PyMem/PyObject_Malloc; buffers an extension takes from malloc or"
        " new directly are invisible to it, which the next table catches.\n\n"
        + table(memory["traced"])
        + "\n\nPeak resident memory growth (MiB): the peak RSS during the call minus the RSS just"
        f" before it, after the imports and the file read. {how}\n\n"
        + table(memory["rss"])
        + "\n"
        + (f"\n{memory['note']}\n" if "note" in memory else "")
    )


def method_lines(results: dict[str, Any]) -> list[str]:
    budget = results["budget"]
    return [
        f"- Each figure is the best of {budget['repeat']} repeats (about {budget['seconds']} s each, with a"
        " loop count calibrated per call, the garbage collector off while timed: python_timing.py);"
        " the calls' repeats are interleaved, in a rotating order, so drift in the machine's speed"
        " hits them alike. Both tables come from the same interleaved run.",
        "- Options are passed as a program writes them, `f(obj, name=value)` at the call site,"
        " for every library alike; a `functools.partial` would add its own copy and unpacking"
        " of the keywords to every call (python_timing.py's call_loop).",
        "- Defaults: every library as called without options, as the seed benchmark did: json,"
        " simplejson, rapidjson, ujson and ultrajson write non-ASCII as `\\uXXXX` (ujson and"
        " ultrajson also escape `/`); orjson writes UTF-8 and returns `bytes`, timed as is.",
        f"- Like for like: ultrajson and ujson with `ensure_ascii=False, escape_forward_slashes=False`"
        f" (the columns marked{LIKE_SUFFIX}) against `orjson.dumps`, `msgspec.json.encode` and"
        " `yyjson.dumps`, which write UTF-8 and leave `/` alone (orjson and msgspec return `bytes`);"
        " decoding: `loads` against `orjson.loads`, `msgspec.json.decode` and `yyjson.loads`."
        " \"vs fastest peer\" is against the fastest of orjson, msgspec and yyjson in that row.",
        f"- The indent variant uses indent={INDENT} for every library, because orjson can only"
        " indent by 2 (`OPT_INDENT_2`); yyjson's is `PRETTY_TWO_SPACES`; orjson sorts keys with"
        " `OPT_SORT_KEYS`, msgspec with `order=\"sorted\"`. n/a: the library lacks the option.",
        "- Every decoder reads the same `str`: `json.dumps(obj, ensure_ascii=False)` of the case,"
        " the corpus file's own text, or for the two \"\\u-escaped\" cases `json.dumps(obj)` (non-ASCII"
        " as `\\uXXXX`, as json and ujson write by default). A decoder that reads a non-ASCII str as"
        " UTF-8 makes CPython cache that form on the str at its first call, so the timed calls"
        " find it cached (as in any loop over one input).",
        "- Before timing, each result is checked once against the standard library (decoded values"
        " and encoded text read back, compared through `json.dumps`, so floats must match bit for"
        ' bit); a mismatch shows as "wrong" and is not timed, an exception as "error".',
        "- \"vs\" columns: ultrajson's calls/sec divided by the peer's.",
        *(f"- {note}" for note in results["notes"]),
    ]


def arch_report(results: dict[str, Any], py27: dict[str, Any] | None, chart: str | None) -> str:
    arch = results["arch"]
    names = [lib["name"] for lib in results["libraries"]]
    lines = [
        f"# ultrajson against its peers (Python, {ARCH_TITLES.get(arch, arch)})",
        "",
        f"Produced by `{results['command']}` on {results['date']} in {results['elapsed']} s.",
        "",
        *results["machine"],
        "",
        _markdown(
            ["library", "version"],
            ([lib["name"], lib["error"] or lib["version"]] for lib in results["libraries"]),
        ).replace("---:|", "---|"),
        "",
        "## Method",
        "",
        *method_lines(results),
        "",
        "## Each library's defaults (the seed's tables)",
        "",
        *(table + "\n" for table in defaults_tables(results, py27_link(py27, results) if arch == "x64" else None)),
        "## Like for like: UTF-8 out, `/` not escaped",
        "",
        *(table + "\n" for table in like_tables(results)),
    ]
    if arch == "x64":
        lines.append(py27_section(py27, results))
    lines += ["## Memory", "", memory_section(results["memory"], names)]
    if chart is not None:
        lines += ["## Chart", "", chart, ""]
    return "\n".join(lines)


def py27_summary(py27: dict[str, Any] | None, main: dict[str, Any]) -> str:
    """The README's Python 2.7 table: ratios only, encode and decode side by side."""
    if py27 is None or "error" in py27:
        return py27_section(py27, main).partition("\n\n")[2]
    links = py27_link(py27, main)
    header = ["case"]
    for direction in ("encode", "decode"):
        header += [f"{direction}: cjson / {LINK} (2.7)", f"ultrajson / {LINK} (3)", "ultrajson / cjson, linked"]
    rows = []
    for case in py27["cases"]:
        row = [case]
        for direction in ("encode", "decode"):
            cells, main_cells = py27[direction][case], main[direction].get(case, {})
            row += [
                format_ratio(ratio(cells.get("cjson"), cells.get(LINK))),
                format_ratio(ratio(main_cells.get(SELF), main_cells.get(LINK))),
                format_ratio(links.get(direction, {}).get(case)),
            ]
        rows.append(row)
    return _markdown(header, rows) + "\n"


def summary(runs: dict[str, dict[str, Any]], py27: dict[str, Any] | None) -> str:
    """The tables the README quotes, narrower than the reports': no column for
    a library that is not installed."""
    parts = []
    for arch, run in runs.items():
        title = f"{ARCH_TITLES.get(arch, arch)}, {run['python']}"
        links = py27_link(py27, run) if arch == "x64" else None
        tables = defaults_tables(run, links, compact=True) + like_tables(run, compact=True)
        parts += [f"#### {title}\n", *(t.replace("### ", f"##### ", 1) + "\n" for t in tables)]
        if arch == "x64":
            parts += [f"#### cjson, through Python 2.7 ({LINK} the link)\n", py27_summary(py27, run)]
    return "\n".join(parts)


def _load(path: Path) -> dict[str, Any] | None:
    if not path.is_file():
        return None
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def write_reports(folder: Path) -> list[str]:
    """Write the reports and the chart of the result files in folder; return
    what was written, one line each."""
    runs = {arch: run for arch in ARCHES if (run := _load(folder / f"python-{arch}.json")) is not None}
    py27 = _load(folder / "python-py27.json")
    done = []
    chart_path = folder / "python-bench.png"
    drawn = python_chart.draw(chart_path, runs, py27_link(py27, runs["x64"]) if "x64" in runs else {})
    done.append(drawn)
    chart = f"![calls/sec relative to {BASELINE}](python-bench.png)" if drawn.startswith("chart written") else drawn
    for arch, run in runs.items():
        path = folder / f"python-{arch}.md"
        path.write_text(arch_report(run, py27, chart), encoding="utf-8")
        done.append(f"report written to {path}")
    if runs:
        (folder / "python-summary.md").write_text(summary(runs, py27), encoding="utf-8")
        done.append(f"the README's tables written to {folder / 'python-summary.md'}")
    return done


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    for line in write_reports(Path(argv[0])):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
