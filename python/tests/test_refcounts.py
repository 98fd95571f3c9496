"""No leaks: memory and reference counts stay flat over 10,000 calls of each
function, on success and on every error path.

Memory is measured with tracemalloc (traced memory after a warm-up against
after N calls, with a small slack); references with sys.getrefcount of the
inputs, of None/True/False and of the exception types.  (sys.gettotalrefcount
exists only in debug builds, so it is not used.)
"""

from __future__ import annotations

import decimal
import enum
import gc
import io
import sys
import tracemalloc
from dataclasses import dataclass, field
from typing import Any, Callable

import pytest
import ultrajson

from _support import nested_lists

N = 10_000
WARMUP = 300
# A leak of one small object per call is >= 16 bytes * N = 160 KB; allow far less.
SLACK_BYTES = 64 * 1024
# A missing Py_DECREF per call changes a count by N; allow ordinary noise.
REF_SLACK = N // 20


class Unknown:
    pass


class ToDict:
    def toDict(self):
        return {"x": [1, "é"], "y": None}


class ToDictList:
    def toDict(self):
        return [1, 2]


class RawJSON:
    def __json__(self):
        return '{"raw": [1, 2]}'


class RawBytes:
    def __json__(self):
        return b"[3]"


class RawWrong:
    def __json__(self):
        return 42


class Colour(enum.IntEnum):
    RED = 1


class Chain:
    def __init__(self, n):
        self.n = n


class Writer:
    def __init__(self):
        self.last = None

    def write(self, data):
        self.last = data


class FailingWriter:
    def write(self, data):
        raise OSError("write failed")


class Reader:
    def __init__(self, data):
        self.data = data

    def read(self):
        return self.data


class FailingReader:
    def read(self):
        raise OSError("read failed")


def _raise(exc):
    raise exc


def _default_ok(obj):
    return {"unknown": repr(type(obj).__name__)}


def _default_raises(obj):
    raise ValueError("default failed")


def _default_chain(obj):
    return Chain(obj.n + 1)


SELF_LIST: list = [1, "a"]
SELF_LIST.append(SELF_LIST)
SELF_DICT: dict = {"k": [1.5]}
SELF_DICT["self"] = SELF_DICT

RICH = {
    "str": "ascii",
    "latin": "é",
    "bmp": "€ключ",
    "astral": "😀",
    "surrogate": "\ud800",
    "escapes": '"\\/\n\x01<>&',
    "ints": [0, -1, 2**63, -(2**63) - 1, 2**64, 2**200, Colour.RED],
    "floats": [0.0, -0.0, 1.5, 1e-05, 1e16, float("inf"), float("nan")],
    "dec": decimal.Decimal("1.25"),
    "bool": [True, False, None],
    "tuple": (1, (2, 3)),
    "nested": {"a": {"b": {"c": [[], {}]}}},
    "to_dict": ToDict(),
    "raw": [RawJSON(), RawBytes()],
    7: "int key",
    2.5: "float key",
    None: "none key",
    True: "true key",
    b"bytes key": "b",
}
RICH_SORTABLE = {"b": [1, "é", {"z": 2, "a": 1}], "a": (None, True, 2.5)}
# Keys made at run time (not interned), so that their own counts are watched:
# sort_keys holds each while its dict is written, and must let go of all of
# them when an item fails.
SORTED_KEYS = ["".join(("key-", str(i))) for i in range(4)]
SORTED_FAILING = {
    SORTED_KEYS[3]: 1,
    SORTED_KEYS[1]: {SORTED_KEYS[2]: [Unknown()], SORTED_KEYS[0]: 2},
    SORTED_KEYS[0]: "a",
}
DOC = (
    '{"str": "ascii", "latin": "\\u00e9 é", "astral": "😀 \\ud83d\\ude00", '
    '"lone": "\\ud800", "ints": [0, -1, 9223372036854775808, 18446744073709551616, '
    "123456789012345678901234567890], "
    '"floats": [1.5, -0.0, 1e-05, 1e400, NaN, -Infinity], '
    '"bools": [true, false, null], "nested": {"a": {"b": [[], {}]}}, '
    '"dup": 1, "dup": 2, "esc": "\\"\\\\\\/\\b\\f\\n\\r\\t"}'
)
DOC_BYTES = DOC.encode()
DOC_BUF = bytearray(DOC_BYTES)
BIG_DIGITS = "7" * 5000  # beyond the default int/str digit limit (4300)


class BadKey:
    def __str__(self):
        raise RuntimeError("no str")


