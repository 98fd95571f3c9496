"""Small documents take a short path past the walk and the parser
(python/src/small_documents.hpp): they must come out as the general path
makes them. The general path is reached by wrapping the same value in a list
(dumps) or the same text in whitespace (loads)."""

from __future__ import annotations

import enum
import json

import pytest
import ultrajson
from ultrajson import dumps, loads

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

SMALL_VALUES = [None, True, False, [], {}, (), 0, 1, 9, 10, -1, -9, 12345, INT64_MIN, INT64_MAX]
# Just past what the short path takes, and ints it leaves to the walk.
WIDER_INTS = [INT64_MAX + 1, 2**64 - 1, 2**64, -(2**63) - 1, 10**40]


@pytest.mark.parametrize("value", SMALL_VALUES + WIDER_INTS, ids=repr)
def test_dumps_small_is_the_walk(value):
    text = dumps(value)
    assert dumps([value]) == f"[{text}]"
    assert text == json.dumps(value, separators=(",", ":"))
    assert type(text) is str


@pytest.mark.parametrize("value", SMALL_VALUES, ids=repr)
@pytest.mark.parametrize(
    "options",
    [
        {"indent": 4},
        {"ensure_ascii": False, "escape_forward_slashes": False},
        {"separators": (" , ", " : ")},
        {"sort_keys": True, "default": str},
    ],
    ids=repr,
)
def test_dumps_small_ignores_no_option(value, options):
    # No option changes how these values are written, an empty container's
    # brackets included (ujson writes [] and {} with indent too).
    assert dumps(value, **options) == dumps(value)


def test_dumps_small_options_are_still_checked():
    with pytest.raises(ValueError, match="Maximum allowed indentation"):
        dumps(1, indent=1001)
    with pytest.raises(TypeError):
        dumps([], separators=1)
    with pytest.raises(TypeError):
        dumps(None, no_such_option=True)


def test_dumps_subclasses_take_the_walk():
    class Color(enum.IntEnum):
        RED = 1

    class Items(list):
        pass

    assert dumps(Color.RED) == "1"
    assert dumps(Items()) == "[]"
    assert dumps(Items(), default=lambda o: "x") == "[]"


SMALL_TEXTS = ["{}", "[]", "true", "false", "null", "0", "-0", "7", "-7", "10", "-123"]
SMALL_TEXTS += ["9" * 18, "-" + "9" * 18, "1" + "0" * 17]
# Past the short path's bounds: the parser reads them.
LONGER_TEXTS = ["9" * 19, "-" + "9" * 19, "1" + "0" * 18, str(INT64_MAX), str(INT64_MIN), "1.5"]


@pytest.mark.parametrize("text", SMALL_TEXTS + LONGER_TEXTS)
@pytest.mark.parametrize("kind", [str, bytes, bytearray])
def test_loads_small_is_the_parser(text, kind):
    document = kind(text, "ascii") if kind is not str else text
    value = loads(document)
    assert value == loads(f" {text} ")
    assert value == json.loads(text)
    assert type(value) is type(json.loads(text))


def test_loads_small_containers_are_new_each_time():
    first, second = loads("{}"), loads("{}")
    assert first is not second
    first["key"] = 1
    assert loads("{}") == {}
    items = loads("[]")
    items.append(1)
    assert loads("[]") == []


@pytest.mark.parametrize(
    "text",
    ["01", "-01", "00", "-", "--1", "1-", "+1", "{ }x", "{]", "[}", "tru", "truex", "nul", "fals", "1a", ""],
)
def test_loads_small_lookalikes_are_errors(text):
    with pytest.raises(ultrajson.JSONDecodeError):
        loads(text)


def test_loads_small_with_hooks_calls_them():
    assert loads("{}", object_hook=lambda d: ("hooked", d)) == ("hooked", {})
    assert loads("{}", object_pairs_hook=lambda pairs: ("pairs", pairs)) == ("pairs", [])
    assert loads("12", parse_int=lambda digits: ("int", digits)) == ("int", "12")
    assert loads("-3", parse_float=float, parse_int=float) == -3.0


class Text(str):
    pass


@pytest.mark.parametrize("text", SMALL_TEXTS + LONGER_TEXTS)
def test_loads_small_str_subclass_and_non_ascii_take_the_parser(text):
    # Only an exact, compact ASCII str takes loads()'s first check; the
    # others reach the same short path later, or the parser.
    assert loads(Text(text)) == json.loads(text)
    assert loads(f"{text}\u00e9"[: len(text)]) == json.loads(text)
    with pytest.raises(ultrajson.JSONDecodeError):
        loads(f"{text}\u00e9")


@pytest.mark.parametrize("text", SMALL_TEXTS)
def test_loads_small_with_keywords_of_none(text):
    hooks = {"object_hook": None, "parse_int": None, "object_pairs_hook": None}
    value = loads(text, **hooks)
    assert value == json.loads(text)
    assert type(value) is type(json.loads(text))


@pytest.mark.parametrize("value", SMALL_VALUES, ids=repr)
def test_dump_small_is_dumps(value, tmp_path):
    path = tmp_path / "out.json"
    with open(path, "w") as fp:
        ultrajson.dump(value, fp, indent=2)
    assert path.read_text() == dumps([value])[1:-1]


def test_dump_small_options_are_still_checked(tmp_path):
    with open(tmp_path / "out.json", "w") as fp:
        with pytest.raises(ValueError, match="Maximum allowed indentation"):
            ultrajson.dump(1, fp, indent=1001)
        with pytest.raises(TypeError):
            ultrajson.dump([], fp, separators=1)
    assert (tmp_path / "out.json").read_text() == ""
