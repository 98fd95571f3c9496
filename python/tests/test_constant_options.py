"""dumps() remembers the settings of the last call made with constant
options (python/src/constant_options.hpp): a call must get its own options'
result, whatever call came before it. The expected text comes from the same
options given by position, which the remembered settings never serve."""

from __future__ import annotations

import inspect
import sys

import pytest
from ultrajson import dumps

DOCUMENT = {"b": [1, "/é", None], "a": {"x": True}}
# The options after obj, and their defaults, as the signature gives them.
PARAMETERS = list(inspect.signature(dumps).parameters.values())[1:]
DEFAULTS = [parameter.default for parameter in PARAMETERS]
PARAMETERS = [parameter.name for parameter in PARAMETERS]

OPTION_SETS = [
    {"ensure_ascii": False},
    {"ensure_ascii": True},
    {"ensure_ascii": False, "escape_forward_slashes": False},
    {"escape_forward_slashes": False, "ensure_ascii": False},
    {"escape_forward_slashes": False},
    {"indent": 4},
    {"indent": 5},
    {"indent": 4, "sort_keys": True},
    {"sort_keys": True},
    {"sort_keys": 1},
    {"sort_keys": 0},
    {"ensure_ascii": 0},
    {"indent": 300},
    {"indent": -5},
    {"separators": (";", "=")},
    {"separators": None, "default": None},
    {"default": repr},
]


def by_position(options):
    values = list(DEFAULTS)
    for name, value in options.items():
        values[PARAMETERS.index(name)] = value
    return dumps(DOCUMENT, *values)


def test_each_call_gets_its_own_options():
    expected = [by_position(options) for options in OPTION_SETS]
    # Every set after every other, each twice in a row (the second call of a
    # pair is the one that may take the remembered settings).
    for first, first_expected in zip(OPTION_SETS, expected):
        for second, second_expected in zip(OPTION_SETS, expected):
            assert dumps(DOCUMENT, **first) == first_expected
            assert dumps(DOCUMENT, **first) == first_expected
            assert dumps(DOCUMENT, **second) == second_expected, (first, second)


def test_keyword_names_made_at_run_time():
    name = "".join(["ensure", "_ascii"])  # not the interned str
    for _ in range(2):
        assert dumps("é", **{name: False}) == '"é"'
        assert dumps("é", ensure_ascii=False) == '"é"'
        assert dumps("é", **{name: True}) == '"\\u00e9"'


def test_errors_are_raised_every_time():
    for _ in range(3):
        with pytest.raises(ValueError):
            dumps(1, indent=1001)
        assert dumps(1, indent=4) == "1"
        with pytest.raises(TypeError):
            dumps(1, obj=2)
        with pytest.raises(TypeError):
            dumps(1, ensure_ascii=False, no_such_option=True)


def test_obj_by_name():
    for _ in range(2):
        assert dumps(obj=[1], indent=2) == "[\n  1\n]"
        assert dumps([2], indent=2) == "[\n  2\n]"


def test_nothing_is_kept_alive():
    def fallback(value):
        return "x"

    before = sys.getrefcount(fallback)
    for _ in range(3):
        assert dumps(object(), default=fallback, indent=0) == '"x"'
    assert sys.getrefcount(fallback) == before


SMALL_VALUES = [None, True, [], {}, (), 0, 7, -12345]


def test_small_values_after_each_options():
    # A remembered call answers a small value without reading its settings:
    # the text must still be the one its own options make.
    for options in OPTION_SETS:
        for value in SMALL_VALUES:
            values = list(DEFAULTS)
            for name, option in options.items():
                values[PARAMETERS.index(name)] = option
            expected = dumps(value, *values)
            for _ in range(2):
                assert dumps(value, **options) == expected, (options, value)


class Name(str):
    pass


def test_keyword_names_that_are_str_subclasses():
    for _ in range(2):
        assert dumps("é/", **{Name("ensure_ascii"): False}) == '"é\\/"'
        assert dumps("é/", **{Name("ensure_ascii"): False, "escape_forward_slashes": False}) == '"é/"'
        assert dumps("é/", ensure_ascii=False, escape_forward_slashes=False) == '"é/"'
    with pytest.raises(TypeError):
        dumps(1, **{Name("no_such_option"): False})


def test_keywords_in_any_order_and_obj_by_position_or_name():
    document = {"b": "/", "a": 1}
    expected = '{\n  "a": 1,\n  "b": "/"\n}'
    for _ in range(2):
        assert dumps(document, indent=2, sort_keys=True, escape_forward_slashes=False) == expected
        assert dumps(document, escape_forward_slashes=False, sort_keys=True, indent=2) == expected
        assert dumps(obj=document, sort_keys=True, indent=2, escape_forward_slashes=False) == expected
        assert dumps(document, True, False, False, True, 2) == expected


def test_invalid_values_after_a_remembered_call():
    for _ in range(2):
        assert dumps(1, ensure_ascii=False, indent=2) == "1"
        with pytest.raises(TypeError):
            dumps(1, ensure_ascii=False, indent="2")
        with pytest.raises(TypeError):
            dumps(1, ensure_ascii=False, separators=[",", ":"])
        with pytest.raises(TypeError):
            dumps(1, False, ensure_ascii=False)


class Key(str):
    """A key whose comparison, while dumps sorts, calls dumps with other
    constant options: the outer call keeps its own settings."""

    def __lt__(self, other):
        assert dumps([1], indent=4) == "[\n    1\n]"
        return str.__lt__(self, other)


def test_settings_survive_a_nested_call_with_other_options():
    document = {Key("b"): 1, Key("a"): [2]}
    expected = '{\n  "a": [\n    2\n  ],\n  "b": 1\n}'
    for _ in range(3):
        assert dumps(document, indent=2, sort_keys=True) == expected


@pytest.mark.parametrize(
    "unremembered",
    [
        {"ensure_ascii": True, "default": repr},  # a later value is not a constant
        {"ensure_ascii": True, "indent": 1000},  # an int past the small ones
        {"ensure_ascii": True, "separators": (",", ":")},
    ],
)
def test_a_call_that_cannot_be_remembered_leaves_the_last_one_whole(unremembered):
    # Found by the atheris fuzzer: the remembered sort_keys=True call had its
    # first keyword overwritten by ensure_ascii=True from a call refused at
    # its second keyword, so dumps(x, ensure_ascii=True) then sorted.
    document = {"b": None, "a": None}
    assert dumps(document, sort_keys=True) == '{"a":null,"b":null}'
    dumps(document, **unremembered)
    assert dumps(document, ensure_ascii=True) == '{"b":null,"a":null}'


def test_an_int_of_a_small_value_that_is_not_the_interpreters_own():
    # On 3.9 and 3.10 int.from_bytes makes a new int even for a small value:
    # remembered by its address, it is freed, and the next such int (another
    # indent) may take the same address.
    document = [1]
    for i in range(200):
        indent = int.from_bytes(bytes([2 + i % 3]), "big")
        assert dumps(document, indent=indent) == "[\n" + " " * (2 + i % 3) + "1\n]"
        del indent