BAD_KEY = BadKey()
DEEP_1025 = nested_lists(1025)
BIG_INT = 10**5000 + 7  # more digits than the default int/str limit (4300)
FAILING_WRITER = FailingWriter()
FAILING_READER = FailingReader()


@dataclass
class Case:
    name: str
    call: Callable[[], Any]
    error: type[BaseException] | tuple[type[BaseException], ...] | None = None
    watch: list = field(default_factory=list)


def _loads_error(doc: Any) -> Case:
    # A memoryview's repr holds its address: the id must not, or pytest-xdist's
    # workers collect different tests.
    shown = f"memoryview({bytes(doc)!r})" if isinstance(doc, memoryview) else repr(doc)
    return Case(
        f"loads-error-{shown:.40}",
        lambda: ultrajson.loads(doc),
        ultrajson.JSONDecodeError,
        [doc],
    )


def _cases() -> list[Case]:
    writer = Writer()
    unknown = Unknown()
    bad_obj = [1, {"a": [unknown]}]
    return [
        # -- success -------------------------------------------------------
        Case(
            "dumps-rich",
            lambda: ultrajson.dumps(RICH, reject_bytes=False),
            None,
            [RICH],
        ),
        Case(
            "dumps-options",
            lambda: ultrajson.dumps(
                RICH_SORTABLE,
                ensure_ascii=False,
                encode_html_chars=True,
                escape_forward_slashes=False,
                sort_keys=True,
                indent=2,
                separators=(",", ": "),
            ),
            None,
            [RICH_SORTABLE],
        ),
        Case(
            "dumps-sort-keys-nested",
            lambda: ultrajson.dumps([SORTED_FAILING[SORTED_KEYS[0]], {k: [k] for k in SORTED_KEYS}],
                                    sort_keys=True),
            None,
            SORTED_KEYS,
        ),
        Case(
            "dumps-indent-negative",
            lambda: ultrajson.dumps(RICH_SORTABLE, indent=-1),
            None,
            [RICH_SORTABLE],
        ),
        Case(
            "dumps-bytes",
            lambda: ultrajson.dumps([b"abc", "é".encode()], reject_bytes=False),
        ),
        Case(
            "dumps-default",
            lambda: ultrajson.dumps([unknown, b"x"], default=_default_ok),
            None,
            [unknown, _default_ok],
        ),
        Case(
            "dumps-default-chain-3",
            lambda: ultrajson.dumps(
                Chain(0), default=lambda o: Chain(o.n + 1) if o.n < 2 else o.n
            ),
        ),
        Case("dumps-scalar-str", lambda: ultrajson.dumps("é😀" * 10)),
        Case("encode", lambda: ultrajson.encode([1, 2.5, "x"])),
        Case("loads-str", lambda: ultrajson.loads(DOC), None, [DOC]),
        Case("loads-bytes", lambda: ultrajson.loads(DOC_BYTES), None, [DOC_BYTES]),
        Case("loads-bytearray", lambda: ultrajson.loads(DOC_BUF), None, [DOC_BUF]),
        Case(
            "loads-memoryview",
            lambda: ultrajson.loads(memoryview(DOC_BYTES)),
            None,
            [DOC_BYTES],
        ),
        Case(
            "decode-scalars",
            lambda: [
                ultrajson.decode(s)
                for s in ("1", "-1.5", '"x"', "true", "null", "[]", "{}")
            ],
        ),
        # Nested containers: (the depth limit itself is exercised below, as an error.)
        Case(
            "loads-nested-64",
            lambda: ultrajson.loads('[{"a": ' * 32 + "[]" + "}]" * 32),
        ),
        Case(
            "dump",
            lambda: ultrajson.dump(RICH_SORTABLE, writer, indent=1),
            None,
            [writer, RICH_SORTABLE],
        ),
        Case("load-str", lambda: ultrajson.load(Reader(DOC)), None, [DOC]),
        Case(
            "load-bytes", lambda: ultrajson.load(Reader(DOC_BYTES)), None, [DOC_BYTES]
        ),
        # -- loads: JSONDecodeError of each kind ------------------------------
        _loads_error(""),
        _loads_error("[1] x"),
        _loads_error("tru"),
        _loads_error("nul"),
        _loads_error('"abc'),
        _loads_error('["a", "b", {"c": [1, 2, 3]}, x]'),
        _loads_error('{"k": [1, "é", {"kk": 2}], "k2": 1,}'),
        _loads_error('{"a" 1}'),
        _loads_error("{1: 2}"),
        _loads_error('"\\x"'),
        _loads_error('"\\u12G4"'),
        _loads_error('"\x01"'),
        _loads_error("01"),
        _loads_error("1."),
        _loads_error("-"),
        _loads_error("[1,]"),
        _loads_error("\f1"),
        _loads_error("[" * 1025 + "]" * 1025),
        _loads_error('[{"a": "b", "c": [1.5, "d"]}, ' * 50 + "x"),
        _loads_error(b'["ok", "\xff"]'),
        _loads_error(b'{"\xc3\xa9": "\xc0\x80"}'),
        _loads_error(memoryview(b"[1]]]")[:4]),
        Case(
            "loads-digit-limit",
            lambda: ultrajson.loads("[1, " + BIG_DIGITS + "]"),
            ValueError,
        ),
        # -- loads: TypeError ----------------------------------------------
        Case("loads-int", lambda: ultrajson.loads(123), TypeError),
        Case("loads-none", lambda: ultrajson.loads(None), TypeError),
        Case("loads-no-args", lambda: ultrajson.loads(), TypeError),
        Case("loads-two-args", lambda: ultrajson.loads("1", "2"), TypeError),
        Case("loads-unknown-kwarg", lambda: ultrajson.loads("1", bogus=1), TypeError),
        _loads_error(memoryview(b"[x1x,x2xx")[::2]),
        # -- dumps errors ----------------------------------------------------
        Case(
            "dumps-unknown-kwarg",
            lambda: ultrajson.dumps(RICH_SORTABLE, bogus=1),
            TypeError,
            [RICH_SORTABLE],
        ),
        Case("dumps-no-args", lambda: ultrajson.dumps(), TypeError),
        Case(
            "dumps-too-many-args", lambda: ultrajson.dumps(1, *([None] * 10)), TypeError
        ),
        Case(
            "dumps-unserializable",
            lambda: ultrajson.dumps(bad_obj),
            TypeError,
            [bad_obj, unknown],
        ),
        Case(
            "dumps-default-raises",
            lambda: ultrajson.dumps(bad_obj, default=_default_raises),
            ValueError,
            [bad_obj, unknown],
        ),
        Case(
            "dumps-default-chain-4",
            lambda: ultrajson.dumps([Chain(0)], default=_default_chain),
            TypeError,
        ),
        Case(
            "dumps-default-not-callable",
            lambda: ultrajson.dumps(unknown, default=5),
            TypeError,
            [unknown],
        ),
        Case(
            "dumps-todict-list",
            lambda: ultrajson.dumps({"a": [ToDictList()]}),
            TypeError,
        ),
        Case(
            "dumps-json-wrong-type", lambda: ultrajson.dumps([1, RawWrong()]), TypeError
        ),
        Case(
            "dumps-depth",
            lambda: ultrajson.dumps(DEEP_1025),
            OverflowError,
            [DEEP_1025],
        ),
        Case(
            "dumps-cycle-list",
            lambda: ultrajson.dumps(SELF_LIST),
            OverflowError,
            [SELF_LIST],
        ),
        Case(
            "dumps-cycle-dict",
            lambda: ultrajson.dumps(SELF_DICT),
            OverflowError,
            [SELF_DICT],
        ),
        Case(
            "dumps-nan",
            lambda: ultrajson.dumps({"a": [1.5, float("nan")]}, allow_nan=False),
            OverflowError,
        ),
        Case(
            "dumps-inf",
            lambda: ultrajson.dumps([float("-inf")], allow_nan=False),
            OverflowError,
        ),
        Case("dumps-bytes-rejected", lambda: ultrajson.dumps({"a": b"x"}), TypeError),
        Case(
            "dumps-bytes-invalid-utf8",
            lambda: ultrajson.dumps(["ok", b"\xff\xfe"], reject_bytes=False),
            ValueError,
        ),
        Case(
            "dumps-digit-limit",
            lambda: ultrajson.dumps([1, BIG_INT]),
            ValueError,
            [BIG_INT],
        ),
        Case(
            "dumps-indent-too-big",
            lambda: ultrajson.dumps([1], indent=1001),
            ValueError,
        ),
        Case("dumps-indent-str", lambda: ultrajson.dumps([1], indent="  "), TypeError),
        Case(
            "dumps-separators-list",
            lambda: ultrajson.dumps([1], separators=[",", ":"]),
            TypeError,
        ),
        Case(
            "dumps-separators-len",
            lambda: ultrajson.dumps([1], separators=(",",)),
            ValueError,
        ),
        Case(
            "dumps-sort-keys-item-fails",
            lambda: ultrajson.dumps(SORTED_FAILING, sort_keys=True),
            TypeError,
            [SORTED_FAILING, *SORTED_KEYS],
        ),
        Case(
            "dumps-sort-mixed",
            lambda: ultrajson.dumps({"a": 1, 2: [3]}, sort_keys=True),
            TypeError,
        ),
        Case(
            "dumps-key-str-raises",
            lambda: ultrajson.dumps({BAD_KEY: 1}),
            RuntimeError,
            [BAD_KEY],
        ),
        # -- dump / load errors ----------------------------------------------
        Case(
            "dump-no-write",
            lambda: ultrajson.dump(RICH_SORTABLE, 42),
            TypeError,
            [RICH_SORTABLE],
        ),
        Case(
            "dump-write-raises",
            lambda: ultrajson.dump(RICH_SORTABLE, FAILING_WRITER),
            OSError,
            [RICH_SORTABLE, FAILING_WRITER],
        ),
        Case(
            "dump-unserializable",
            lambda: ultrajson.dump(bad_obj, writer),
            TypeError,
            [bad_obj, writer],
        ),
        Case(
            "dump-one-arg",
            lambda: ultrajson.dump(RICH_SORTABLE),
            TypeError,
            [RICH_SORTABLE],
        ),
        Case(
            "dump-unknown-kwarg",
            lambda: ultrajson.dump(1, writer, bogus=2),
            TypeError,
            [writer],
        ),
        # TypeError as ujson raises (test_dump_load checks the type); any error here.
        Case("load-no-read", lambda: ultrajson.load(42), (TypeError, AttributeError)),
        Case(
            "load-read-raises",
            lambda: ultrajson.load(FAILING_READER),
            OSError,
            [FAILING_READER],
        ),
        Case("load-read-int", lambda: ultrajson.load(Reader(5)), TypeError),
        Case(
            "load-bad-json",
            lambda: ultrajson.load(io.StringIO('{"a": [1, 2')),
            ultrajson.JSONDecodeError,
        ),
        Case(
            "load-invalid-utf8",
            lambda: ultrajson.load(Reader(b'"\xc3"')),
            ultrajson.JSONDecodeError,
        ),
    ]


