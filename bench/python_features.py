"""What the json-style features cost (issue 11): loads with the hooks given
as None against loads without them, and dumps of the natively encoded types
against a default= function doing the same.

    python3 bench/python_features.py [--quick]

Timed as the main tables are (bench/python_timing.py: interleaved repeats,
best of each); prints a Markdown table of calls/sec and the ratio.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import enum
import json
import os
import sys
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import python_timing  # noqa: E402
from python_cases import read_corpus  # noqa: E402

import ultrajson  # noqa: E402


@dataclasses.dataclass
class Point:
    x: int
    y: float
    name: str


class Color(enum.Enum):
    RED = "red"


def comparisons():
    """(case, ours, theirs, argument): `ours` the feature, `theirs` the baseline."""
    twitter = read_corpus("twitter.json")
    small = '{"a": [1, 2.5, null], "b": "text"}'
    yield ("loads twitter.json: hooks=None vs no hooks",
           lambda s: ultrajson.loads(s, object_hook=None, parse_float=None), ultrajson.loads,
           twitter)
    yield ("loads small: hooks=None vs no hooks",
           lambda s: ultrajson.loads(s, object_hook=None, parse_float=None), ultrajson.loads, small)
    yield ("loads twitter.json: object_pairs_hook=dict vs json.loads's",
           lambda s: ultrajson.loads(s, object_pairs_hook=dict),
           lambda s: json.loads(s, object_pairs_hook=dict), twitter)
    natives = {
        "1000 datetimes": ([datetime.datetime(2020, 1, 2, 3, 4, 5, i) for i in range(1000)],
                           lambda o: o.isoformat()),
        "1000 dataclasses": ([Point(i, i / 2, "n") for i in range(1000)],
                             lambda o: {f.name: getattr(o, f.name) for f in dataclasses.fields(o)}),
        "1000 UUIDs": ([uuid.UUID(int=i) for i in range(1000)], str),
        "1000 enums": ([Color.RED] * 1000, lambda o: o.value),
    }
    for name, (values, default) in natives.items():
        yield (f"dumps {name}: native vs default=",
               ultrajson.dumps, lambda v, d=default: ultrajson.dumps(v, default=d), values)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short repeats (a smoke test)")
    args = parser.parse_args(argv)
    budget = python_timing.QUICK if args.quick else python_timing.FULL
    print("| case | feature calls/s | baseline calls/s | ratio |")
    print("|---|--:|--:|--:|")
    for case, ours, theirs, argument in comparisons():
        rates = python_timing.time_interleaved(
            [("ours", ours, argument), ("theirs", theirs, argument)], budget)
        ratio = rates["ours"] / rates["theirs"]
        print(f"| {case} | {rates['ours']:,.0f} | {rates['theirs']:,.0f} | {ratio:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
