"""Small dumps() outputs, written in the encoder's own bytes.

When the thread's last output was small, a dumps() call writes into a buffer
of the encoder (text_output.hpp, first_units_) and makes its str once, at its
length; an output that outgrows that buffer, or meets a str that needs a
wider kind, moves into a str and goes on there. Every such output must be
the text json.dumps writes, a str like any other (length, hash, terminator).
"""

import ctypes
import json
import threading

import pytest

from ultrajson import dumps

WIDE = {
    "latin-1": "caf\xe9",
    "two-byte": "\u0646\u0638\u0627\u0645",
    "four-byte": "emoji \U0001f600",
}


def _reference(value, ensure_ascii):
    return json.dumps(value, ensure_ascii=ensure_ascii, separators=(",", ":"))


def _check_str(got, expected):
    assert got == expected
    assert len(got) == len(expected)
    assert hash(got) == hash("".join(list(expected)))
    assert got.encode("utf-8") == expected.encode("utf-8")
    assert ctypes.c_wchar_p(got).value == expected


def _small_call():
    assert dumps([1]) == "[1]"


def _document_of_length(length):
    """A list whose compact JSON is exactly `length` characters (at least 2):
    numbers, nested lists and a padding str."""
    value = []
    text = "[]"
    while len(text) < length - 40:
        value.append([123456789, "abc", None])
        text = json.dumps(value, separators=(",", ":"))
    pad = length - len(text) - (3 if value else 2)
    if pad >= 0:
        value.append("x" * pad)
    return value


@pytest.mark.parametrize("ensure_ascii", [True, False])
def test_every_length_around_the_buffer(ensure_ascii):
    for length in list(range(4, 700)) + [1000, 1023, 1024, 1025, 5000]:
        value = _document_of_length(length)
        _small_call()
        got = dumps(value, ensure_ascii=ensure_ascii)
        _check_str(got, _reference(value, ensure_ascii))
        assert len(got) == length or len(got) == length - 1


@pytest.mark.parametrize("kind", list(WIDE))
def test_a_wider_str_after_ascii_in_the_buffer(kind):
    # The ASCII written so far is copied, widened, into the new str.
    for prefix in list(range(0, 80)) + list(range(240, 280)) + list(range(480, 530)):
        value = ["a" * prefix, WIDE[kind], 1.5, "b"]
        _small_call()
        _check_str(dumps(value, ensure_ascii=False), _reference(value, False))
        _small_call()
        _check_str(dumps(value), _reference(value, True))


def test_a_str_whose_worst_case_exceeds_the_buffer():
    # 100 ASCII characters may need 600 with ensure_ascii: the output
    # moves into a str before the str is written.
    for count in (1, 2, 5):
        value = ["\x01" * 100] * count + ["plain" * 30]
        _small_call()
        _check_str(dumps(value), _reference(value, True))


def test_small_and_large_outputs_alternating():
    large = [["a plain ASCII sentence", 12345, 2.5]] * 3000
    small = {"a": [1, 2, 3], "b": "c"}
    for _ in range(3):
        _check_str(dumps(small), _reference(small, True))
        _check_str(dumps(large), _reference(large, True))
        _check_str(dumps(small), _reference(small, True))
        _check_str(dumps(large, indent=2), json.dumps(large, indent=2))


def test_empty_and_one_character_outputs():
    _small_call()
    assert dumps("") == '""'
    assert dumps([[]]) == "[[]]"
    assert dumps({"": ""}) == '{"":""}'
    assert dumps([1]) == "[1]"


def test_a_new_thread_starts_in_the_buffer():
    # The last output's length is the thread's own: a new thread starts
    # small even after a large output here.
    dumps(["x" * 100000])
    results = []

    def work():
        results.append(dumps([1, "two", [3.0]]))
        results.append(dumps(["y" * 3000]))

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert results == ['[1,"two",[3.0]]', '["' + "y" * 3000 + '"]']
