"""The chart of the Python benchmarks: each library's calls/sec relative to
ujson, with its defaults, one bar per library and case; encode and decode side
by side, one row of panels per architecture.  cjson, which runs only on
Python 2.7, is drawn through its link (python_report.py), hatched and marked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from python_libs import BASELINE, DEFAULT_NAMES

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
LINKED = "cjson"
LINKED_LABEL = "cjson (Python 2.7, linked through simplejson)"
TITLES = {"x64": "x86-64", "x86": "x86 (32-bit)"}


def _bars(run: dict[str, Any], direction: str, links: dict[str, float]) -> dict[str, dict[str, float | str]]:
    """name -> case -> ratio to ujson (or why there is none)."""
    names = {lib["name"] for lib in run["libraries"] if lib["error"] is None}
    bars: dict[str, dict[str, float | str]] = {}
    for name in DEFAULT_NAMES:
        if name == BASELINE:
            continue
        per_case: dict[str, float | str] = {}
        for case, cells in run[direction].items():
            base = cells.get(BASELINE)
            if not isinstance(base, float):
                continue
            if name == LINKED and name not in names:
                # ultrajson / cjson through the link, so cjson / ujson = (ultrajson / ujson) / link.
                mine = cells.get("ultrajson")
                if case in links and isinstance(mine, float):
                    per_case[case] = mine / base / links[case]
                continue
            cell = cells.get(name)
            if name in names and cell is not None:
                per_case[case] = cell / base if isinstance(cell, float) else cell.split(":")[0]
        if per_case:
            bars[name] = per_case
    return bars


def draw(path: Path, runs: dict[str, dict[str, Any]], links: dict[str, dict[str, float]]) -> str:
    """Draw the chart of runs (arch -> results) into path; links: direction ->
    case -> ultrajson / cjson through the link, for the x64 row.  Return what
    happened, for the report."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter
    except ImportError as exc:
        return f"chart skipped: matplotlib is not installed ({exc})"
    runs = {arch: run for arch, run in runs.items() if any(
        lib["name"] == BASELINE and lib["error"] is None for lib in run["libraries"])}
    if not runs:
        return f"chart skipped: it is drawn relative to {BASELINE}, which was not selected or not installed"

    panels = {
        (arch, direction): _bars(run, direction, links.get(direction, {}) if arch == "x64" else {})
        for arch, run in runs.items()
        for direction in ("encode", "decode")
    }
    cases = list(dict.fromkeys(case for run in runs.values() for d in ("encode", "decode") for case in run[d]))
    drawn = [name for name in DEFAULT_NAMES if any(name in bars for bars in panels.values())]
    height = 0.8 / max(1, len(drawn))
    fig, axes = plt.subplots(
        len(runs), 2, sharex=True, squeeze=False,
        figsize=(15, 1.5 + len(runs) * len(cases) * (0.2 + 0.15 * len(drawn))), layout="constrained",
    )
    ratios_seen = [1.0]
    for row, (arch, run) in enumerate(runs.items()):
        for col, direction in enumerate(("encode", "decode")):
            ax = axes[row][col]
            bars = panels[(arch, direction)]
            for i, case in enumerate(cases):
                cells = run[direction].get(case)
                if cells is None:
                    ax.text(1.0, i, f" {direction} not timed for this case", fontsize=7, va="center", color="0.4")
                elif not isinstance(cells.get(BASELINE), float):
                    ax.text(1.0, i, f" {BASELINE}: {cells.get(BASELINE)}, no ratios", fontsize=7, va="center")
            for j, name in enumerate(drawn):
                ys, ratios = [], []
                for i, case in enumerate(cases):
                    value = bars.get(name, {}).get(case)
                    y = i + (j - (len(drawn) - 1) / 2) * height
                    if isinstance(value, float):
                        ys.append(y)
                        ratios.append(value)
                    elif value is not None:
                        # Say why the bar is missing (n/a, error, wrong) where it would be.
                        ax.text(1.0, y, f" {name}: {value}", fontsize=6, va="center", color="0.4")
                linked = name == LINKED and arch == "x64" and not any(
                    lib["name"] == LINKED and lib["error"] is None for lib in run["libraries"])
                # Bars grow from 1x (ujson): right of the line is faster, left slower.
                drawn_bars = ax.barh(
                    ys, [r - 1 for r in ratios], left=1, height=height, color=COLORS[name],
                    hatch="///" if linked else None, edgecolor="white" if linked else None,
                    label=LINKED_LABEL if linked else name,
                )
                ax.bar_label(drawn_bars, labels=[f"{r:.2f}" for r in ratios], fontsize=6, padding=2)
                ratios_seen += ratios
            ax.set_title(f"{TITLES.get(arch, arch)}, {run['python']}: {direction} (higher is better)", fontsize=9)
            ax.axvline(1.0, color=COLORS[BASELINE], linewidth=1.5)
            ax.set_xscale("log")
            ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}x"))
            ax.xaxis.set_minor_formatter(NullFormatter())
            ax.grid(axis="x", linewidth=0.3)
            ax.set_yticks(range(len(cases)), cases if col == 0 else [], fontsize=8)
            ax.set_ylim(len(cases) - 0.5, -0.5)  # first case on top
        axes[-1][0].set_xlabel(f"calls/sec relative to {BASELINE} (the 1x line), log scale")
        axes[-1][1].set_xlabel(f"calls/sec relative to {BASELINE} (the 1x line), log scale")
    # One range for every panel, so bar lengths compare across them; the
    # margins leave room for the value labels.
    axes[0][0].set_xlim(min(ratios_seen) / 1.5, max(ratios_seen) * 1.5)
    labels: dict[str, Any] = {}
    for ax in axes.flat:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            labels.setdefault(label, handle)
    fig.legend(
        list(labels.values()), [f"{label} (vs {BASELINE})" for label in labels],
        loc="outside lower center", ncols=min(len(labels), 4), fontsize=8, frameon=False,
    )
    fig.suptitle(f"ultrajson and peers, each with its defaults: calls/sec relative to {BASELINE} (= 1.0)", fontsize=10)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return f"chart written to {path}"
