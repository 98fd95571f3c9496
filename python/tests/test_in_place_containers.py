"""dumps writes a list, tuple or dict whose items are scalars (or empty
containers) in place, without a frame of the walk, and goes on through a
frame from the first item that is not. These tests put every kind of item
before, at and after that point, and check the text against the standard
library's, the depth limit at its edge, errors and hooks on the way, and
that no reference is gained or lost."""

from __future__ import annotations

import enum
import gc
import json
import sys

import pytest
import ultrajson

from _support import nested_dicts, nested_lists

LIMIT = 1024

SCALARS = ["s", "é", "€", "\U0001f600", 0, -1, 2**40, -(2**63), 2**64 - 1, 2**70, 1.5, -0.0, True, False, None]
# Items that end the in-place writing: containers that need a frame or that
# are empty, in each kind.
BREAKERS = [[], (), {}, [1], (1,), {"k": 1}, [[]], {"k": {}}]


def _reference(obj, **options):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":") if "indent" not in options else None, **options)


def _ours(obj, **options):
    return ultrajson.dumps(obj, ensure_ascii=False, escape_forward_slashes=False, **options)


def _lists():
    yield list(SCALARS)
    yield tuple(SCALARS)
    for breaker in BREAKERS:
        for at in (0, 1, len(SCALARS) // 2, len(SCALARS)):
            items = list(SCALARS)
            items.insert(at, breaker)
            yield items
            yield tuple(items)
            yield [items, items]


def _dicts():
    members = {f"key{i}": value for i, value in enumerate(SCALARS)}
    yield members
    for breaker in BREAKERS:
        for at in (0, 1, len(SCALARS) // 2, len(SCALARS)):
            items = list(members.items())
            items.insert(at, ("breaker", breaker))
            yield dict(items)
            yield [dict(items), {"inner": dict(items)}]


@pytest.mark.parametrize("indent", [0, 2])
@pytest.mark.parametrize("sort_keys", [False, True])
def test_text_is_the_standard_librarys(indent, sort_keys):
    options = {"sort_keys": sort_keys}
    if indent:
        options["indent"] = indent
    for obj in [*_lists(), *_dicts()]:
        assert _ours(obj, **options) == _reference(obj, **options), obj


def test_wide_output_after_narrow_items():
    # The output becomes two and four bytes a unit in the middle of a leaf.
    for obj in (["a", 1, "€", 2, "\U0001f600", 3.5, None], {"a": 1, "b": "€", "c": [], "d": "\U0001f600"},
                {"a": 1, "é": 2, "b": 3}, {"a": 1, "€": [], "b": 2}, {"a": 1, "€": [4], "b": 2},
                {"a": 1, "\U0001f600": float("nan"), "b": "x" * 5000}):
        assert _ours(obj) == _reference(obj)


# Items a list of a narrow output writes at a cursor held in a register
# (constants, 64-bit ints, finite floats, ASCII strs, empty containers) and
# those it hands to the output (escapes, ints beyond 64 bits, non-finite
# floats, int subclasses), in runs long enough that the output grows many
# times in the middle of one.
NARROW_ITEMS = [True, False, None, 0, -1, 2**63 - 1, -(2**63), 2**64 - 1, 2**70, -(2**70), 1.5, -0.0, 1e300,
                5e-324, 1e16, "", "s", 'quote " and \\ and \n', "a/b", "\x7f", "x" * 300, float("inf"),
                float("nan"), False, [], (), {}]


@pytest.mark.parametrize("repeat", [1, 2, 50, 2000])
@pytest.mark.parametrize("ensure_ascii", [False, True])
def test_narrow_items_of_every_kind_across_growth(repeat, ensure_ascii):
    for items in (NARROW_ITEMS * repeat, [*NARROW_ITEMS[::-1], "é", *NARROW_ITEMS] * repeat):
        for container in (list, tuple):
            obj = container(items)
            ours = ultrajson.dumps(obj, ensure_ascii=ensure_ascii, escape_forward_slashes=False)
            assert ours == json.dumps(obj, ensure_ascii=ensure_ascii, separators=(",", ":"))
    slashes = ["a/b", True, "/"] * repeat
    assert ultrajson.dumps(slashes) == json.dumps(slashes, separators=(",", ":")).replace("/", "\\/")


# A wide output's items go through the output's stage (text_output.hpp):
# runs of every kind of item long enough to cross its first size and the
# output's growth many times, after a two- or a four-byte character.
WIDE_HEADS = ["\u0100", "\U0001f600"]


@pytest.mark.parametrize("head", WIDE_HEADS)
@pytest.mark.parametrize("repeat", [1, 3, 40, 1000])
def test_items_of_a_wide_output_across_the_stage(head, repeat):
    items = [x for x in NARROW_ITEMS if not isinstance(x, float) or x == x]
    long_ascii = ["y" * 64, "z" * 65, "q" * 200 + '"', "w" * 100 + "\n"]
    lists = [head, *(items + long_ascii) * repeat]
    assert _ours(lists) == _reference(lists)
    assert _ours(tuple(lists)) == _reference(tuple(lists))
    members = {f"key{i}": item for i, item in enumerate((items + long_ascii + [head]) * repeat)}
    for obj in ([head, members], {"w": head, **members}, [head, [members] * 3, [[1, 2.5, "s"]] * repeat]):
        assert _ours(obj) == _reference(obj)
        assert _ours(obj, indent=3) == _reference(obj, indent=3)
        assert _ours(obj, sort_keys=True) == _reference(obj, sort_keys=True)


@pytest.mark.parametrize("head", WIDE_HEADS)
def test_wide_output_items_the_output_writes(head):
    # A list's run at the stage ends at an item the output writes; a dict's
    # goes on after it: each breaker at every place, in both.
    for breaker in ("€", head, "é" * 70, 2**70, [], [1], {"k": [2]}, _Small.three, _Marker2()):
        for at in range(6):
            items = ["a", 1, None, "b" * 80, 2.5, True]
            items.insert(at, breaker)
            members = {f"k{i}": item for i, item in enumerate(items)}
            for obj in ([head, items], [head, members], {"w": head, "m": members, "l": items}):
                expected = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=lambda o: [o.value])
                assert _ours(obj, default=lambda o: [o.value]) == expected


@pytest.mark.parametrize("head", WIDE_HEADS)
def test_stage_runs_of_every_length_before_a_wide_str(head):
    # What the stage holds is widened into the str once another write
    # follows it: runs of 0 to 70 characters (a store of sixteen, several,
    # and the last one over the end of the one before), each ended by a
    # wide str (a four-byte one remakes a two-byte output), a list or a
    # dict, and runs that go on over two of them.
    for length in range(0, 71):
        text = "x" * length
        for breaker in ("\u20ac", "\U0001f600", ["\u00e9"], {"k": "\u00e9"}):
            for obj in ([head, text, breaker, text], {"w": head, "a": text, "b": breaker, text: 1}):
                assert _ours(obj) == _reference(obj)
        run = [head, [text, [1, [text]], {"k": text}], text, head]
        assert _ours(run) == _reference(run)


@pytest.mark.parametrize("head", WIDE_HEADS)
def test_wide_output_with_an_indent_beyond_the_stage(head):
    # Lines longer than the stage's first size (the indent is at most
    # 1000): it grows for them.
    obj = [head, [1, [2, {"a": [3, "x", [4, [5, [6, {"b": [7, None]}]]]]}]], {"c": None}]
    for indent in (999, 1000):
        assert _ours(obj, indent=indent) == _reference(obj, indent=indent)


@pytest.mark.parametrize("head", ["", *WIDE_HEADS])
def test_members_after_a_nested_value(head):
    # A dict resumed after a nested value writes its next members at the
    # cursor while a scalar comes next: every kind of member after one and
    # after several nested values, non-str keys among them, in a narrow
    # and in a wide output, compact and laid out.
    items = [x for x in NARROW_ITEMS if not isinstance(x, float) or x == x]
    for nested in ([1, {"x": [2]}], {"y": [3, "z"]}, ()):
        members = {"n0": nested, **{f"k{i}": item for i, item in enumerate(items)}, "n1": nested, "last": head}
        mixed = {"n": nested, 1: "one", "s": "str", None: nested, 2.5: True, "t": head}
        for obj in ([head, members], [members] * 3, {"w": head, "m": members}, [head, mixed]):
            assert _ours(obj) == _reference(obj)
            assert _ours(obj, indent=2) == _reference(obj, indent=2)
            assert ultrajson.dumps(obj) == json.dumps(obj, separators=(",", ":")).replace("/", "\\/")


def test_default_that_changes_the_dict_before_it_resumes():
    # default() runs for a nested value, then the dict goes on: by the
    # frame's own loop, which sees the change.
    class Grows:
        pass

    obj = {"a": Grows(), "b": 1, "c": 2}

    def default(o):
        obj["d"] = 3
        return [0]

    with pytest.raises(RuntimeError, match="dictionary changed size during iteration"):
        ultrajson.dumps(obj, default=default)


def test_empty_containers_at_the_cursor():
    # Each empty kind before, between and after scalars, in a list and as a
    # dict's value, in a narrow output and after it widened.
    for empty in ([], (), {}):
        for head in ([], ["é"]):
            for at in range(4):
                items = [*head, 1, "a", None]
                items.insert(len(head) + at, empty)
                members = {f"k{i}": item for i, item in enumerate(items)}
                for obj in (items, tuple(items), members, [members, items]):
                    assert _ours(obj) == _reference(obj), obj
                    assert ultrajson.dumps(obj) == json.dumps(obj, separators=(",", ":")), obj


def test_brackets_at_the_cursor_across_growth():
    # A list or dict written whole at the cursor writes its brackets there
    # too: runs of them long enough that the output grows before each
    # bracket somewhere, in every shape a bracket ends.
    shapes = ([1], [1, "a"], {"a": 1}, {"a": 1, "b": [2]}, {"a": {"b": None}}, [[1], {"c": []}], ({"d": 1.5},))
    for shape in shapes:
        for count in (1, 2, 3, 7, 100, 1000):
            obj = [shape] * count
            assert ultrajson.dumps(obj) == json.dumps(obj, separators=(",", ":")), (shape, count)
            wrapped = {"k": obj, "n": count}
            expected = json.dumps(wrapped, separators=(",", ":"), sort_keys=True)
            assert ultrajson.dumps(wrapped, sort_keys=True) == expected


def test_narrow_items_then_a_container_or_a_wide_str():
    # The walk at the cursor stops before the item, its separator taken back.
    for breaker in ([1], {"k": [2]}, "€", "\U0001f600", 2**70, _Small.three, _Marker2()):
        for at in range(len(NARROW_ITEMS)):
            items = [x for x in NARROW_ITEMS if not isinstance(x, float) or x == x]
            items.insert(at, breaker)
            expected = json.dumps(items, ensure_ascii=False, separators=(",", ":"), default=lambda o: [o.value])
            assert _ours(items, default=lambda o: [o.value]) == expected


class _Marker2:
    value = 5


class _Small(enum.IntEnum):
    three = 3


class _Float(float):
    pass


def test_separators_and_indent_of_every_kind():
    obj = {"a": [1, 2, {}], "b": {"c": None, "d": [[]]}, "e": (True,)}
    for separators in ((",", ":"), (", ", ": "), (" ,  ", " :  ")):
        for indent in (0, 1, 4):
            options = {"separators": separators}
            ours = ultrajson.dumps(obj, indent=indent, separators=separators)
            reference = json.dumps(obj, indent=indent or None, **options)
            assert ours == reference


# Numbers a compact output writes as a row at the cursor (a short list or
# tuple of them, nested in a container written in place), and items that
# end a row where they stand, its text so far written over.
ROW_NUMBERS = [0, -1, 7, 2**40, -(2**59), 1.5, -0.0, 1e300, 5e-324, 1e16, 0.1, -2.5e-7]
ROW_BREAKERS = [True, None, "a", "é", 2**64 - 1, 2**70, -(2**63), float("nan"), float("-inf"), _Small.three,
                _Float(2.5), [1], (), {}, {"k": 1}]


def _rows():
    # Every length up to beyond the longest row (16), then each breaker at
    # the first, a middle and the last place of a row.
    for length in range(1, 19):
        row = [ROW_NUMBERS[i % len(ROW_NUMBERS)] for i in range(length)]
        yield row
        yield tuple(row)
    for breaker in ROW_BREAKERS:
        for at in (0, 1, 2):
            row = [1, 2.5]
            row.insert(at, breaker)
            yield row
            yield tuple(row)


@pytest.mark.parametrize("head", [[], ["é"]])
def test_rows_of_numbers_at_the_cursor(head):
    # As a list's items, a dict's values, and nested: in a narrow output
    # and after it widened (head), once and across the output's growth.
    for row in _rows():
        for obj in ([*head, row, row], {"h": head, "a": row, "b": [row]}, [*head, [row, 1], (row,)], [*head] + [row] * 500):
            expected = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
            assert _ours(obj) == expected, obj
            assert ultrajson.dumps(obj, separators=(";", "=")) == json.dumps(obj, separators=(";", "=")), obj


def test_rows_of_numbers_errors_and_depth():
    # A row's number that raises, in place of a row or after one.
    for row in ([1, float("nan")], (float("inf"), 2), [1, 2.5, float("-inf")]):
        for obj in ([row], [[1, 2], row], {"a": row}):
            with pytest.raises(OverflowError):
                ultrajson.dumps(obj, allow_nan=False)
    with pytest.raises(TypeError):
        ultrajson.dumps([[1, object()]])
    # A row is a level: written in place, it still counts.
    assert ultrajson.dumps(_wrap([1, 2.5], LIMIT - 1))
    for row in ([1, 2.5], (3,), [0.5] * 16):
        with pytest.raises(OverflowError):
            ultrajson.dumps(_wrap(row, LIMIT))
        with pytest.raises(OverflowError):
            ultrajson.dumps(_wrap({"a": row}, LIMIT - 1))


# Layouts a narrow output also writes at the cursor (laid out: separators
# of up to eight ASCII characters, line breaks and indentation), and one it
# does not (a nine-character separator), for comparison.
LAYOUTS = [
    {"indent": 2},
    {"indent": 1, "sort_keys": True},
    {"indent": 17},
    {"indent": 4, "separators": (",", " = ")},
    {"separators": (", ", ": ")},
    {"separators": ("", "")},
    {"indent": 3, "separators": (" ,  ", "12345678")},
    {"indent": 2, "separators": (",", "123456789")},
]


def _laid_out_reference(obj, ensure_ascii=False, **options):
    return json.dumps(obj, ensure_ascii=ensure_ascii, **options)


@pytest.mark.parametrize("layout", LAYOUTS, ids=repr)
def test_laid_out_items_at_the_cursor(layout):
    deep = [1, "a"]
    for level in range(60):  # lines of up to 17 * 60 spaces: the output grows within one
        deep = [level, deep, {"k": level, "d": deep if level % 20 == 0 else None, "r": [level, 0.5]}]
    shapes = ([1], {"a": 1}, {"a": 1, "b": [2, "x"]}, {"a": {"b": None}}, [[1], {"c": []}], ({"d": 1.5},))
    objects = [*_lists(), *_dicts(), deep, NARROW_ITEMS * 50, [*NARROW_ITEMS, "é", *NARROW_ITEMS] * 20]
    objects += [[shape] * count for shape in shapes for count in (1, 2, 7, 1000)]
    # Rows of numbers, each number on a line of its own when indenting.
    objects += [[row, {"r": row}] for row in _rows()] + [[row] * 300 for row in ([1, 2.5], (7,) * 16)]
    for obj in objects:
        assert _ours(obj, **layout) == _laid_out_reference(obj, **layout), obj
    for obj in (NARROW_ITEMS * 50, {"k": NARROW_ITEMS, "é": [1, "\U0001f600", 2]}):
        assert ultrajson.dumps(obj, escape_forward_slashes=False, **layout) == _laid_out_reference(
            obj, ensure_ascii=True, **layout
        )


@pytest.mark.parametrize("layout", LAYOUTS[:4], ids=repr)
def test_laid_out_items_then_a_container_or_a_wide_str(layout):
    # The walk at the laid-out cursor stops before the item, its separator,
    # line break and indentation taken back.
    for breaker in ([1], {"k": [2]}, "€", "\U0001f600", 2**70, _Small.three, _Marker2()):
        for at in range(0, len(NARROW_ITEMS), 3):
            items = [x for x in NARROW_ITEMS if not isinstance(x, float) or x == x]
            items.insert(at, breaker)
            members = {f"k{i}": item for i, item in enumerate(items)}
            for obj in (items, members, [members]):
                expected = _laid_out_reference(obj, default=lambda o: [o.value], **layout)
                assert _ours(obj, default=lambda o: [o.value], **layout) == expected


@pytest.mark.parametrize("nest", [nested_lists, nested_dicts])
def test_depth_limit_at_an_empty_leaf(nest):
    # The innermost container is empty: written in place by its parent, it
    # still counts as a level.
    assert ultrajson.dumps(nest(LIMIT))
    with pytest.raises(OverflowError):
        ultrajson.dumps(nest(LIMIT + 1))


def test_depth_limit_at_a_leaf_of_scalars():
    assert ultrajson.dumps(_wrap([1, "a", None], LIMIT - 1))
    with pytest.raises(OverflowError):
        ultrajson.dumps(_wrap([1, "a", None], LIMIT))
    with pytest.raises(OverflowError):
        ultrajson.dumps(_wrap({"a": 1, "b": []}, LIMIT))


def _wrap(value, levels):
    for _ in range(levels):
        value = [value]
    return value


def test_errors_in_the_middle_of_a_leaf():
    with pytest.raises(OverflowError):
        ultrajson.dumps([1, 2, float("nan")], allow_nan=False)
    with pytest.raises(OverflowError):
        ultrajson.dumps({"a": 1, "b": float("inf")}, allow_nan=False)
    with pytest.raises(OverflowError):
        ultrajson.dumps([True, "a", 1, 2.5, float("-inf"), None], allow_nan=False)
    with pytest.raises(TypeError):
        ultrajson.dumps([1, 2, object(), 3])
    with pytest.raises(TypeError):
        ultrajson.dumps({"a": 1, "b": object(), "c": 3})


class _Marker:
    pass


def test_default_after_in_place_items():
    def default(obj):
        return [7, {"x": 8}]

    for obj in ([1, "a", _Marker(), 3], {"a": 1, "b": _Marker(), "c": 2}, (None, _Marker())):
        expected = _reference(obj, default=default)
        assert _ours(obj, default=default) == expected


def test_non_str_keys_after_str_keys():
    obj = {"a": 1, 2: 3, "b": 4, None: 5, True: [], 1.5: {}}
    assert _ours(obj) == '{"a":1,"2":3,"b":4,"null":5,"true":[],"1.5":{}}'


def test_default_that_changes_the_dict_after_in_place_members():
    obj = {"a": 1, "b": 2}

    def default(value):
        obj["added"] = 1
        return 0

    obj["c"] = _Marker()
    obj["d"] = 3
    with pytest.raises(RuntimeError, match="dictionary changed size during iteration"):
        _ours(obj, default=default)


def test_default_that_empties_the_list_after_in_place_items():
    obj = [1, 2]

    def default(value):
        obj.clear()
        return "gone"

    obj.append(_Marker())
    obj.append(4)
    assert _ours(obj, default=default) == '[1,2,"gone"]'


@pytest.mark.skipif(not hasattr(sys, "getrefcount"), reason="needs sys.getrefcount")
def test_references_are_unchanged():
    def default(obj):
        return {"m": [1]}

    cases = [*_lists(), *_dicts(), [1, _Marker(), {}], {"a": 1, "b": _Marker()}]
    failing = [[1, 2, float("nan")], {"a": 1, "b": [float("nan")]}, [1, object()]]
    everything = cases + failing
    gc.collect()
    before = [sys.getrefcount(obj) for obj in everything]
    # Not the singletons and small ints, which anything may reference.
    items = [item for item in SCALARS + BREAKERS if not (item is None or isinstance(item, bool) or item in (0, -1))]
    items_before = [sys.getrefcount(item) for item in items]
    for _ in range(3):
        for obj in cases:
            _ours(obj, default=default)
        for obj in failing:
            with pytest.raises((OverflowError, TypeError)):
                ultrajson.dumps(obj, allow_nan=False)
    del obj  # the loop's own reference
    gc.collect()
    assert [sys.getrefcount(obj) for obj in everything] == before
    assert [sys.getrefcount(item) for item in items] == items_before
