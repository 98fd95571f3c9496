"""Regression tests named after ujson's security advisories: each class of bug
that ujson shipped, tried on ultrajson's Python module (issue 7).

- CVE-2021-45958: a large indent with deep or wide input overflowed the
  output buffer (the size of indent * depth was not checked).
- CVE-2022-31116: lone and mismatched surrogates, escaped or encoded, were
  decoded wrongly (and could crash); encoding them must not corrupt either.
- CVE-2022-31117: an error raised in the middle of a call freed an object
  twice; here every error path is run many times, deep and late in large
  documents, with reference counts and traced memory checked after.

The sanitized run of tools/test.sh runs these under AddressSanitizer, which
turns an overflow or a use after free into a failure even when the result
looks right.
"""

from __future__ import annotations

import gc
import io
import json
import sys
import tracemalloc

import pytest
import ultrajson

from _support import nested_dicts, nested_lists

# -- CVE-2021-45958: indent overflow -------------------------------------------


def wide_and_deep() -> list:
    """Wide at the top, deep in one branch, with keys and strings to indent."""
    return [{"key": [i, "text", {"a": [None, True]}]} for i in range(2000)] + [nested_lists(64)]


@pytest.mark.parametrize("indent", [1, 7, 100, 1000])
@pytest.mark.parametrize("make", [wide_and_deep, lambda: nested_lists(60),
                                  lambda: nested_dicts(60)], ids=["wide", "lists", "dicts"])
def test_cve_2021_45958_large_indent_as_json(indent, make):
    # indent 1000 at depth 60 writes 60,000 spaces on one line.
    value = make()
    assert ultrajson.dumps(value, indent=indent) == json.dumps(value, indent=indent)


def test_cve_2021_45958_indent_at_depth_limit():
    # Every level indents further, to the deepest the encoder allows (1000
    # spaces a level there would be a gigabyte; 8 is ten megabytes).
    value = nested_lists(1024)
    text = ultrajson.dumps(value, indent=8)
    lines = text.split("\n")
    assert len(lines) == 2047
    assert [len(line) for line in lines[1020:1027]] == [
        8 * 1020 + 1, 8 * 1021 + 1, 8 * 1022 + 1, 8 * 1023 + 2, 8 * 1022 + 1, 8 * 1021 + 1,
        8 * 1020 + 1]
    assert ultrajson.dumps(ultrajson.loads(text)) == "[" * 1024 + "]" * 1024


@pytest.mark.parametrize("indent", [1001, 2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64, 10**40])
def test_cve_2021_45958_indent_too_large_is_an_error(indent):
    for value in ([1, [2]], {"a": {"b": []}}):
        with pytest.raises(ValueError):
            ultrajson.dumps(value, indent=indent)
        with pytest.raises(ValueError):
            ultrajson.dump(value, io.StringIO(), indent=indent)


@pytest.mark.parametrize("indent", [-1, -4, -1000, -1001, -(2**31), -(2**31) - 1,
                                    -(2**63), -(2**63) - 1, -(2**64), -(10**40)])
def test_cve_2021_45958_negative_indent_writes_no_newlines(indent):
    # A negative indent must not wrap to a huge unsigned one: the spec's
    # layout is no newlines, with ": " after keys, whatever its size.
    value = [nested_dicts(200), {"b": [1, {"c": None}]}] * 50
    text = ultrajson.dumps(value, indent=indent)
    assert text == ultrajson.dumps(value, indent=-1)
    assert "\n" not in text
    assert text == json.dumps(value, separators=(",", ": "))


def test_cve_2021_45958_long_separators_with_indent():
    # The separators multiply with the items as the indent does with depth.
    value = [[i, {"k": i}] for i in range(100)]
    separators = ("," + " " * 50_000, ":" + " " * 50_000)
    assert ultrajson.dumps(value, indent=3, separators=separators) == json.dumps(
        value, indent=3, separators=separators
    )


# -- CVE-2022-31116: surrogates ------------------------------------------------

