"""dumps writes every dict's members in the dict's own order, whatever its table.

On CPython 3.11 to 3.13 the walk reads a combined table's entries itself
(python/src/dict_members.hpp) and goes through PyDict_Next for the rest; a
walk that resumes a dict after a nested container takes up the same
position either way. Deleted entries (holes, at the start, the middle and
the end), tables of str keys and of other keys, split tables (an instance's
__dict__), dicts resumed after nested containers, and sort_keys: each read
back must equal the dict, in the same order.
"""

from __future__ import annotations

import json

import pytest
import ultrajson


def written_items(obj: dict, **options: object) -> list:
    return list(ultrajson.loads(ultrajson.dumps(obj, **options)).items())


def with_holes(size: int, where: str) -> dict:
    d = {f"key{i}": i for i in range(size)}
    if where == "start":
        doomed = range(size // 2)
    elif where == "middle":
        doomed = range(size // 4, 3 * size // 4)
    elif where == "end":
        doomed = range(size // 2, size)
    else:  # every other one
        doomed = range(0, size, 2)
    for i in doomed:
        del d[f"key{i}"]
    return d


@pytest.mark.parametrize("size", [1, 2, 5, 8, 9, 100, 5000])
@pytest.mark.parametrize("where", ["start", "middle", "end", "alternate"])
def test_deleted_entries_are_skipped_and_the_order_kept(size: int, where: str) -> None:
    d = with_holes(size, where)
    assert written_items(d) == list(d.items())
    # Members added after the deletions go after the holes' survivors.
    d["late"] = -1
    d["key0"] = "back"
    assert written_items(d) == list(d.items())


def test_a_dict_emptied_by_deletions_is_written_empty() -> None:
    d = {f"k{i}": i for i in range(50)}
    for i in range(50):
        del d[f"k{i}"]
    assert ultrajson.dumps(d) == "{}"
    assert ultrajson.dumps({"outer": d, "after": 1}) == '{"outer":{},"after":1}'


@pytest.mark.parametrize("size", [1, 3, 40])
def test_a_table_of_other_keys_is_written_in_order(size: int) -> None:
    # Any key that is not an exact str makes a general table (entries with
    # their hash).
    class Name(str):
        pass

    d: dict = {}
    for i in range(size):
        d[i] = i
        d[Name(f"n{i}")] = str(i)
        d[f"s{i}"] = [i]
    del d[0]
    expected = [(str(k), v) for k, v in d.items()]
    assert written_items(d) == expected


def test_an_instances_dict_is_written_in_order() -> None:
    class Record:
        def __init__(self, i: int) -> None:
            self.name = f"r{i}"
            self.size = i
            self.tags = ["a", {"nested": i}]
            self.flag = i % 2 == 0

    for i in range(5):
        attributes = vars(Record(i))
        assert written_items(attributes) == list(attributes.items())
        assert json.loads(ultrajson.dumps([attributes, attributes])) == [attributes, attributes]


def test_a_dict_resumed_after_nested_containers_goes_on_where_it_was() -> None:
    d: dict = {}
    for i in range(30):
        d[f"list{i}"] = [i, [i, {"x": i}]]
        d[f"scalar{i}"] = i
        d[f"dict{i}"] = {"inner": [i], "gone": 0}
        del d[f"dict{i}"]["gone"]
    for i in range(0, 30, 3):
        del d[f"scalar{i}"]
    assert written_items(d) == list(d.items())
    assert written_items(d, indent=2) == list(d.items())


def test_sort_keys_sees_every_member_but_the_deleted() -> None:
    d = with_holes(200, "alternate")
    d["aaa"] = 0
    assert written_items(d, sort_keys=True) == sorted(d.items())
