"""Property tests (hypothesis): round trips and agreement with the standard library."""

from __future__ import annotations

import itertools
import json
import math
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from ultrajson import dumps, loads

from _support import canon

# Text of any code point, lone surrogates included: st.characters() leaves out
# category Cs unless asked, so surrogates get a strategy of their own.
_SURROGATES = st.characters(categories=["Cs"])
_SPECIALS = st.sampled_from('"\\/<>&\x00\x1f\u2028é😀')
# A high surrogate followed by a low one is read back as one character (by any
# JSON decoder, json included), so such texts cannot round-trip.
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def _texts(chars):
    return st.one_of(
        st.text(chars, max_size=12),
        st.text(st.one_of(chars, _SURROGATES, _SPECIALS), max_size=12),
    ).filter(lambda s: not _PAIR.search(s))


ANY_TEXT = _texts(st.characters())

INTS = st.one_of(
    st.integers(min_value=-(2**64) - 1, max_value=2**64 + 1),
    st.integers(min_value=-(10**300), max_value=10**300),
    st.sampled_from(
        [0, -1, 2**53 + 1, 2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 2**64 - 1, 2**64]
    ),
)


def json_values(text, allow_inf: bool):
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        INTS,
        st.floats(allow_nan=False, allow_infinity=allow_inf),
        text,
    )
    return st.recursive(
        scalars,
        lambda children: st.one_of(
            st.lists(children, max_size=6),
            st.dictionaries(text, children, max_size=6),
        ),
        max_leaves=15,
    )


VALUES = json_values(ANY_TEXT, allow_inf=True)
FINITE_VALUES = json_values(ANY_TEXT, allow_inf=False)
COMPARABLE_VALUES = json_values(ANY_TEXT, allow_inf=True)

FLAGS = ("ensure_ascii", "encode_html_chars", "escape_forward_slashes", "sort_keys")
OPTION_SETS = [
    dict(zip(FLAGS, bits), indent=indent)
    for bits in itertools.product([False, True], repeat=len(FLAGS))
    for indent in (0, 2, -1)
]


@settings(max_examples=100)
@given(VALUES)
def test_round_trip_every_option_combination(value):
    want = canon(value, sort_keys=True)
    for options in OPTION_SETS:
        text = dumps(value, **options)
        assert canon(loads(text), sort_keys=True) == want, options
        assert canon(loads(text.encode("utf-8", "surrogatepass")), sort_keys=True) == want, options


@settings(max_examples=100)
@given(VALUES)
def test_round_trip_keeps_order(value):
    assert canon(loads(dumps(value))) == canon(value)


@settings(max_examples=50)
@given(FINITE_VALUES)
def test_allow_nan_false_accepts_finite(value):
    assert canon(loads(dumps(value, allow_nan=False))) == canon(value)


@settings(max_examples=150)
@given(COMPARABLE_VALUES)
def test_dumps_equals_json(value):
    compact = (",", ":")
    assert dumps(value, escape_forward_slashes=False) == json.dumps(
        value, separators=compact
    )
    assert dumps(value, escape_forward_slashes=False, ensure_ascii=True) == json.dumps(
        value, separators=compact, ensure_ascii=True
    )
    assert dumps(
        value, escape_forward_slashes=False, ensure_ascii=False
    ) == json.dumps(value, separators=compact, ensure_ascii=False)
    assert dumps(value, escape_forward_slashes=False, sort_keys=True) == json.dumps(
        value, separators=compact, sort_keys=True
    )


@settings(max_examples=80)
@given(COMPARABLE_VALUES, st.sampled_from([1, 2, 4]))
def test_dumps_indent_equals_json(value, indent):
    assert dumps(value, escape_forward_slashes=False, indent=indent) == json.dumps(
        value, indent=indent
    )


@settings(max_examples=150)
@given(
    VALUES,
    st.sampled_from([None, 0, 1, 2, "\t", " \r\n"]),
    st.sampled_from([None, (",", ":"), (", ", ": "), (" ,\n", "\t:\r\n")]),
    st.booleans(),
)
def test_loads_equals_json_on_valid_documents(value, indent, separators, ensure_ascii):
    text = json.dumps(
        value, indent=indent, separators=separators, ensure_ascii=ensure_ascii
    )
    expected = canon(json.loads(text))
    assert canon(loads(text)) == expected
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        return  # raw lone surrogates (ensure_ascii=False) are not UTF-8
    assert canon(loads(raw)) == expected


NUMBER = re.compile(r"-?(0|[1-9][0-9]{0,30})(\.[0-9]{1,30})?([eE][+-]?[0-9]{1,4})?")


@settings(max_examples=200)
@given(st.from_regex(NUMBER, fullmatch=True))
def test_numbers_equal_json(text):
    result = loads(text)
    expected = json.loads(text)
    assert type(result) is type(expected)
    if isinstance(expected, float):
        assert result == expected or (math.isnan(result) and math.isnan(expected))
        assert math.copysign(1, result) == math.copysign(1, expected)
    else:
        assert result == expected


@settings(max_examples=500)
@given(st.floats(allow_nan=False))
def test_floats_print_as_repr_and_read_back(value):
    text = dumps(value)
    if math.isinf(value):
        assert text == ("Infinity" if value > 0 else "-Infinity")
    else:
        assert text == repr(value)
    result = loads(text)
    assert result == value and math.copysign(1, result) == math.copysign(1, value)


@settings(max_examples=200)
@given(ANY_TEXT)
def test_strings_round_trip(text):
    assert loads(dumps(text)) == text
    assert loads(dumps(text, ensure_ascii=False)) == text
    # A lone surrogate goes out as it is (as json writes it) and reads back
    # from its UTF-8-encoded form (as json reads it).
    assert loads(dumps(text, ensure_ascii=False).encode("utf-8", "surrogatepass")) == text
    assert dumps(text).isascii()
