"""A str that needs a wider kind, met while dumps' output is a byte a
character, is escaped into a buffer aside and put in its place when the
output widens or at the end (text_output.hpp). These tests put such strs at
every point of that: before and after the output leaves its first small
buffer, one to more than the buffer's list holds, close together and far
apart, longer than the buffer, with escapes at its edge, followed by a
latin-1 str (the output stays narrow, the strs still aside) and by a wider
one; as values, keys and __json__ text; compact and laid out. Each output
is checked against the standard library's."""

from __future__ import annotations

import json

import pytest
import ultrajson

# text_output.hpp's limits: strs aside, their units, the units between two.
MAX_SET_ASIDE = 8
CAPACITY = 1024
SPACING = 4096

TWO_BYTE = "Œuvre"
FOUR_BYTE = "\U0001f600 smile"
ESCAPED_TWO_BYTE = 'a "Œ" \\ \n\x01'


def _reference(obj, indent=None):
    separators = (",", ":") if indent is None else None
    return json.dumps(obj, ensure_ascii=False, separators=separators, indent=indent)


def _ours(obj, indent=None):
    options = {} if indent is None else {"indent": indent}
    return ultrajson.dumps(obj, ensure_ascii=False, escape_forward_slashes=False, **options)


def _check(obj, indent=None):
    expected = _reference(obj, indent)
    assert _ours(obj, indent) == expected
    # The next call starts in a str of this one's length (not in the small
    # first buffer): the strs go aside from the first one.
    assert _ours(obj, indent) == expected


def _ascii(n):
    return "x" * n


@pytest.mark.parametrize("indent", [None, 2])
@pytest.mark.parametrize("prefix", [0, 1, 300, 600, 5000])
@pytest.mark.parametrize("wide", [TWO_BYTE, FOUR_BYTE, ESCAPED_TWO_BYTE])
def test_one_wide_str_after_narrow_text(wide, prefix, indent):
    _check([_ascii(prefix), wide, _ascii(7000), 12345, True], indent)
    _check({"a": _ascii(prefix), wide: wide, "z": [_ascii(7000), None]}, indent)


@pytest.mark.parametrize("count", [1, 2, MAX_SET_ASIDE - 1, MAX_SET_ASIDE, MAX_SET_ASIDE + 1, 12])
@pytest.mark.parametrize("gap", [0, 10, SPACING - 20, SPACING, SPACING + 10])
def test_wide_strs_spaced(count, gap):
    items = [_ascii(600)]
    for i in range(count):
        items.append(TWO_BYTE if i % 2 else FOUR_BYTE)
        items.append(_ascii(gap))
    items.append(_ascii(5000))
    _check(items)
    _check(items, 1)


@pytest.mark.parametrize("length", [CAPACITY // 6 - 2, CAPACITY // 6, CAPACITY - 3, CAPACITY - 2, CAPACITY, CAPACITY + 1])
@pytest.mark.parametrize("fill", ["Œ", "\x01", "\U0001f600"])
def test_wide_strs_at_the_buffer_edge(length, fill):
    wide = ("Œ" + fill * length)[:length]
    # One alone, two that fill the buffer between them, one after a short one.
    _check([_ascii(5000), wide, _ascii(5000)])
    _check([_ascii(5000), wide, _ascii(SPACING), wide, _ascii(SPACING), TWO_BYTE])
    _check([_ascii(5000), TWO_BYTE, _ascii(SPACING), wide, _ascii(100)])


@pytest.mark.parametrize("later", ["é", "ÿ" * 20, TWO_BYTE, FOUR_BYTE, "\u20ac" * 3000])
def test_set_aside_then_a_latin1_or_wider_str(later):
    # latin-1 keeps the output narrow and the strs aside; a wider str after
    # the spacing goes aside too, one within it widens the output and puts
    # those aside in place.
    for gap in (5, SPACING + 1):
        _check([_ascii(800), TWO_BYTE, _ascii(gap), later, _ascii(gap), TWO_BYTE, _ascii(3000)])
        _check([_ascii(800), FOUR_BYTE, _ascii(gap), later, _ascii(700)], 2)


def test_wide_str_last_and_alone():
    _check([_ascii(5000), TWO_BYTE])
    _check([_ascii(5000), FOUR_BYTE])
    _check(TWO_BYTE)
    _check(TWO_BYTE + _ascii(5000))


class _Json:
    def __init__(self, text):
        self.text = text

    def __json__(self):
        return self.text


def test_json_method_text_set_aside():
    # __json__ text goes in as it is (not escaped), aside like a str.
    raw = '"%s"' % TWO_BYTE
    obj = [_ascii(5000), _Json(raw), _ascii(5000), _Json('["\U0001f600"]')]
    expected = '["%s",%s,"%s",["\U0001f600"]]' % (_ascii(5000), raw, _ascii(5000))
    assert ultrajson.dumps(obj, ensure_ascii=False) == expected
    assert ultrajson.dumps(obj, ensure_ascii=False) == expected


def test_ensure_ascii_output_never_sets_aside():
    obj = [_ascii(5000), TWO_BYTE, _ascii(5000), FOUR_BYTE]
    for _ in range(2):
        assert ultrajson.dumps(obj) == json.dumps(obj, separators=(",", ":"))


def test_lone_surrogates_set_aside():
    # Written into the str as they are, as json writes them (spec: surrogates).
    _check([_ascii(5000), "a\ud800b", _ascii(5000), "\udfff"])


def _random_document(rng, budget):
    pieces = ["x" * rng.choice([1, 50, 700, 3000, 5000]), "é" * rng.choice([1, 3]), TWO_BYTE, FOUR_BYTE,
              ESCAPED_TWO_BYTE, "Œ" * rng.choice([100, 600, 1100]), "\u2028/", 7, 1.5, None, [], {}]
    items = []
    while budget > 0:
        piece = rng.choice(pieces)
        if rng.random() < 0.15:
            piece = _random_document(rng, budget // 3)
        items.append(piece)
        budget -= 1
    if rng.random() < 0.5:
        return items
    return {"k%d%s" % (i, rng.choice(["", "é", "Œ", "\U0001f600"])): item for i, item in enumerate(items)}


@pytest.mark.parametrize("seed", range(40))
def test_random_documents(seed):
    import random

    rng = random.Random(seed)
    for _ in range(5):
        document = _random_document(rng, 30)
        _check(document)
        _check(document, rng.choice([1, 2]))