ESCAPED_SURROGATES = {
    r'"\ud800"': "\ud800",  # lone high
    r'"\udfff"': "\udfff",  # lone low
    r'"\udc00\ud800"': "\udc00\ud800",  # low before high: not a pair
    r'"\ud800\ud800"': "\ud800\ud800",  # two highs
    r'"\ud800\u0041"': "\ud800A",  # high, then not a surrogate
    r'"\ud800\n"': "\ud800\n",  # high, then a short escape
    r'"\ud800x"': "\ud800x",  # high, then a plain character
    r'"x\udbff"': "x\udbff",  # high at the very end
    r'"\ud83d\ude00"': "\U0001F600",  # a real pair, for contrast
    r'"\ud83d\ud83d\ude00"': "\ud83d\U0001F600",  # high, then a pair
    r'"\ud83d\ude00\ude00"': "\U0001F600\ude00",  # a pair, then a low
}


@pytest.mark.parametrize("text,expected", ESCAPED_SURROGATES.items(), ids=list(ESCAPED_SURROGATES))
def test_cve_2022_31116_escaped_surrogates_decode_as_json(text, expected):
    assert json.loads(text) == expected
    for doc in (text, text.encode("ascii"), f"[{text}]", f'{{{text}: {text}}}'):
        value = ultrajson.loads(doc)
        assert value == json.loads(doc)


def test_cve_2022_31116_many_surrogates_in_one_string():
    # Each escape is 6 bytes of input for one character of output; a sizing
    # mistake shows on a long run of them (and under ASan, at once).
    pieces = list(ESCAPED_SURROGATES)
    text = '"' + "".join(p[1:-1] for p in pieces) * 5000 + '"'
    assert ultrajson.loads(text) == json.loads(text)
    assert ultrajson.loads(text.encode("ascii")) == json.loads(text)


@pytest.mark.parametrize("value", ["\ud800", "\udfff", "a\udc00b\ud800c", "\ud83d\U0001F600\ude00",
                                   "\ud800" * 10_000])
def test_cve_2022_31116_lone_surrogates_encode_and_read_back(value):
    # With \u escapes (the default) the output is json's exactly.
    for doc in (value, [value], {value: value}):
        text = ultrajson.dumps(doc)
        assert text == json.dumps(doc, separators=(",", ":"))
        assert ultrajson.loads(text) == doc
        # Without escapes, the output still reads back to the same str.
        assert ultrajson.loads(ultrajson.dumps(doc, ensure_ascii=False)) == doc


def test_cve_2022_31116_raw_lone_surrogates_in_str_input():
    # A str may hold a lone surrogate as a character (not as an escape).
    for text in ('"\ud800"', '["a\udfffb"]', '{"\udc00\ud800": 1}'):
        assert ultrajson.loads(text) == json.loads(text)


@pytest.mark.parametrize(
    "data",
    [b"\xed\xa0\x80", b"\xed\xbf\xbf", b"a\xed\xb0\x80b", b"\xed\xa0\xbd\xed\xb8\x80"],
    ids=["high", "low", "low-in-text", "pair-as-two"],
)
def test_cve_2022_31116_encoded_surrogates_in_bytes_encode(data):
    # reject_bytes=False writes bytes as UTF-8 text; UTF-8-encoded surrogates
    # (WTF-8) are allowed, and must come out escaped, never as raw bytes.
    text = ultrajson.dumps(data, reject_bytes=False)
    assert text.isascii()
    assert text == json.dumps(data.decode("utf-8", "surrogatepass"))


@pytest.mark.parametrize("data", [b"\xed\xa0", b"\xed", b"\xed\xa0\x80\xed", b"\xed\x80"])
def test_cve_2022_31116_truncated_encoded_surrogates_are_errors(data):
    for doc in (b'"' + data + b'"', b'["' + data + b'"]', b'{"' + data + b'": 1}'):
        with pytest.raises(ultrajson.JSONDecodeError):
            ultrajson.loads(doc)
    # ujson's type for it, OverflowError, or a ValueError.
    with pytest.raises((OverflowError, ValueError)):
        ultrajson.dumps(data, reject_bytes=False)


# -- CVE-2022-31117: errors in the middle of a call ------------------------------


class Boom(Exception):
    pass


class ToDictRaises:
    def toDict(self):
        raise Boom


class ToDictNotADict:
    def toDict(self):
        return 42


class JsonRaises:
    def __json__(self):
        raise Boom


class JsonWrongType:
    def __json__(self):
        return 3.5


class KeyStrRaises:
    def __str__(self):
        raise Boom


class Unserializable:
    pass


