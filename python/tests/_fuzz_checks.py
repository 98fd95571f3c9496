"""The properties both fuzzers check: test_fuzz_hypothesis.py (hypothesis,
in the test suite) and fuzz/python_fuzz.py (atheris, in CI's fuzz step).

Whatever the input: no crash, only the documented exceptions, and
agreement with ``json`` wherever both accept it.
"""

from __future__ import annotations

import io
import json

import ultrajson

from _support import canon


class ToDict:
    def __init__(self, value):
        self.value = value

    def toDict(self):
        return self.value


class RawJSON:
    """Inserted as is: the one way dumps may write text that is not JSON."""

    def __init__(self, text):
        self.text = text

    def __json__(self):
        return self.text


class Opaque:
    """Nothing dumps can write (without a default)."""


def decode_outcome(call, data):
    """(True, value) or (False, error) for call(data); any other exception
    escapes and fails the caller."""
    try:
        return True, call(data)
    except ultrajson.JSONDecodeError as error:
        assert error.msg and 0 <= error.pos <= len(data), error
        return False, error
    except ValueError as error:  # an int beyond Python's str digit limit
        assert "digit" in str(error) or "integer" in str(error), repr(error)
        return False, error


def check_loads(data: bytes) -> None:
    """loads of any bytes: the same outcome through every input type, and on
    str input what json accepts too, with the same value (what json accepts
    and we refuse is only nesting beyond our limit, or a digit limit)."""
    accepted, value = decode_outcome(ultrajson.loads, data)
    for call, copy in ((ultrajson.decode, bytearray(data)), (ultrajson.loads, memoryview(data)),
                       (lambda d: ultrajson.load(io.BytesIO(d)), data)):
        again_accepted, again = decode_outcome(call, copy)
        assert again_accepted == accepted
        if accepted:
            assert canon(again) == canon(value)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    text_accepted, text_value = decode_outcome(ultrajson.loads, text)
    assert text_accepted == accepted, (data, value, text_value)
    try:
        expected = json.loads(text)
    except (ValueError, RecursionError):
        assert not text_accepted, f"json refused {text!r:.200}, ultrajson read {text_value!r:.200}"
        return
    if text_accepted:
        assert canon(text_value) == canon(expected), (text, text_value, expected)
    else:
        assert "depth" in str(text_value) or "digit" in str(text_value), (text, text_value)


def check_dumps(value, options: dict, plain: bool) -> None:
    """dumps returns or raises TypeError, ValueError or OverflowError; what
    it returns reads back, equal to the input when plain (JSON types only).
    Compared against json's own round trip of the value, in the same key
    order: a lone high and a lone low surrogate side by side read back as one
    character (which moves the key in sorted order, and may merge it with
    another key), and NaN writes as NaN on both sides."""
    try:
        text = ultrajson.dumps(value, **options)
    except (TypeError, ValueError, OverflowError):
        return
    assert isinstance(text, str)
    try:
        decoded = ultrajson.loads(text)
    except ultrajson.JSONDecodeError:
        assert not plain, (value, options, text)  # only __json__ writes non-JSON
        return
    if plain:
        sort = options.get("sort_keys", False)
        expected = json.loads(json.dumps(value, sort_keys=sort))
        assert json.dumps(decoded, sort_keys=sort) == json.dumps(expected, sort_keys=sort), (
            value, options, text)
