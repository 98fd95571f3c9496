"""Fuzzing with hypothesis (issue 7): arbitrary bytes and mangled documents
into loads, arbitrary nested objects (JSON types and not) into dumps, with
random options; the properties are in _fuzz_checks.py. test_properties.py checks the round trips of valid values; this file is
about what an attacker would send. fuzz/python_fuzz.py drives the same
same properties from atheris, coverage-guided.
"""

from __future__ import annotations

import decimal
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ultrajson import dumps, loads

from _fuzz_checks import Opaque, RawJSON, ToDict, check_dumps, check_loads

JSON_BYTES = st.sampled_from(
    [b"{", b"}", b"[", b"]", b",", b":", b'"', b"\\", b"\\u", b"d800", b"dc00", b"true",
     b"null", b"NaN", b"-Infinity", b"1e999", b"-0", b"0.5", b"1" * 30, b" ", b"\n",
     b"\xed\xa0\x80", b"\xc3\xa9", b"\xff", b"\x00", b"\xf0\x9f\x98\x80", b"[" * 40]
)
# Bytes that look like JSON often enough to get past the first character.
FUZZ_BYTES = st.one_of(
    st.binary(max_size=200),
    st.lists(st.one_of(JSON_BYTES, st.binary(max_size=3)), max_size=40).map(b"".join),
)


@settings(max_examples=200)
@given(FUZZ_BYTES)
def test_loads_of_any_bytes(data):
    check_loads(data)


def json_values():
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(),
        st.text(st.characters(), max_size=8),
    )
    return st.recursive(
        scalars,
        lambda children: st.one_of(
            st.lists(children, max_size=5),
            st.dictionaries(st.text(max_size=5), children, max_size=5),
        ),
        max_leaves=30,
    )


@st.composite
def mangled_documents(draw):
    """A valid document with a few bytes inserted, deleted or replaced."""
    data = bytearray(json.dumps(draw(json_values()), ensure_ascii=draw(st.booleans()))
                     .encode("utf-8", "surrogatepass"))
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = draw(st.one_of(JSON_BYTES, st.binary(min_size=1, max_size=2)))
        if action == "insert":
            data[position:position] = piece
        elif action == "delete":
            del data[position:position + len(piece)]
        else:
            data[position:position + len(piece)] = piece
    return bytes(data)


@settings(max_examples=200)
@given(mangled_documents())
def test_loads_of_mangled_documents(data):
    check_loads(data)


def any_objects():
    """JSON values and what else dumps may meet: tuples, bytes, sets,
    Decimal, objects with toDict/__json__, and ones it must refuse."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8),
        st.binary(max_size=8), st.decimals(allow_nan=False, places=3),
        st.builds(Opaque), st.builds(RawJSON, st.sampled_from(['{"a":1}', "[1", "", "2"])),
    )
    return st.recursive(
        scalars,
        lambda children: st.one_of(
            st.lists(children, max_size=5),
            st.lists(children, max_size=5).map(tuple),
            st.frozensets(st.integers(), max_size=3),
            st.dictionaries(st.one_of(st.text(max_size=5), st.integers(), st.booleans(),
                                      st.none(), st.floats(), st.binary(max_size=3)),
                            children, max_size=5),
            st.dictionaries(st.text(max_size=5), children, max_size=3).map(ToDict),
        ),
        max_leaves=25,
    )


DUMPS_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "ensure_ascii": st.booleans(),
        "encode_html_chars": st.booleans(),
        "escape_forward_slashes": st.booleans(),
        "sort_keys": st.booleans(),
        "indent": st.integers(-3, 8),
        "allow_nan": st.booleans(),
        "reject_bytes": st.booleans(),
        "default": st.sampled_from([str, repr, lambda o: [1], lambda o: o]),
        "separators": st.sampled_from([(",", ":"), (", ", ": "), ("\t,", " : ")]),
    },
)


@settings(max_examples=200)
@given(any_objects(), DUMPS_OPTIONS)
def test_dumps_of_any_objects(value, options):
    check_dumps(value, options, plain=False)


@settings(max_examples=150)
@given(json_values(), DUMPS_OPTIONS.map(lambda o: {k: v for k, v in o.items()
                                                     if k not in ("default", "allow_nan")}))
def test_dumps_of_json_values_reads_back(value, options):
    check_dumps(value, options, plain=True)


def test_decimal_strategy_is_used():
    # dumps writes a Decimal through float, as ujson does.
    assert loads(dumps(decimal.Decimal("1.5"))) == 1.5


@pytest.mark.parametrize("sort_keys", [False, True])
def test_dumps_check_of_keys_whose_surrogates_pair_up(sort_keys):
    # Found by the atheris fuzzer: a key holding a lone high and a lone low
    # surrogate reads back as one astral character, which sorts after a key
    # it sorted before ('\udbde\udede' < '\udede', but U+107ADE > U+DEDE), or
    # equals another key outright.
    moves = {"\udede\u34de": None, "\U00106bde": 1, "\udbde\udede\u6ede": 2, "": 3}
    merges = {"\udbde\udede": 1, "\U00107ade": 2, "a": 3}
    for value in (moves, merges):
        check_dumps(value, {"sort_keys": sort_keys, "separators": (",", ":")}, plain=True)
    assert list(loads(dumps(moves, sort_keys=True))) == ["", "\U00107ade\u6ede", "\udede\u34de", "\U00106bde"]
    assert loads(dumps(merges, sort_keys=sort_keys)) == {"\U00107ade": 2, "a": 3}