class NoCompare:
    """A key that cannot be sorted."""

    def __lt__(self, other):
        raise Boom

    __gt__ = __lt__

    def __str__(self):
        return "k"


def default_raises(obj):
    raise Boom


def default_returns_itself(obj):
    return obj  # a chain that never ends in a JSON value


def late_and_deep(bad) -> list:
    """The bad value after 300 good ones, 300 levels down."""
    inner: object = [bad]
    for _ in range(300):
        inner = {"a": [1, "x", inner]}
    return [{"n": i, "s": "text", "l": [1.5, None]} for i in range(300)] + [inner]


class Writer:
    def write(self, text):
        raise Boom


ENCODE_ERRORS = {
    "toDict raises": (lambda: late_and_deep(ToDictRaises()), {}, Boom),
    "toDict not a dict": (lambda: late_and_deep(ToDictNotADict()), {}, TypeError),
    "__json__ raises": (lambda: late_and_deep(JsonRaises()), {}, Boom),
    "__json__ wrong type": (lambda: late_and_deep(JsonWrongType()), {}, TypeError),
    "default raises": (lambda: late_and_deep(Unserializable()), {"default": default_raises}, Boom),
    "default loops": (lambda: late_and_deep(Unserializable()),
                      {"default": default_returns_itself}, TypeError),
    "no default": (lambda: late_and_deep(Unserializable()), {}, TypeError),
    "key __str__ raises": (lambda: late_and_deep({KeyStrRaises(): 1}), {}, Boom),
    "sort_keys compare raises": (lambda: late_and_deep({NoCompare(): 1, NoCompare(): 2}),
                                 {"sort_keys": True}, Boom),
    "nan not allowed": (lambda: late_and_deep(float("nan")), {"allow_nan": False}, OverflowError),
    "too deep": (lambda: late_and_deep(nested_lists(800)), {}, OverflowError),
    "bytes rejected": (lambda: late_and_deep(b"x"), {}, TypeError),
    "invalid UTF-8 bytes": (lambda: late_and_deep(b"\xff"), {"reject_bytes": False},
                            (OverflowError, ValueError)),
}

ROUNDS = 300
# The first few hundred failing calls fill caches for good (CPython's and
# ours): measured from a warm start, a sound run grows by a few hundred bytes
# at most, one leaked object per call (>= 16 bytes) by 4.8 KiB or more.
WARMUP = 300
SLACK = 4 * 1024


class Growth(int):
    """Traced bytes gained over a window of calls, with what gained most
    (tracemalloc's statistics by line) for a failing assertion's message."""

    top: str

    def __new__(cls, size: int, top: str) -> "Growth":
        made = super().__new__(cls, size)
        made.top = top
        return made

    def __repr__(self) -> str:
        return f"{int(self)} bytes; grew most:\n{self.top}"


def traced_growth(call, rounds: int = ROUNDS, windows: int = 3) -> Growth:
    """Traced memory growth over rounds calls: the smallest of `windows` in a
    row, as a leak grows in every one, and a cache filled late (or an
    allocation of the interpreter's that falls in a window) in only some."""
    tracemalloc.start()
    try:
        for _ in range(WARMUP):  # fill caches (keys, exceptions) under tracing
            call()
        growth = []
        for _window in range(windows):
            gc.collect()
            # Taken before the count, so that its own memory is not counted.
            start = tracemalloc.take_snapshot()
            before = tracemalloc.get_traced_memory()[0]
            for _ in range(rounds):
                call()
            gc.collect()
            size = tracemalloc.get_traced_memory()[0] - before
            grew = tracemalloc.take_snapshot().compare_to(start, "lineno")[:5]
            growth.append(Growth(size, "\n".join(str(stat) for stat in grew)))
        return min(growth)
    finally:
        tracemalloc.stop()


def all_refcounts(value) -> list[int]:
    """Reference counts of value and every container and object of ours
    inside it (not of shared ones such as small ints and interned str, whose
    counts move with whatever else runs)."""
    counts = []
    stack = [value]
    while stack:
        item = stack.pop()
        if not isinstance(item, (int, float, str, bytes, type(None))):
            counts.append(sys.getrefcount(item))
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return counts


