"""loads sizes each dict by its distinct keys (issue 7, item 5).

A dict was presized for the members read, repeated keys included: an object
of 87,000 copies of one key became a one-key dict that kept a 2.6 MB table
for its whole life (json makes it in 184 bytes). sys.getsizeof counts a
dict's table, so the tests compare it with what json.loads makes of the same
text (a dict grown from empty by its distinct keys).
"""

from __future__ import annotations

import json
import sys

import pytest
import ultrajson


def members(keys: list[str]) -> str:
    return "{" + ",".join(f'"{key}":{i}' for i, key in enumerate(keys)) + "}"


@pytest.mark.parametrize(
    "keys",
    [
        ["a"] * 87_000,
        ["a", "b"] * 5_000,
        [f"k{i % 100}" for i in range(10_000)],
        # Fewer than half distinct: the smallest case that is resized.
        ["x"] * 3,
    ],
    ids=["one-key-87000-times", "two-keys", "100-keys-100-times", "three-of-one"],
)
def test_repeated_keys_make_a_dict_no_bigger_than_json_does(keys: list[str]) -> None:
    text = members(keys)
    ours = ultrajson.loads(text)
    theirs = json.loads(text)
    assert ours == theirs
    assert sys.getsizeof(ours) <= sys.getsizeof(theirs)


def test_repeated_keys_nested_in_a_document() -> None:
    # 200 such objects in one document, each kept small; the last value wins.
    one = members(["same"] * 5_000)
    text = "[" + ",".join([one] * 200) + "]"
    result = ultrajson.loads(text)
    assert result == [{"same": 4_999}] * 200
    expected = sys.getsizeof(json.loads(one))
    assert all(sys.getsizeof(d) <= expected for d in result)
    # bytes input takes the same path as str.
    assert ultrajson.loads(text.encode()) == result


def test_distinct_keys_keep_every_member() -> None:
    keys = [f"key{i}" for i in range(5_000)]
    text = members(keys)
    assert ultrajson.loads(text) == json.loads(text)


@pytest.mark.parametrize("count", [0, 1, 5, 6, 8, 11, 22, 24, 40, 300])
def test_a_dict_takes_no_more_room_than_jsons(count: int) -> None:
    # A dict presized by CPython's _PyDict_NewPresized gets the general table
    # (24-byte entries) where one grown from str keys gets the str-only kind
    # (16 bytes, and faster lookups): 24 members took 1168 bytes against
    # json's 832.
    text = members([f"key{i}" for i in range(count)])
    ours = ultrajson.loads(text)
    assert ours == json.loads(text)
    assert sys.getsizeof(ours) <= sys.getsizeof(json.loads(text))
