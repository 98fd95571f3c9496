"""loads()/load() hooks, with json.loads's meaning: json is the oracle."""

from __future__ import annotations

import collections
import decimal
import gc
import io
import json
import math
import sys
import tracemalloc

import pytest

import ultrajson
from _support import data_path, missing_data

DOCS = [
    '{"a": [1, 2.50, -0.0, 1e400, -1e-400, 0.1, 1E5, 123456789012345678901234567890, -0]}',
    '{"k": {"k": {"k": [{}, []]}}, "k": 2, "z": {"x": 1, "x": 2, "y": [NaN, Infinity, -Infinity]}}',
    "[]",
    "3.141592653589793238462643383279",
    "-12",
    "NaN",
    '"text"',
    '[{"\\u00e9": "\\ud800"}, {"": null}]',
]

HOOKS = {
    "parse_float=Decimal": dict(parse_float=decimal.Decimal),
    "parse_int=Decimal": dict(parse_int=decimal.Decimal),
    "parse_int=str": dict(parse_int=str),
    "parse_float=str": dict(parse_float=str),
    "parse_constant=Decimal": dict(parse_constant=decimal.Decimal),
    "parse_constant=str": dict(parse_constant=str),
    "object_hook=sorted items": dict(object_hook=lambda d: sorted(d.items())),
    "object_pairs_hook=list": dict(object_pairs_hook=list),
    "object_pairs_hook=OrderedDict": dict(object_pairs_hook=collections.OrderedDict),
    "both object hooks": dict(object_hook=lambda d: "object_hook",
                              object_pairs_hook=lambda p: ("pairs", p)),
    "all": dict(parse_float=decimal.Decimal, parse_int=float, parse_constant=str,
                object_pairs_hook=tuple),
    "all None": dict(object_hook=None, parse_float=None, parse_int=None,
                     parse_constant=None, object_pairs_hook=None),
}