CASES = _cases()


def _run(case: Case, times: int) -> None:
    call, error = case.call, case.error
    if error is None:
        for _ in range(times):
            call()
    else:
        for _ in range(times):
            try:
                call()
            except error:
                pass
            else:  # pragma: no cover
                raise AssertionError(f"{case.name}: no {error}")


def _refcounts(objects: list) -> list[int]:
    return [sys.getrefcount(o) for o in objects]


@pytest.fixture
def digit_limit():
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    yield
    sys.set_int_max_str_digits(saved)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_no_leak(case, digit_limit):
    singletons = [
        None,
        True,
        False,
        ultrajson.JSONDecodeError,
        TypeError,
        ValueError,
        OverflowError,
    ]
    watched = case.watch + singletons

    _run(case, WARMUP)
    gc.collect()
    tracemalloc.start()
    try:
        _run(case, WARMUP)  # fill caches and free lists under tracing
        gc.collect()
        before_mem, _ = tracemalloc.get_traced_memory()
        before_refs = _refcounts(watched)
        _run(case, N)
        gc.collect()
        after_refs = _refcounts(watched)
        after_mem, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    growth = after_mem - before_mem
    assert growth < SLACK_BYTES, (
        f"{case.name}: memory grew by {growth} bytes over {N} calls"
    )
    for obj, before, after in zip(watched, before_refs, after_refs):
        assert abs(after - before) < REF_SLACK, (
            f"{case.name}: refcount of {obj!r:.60} went {before} -> {after} over {N} calls"
        )
    # The inputs themselves: exactly unchanged.
    for obj, before, after in zip(case.watch, before_refs, after_refs):
        assert after == before, (
            f"{case.name}: refcount of input {obj!r:.60} {before} -> {after}"
        )


@pytest.mark.parametrize(
    "make",
    [
        lambda: ultrajson.loads(DOC),
        lambda: ultrajson.loads('{"k": [1, 2]}')["k"],
        lambda: ultrajson.loads("[[1], {}]")[0],
        lambda: ultrajson.loads("123456789012345678901234567890"),
        lambda: ultrajson.loads("1.2345"),
        lambda: ultrajson.dumps(RICH_SORTABLE),
        lambda: ultrajson.dumps("é" * 100, ensure_ascii=False),
    ],
)
def test_results_are_not_over_referenced(make):
    # A result with an extra reference would never be freed.
    value = make()
    assert sys.getrefcount(value) == 2  # the local name and the argument
