"""The plain-run copies of one- and two-byte strs (unit_escape.hpp).

They test sixty-four units at a time, the last block overlapping the one
before it; a str of 32 to 63 units as its first and last 32, of 16 to 31 as
its first and last 16, and shorter ones as two overlapping halves. A unit
that needs a look at every position of strs of every length across those
sizes, alone and after an earlier escape, under every set of options, checks
each path against json's output.
"""

import json

import pytest

from _support import escaped_reference

from ultrajson import dumps

# Units whose escaping differs by option, and units that a narrowing or a
# flipped-bits test could mistake for them: low bytes '"', '\\', '/', 0x7F or
# a control under U+8000 and above it, 0x20 and 0x21 beside '"', 0x7E, 0x80.
SPECIALS = ['"', "\\", "/", "\n", "\x00", "\x1f", "\x7f", "<", "&", " ", "!", "#", "~",
            "\x80", "\xff", "\u0122", "\u015c", "\u012f", "\u011f", "\u8022", "\uff5c", "\ud800", "\udfff",
            "\u2028", "\U0001f600"]
LENGTHS = list(range(0, 70)) + [95, 96, 97, 127, 128, 129, 130, 191, 192, 193, 200]


def _assert_same(got, expected, what):
    # Where they first differ, not the whole text: pytest's diff of two long
    # strs takes minutes.
    if got != expected:
        at = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), min(len(got), len(expected)))
        pytest.fail(f"{what}: differ at {at}: {got[at - 20:at + 20]!r} != {expected[at - 20:at + 20]!r}")


def _texts(filler, special):
    texts = []
    for length in LENGTHS:
        texts.append(filler * length)
        for at in range(length):
            texts.append(filler * at + special + filler * (length - at - 1))
    # Two escapes: the copy starts again after the first.
    for length in (40, 70, 130, 200):
        for first in range(0, length, 9):
            for second in range(first + 1, length, 13):
                chars = [filler] * length
                chars[first] = special
                chars[second] = special
                texts.append("".join(chars))
    return texts


@pytest.mark.parametrize("html", [False, True])
@pytest.mark.parametrize("slashes", [False, True])
@pytest.mark.parametrize("ensure_ascii", [False, True])
@pytest.mark.parametrize("filler", ["a", "\xe9", "\u0628", "\U0001f600"])
def test_a_special_unit_at_every_position_of_every_block(filler, ensure_ascii, slashes, html):
    options = dict(ensure_ascii=ensure_ascii, escape_forward_slashes=slashes, encode_html_chars=html)
    for special in SPECIALS:
        texts = _texts(filler, special)
        # Written into an output of each width: the ASCII strs before and
        # after the output widens, the two-byte ones into a four-byte one.
        for value in (texts, ["\u0645"] + texts, ["\U0001f600"] + texts):
            _assert_same(dumps(value, **options), escaped_reference(value, ensure_ascii, slashes, html), (special, options))
        keyed = {text: 0 for text in texts[:400]}
        _assert_same(dumps(keyed, **options), escaped_reference(keyed, ensure_ascii, slashes, html), (special, options))


# Each str on its own, so its data ends where its allocation does (ASan sees
# a read past it): every length across the block sizes, plain and with the
# last unit special.
@pytest.mark.parametrize("filler", ["a", "\u0628"])
def test_strs_of_every_length_alone(filler):
    for length in range(0, 260):
        for text in (filler * length, filler * length + '"', filler * length + "/"):
            text = "".join(list(text))  # a fresh str of exactly that size
            assert dumps(text, ensure_ascii=False, escape_forward_slashes=False) == json.dumps(text, ensure_ascii=False)
            assert dumps(text, ensure_ascii=False) == json.dumps(text, ensure_ascii=False).replace("/", "\\/")
            assert dumps(text) == json.dumps(text).replace("/", "\\/")


# An ASCII str is written in place when the output has room for its worst
# case, else through the general path after growing the output; under
# encode_html_chars both are the general escape. Strs of each length after
# prefixes of each size land on both sides of the output's end, in each
# width (a one-call output's first capacity depends on the call before: a
# small call first, so that it is small here too).
@pytest.mark.parametrize("html", [False, True])
@pytest.mark.parametrize("widen", ["", "\u0645", "\U0001f600"])
def test_ascii_strs_at_the_end_of_the_room(widen, html):
    options = dict(ensure_ascii=False, escape_forward_slashes=False, encode_html_chars=html)
    texts = [("a<b>&c/d\"e\\f\n" * 8)[:length] for length in (1, 15, 40, 100)]
    for prefix in range(0, 1400, 23):
        for text in texts:
            value = [widen, "p" * prefix, text, text]
            dumps([])
            _assert_same(dumps(value, **options), escaped_reference(value, False, False, html), (prefix, text))


# Strs of 32 to 48 units are tested as their first thirty-two and last
# sixteen, which overlap: two specials at every pair of places, one in the
# overlap and one after it too, in each width, one- and two-byte strs.
@pytest.mark.parametrize("slashes", [False, True])
@pytest.mark.parametrize("filler", ["a", "\u0628"])
def test_two_specials_in_strs_of_32_to_48_units(filler, slashes):
    texts = []
    for length in range(31, 50):
        for first in range(length):
            for second in range(first, length):
                chars = [filler] * length
                chars[first] = '"'
                chars[second] = "/"
                texts.append("".join(chars))
    for value in (texts, ["\u0645"] + texts, ["\U0001f600"] + texts):
        got = dumps(value, ensure_ascii=False, escape_forward_slashes=slashes)
        _assert_same(got, escaped_reference(value, False, slashes, False), (filler, slashes))