def same(a, b):
    """Equal, NaN included, and of the same types all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, decimal.Decimal) and a.is_nan():
        return b.is_nan() and str(a) == str(b)
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


@pytest.mark.parametrize("hooks", HOOKS.values(), ids=HOOKS.keys())
@pytest.mark.parametrize("doc", DOCS)
def test_hooks_as_json(doc, hooks):
    expected = json.loads(doc, **hooks)
    assert same(ultrajson.loads(doc, **hooks), expected)
    assert same(ultrajson.loads(doc.encode("utf-8", "surrogatepass"), **hooks), expected)
    assert same(ultrajson.load(io.StringIO(doc), **hooks), expected)


@pytest.mark.parametrize("hooks", ["parse_float=Decimal", "object_pairs_hook=list", "all"])
def test_hooks_on_the_corpus(hooks):
    corpus = data_path("corpus")
    if corpus is None:
        missing_data("corpus")
    raw = (corpus / "twitter.json").read_bytes()
    assert same(ultrajson.loads(raw, **HOOKS[hooks]), json.loads(raw, **HOOKS[hooks]))


def test_parse_float_gets_the_exact_digits():
    text = "0.1000000000000000055511151231257827021181583404541015625"
    assert ultrajson.loads(text, parse_float=decimal.Decimal) == decimal.Decimal(text)
    assert ultrajson.loads("[1e-400]", parse_float=str) == ["1e-400"]
    assert ultrajson.loads("[-0.0]", parse_float=str) == ["-0.0"]


def test_hooks_are_called_in_document_order():
    calls = []

    def record(kind):
        def hook(value):
            calls.append((kind, value if not isinstance(value, list) else list(value)))
            return kind

        return hook

    result = ultrajson.loads('[1, {"a": 2.5, "b": {"c": NaN}}, 3]', parse_int=record("int"),
                             parse_float=record("float"), parse_constant=record("const"),
                             object_pairs_hook=record("pairs"))
    assert result == ["int", "pairs", "int"]
    assert calls == [("int", "1"), ("float", "2.5"), ("const", "NaN"),
                     ("pairs", [("c", "const")]), ("pairs", [("a", "float"), ("b", "pairs")]),
                     ("int", "3")]


class Boom(Exception):
    pass


def boom(*args):
    raise Boom(args)


@pytest.mark.parametrize("name", ["object_hook", "object_pairs_hook", "parse_float",
                                  "parse_int", "parse_constant"])
def test_a_hook_that_raises(name):
    doc = '[{"a": [1, 2.5, NaN]}, {"b": {}}]'
    with pytest.raises(Boom):
        ultrajson.loads(doc, **{name: boom})
    with pytest.raises(Boom):
        json.loads(doc, **{name: boom})


def test_a_hook_that_raises_leaks_nothing():
    doc = '[' + ", ".join('{"k%d": [%d, 2.5, "x"]}' % (i, i) for i in range(50)) + "]"
    calls = 0

    def late_boom(pairs):
        nonlocal calls
        calls += 1
        if calls % 37 == 0:
            raise Boom()
        return pairs

    gc.collect()
    tracemalloc.start()
    for _ in range(3):
        with pytest.raises(Boom):
            ultrajson.loads(doc, object_pairs_hook=late_boom)
    snapshot = tracemalloc.take_snapshot().statistics("filename")
    first = sum(stat.size for stat in snapshot)
    for _ in range(300):
        with pytest.raises(Boom):
            ultrajson.loads(doc, object_pairs_hook=late_boom)
    gc.collect()
    last = sum(stat.size for stat in tracemalloc.take_snapshot().statistics("filename"))
    tracemalloc.stop()
    assert last - first < 64 * 1024, (first, last)


@pytest.mark.parametrize("odd", [None, 0, "s", [1], (), object(), float("nan")])
def test_hooks_returning_odd_types(odd):
    for name in ("object_hook", "object_pairs_hook", "parse_float", "parse_int",
                 "parse_constant"):
        doc = '[{"a": 1.5}, 7, NaN]'
        assert same(ultrajson.loads(doc, **{name: lambda *_: odd}),
                    json.loads(doc, **{name: lambda *_: odd}))


def test_an_unhashable_key_from_parse_int_is_not_a_key():
    # Keys are always strs: the number hooks never make keys.
    assert ultrajson.loads('{"1": 1}', parse_int=lambda s: [s]) == {"1": ["1"]}


def test_a_hook_that_is_not_callable_fails_only_when_used():
    assert ultrajson.loads("[1]", object_hook=5) == json.loads("[1]", object_hook=5)
    with pytest.raises(TypeError, match="not callable"):
        ultrajson.loads("[{}]", object_hook=5)
    with pytest.raises(TypeError, match="not callable"):
        ultrajson.loads("[1.5]", parse_float=5)


def test_nan_decimals():
    result = ultrajson.loads("[NaN, Infinity, -Infinity]", parse_constant=decimal.Decimal)
    assert [str(d) for d in result] == ["NaN", "Infinity", "-Infinity"]
    assert result[0].is_nan()


def test_errors_keep_their_position_with_hooks():
    for hooks in HOOKS.values():
        with pytest.raises(ultrajson.JSONDecodeError) as raised:
            ultrajson.loads('{"a": [1, 2.5,\n  x]}', **hooks)
        assert (raised.value.lineno, raised.value.colno) == (2, 3)


def test_int_digit_limit_applies_without_parse_int():
    digits = "1" * 5000
    if hasattr(sys, "set_int_max_str_digits"):  # 3.11 and later: int() refuses
        with pytest.raises(ValueError):
            ultrajson.loads(digits, parse_float=float)
    else:
        assert ultrajson.loads(digits, parse_float=float) == int(digits)
    assert ultrajson.loads(digits, parse_int=len) == 5000


def test_hook_arguments_are_keyword_only():
    with pytest.raises(TypeError):
        ultrajson.loads("1", None)
    with pytest.raises(TypeError):
        ultrajson.load(io.StringIO("1"), None)
    assert ultrajson.loads(obj="[1]", parse_int=str) == ["1"]


def test_the_collector_runs_inside_hooks():
    # Without hooks loads pauses the cyclic collector; hooks are Python code
    # and see it as the caller left it.
    seen = []
    ultrajson.loads("[{}]", object_hook=lambda d: seen.append(gc.isenabled()) or d)
    assert seen == [gc.isenabled()]
