"""The seed's seven cases on Python 2.7: cjson, ujson 1.35, simplejson, json.

python-cjson, one of the seed README's peers, builds only for Python 2, so it
is measured here, on a Python 2.7 interpreter, with the cases of
python_cases.py and the timing of python_timing.py (the files the main
benchmark reads), and set beside ultrajson through simplejson and json, which
run on both interpreters (python_report.py).  Written for Python 2.7.

    python2.7 bench/python27_bench.py [--quick] [--cases SUBSTRINGS] > python-py27.json

tools/bench.sh installs the peers (bench/requirements-py27.txt) into
build/py27-site and runs it with that folder on PYTHONPATH.  Prints the
results as JSON on stdout, progress on stderr.
"""

from __future__ import absolute_import, division, print_function

import argparse
import importlib
import json
import platform
import sys

import python_cases
from python_timing import FULL, QUICK, describe_error, time_interleaved

NAMES = ("cjson", "ujson", "simplejson", "json")


def load(name):
    """(version or None, encode, decode, error or None) of one library."""
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        return None, None, None, "not installed: %s" % exc
    version = getattr(module, "__version__", None)
    if name == "cjson":
        return version or "1.2.2", module.encode, module.decode, None
    return version or "unknown", module.dumps, module.loads, None


def _unicode(text):
    """The decode input: a unicode object, Python 2's counterpart of Python 3's
    str (json.dumps returns str for ASCII-only text).  Not UTF-8 bytes:
    cjson reads bytes as Latin-1, so its non-ASCII strings would come out wrong."""
    return text if isinstance(text, unicode) else text.decode("utf-8")  # noqa: F821 (Python 2 only)


def check(direction, func, case):
    """None when func handles the case as the standard library does, else the cell."""
    try:
        if direction == "encode":
            good = json.loads(func(case.obj)) == json.loads(json.dumps(case.obj))
        else:
            good = func(_unicode(case.text)) == json.loads(case.text)
    except Exception as exc:
        return describe_error(exc)
    return None if good else "wrong: reads back differently"


def main():
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny time budget, for a CI smoke run")
    parser.add_argument("--cases", default="", help="comma-separated substrings of case names")
    args = parser.parse_args()
    budget = QUICK if args.quick else FULL
    libraries = [(name,) + load(name) for name in NAMES]
    results = {
        "python": "%s %s" % (platform.python_implementation(), platform.python_version()),
        "budget": {"repeat": budget.repeat, "seconds": budget.seconds},
        "libraries": [{"name": n, "version": v, "error": e} for n, v, _, _, e in libraries],
        # In the order of python_cases.py (Python 2.7's dicts keep none).
        "cases": [],
        "encode": {},
        "decode": {},
    }
    for spec in python_cases.select(args.cases, [s for s in python_cases.case_specs() if s.seed]):
        case = python_cases.build(spec)
        print(case.name, file=sys.stderr)
        results["cases"].append(case.name)
        for direction in ("encode", "decode"):
            cells = {}
            calls = []
            arg = case.obj if direction == "encode" else _unicode(case.text)
            for name, _, encode, decode, error in libraries:
                func = encode if direction == "encode" else decode
                problem = error and "not installed" or check(direction, func, case)
                if problem:
                    cells[name] = problem
                else:
                    calls.append((name, func, arg))
            if calls:
                cells.update(time_interleaved(calls, budget))
            results[direction][case.name] = cells
    json.dump(results, sys.stdout, indent=1, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
