"""JSONTestSuite (nst/JSONTestSuite) through loads.

y_ files must be accepted (with json's result), n_ files rejected, except the
three whose whole document is ``[NaN]``, ``[Infinity]``, ``[-Infinity]``: the
spec accepts those literals, as ujson and json do.  For the i_ files (the
standard leaves the choice open) the table below documents what ultrajson does,
and each entry is asserted.
"""

from __future__ import annotations

import json
import math

import pytest
from ultrajson import JSONDecodeError, loads

from _support import canon, data_files, data_path, missing_data

PARSING = ("JSONTestSuite", "test_parsing")
TRANSFORM = ("JSONTestSuite", "test_transform")

REJECT = object()  # the expected "result" of a rejected document

# n_ files the spec accepts: exactly the NaN / Infinity / -Infinity literals.
# The other spellings in n_ files (n_number_-NaN, n_number_+Inf, n_number_Inf,
# ...) stay rejected.
ACCEPTED_N = {
    "n_number_NaN.json": ("[NaN]", [math.nan]),
    "n_number_infinity.json": ("[Infinity]", [math.inf]),
    "n_number_minus_infinity.json": ("[-Infinity]", [-math.inf]),
}

# What ultrajson does with each i_ file, and why.
#   numbers: exact ints of any size; floats correctly rounded, overflow to
#     +-inf and underflow to 0.0 (as float() and json do);
#   escaped lone or mismatched surrogates: passed through as lone surrogates
#     (the spec, and json);
#   UTF-8-encoded surrogates (ED A0 80) in bytes: lone surrogates, as json and
#     ujson read them (the spec, decided 2026-11-30);
#   other invalid UTF-8 (overlong and out-of-range sequences, truncated ones,
#     stray continuation bytes): rejected;
#   UTF-16 documents and a UTF-8 BOM: rejected; the input must be UTF-8 and
#     only space, tab, CR and LF are whitespace (as ujson);
#   500 nested arrays: within the depth limit of 1024.
I_RESULTS = {
    "i_number_double_huge_neg_exp.json": [0.0],
    "i_number_huge_exp.json": [math.inf],
    "i_number_neg_int_huge_exp.json": [-math.inf],
    "i_number_pos_double_huge_exp.json": [math.inf],
    "i_number_real_neg_overflow.json": [-math.inf],
    "i_number_real_pos_overflow.json": [math.inf],
    "i_number_real_underflow.json": [0.0],
    "i_number_too_big_neg_int.json": [-123123123123123123123123123123],
    "i_number_too_big_pos_int.json": [100000000000000000000],
    "i_number_very_big_negative_int.json": [
        -237462374673276894279832749832423479823246327846
    ],
    "i_object_key_lone_2nd_surrogate.json": {"\udfaa": 0},
    "i_string_1st_surrogate_but_2nd_missing.json": ["\udada"],
    "i_string_1st_valid_surrogate_2nd_invalid.json": ["\ud888\u1234"],
    "i_string_UTF-16LE_with_BOM.json": REJECT,
    "i_string_UTF-8_invalid_sequence.json": REJECT,
    "i_string_UTF8_surrogate_U+D800.json": ["\ud800"],
    "i_string_incomplete_surrogate_and_escape_valid.json": ["\ud800\n"],
    "i_string_incomplete_surrogate_pair.json": ["\udd1ea"],
    "i_string_incomplete_surrogates_escape_valid.json": ["\ud800\ud800\n"],
    "i_string_invalid_lonely_surrogate.json": ["\ud800"],
    "i_string_invalid_surrogate.json": ["\ud800abc"],
    "i_string_invalid_utf-8.json": REJECT,
    "i_string_inverted_surrogates_U+1D11E.json": ["\udd1e\ud834"],
    "i_string_iso_latin_1.json": REJECT,
    "i_string_lone_second_surrogate.json": ["\udfaa"],
    "i_string_lone_utf8_continuation_byte.json": REJECT,
    "i_string_not_in_unicode_range.json": REJECT,
    "i_string_overlong_sequence_2_bytes.json": REJECT,
    "i_string_overlong_sequence_6_bytes.json": REJECT,
    "i_string_overlong_sequence_6_bytes_null.json": REJECT,
    "i_string_truncated-utf-8.json": REJECT,
    "i_string_utf16BE_no_BOM.json": REJECT,
    "i_string_utf16LE_no_BOM.json": REJECT,
    "i_structure_500_nested_arrays.json": "500 nested arrays",
    "i_structure_UTF-8_BOM_empty_object.json": REJECT,
}

def _require(path):
    if path is None:
        missing_data("/".join(PARSING))
    return path


def _as_str(raw: bytes):
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _same(result, expected) -> bool:
    return canon(result) == canon(expected)


@pytest.mark.parametrize("path", data_files(*PARSING, pattern="y_*.json"))
def test_y_accepted(path):
    raw = _require(path).read_bytes()
    expected = json.loads(raw)
    assert _same(loads(raw), expected)
    text = _as_str(raw)
    assert text is not None
    assert _same(loads(text), expected)
    assert _same(loads(bytearray(raw)), expected)
    assert _same(loads(memoryview(raw)), expected)


@pytest.mark.parametrize("path", data_files(*PARSING, pattern="n_*.json"))
def test_n_rejected(path):
    path = _require(path)
    raw = path.read_bytes()
    if path.name in ACCEPTED_N:
        document, expected = ACCEPTED_N[path.name]
        assert raw.strip() == document.encode()
        assert _same(loads(raw), expected)
        assert _same(loads(raw.decode()), expected)
        return
    with pytest.raises(JSONDecodeError):
        loads(raw)
    text = _as_str(raw)
    if text is not None:
        with pytest.raises(JSONDecodeError):
            loads(text)


def test_accepted_n_files_exist():
    folder = _require(data_path(*PARSING))
    for name in ACCEPTED_N:
        assert (folder / name).is_file(), name


@pytest.mark.parametrize("path", data_files(*PARSING, pattern="i_*.json"))
def test_i_documented(path):
    path = _require(path)
    assert path.name in I_RESULTS, f"{path.name} has no entry in I_RESULTS"
    expected = I_RESULTS[path.name]
    raw = path.read_bytes()
    if expected is REJECT:
        with pytest.raises(JSONDecodeError):
            loads(raw)
        return
    if path.name == "i_structure_500_nested_arrays.json":
        expected = json.loads(raw)
    assert _same(loads(raw), expected)
    text = _as_str(raw)
    if text is not None:
        assert _same(loads(text), expected)


def test_i_table_covers_the_suite():
    folder = _require(data_path(*PARSING))
    assert {p.name for p in folder.glob("i_*.json")} == set(I_RESULTS)


def test_suite_counts():
    folder = _require(data_path(*PARSING))
    assert len(list(folder.glob("y_*.json"))) == 95
    assert len(list(folder.glob("n_*.json"))) == 188
    assert len(list(folder.glob("i_*.json"))) == 35


@pytest.mark.parametrize("path", data_files(*TRANSFORM, pattern="*.json"))
def test_transform(path):
    if path is None:
        missing_data("/".join(TRANSFORM))
    raw = path.read_bytes()
    # What a parser returns for edge cases: the same as json, for bytes and
    # str input alike (UTF-8-encoded surrogates included, as json reads them).
    assert _same(loads(raw), json.loads(raw))
    assert _same(loads(raw.decode("utf-8", "surrogatepass")), json.loads(raw))