@pytest.mark.parametrize("name", list(ENCODE_ERRORS))
def test_cve_2022_31117_error_mid_encode(name):
    make, kwargs, error = ENCODE_ERRORS[name]
    value = make()
    counts = all_refcounts(value)

    def call():
        try:
            ultrajson.dumps(value, **kwargs)
        except error:
            return
        raise AssertionError(f"no {error}")

    assert traced_growth(call) < SLACK
    assert all_refcounts(value) == counts
    with pytest.raises(error):
        ultrajson.dump(value, io.StringIO(), **kwargs)
    assert all_refcounts(value) == counts


def test_cve_2022_31117_write_raises_in_dump():
    value = late_and_deep(None)
    counts = all_refcounts(value)

    def call():
        try:
            ultrajson.dump(value, Writer())
        except Boom:
            return
        raise AssertionError("no Boom")

    assert traced_growth(call) < SLACK
    assert all_refcounts(value) == counts


class ClearsItsList:
    """Empties the list being encoded, then answers, during the walk."""

    def __init__(self, target):
        self.target = target

    def toDict(self):
        self.target.clear()
        gc.collect()
        return {"after": ["x" * 100]}


class ClearsItsDict:
    def __init__(self, target):
        self.target = target

    def toDict(self):
        self.target.clear()
        gc.collect()
        return {}


def clears_parent_default(target):
    def default(obj):
        target.clear()
        gc.collect()
        return "replaced"

    return default


def test_cve_2022_31117_list_emptied_while_encoded():
    # The items after the hook are gone: they must not be read (ASan checks).
    for _ in range(5):
        items: list = [["a" * 50] for _ in range(20)]
        items.insert(5, ClearsItsList(items))
        text = ultrajson.dumps(items)
        assert ultrajson.loads(text)[:5] == [["a" * 50]] * 5

        items = [object(), *(["b" * 50] for _ in range(20))]
        text = ultrajson.dumps(items, default=clears_parent_default(items))
        assert ultrajson.loads(text)[0] == "replaced"


def test_cve_2022_31117_dict_emptied_while_encoded():
    for sort_keys in (False, True):
        for _ in range(5):
            mapping: dict = {f"k{i:02}": ["v" * 50] for i in range(20)}
            mapping["k05x"] = ClearsItsDict(mapping)
            try:
                text = ultrajson.dumps(mapping, sort_keys=sort_keys)
            except RuntimeError:  # "dictionary changed size during iteration", as json
                continue
            assert isinstance(ultrajson.loads(text), dict)


def bad_documents() -> dict[str, bytes]:
    good = b'{"n":1,"s":"text","l":[1.5,null,true],"u":"\\u00e9"},' * 300
    deep_open = b'{"a":[' * 300
    return {
        "bad literal": b"[" + good + deep_open + b"tru",
        "bad number": b"[" + good + deep_open + b"-",
        "bad escape": b"[" + good + deep_open + b'"\\x"',
        "bad surrogate escape": b"[" + good + deep_open + b'"\\ud800\\u12"',
        "bad UTF-8": b"[" + good + deep_open + b'"\xc3"',
        "unterminated string": b"[" + good + deep_open + b'"abc',
        "missing colon": b"[" + good + deep_open + b'{"k" 1}',
        "trailing comma": b"[" + good + deep_open + b"[1,]",
        "too deep": b"[" + good + b"[" * 1100,
        "truncated": b"[" + good + deep_open,
        "trailing data": b"[" + good + b"1] x",
        "huge int over the digit limit": b"[" + good + b"1" * 5000 + b"]",
    }


@pytest.mark.parametrize("name", list(bad_documents()))
def test_cve_2022_31117_error_mid_decode(name):
    # Everything built before the error (300 dicts, 300 open levels) is
    # freed once: no leak, and under ASan no double free.
    doc = bad_documents()[name]
    text = doc.decode("utf-8", "surrogateescape")

    def call():
        try:
            ultrajson.loads(doc)
        except ValueError:
            return
        raise AssertionError("no error")

    assert traced_growth(call) < SLACK
    if name != "bad UTF-8":
        with pytest.raises(ValueError):
            ultrajson.loads(text)
    with pytest.raises(ValueError):
        ultrajson.load(io.BytesIO(doc))
    before = sys.getrefcount(doc)
    for _ in range(10):
        with pytest.raises(ValueError):
            ultrajson.loads(doc)
    assert sys.getrefcount(doc) == before
