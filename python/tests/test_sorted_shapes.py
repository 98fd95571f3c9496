"""dumps(sort_keys=True) remembers the key order of the dicts it sorts
(python/src/sorted_shape.hpp): a dict whose keys are the same objects in the
same order takes the remembered order without comparing. These tests give
it records of one shape, the same key objects in other orders, shapes that
differ in one key (by object, or by text), many shapes at once, every size
around its limits, and check each text against the standard library's and
that no key's reference count changes."""

from __future__ import annotations

import json
import random
import sys

import pytest
import ultrajson


def _expected(obj):
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _ours(obj, **options):
    return ultrajson.dumps(obj, sort_keys=True, ensure_ascii=False, escape_forward_slashes=False, **options)


def _same(ours, expected):
    # Where they first differ, not pytest's diff of two long texts (minutes).
    if ours != expected:
        at = next((i for i, (a, b) in enumerate(zip(ours, expected)) if a != b), min(len(ours), len(expected)))
        pytest.fail(f"differs at {at}: {ours[max(0, at - 60):at + 60]!r} != {expected[max(0, at - 60):at + 60]!r}")


def _keys(count, prefix="k"):
    # Made at run time, so each is its own object (not a shared constant).
    return ["".join([prefix, str(count - i), "_", "é" * (i % 3 == 0)]) for i in range(count)]


@pytest.mark.parametrize("count", [1, 2, 4, 5, 6, 9, 15, 16, 17, 40])
def test_records_of_one_shape(count):
    keys = _keys(count)
    records = [{key: i * count + j for j, key in enumerate(keys)} for i in range(50)]
    _same(_ours(records), _expected(records))
    _same(_ours(records, indent=2), json.dumps(records, sort_keys=True, ensure_ascii=False, indent=2))


@pytest.mark.parametrize("count", [5, 9, 16])
def test_the_same_keys_in_other_orders(count):
    keys = _keys(count)
    rng = random.Random(count)
    records = []
    for i in range(200):
        order = list(keys)
        if i % 3:
            rng.shuffle(order)
        records.append({key: i for key in order})
    _same(_ours(records), _expected(records))


def test_shapes_that_differ_in_one_key():
    keys = _keys(9)
    records = []
    for i in range(9):
        for replacement in (keys[i] + "x", "".join(list(keys[i])), "\U0001f600", "a"):
            changed = list(keys)
            changed[i] = replacement  # another object: other text, or the same text
            records.append({key: n for n, key in enumerate(keys)})
            records.append({key: n for n, key in enumerate(changed)})
    _same(_ours(records), _expected(records))


def test_many_shapes_at_once():
    # More shapes than places to remember them, interleaved, nested.
    shapes = [_keys(5 + i % 12, prefix=f"s{i}") for i in range(40)]
    rng = random.Random(7)
    records = []
    for i in range(2000):
        keys = rng.choice(shapes)
        inner = {key: [i, {k: None for k in rng.choice(shapes)}] for key in keys}
        records.append(inner)
    _same(_ours(records), _expected(records))


def test_keys_are_released():
    keys = _keys(9)
    records = [{key: 1 for key in keys} for _ in range(10)]
    before = [sys.getrefcount(key) for key in keys]
    for _ in range(3):
        _ours(records)
    assert [sys.getrefcount(key) for key in keys] == before


def test_other_keys_among_shapes():
    # A dict of other keys goes through list.sort; the shapes around it are
    # still right, and a dict of mixed keys fails as list.sort does.
    keys = _keys(6)
    records = [{key: 1 for key in keys}, {7: 2, 3: 1, 5: 0, 1: 9, 2: 8}, {key: 1 for key in keys}]
    _same(_ours(records), _expected(records))
    with pytest.raises(TypeError):
        _ours([{key: 1 for key in keys}, {**{key: 1 for key in keys}, 7: 2}])
    _same(_ours(records), _expected(records))
