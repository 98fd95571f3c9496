"""Child process of test_resources.py: one public function on one large input
under an address-space limit just above what ``json`` needs for it.

    python _resource_child.py FUNCTION INPUT [--factor F] [--measure] [--no-limit]

Builds INPUT, finds by bisection the smallest RLIMIT_AS under which the
``json`` counterpart of FUNCTION succeeds, runs ultrajson's FUNCTION under that
limit plus a small margin, and prints one JSON line: the outcome ("ok",
"MemoryError", a wrong result, or any other exception), json's need and the
limit given, in bytes above the address space in use before the call. A crash
shows as the child's exit signal, which is the parent's to check.

--no-limit (for a build under AddressSanitizer, whose shadow mapping makes an
address-space limit meaningless) runs FUNCTION once without a limit.
"""

from __future__ import annotations

import argparse
import io
import json
import resource
import sys

import ultrajson

MiB = 1 << 20
# json's need is found to within an eighth (at least 4 MiB), and ultrajson
# gets that step plus 4 MiB more: the margin covers the bisection's step,
# allocator rounding and the small fixed buffers ultrajson keeps, not a
# multiple of the input.
MIN_STEP = 4 * MiB
FACTOR_SLACK = 16 * MiB
COMPACT = (",", ":")  # ultrajson's layout; json's default has spaces


def nested_text() -> bytes:
    # Built from bytes, not by json.dumps, so that building the input needs
    # far less memory than decoding it.
    item = b'{"a":[1,2.5,"x",null,true,false],"b":{"c":"d\\u00e9","e":[[],{}]}},'
    return b"[" + item * 50_000 + b"{}]"


def nested_value() -> list:
    return [{"a": [1, 2.5, "x", None, True, False], "b": {"c": "d\u00e9", "e": [[], {}]}}
            for _ in range(50_000)]


def huge_ints() -> list:
    # Ints of 20,000 digits: beyond Python's default str digit limit, which
    # main() lifts for both libraries.
    return [10**20_000 - 7 * i for i in range(20)]


INPUTS = {
    # dumps: a 100 MiB str once needed 7x its size while json.dumps needs 1x.
    "str_100mib": lambda: "a" * (100 * MiB),
    "emoji_str": lambda: "\U0001F600" * (4 * MiB),  # 12 output bytes each (\ud83d\ude00)
    "nested": nested_value,
    "floats": lambda: [i * 1.000001 for i in range(500_000)],
    "huge_ints": huge_ints,
    # loads: the text of the same kinds of document.
    "str_100mib_text": lambda: b'"' + b"a" * (100 * MiB) + b'"',
    "nested_text": nested_text,
    "floats_text": lambda: b"[" + b",".join(b"%r" % (i * 1.000001) for i in range(500_000)) + b"]",
    "huge_ints_text": lambda: b"[" + b",".join(str(i).encode() for i in huge_ints()) + b"]",
}


class Sink:
    """A file that keeps only the length written (dump's destination)."""

    def __init__(self) -> None:
        self.length = 0

    def write(self, text: str) -> None:
        self.length += len(text)


def dump_length(dump, value) -> int:
    sink = Sink()
    dump(value, sink)
    return sink.length


def summary(value) -> list:
    """What the parent compares of a decoded document: it cannot hold json's
    result and ours at once under the limit."""
    return [type(value).__name__, len(value) if hasattr(value, "__len__") else None]


# FUNCTION -> (json's counterpart, ultrajson's call): each takes the input and
# returns a fingerprint of its result, equal when the results are.
FUNCTIONS = {
    "dumps": (lambda v: hash(json.dumps(v, separators=COMPACT)),
              lambda v: hash(ultrajson.dumps(v))),
    "encode": (lambda v: hash(json.dumps(v, separators=COMPACT)),
               lambda v: hash(ultrajson.encode(v))),
    "dump": (lambda v: dump_length(lambda v, f: json.dump(v, f, separators=COMPACT), v),
             lambda v: dump_length(ultrajson.dump, v)),
    "loads": (lambda t: summary(json.loads(t)), lambda t: summary(ultrajson.loads(t))),
    "decode": (lambda t: summary(json.loads(t)), lambda t: summary(ultrajson.decode(t))),
    "load": (lambda t: summary(json.load(io.BytesIO(t))),
             lambda t: summary(ultrajson.load(io.BytesIO(t)))),
}


def address_space() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[0]) * resource.getpagesize()


def succeeds_within(call, value, limit: int) -> bool:
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY))
    try:
        call(value)
        return True
    except MemoryError:
        return False
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))


def smallest_limit(call, value) -> tuple[int, int]:
    """The smallest RLIMIT_AS under which call(value) succeeds, and the step
    it is known to within."""
    base = low = address_space()
    high = low + 16 * MiB
    while not succeeds_within(call, value, high):
        low, high = high, base + 2 * (high - base)
    step = max(MIN_STEP, (high - base) // 8)
    while high - low > step:
        middle = (low + high) // 2
        if succeeds_within(call, value, middle):
            high = middle
        else:
            low = middle
    return high, step


def run_within(call, value, expected, limit: int | None) -> str:
    """ "ok", "MemoryError", or what else happened, with call under limit."""
    if limit is not None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY))
    try:
        result = call(value)
        return "ok" if result == expected else f"wrong result {result} != {expected}"
    except MemoryError:
        return "MemoryError"
    except Exception as error:  # noqa: BLE001 - the parent reports what it was
        return f"{type(error).__name__}: {error}"
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("function", choices=FUNCTIONS)
    parser.add_argument("input", choices=INPUTS)
    parser.add_argument("--factor", type=float,
                        help="also run ultrajson under FACTOR times json's need")
    parser.add_argument("--measure", action="store_true",
                        help="also find ultrajson's own need (for the figures)")
    parser.add_argument("--no-limit", action="store_true",
                        help="run once without a limit (AddressSanitizer builds)")
    args = parser.parse_args()
    if hasattr(sys, "set_int_max_str_digits"):  # 3.11+ (and late 3.9, 3.10 releases)
        sys.set_int_max_str_digits(0)
    reference, ours = FUNCTIONS[args.function]
    value = INPUTS[args.input]()
    expected = reference(value)
    report: dict = {"function": args.function, "input": args.input}
    if args.no_limit:
        report["outcome"] = run_within(ours, value, expected, None)
    else:
        base = address_space()
        json_limit, step = smallest_limit(reference, value)
        json_need = json_limit - base
        report["json_need"] = json_need
        report["limit"] = json_need + step + MIN_STEP
        report["outcome"] = run_within(ours, value, expected, base + report["limit"])
        if args.factor is not None:
            # A small factor of json's need plus a constant: json's need is
            # measured in steps of at least 4 MiB, and a few MiB of ours are
            # fixed (the writer's first buffer, the result's header): on a
            # 9 MB output, 3x a need measured as 4 MiB was short on 3.12.
            report["factor_limit"] = int(json_need * args.factor) + FACTOR_SLACK
            report["factor_outcome"] = run_within(
                ours, value, expected, base + report["factor_limit"])
        if args.measure:
            report["our_need"] = smallest_limit(ours, value)[0] - base
    print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
