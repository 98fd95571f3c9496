"""Python-level fuzzing of the ultrajson module with atheris (issue 7).

The first input byte picks what the rest drives:
  even: loads/decode/load of the remaining bytes (as bytes, and as str when
        they are UTF-8); it returns or raises JSONDecodeError (ValueError for
        an int beyond Python's digit limit), and on str input json accepts
        what ultrajson accepts, with the same value.
  odd:  dumps of a nested object built from the bytes (JSON types, tuples,
        bytes, Decimal, toDict/__json__ objects, unserializable objects)
        with options from the bytes; it returns or raises TypeError,
        ValueError or OverflowError, and what it returns reads back (equal
        when the object held only JSON types).
A crash (signal) or any other exception is a finding.

    python3 fuzz/python_fuzz.py [libFuzzer flags] [corpus dirs]
    bash tools/fuzz_python.sh [SECONDS]      seeds, dictionary, CI settings

The feedback is the coverage of the Python code atheris instruments (all
that is loaded: the harness, the checks, ultrajson's Python files); the C++ of the extension is not
instrumented, so the search there is blind but checked property by property.
"""

from __future__ import annotations

import decimal
import sys
from pathlib import Path

import atheris

# The properties, shared with the hypothesis tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "tests"))
from _fuzz_checks import Opaque, RawJSON, ToDict, check_dumps, check_loads  # noqa: E402

MAX_DEPTH = 12
MAX_ITEMS = 8


# -- dumps ---------------------------------------------------------------------


def build(fdp: atheris.FuzzedDataProvider, depth: int, plain: list):
    """A nested object from the bytes; plain[0] becomes False once it holds
    anything but JSON types (whose output need not read back equal)."""
    kind = fdp.ConsumeIntInRange(0, 15 if depth < MAX_DEPTH else 7)
    if kind == 0:
        return None
    if kind == 1:
        return fdp.ConsumeBool()
    if kind == 2:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 40))
    if kind == 3:
        return fdp.ConsumeFloat()
    if kind in (4, 5):
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 16))
    if kind in (6, 7) or kind >= 11:  # not a JSON type: the output may differ
        plain[0] = False
    if kind == 6:
        return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 8))
    if kind == 7:
        return decimal.Decimal(fdp.ConsumeIntInRange(-10**6, 10**6)) / 1000
    if kind in (8, 9):
        return [build(fdp, depth + 1, plain) for _ in range(fdp.ConsumeIntInRange(0, MAX_ITEMS))]
    if kind == 10:
        keys = [fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 6)) for _ in range(
            fdp.ConsumeIntInRange(0, MAX_ITEMS))]
        return {key: build(fdp, depth + 1, plain) for key in keys}
    if kind == 11:
        return tuple(build(fdp, depth + 1, plain) for _ in range(fdp.ConsumeIntInRange(0, 4)))
    if kind == 12:
        key = fdp.PickValueInList([1, 2.5, True, None, b"k", "k", -0.0])
        return {key: build(fdp, depth + 1, plain)}
    if kind == 13:
        return ToDict(build(fdp, depth + 1, plain))
    if kind == 14:
        return RawJSON(fdp.PickValueInList(['{"a":1}', "[1", "", "2", b"[3]", 4]))
    return Opaque()


def fuzz_dumps(fdp: atheris.FuzzedDataProvider) -> None:
    options = {}
    for name in ("ensure_ascii", "encode_html_chars", "escape_forward_slashes", "sort_keys",
                 "allow_nan", "reject_bytes"):
        if fdp.ConsumeBool():
            options[name] = fdp.ConsumeBool()
    if fdp.ConsumeBool():
        options["indent"] = fdp.ConsumeIntInRange(-4, 12)
    if fdp.ConsumeBool():
        options["separators"] = fdp.PickValueInList([(",", ":"), (", ", ": "), ("\t,", " :\n")])
    if fdp.ConsumeBool():
        options["default"] = fdp.PickValueInList([str, repr, lambda o: [1], lambda o: o])
    plain = [True]
    value = build(fdp, 0, plain)
    check_dumps(value, options, plain[0])


def test_one_input(data: bytes) -> None:
    if not data:
        return
    if data[0] % 2 == 0:
        check_loads(data[1:])
    else:
        fuzz_dumps(atheris.FuzzedDataProvider(data[1:]))


def main() -> None:
    sys.setrecursionlimit(10_000)  # json.loads of 1024 levels, in the check
    atheris.instrument_all()
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
