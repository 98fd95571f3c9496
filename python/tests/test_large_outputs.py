"""Large dumps() outputs that keep the allocation they were written in.

A dumps() call reserves the thread's last output length and an eighth more;
an output of 64 KiB or more whose spare room is within that eighth is cut
to its length in place (text_output.hpp, cut_in_place) instead of by a
reallocation. Such a str must be a str like any other in every kind: its
text, length, hash, terminator, UTF-8 and wchar_t forms.
"""

import ctypes
import json

import pytest

from ultrajson import dumps

# One element of each kind: ASCII, latin-1, two-byte, four-byte.
ELEMENTS = {
    "ascii": "a plain ASCII sentence of some length",
    "latin-1": "caf\xe9 cr\xe8me br\xfbl\xe9e \xe0 la fran\xe7aise",
    "two-byte": "\u0646\u0638\u0627\u0645 \u0627\u0644\u062d\u0643\u0645 \u0633\u0644\u0637\u0627\u0646\u064a",
    "four-byte": "emoji \U0001f600 and \U0001f680 in text",
}


def _reference(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _check_str(got, expected):
    assert got == expected
    assert len(got) == len(expected)
    assert hash(got) == hash("".join(list(expected)))
    assert got[-1] == "]" and got[len(got) - 1 :] == "]"
    assert got.encode("utf-8") == expected.encode("utf-8")
    assert (got + "!")[-2:] == "]!"
    # The wchar_t form (before 3.12 shared with the data of a four-byte str).
    assert ctypes.c_wchar_p(got).value == expected
    assert ctypes.create_unicode_buffer(got)[:] == expected + "\0"


@pytest.mark.parametrize("kind", list(ELEMENTS))
def test_same_output_twice(kind):
    value = [ELEMENTS[kind]] * 4000  # well above 64 KiB in every kind
    expected = _reference(value)
    first = dumps(value, ensure_ascii=False)
    second = dumps(value, ensure_ascii=False)
    _check_str(first, expected)
    _check_str(second, expected)
    assert first is not second


@pytest.mark.parametrize("kind", list(ELEMENTS))
@pytest.mark.parametrize("count", [4000, 3990, 3800, 3600, 2000, 100, 4001, 8000])
def test_output_after_a_larger_or_smaller_one(kind, count):
    # Within an eighth less than the last output (kept whole), more than that
    # less (cut by a reallocation), and larger (grown while written).
    dumps([ELEMENTS[kind]] * 4000, ensure_ascii=False)
    value = [ELEMENTS[kind]] * count
    _check_str(dumps(value, ensure_ascii=False), _reference(value))


def test_kinds_mixed_in_one_output_after_each_other():
    # The output's kind changes while it is written (ASCII, then wider):
    # each remade str starts from the reserved length.
    for order in (["ascii", "latin-1", "two-byte", "four-byte"], ["four-byte", "ascii"]):
        value = [ELEMENTS[kind] for kind in order for _ in range(1500)]
        for _ in range(3):
            _check_str(dumps(value, ensure_ascii=False), _reference(value))


def test_default_options_output_after_each_other():
    value = [ELEMENTS["two-byte"]] * 2000
    expected = json.dumps(value, separators=(",", ":"))
    for _ in range(3):
        got = dumps(value)
        assert got == expected and got.isascii()
        assert ctypes.c_wchar_p(got).value == expected
