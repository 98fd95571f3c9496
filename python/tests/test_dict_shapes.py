"""Dicts of a repeated shape are copies of a model (python/src/dict_shapes.hpp).

A shape (the same key objects in the same order, 2 to 64 of them) seen
twice gets a model dict; later dicts of that shape are PyDict_Copy of it
with the values written into the copy's entries. The tests check what a
user could tell apart from json.loads: the members and their order, each
dict its own object, its size, the collector's tracking (a dict holding a
container must be tracked, or a cycle through it leaks), the references
taken and released, and hooks and errors after a shape has its model.
"""

from __future__ import annotations

import gc
import json
import sys
import weakref

import pytest
import ultrajson


def records(count: int, copies: int) -> list[dict]:
    """`copies` dicts of one shape of `count` keys, values of every kind."""
    kinds = [1, 2.5, "s\xe9", None, True, [1, [2]], {"x": 1}, [], {}, 10**30]
    return [{f"k{i}": kinds[(i + c) % len(kinds)] for i in range(count)} for c in range(copies)]


@pytest.mark.parametrize("count", [1, 2, 3, 5, 6, 9, 11, 40, 63, 64, 65, 100])
def test_repeated_shapes_decode_as_json_does(count: int) -> None:
    doc = json.dumps(records(count, 6))
    expected = json.loads(doc)
    for _ in range(3):  # the first call notes and models the shape; the rest copy
        got = ultrajson.loads(doc)
        assert got == expected
        assert [list(d) for d in got] == [list(d) for d in expected]
        assert len({id(d) for d in got}) == len(got)
        assert [sys.getsizeof(d) for d in got] == [sys.getsizeof(d) for d in expected]


def test_a_copy_is_its_own_dict() -> None:
    doc = json.dumps([{"a": 1, "b": [2]}] * 4)
    ultrajson.loads(doc)  # the shape gets its model
    first = ultrajson.loads(doc)
    first[3]["a"] = 99
    first[3]["c"] = 3
    del first[2]["b"]
    first[1]["b"].append(5)
    assert first == [{"a": 1, "b": [2]}, {"a": 1, "b": [2, 5]}, {"a": 1}, {"a": 99, "b": [2], "c": 3}]
    assert ultrajson.loads(doc) == [{"a": 1, "b": [2]}] * 4


def test_same_keys_in_another_order_are_another_shape() -> None:
    doc = json.dumps([{"a": 1, "b": 2}, {"b": 3, "a": 4}] * 5)
    for _ in range(3):
        got = ultrajson.loads(doc)
        assert got == json.loads(doc)
        assert [list(d) for d in got] == [["a", "b"], ["b", "a"]] * 5


def test_repeated_keys_in_a_repeated_shape() -> None:
    # Two members, one distinct key: the model would have one entry, so the
    # shape gets none; every dict still takes the last value.
    doc = "[" + ",".join('{"a": %d, "a": %d}' % (i, -i) for i in range(8)) + "]"
    for _ in range(3):
        got = ultrajson.loads(doc)
        assert got == json.loads(doc) == [{"a": -i} for i in range(8)]
        assert [sys.getsizeof(d) for d in got] == [sys.getsizeof(d) for d in json.loads(doc)]


def test_copies_are_tracked_by_the_collector_as_json_dicts_are() -> None:
    doc = json.dumps([{"n": 1, "s": "x"}, {"n": 1, "l": []}, {"n": 1, "d": {}}] * 4)
    for _ in range(3):
        got = ultrajson.loads(doc)
        assert [gc.is_tracked(d) for d in got] == [gc.is_tracked(d) for d in json.loads(doc)]
        assert [gc.is_tracked(d) for d in got] == [False, True, True] * 4


def test_a_cycle_through_a_copy_is_collected() -> None:
    class Marker:
        pass

    doc = json.dumps([{"name": "x", "items": []}] * 5)
    ultrajson.loads(doc)  # the shape gets its model
    got = ultrajson.loads(doc)
    marker = Marker()
    alive = weakref.ref(marker)
    last = got[-1]
    last["items"].append(marker)
    last["items"].append(last)  # dict -> list -> dict
    del got, last, marker
    gc.collect()
    assert alive() is None


@pytest.mark.skipif(not hasattr(sys, "getrefcount"), reason="needs sys.getrefcount")
def test_references_are_balanced() -> None:
    # The model's None values are copied then replaced: None's count must
    # come back; the keys' counts must not grow with each call.
    doc = json.dumps(records(9, 20))
    got = ultrajson.loads(doc)
    key = next(iter(got[0]))
    del got
    ultrajson.loads(doc)
    before = sys.getrefcount(None), sys.getrefcount(key)
    for _ in range(200):
        ultrajson.loads(doc)
    assert (sys.getrefcount(None), sys.getrefcount(key)) == before


def test_hooks_see_copies_as_dicts() -> None:
    doc = json.dumps([{"a": 1, "b": 2}] * 5)
    seen = []

    def hook(d):
        seen.append(dict(d))
        return tuple(d.items())

    for _ in range(3):
        assert ultrajson.loads(doc, object_hook=hook) == [(("a", 1), ("b", 2))] * 5
        assert ultrajson.loads(doc, object_pairs_hook=list) == [[("a", 1), ("b", 2)]] * 5
    assert seen == [{"a": 1, "b": 2}] * 15


@pytest.mark.skipif(not hasattr(sys, "getrefcount"), reason="needs sys.getrefcount")
def test_an_error_after_copies_releases_them() -> None:
    # test_builder_errors.py checks memory growth and injected allocation
    # failures on documents of repeated shapes; this checks the references
    # of the copies made before the error.
    good = json.dumps([{"a": [1], "b": None}] * 5)
    bad = good[:-1] + ', {"a": [1], "b": '

    def call() -> None:
        try:  # rather than pytest.raises, whose records would count
            ultrajson.loads(bad)
        except ultrajson.JSONDecodeError as error:
            assert error.pos == len(bad)
        else:
            raise AssertionError("no error")

    ultrajson.loads(good)  # the shape gets its model
    for _ in range(3):
        call()
    before = sys.getrefcount(None)
    for _ in range(100):
        call()
    after = sys.getrefcount(None)  # read apart: an assert's own temporaries hold None
    assert after == before
    assert ultrajson.loads(good) == json.loads(good)


def test_more_shapes_than_the_cache_has_slots() -> None:
    # 1,000 shapes of two to four keys, each three times, read twice: slots
    # are shared and replaced; every dict still comes out right.
    shapes = [[f"f{s}_{i}" for i in range(2 + s % 3)] for s in range(1000)]
    doc = json.dumps([{k: n for n, k in enumerate(keys)} for keys in shapes for _ in range(3)])
    for _ in range(2):
        assert ultrajson.loads(doc) == json.loads(doc)


def test_random_documents_of_few_keys() -> None:
    # Records drawn from a few keys, nested, so that shapes recur in one
    # document and across calls, some with repeated keys: each call must
    # read as json reads it, member order and collector tracking included.
    import random

    rng = random.Random(20261205)
    keys = ["id", "name", "a", "b", "tags", "x" * 30, "\xe9t\xe9", ""]

    def value(depth: int):
        pick = rng.random()
        if depth < 3 and pick < 0.25:
            return record(depth + 1)
        if depth < 3 and pick < 0.35:
            return [value(depth + 1) for _ in range(rng.randint(0, 3))]
        return rng.choice([None, True, 1, -2.5, "s", "\u65e5", 10**20])

    def record(depth: int) -> str:
        members = [rng.choice(keys) for _ in range(rng.randint(0, 6))]
        return "{" + ",".join(json.dumps(k) + ":" + json.dumps(value(depth)) for k in members) + "}"

    def tracking(obj) -> list:
        if isinstance(obj, dict):
            return [gc.is_tracked(obj)] + [t for v in obj.values() for t in tracking(v)]
        if isinstance(obj, list):
            return [t for v in obj for t in tracking(v)]
        return []

    for _ in range(30):
        doc = "[" + ",".join(record(0) for _ in range(40)) + "]"
        expected = json.loads(doc)
        for _ in range(2):
            got = ultrajson.loads(doc)
            assert got == expected
            assert json.dumps(got) == json.dumps(expected)  # member order
            assert tracking(got) == tracking(expected)
