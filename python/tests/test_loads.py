"""loads(): inputs, results, grammar, errors (spec: "loads(obj) -> object, load(fp)")."""

from __future__ import annotations

import array
import json
import math
import mmap
import random
import struct
import sys
import sysconfig

import pytest
import ultrajson
from ultrajson import JSONDecodeError, loads

from _support import canon, check_error_format, json_position, same_float

# -- inputs ---------------------------------------------------------------------

DOC = '{"a": [1, 2.5, "é😀", null, true]}'
VALUE = {"a": [1, 2.5, "é😀", None, True]}


def test_str_input():
    assert loads(DOC) == VALUE


# Text of each str kind (latin-1, UCS-2, UCS-4), with ASCII runs longer and
# shorter than the module's sixteen-character blocks and letters at every
# offset from them, so the str-to-UTF-8 conversion meets each of its paths.
KIND_SAMPLES = [
    "caf\xe9 " * 9 + "\xff",
    "\u0635\u064a\u063a\u0629 " * 7 + "x" * 17 + "\u0800\u07ff\u0080\uffff",
    "\u65e5\u672c\u8a9e" + "abc" * 11 + "\U0001f600\U0010ffff",
]


@pytest.mark.parametrize("sample", KIND_SAMPLES)
@pytest.mark.parametrize("offset", range(0, 18, 5))
def test_str_input_of_each_kind(sample, offset):
    doc = json.dumps({"k" * offset + sample: ["a" * offset + sample, sample[offset:]]}, ensure_ascii=False)
    assert loads(doc) == json.loads(doc)


@pytest.mark.parametrize("sample", KIND_SAMPLES)
def test_str_input_keeps_no_utf8_copy(sample):
    # CPython caches a str's UTF-8 form on the str for its whole life once
    # asked for it (sys.getsizeof counts it): loads must not leave one.
    doc = json.dumps([sample] * 50, ensure_ascii=False)
    size = sys.getsizeof(doc)
    assert loads(doc) == [sample] * 50
    assert sys.getsizeof(doc) == size


# Runs of characters of three UTF-8 bytes (U+0800..U+FFFF, not surrogates:
# CJK) go four at a time from a str of two or four bytes a character: runs
# of every length up to past two blocks, broken at every position by a
# character of each other length (a lone surrogate among them), at every
# offset from the sixteen-character blocks.
THREE_BYTE = ["\u0800", "\u65e5", "\ud7ff", "\ue000", "\uffff"]
BREAKERS = ["a", "\xe9", "\u07ff", "\ud800", "\udfff", "\U0001f600"]


# (An emoji breaker makes a str UCS-4: it goes with the wide documents only.)
@pytest.mark.parametrize(
    ("wide", "breaker"), [(True, b) for b in BREAKERS] + [(False, b) for b in BREAKERS if ord(b) <= 0xFFFF]
)
def test_runs_of_three_byte_characters(wide, breaker):
    # One kind of breaker a document: a lone surrogate must be found where
    # it stands (the text is then read as WTF-8), not thanks to another.
    strings = []
    for length in range(0, 37):
        run = "".join(THREE_BYTE[i % len(THREE_BYTE)] for i in range(length))
        strings.append(run)
        strings.extend(run[:at] + breaker + run[at:] for at in range(length + 1))
    # An emoji makes the whole document UCS-4; without one it is UCS-2.
    head = "\U0001f600" if wide else "\u65e5"
    for offset in range(16):
        doc = json.dumps([head + "x" * offset] + strings, ensure_ascii=False)
        assert (max(map(ord, doc)) > 0xFFFF) == wide
        assert loads(doc) == json.loads(doc), offset


@pytest.mark.parametrize(
    ("wide", "breaker"), [(True, b) for b in BREAKERS] + [(False, b) for b in BREAKERS if ord(b) <= 0xFFFF]
)
def test_one_breaker_in_a_run_of_three_byte_characters(wide, breaker):
    # The breaker alone in its document, at every place of a run at every
    # offset from the blocks: a lone surrogate must be seen where the run's
    # four-at-a-time test meets it, or the text's WTF-8 is refused.
    run = "".join(THREE_BYTE[i % len(THREE_BYTE)] for i in range(40))
    head = "\U0001f600" if wide else ""
    for offset in range(16):
        for at in range(len(run) + 1):
            doc = json.dumps(head + "x" * offset + run[:at] + breaker + run[at:], ensure_ascii=False)
            assert loads(doc) == json.loads(doc), (offset, at)


def test_lone_surrogates_in_str_of_each_kind():
    for doc in ['["\ud800\xe9", "a\udfffb"]', '["\udbff", "\U0001f600"]', '"' + "x" * 40 + '\udc00"']:
        assert loads(doc) == json.loads(doc)


# Mostly non-ASCII documents: their strings are copied from the str given
# rather than decoded from its UTF-8 form. Each string must come out in its
# own narrowest kind whatever the document's (an ASCII or latin-1 string in
# a UCS-4 document), with escaped strings (made apart from the input), keys
# and lone surrogates among them, at every offset in the document.
DENSE_PIECES = [
    "\u0635\u064a\u063a\u0629 \u062c\u064a\u0633\u0648\u0646",
    "caf\xe9",
    "plain",
    "\u65e5\u672c\u8a9e",
    "\U0001f600 \xe9\u0800",
    "\u0100",
    "\xff",
    "",
]


@pytest.mark.parametrize("widest", ["", "\u0635", "\U0001f600", "\udc00"])
def test_dense_non_ascii_documents(widest):
    rng = random.Random(len(widest))
    for _ in range(40):
        obj = []
        for i in range(rng.randrange(1, 30)):
            s = "".join(rng.choice(DENSE_PIECES) for _ in range(rng.randrange(0, 5)))
            obj.append(s + widest * (i % 2))
            obj.append({s: rng.choice(DENSE_PIECES), "\u0642\u064a\u0645": i})
        doc = json.dumps(obj, ensure_ascii=False)
        # Some strings escaped: the parser makes those apart from the text.
        doc = doc.replace("caf\xe9", "caf\\u00e9").replace("\u65e5", "\\n\u65e5")
        expected = json.loads(doc)
        got = loads(doc)
        assert got == expected
        # == on strs holds only between the same kind; the lengths too.
        assert [type(x) for x in got] == [type(x) for x in expected]
        assert ascii(got) == ascii(expected)


def test_bytes_input():
    assert loads(DOC.encode()) == VALUE


def test_bytearray_input():
    assert loads(bytearray(DOC.encode())) == VALUE


def test_memoryview_input():
    assert loads(memoryview(DOC.encode())) == VALUE
    assert loads(memoryview(bytearray(DOC.encode()))) == VALUE


def test_array_input():
    assert loads(array.array("B", DOC.encode())) == VALUE
    assert loads(array.array("b", b"[1, 2]")) == [1, 2]


def test_mmap_input(tmp_path):
    path = tmp_path / "doc.json"
    path.write_bytes(DOC.encode())
    with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        assert loads(m) == VALUE


def test_mmap_page_sized_number_at_the_end(tmp_path):
    # The number ends exactly at the end of the mapping: nothing past it is read.
    size = mmap.PAGESIZE
    path = tmp_path / "page.json"
    path.write_bytes(b" " * (size - 5) + b"12345")
    with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        assert loads(m) == 12345


def test_writable_mmap_input():
    with mmap.mmap(-1, 16) as m:
        m.write(b"[1,2]" + b" " * 11)
        assert loads(m) == [1, 2]


@pytest.mark.parametrize(
    "buffer,expected",
    [
        (memoryview(b"[1]]]")[:3], [1]),
        (memoryview(b"123456")[:2], 12),
        (memoryview(b"xx[2.5]yy")[2:7], [2.5]),
        (memoryview(b'"abc"def')[:5], "abc"),
        (memoryview(bytearray(b"truex"))[:4], True),
        (memoryview(b"1e5e5")[:3], 100000.0),
        (memoryview(b"nullnull")[4:], None),
    ],
)
def test_memoryview_slice_read_within_its_length(buffer, expected):
    result = loads(buffer)
    assert canon(result) == canon(expected)


@pytest.mark.parametrize(
    "buffer",
    [memoryview(b"[1]]]")[:4], memoryview(b'"abc"')[:4], memoryview(b"tru e")[:3]],
)
def test_memoryview_slice_truncated_is_an_error(buffer):
    with pytest.raises(JSONDecodeError):
        loads(buffer)


def test_empty_buffers():
    for empty in ["", b"", bytearray(), memoryview(b""), memoryview(b"123")[:0]]:
        with pytest.raises(JSONDecodeError, match="Expected object or value"):
            loads(empty)


def test_non_contiguous_buffer_is_read_through_a_copy():
    # As ujson reads it (decided 2026-11-30).
    view = memoryview(b"[x1x,x2x]")[::2]
    assert not view.c_contiguous
    assert loads(view) == [1, 2]
    with pytest.raises(JSONDecodeError) as raised:
        loads(memoryview(b"[x1x,x2xx")[::2])
    assert raised.value.doc == b"[1,2x"


@pytest.mark.parametrize(
    "value", [1, 1.5, None, True, [b"[1]"], {"a": 1}, object(), ("[1]",), loads]
)
def test_other_types_are_type_errors(value):
    with pytest.raises(TypeError):
        loads(value)


def test_str_subclass_input():
    class S(str):
        pass

    assert loads(S("[1]")) == [1]


def test_bytes_subclass_input():
    class B(bytes):
        pass

    assert loads(B(b"[1]")) == [1]


def test_argument_count():
    with pytest.raises(TypeError):
        loads()
    with pytest.raises(TypeError):
        loads("1", "2")
    with pytest.raises(TypeError):
        loads("1", unknown=1)


def test_obj_keyword():
    assert loads(obj="[1]") == [1]


def test_input_not_modified():
    data = bytearray(b'{"a": "\\u00e9"}')
    loads(data)
    assert data == bytearray(b'{"a": "\\u00e9"}')


# -- results ----------------------------------------------------------------------


def test_result_types():
    value = loads(
        '{"d": {}, "l": [], "s": "", "i": 1, "f": 1.0, "t": true, "n": null, "F": false}'
    )
    assert type(value) is dict
    assert type(value["d"]) is dict
    assert type(value["l"]) is list
    assert type(value["s"]) is str
    assert type(value["i"]) is int
    assert type(value["f"]) is float
    assert value["t"] is True
    assert value["F"] is False
    assert value["n"] is None
    assert all(type(k) is str for k in value)


@pytest.mark.parametrize(
    "text,expected",
    [
        ("0", 0),
        ("-0", 0),
        ("1", 1),
        ("-1", -1),
        ("1.0", 1.0),
        ("-0.0", -0.0),
        ("0e0", 0.0),
        ("1e2", 100.0),
        ("1E2", 100.0),
        ("1e+2", 100.0),
        ("1e-2", 0.01),
        ("12.5e1", 125.0),
        ("-1.5E-3", -0.0015),
        ("0.1", 0.1),
    ],
)
def test_number_types(text, expected):
    result = loads(text)
    assert type(result) is type(expected)
    if isinstance(expected, float):
        assert same_float(result, expected)
    else:
        assert result == expected


def test_top_level_scalars():
    assert loads('"s"') == "s"
    assert loads("true") is True
    assert loads("false") is False
    assert loads("null") is None
    assert loads(" 42 ") == 42


def test_big_ints_exact():
    for value in [
        2**53 + 1,
        2**63 - 1,
        2**63,
        -(2**63),
        -(2**63) - 1,
        2**64 - 1,
        2**64,
        -(2**64),
        -(2**64) - 1,
        10**30,
        -(10**100) + 1,
        int("9" * 4300),
    ]:
        result = loads(str(value))
        assert type(result) is int and result == value
        assert loads(f"[{value}]") == [value]


def test_int_digit_limit():
    limit = sys.get_int_max_str_digits()
    try:
        sys.set_int_max_str_digits(4300)
        assert loads("7" * 4300) == int("7" * 4300)
        with pytest.raises(ValueError, match="limit"):
            loads("7" * 4301)
        with pytest.raises(ValueError, match="limit"):
            loads(b"[-" + b"7" * 5000 + b"]")
        sys.set_int_max_str_digits(5000)
        assert loads("[-" + "7" * 5000 + "]") == [-int("7" * 5000)]
        sys.set_int_max_str_digits(0)
        assert loads("7" * 20000) == int("7" * 20000)
    finally:
        sys.set_int_max_str_digits(limit)


def test_digit_limit_does_not_apply_to_floats():
    text = "1" + "0" * 5000 + ".5e-4990"
    assert loads(text) == float(text)
    assert loads("1" * 5000 + ".0") == math.inf


HARD_FLOATS = [
    "2.2250738585072011e-308",
    "2.2250738585072012e-308",
    "2.2250738585072014e-308",
    "2.225073858507201136057409796709131975934819546351645648e-308",
    "1.7976931348623157e308",
    "1.7976931348623158e308",
    "1.797693134862315807937289714053e308",
    "4.9406564584124654e-324",
    "2.4703282292062327e-324",
    "2.4703282292062328e-324",
    "9007199254740993.0",
    "9007199254740993.00000000000000000000000000000001",
    "0.1",
    "0.30000000000000004",
    "1e23",
    "8.98846567431158e307",
    "1" + "0" * 400 + "e-400",
    "0." + "0" * 400 + "1e401",
    "123456789012345678901234567890e-10",
    "7.038531e-26",
    "1.00000000000000011102230246251565404236316680908203125",
    "1.00000000000000011102230246251565404236316680908203124",
    "1.00000000000000011102230246251565404236316680908203126",
    "2.00000000000000044408920985006261616945266723632812",
    "5e-324",
    "1e-323",
    "3.0e-324",
    "0.000001",
    "1e-7",
    "17976931348623157e292",
    "-0.0e0",
    "0.0000000000000000000000000000000000000000001e43",
]


@pytest.mark.parametrize("text", HARD_FLOATS, ids=range(len(HARD_FLOATS)))
def test_hard_floats_correctly_rounded(text):
    result = loads(text)
    assert type(result) is float
    assert same_float(result, float(text))


def test_generated_decimal_strings_correctly_rounded():
    rng = random.Random(20240229)
    texts = []
    for _ in range(20000):
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 25)))
        digits = digits.lstrip("0") or "0"
        frac = rng.choice(
            [
                "",
                "."
                + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 20))),
            ]
        )
        exp = rng.choice(
            [
                "",
                f"e{rng.randint(-350, 350)}",
                f"E+{rng.randint(0, 330)}",
                f"e-{rng.randint(0, 340)}",
            ]
        )
        if not frac and not exp:
            frac = ".0"
        sign = rng.choice(["", "-"])
        texts.append(f"{sign}{digits}{frac}{exp}")
    values = loads("[" + ",".join(texts) + "]")
    for text, value in zip(texts, values):
        assert type(value) is float, text
        assert same_float(value, float(text)), text


def test_shortest_reprs_read_back():
    rng = random.Random(7)
    doubles = []
    while len(doubles) < 20000:
        (d,) = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))
        if math.isfinite(d):
            doubles.append(d)
    values = loads("[" + ",".join(repr(d) for d in doubles) + "]")
    assert all(same_float(a, b) for a, b in zip(values, doubles))


@pytest.mark.parametrize(
    "text,expected",
    [
        ("1e400", math.inf),
        ("-1e400", -math.inf),
        ("1.5e999999", math.inf),
        ("1e-400", 0.0),
        ("-1e-400", -0.0),
        ("123e-10000000", 0.0),
    ],
)
def test_overflow_and_underflow(text, expected):
    assert same_float(loads(text), expected)


def test_nan_and_infinity_accepted():
    value = loads("[NaN, Infinity, -Infinity]")
    assert math.isnan(value[0])
    assert value[1:] == [math.inf, -math.inf]
    assert math.isnan(loads("NaN"))
    assert loads("Infinity") == math.inf
    assert loads("-Infinity") == -math.inf
    assert loads(b'{"a": -Infinity}') == {"a": -math.inf}


@pytest.mark.parametrize(
    "text",
    [
        "nan",
        "NAN",
        "-NaN",
        "+NaN",
        "inf",
        "Inf",
        "-Inf",
        "+Infinity",
        "infinity",
        "Infinit",
        "NaN1",
    ],
)
def test_other_nan_spellings_rejected(text):
    with pytest.raises(JSONDecodeError):
        loads(text)


# -- whitespace -------------------------------------------------------------------


def test_whitespace_accepted():
    assert loads(
        ' \t\r\n[ \t\r\n1 \t\r\n, \t\r\n{ \t\r\n"a" \t\r\n: \t\r\n2 \t\r\n} \t\r\n] \t\r\n'
    ) == [
        1,
        {"a": 2},
    ]


@pytest.mark.parametrize(
    "space",
    ["\f", "\v", "\xa0", "\u2000", "\u3000", "\ufeff", "\x00", "\x1c", "\u0085"],
)
@pytest.mark.parametrize("where", ["before", "after", "inside"])
def test_other_whitespace_rejected(space, where):
    doc = {"before": space + "1", "after": "1" + space, "inside": "[1," + space + "2]"}[
        where
    ]
    with pytest.raises(JSONDecodeError):
        loads(doc)
    with pytest.raises(JSONDecodeError):
        loads(doc.encode())


# -- objects, strings ---------------------------------------------------------------


def test_duplicate_keys_last_wins():
    assert loads('{"a": 1, "a": 2}') == {"a": 2}
    value = loads('{"a": 1, "b": 2, "a": 3}')
    assert value == {"a": 3, "b": 2}
    assert list(value) == list(json.loads('{"a": 1, "b": 2, "a": 3}'))


def test_key_order_kept():
    assert list(loads('{"z": 1, "a": 2, "m": 3}')) == ["z", "a", "m"]


@pytest.mark.parametrize(
    "text,expected",
    [
        ('"\\ud800"', "\ud800"),
        ('"\\udfff"', "\udfff"),
        ('"\\uDC00\\uD800"', "\udc00\ud800"),
        ('"\\ud800\\u0041"', "\ud800A"),
        ('"\\ud800\\n"', "\ud800\n"),
        ('"a\\ud800"', "a\ud800"),
        ('"\\ud83d\\ude00"', "😀"),
        ('"\\uD83D\\uDE00"', "😀"),
        ('"\\ud800\\ud800\\udc00"', "\ud800\U00010000"),
        ('"\\udbff\\udfff"', "\U0010ffff"),
        ('{"\\udfaa": 0}', {"\udfaa": 0}),
    ],
)
def test_escaped_surrogates(text, expected):
    assert loads(text) == expected
    assert loads(text.encode()) == expected
    assert loads(text) == json.loads(text)


def test_raw_lone_surrogate_in_str_input():
    # A str may hold a lone surrogate; json and ujson both return it as is.
    assert loads('["\ud800", "a\udfffb"]') == ["\ud800", "a\udfffb"]


@pytest.mark.parametrize(
    "text,expected",
    [
        (r'"\"\\\/\b\f\n\r\t"', '"\\/\b\f\n\r\t'),
        (r'"\u0000\u001f\u0041\u00e9\u20AC"', "\x00\x1fAé€"),
        ('"\x7f"', "\x7f"),
        ('"é€😀"', "é€😀"),
        ('"\u2028\u2029"', "\u2028\u2029"),
    ],
)
def test_string_escapes(text, expected):
    assert loads(text) == expected
    assert loads(text.encode()) == expected


def test_valid_utf8_bytes():
    assert (
        loads(b'"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf4\x8f\xbf\xbf"')
        == "é€😀\U0010ffff"
    )
    assert loads(b'{"\xc3\xa9": "\xef\xbf\xbf"}') == {"é": "\uffff"}


def test_long_strings():
    for text in ["a" * 100_000, "é" * 50_000 + "😀" * 50_000, "\\n" * 10_000]:
        doc = '["' + text + '"]'
        assert loads(doc) == json.loads(doc)
        assert loads(doc.encode()) == json.loads(doc)


def test_many_keys_and_repeated_keys():
    doc = json.dumps([{f"key{i % 50}": i, "common": [i]} for i in range(5000)])
    assert canon(loads(doc)) == canon(json.loads(doc))


# -- strict grammar -------------------------------------------------------------------

REJECTED = [
    "01",
    "-01",
    "00",
    "1.",
    "-",
    "-.5",
    ".5",
    "+1",
    "1.e5",
    "1e",
    "1e+",
    "1E-",
    "0x10",
    "- 1",
    "--1",
    "1..2",
    "[01]",
    "[1.]",
    "[-]",
    '{"a": 01}',
    '"\x00"',
    '"\x01"',
    '"\t"',
    '"\n"',
    '"\r"',
    '"\x1f"',
    '["a\nb"]',
    "[1,]",
    "[1,,2]",
    "[,1]",
    "[,]",
    '{"a":1,}',
    '{,"a":1}',
    '{"a":1,,"b":2}',
    "'a'",
    "['a']",
    "{'a': 1}",
    "/*c*/1",
    "1/*c*/",
    "[1]//c",
    "//c\n1",
    "# c\n1",
    "[1]#",
    "{a:1}",
    '{"a" 1}',
    '{"a":}',
    "{1:2}",
    "{null:2}",
    "True",
    "NULL",
    "nul",
    "tru",
    "fals",
    "truex",
    "[1 2]",
    "1 2",
    "[1] [2]",
    '"abc',
    '["abc]',
    '"\\x"',
    '"\\u12"',
    '"\\u12G4"',
    '"\\U0041"',
    '"\\"',
    '"\\',
    "[",
    "]",
    "{",
    "}",
    "{}}",
    "[[]",
    '{"a"',
    '{"a":',
    '{"a":1',
    "",
    " ",
    "\n",
    "[\x00]",
]


@pytest.mark.parametrize("text", REJECTED, ids=[repr(t) for t in REJECTED])
def test_strict_grammar_rejects(text):
    with pytest.raises(JSONDecodeError) as info:
        loads(text)
    check_error_format(info.value, text)
    with pytest.raises(JSONDecodeError) as info:
        loads(text.encode())
    check_error_format(info.value)
    # And so does the standard library, except for what it accepts as a prefix.
    with pytest.raises((ValueError, RecursionError)):
        json.loads(text)


@pytest.mark.parametrize(
    "raw",
    [
        b'"\xff"',
        b'"\xfe"',
        b'"\x80"',
        b'"a\xbfb"',
        b'"\xc0\xaf"',
        b'"\xc1\xbf"',
        b'"\xe0\x80\xaf"',
        b'"\xf0\x80\x80\xaf"',
        b'"\xe0\xff"',
        b'"\xc3"',
        b'"\xe2\x82"',
        b'"\xf0\x9f\x98"',
        b'"\xf4\x90\x80\x80"',
        b'"\xf5\x80\x80\x80"',
        b'"\xfc\x83\xbf\xbf\xbf\xbf"',
        b'["\xc3\xa9\xe9"]',
        b'{"\xff": 1}',
        b"\xff",
        b"[1]\xff",
        b"\xef\xbb\xbf[1]",
    ],
)
def test_invalid_utf8_rejected(raw):
    with pytest.raises(JSONDecodeError):
        loads(raw)
    with pytest.raises(JSONDecodeError):
        loads(bytearray(raw))


@pytest.mark.parametrize(
    "raw", [b'"\xed\xa0\x80"', b'"\xed\xbf\xbf"', b'["\xed\xa0\xbd\xed\xb8\x80"]']
)
def test_utf8_encoded_surrogates_read_as_lone_surrogates(raw):
    # ED A0 80 is U+D800 written as if it were a scalar value: not UTF-8
    # (RFC 3629), but json (surrogatepass) and ujson return the surrogate,
    # and so do we (decided 2026-11-30). A pair encoded this way stays two
    # code units, as in json.
    assert loads(raw) == json.loads(raw)
    assert loads(bytearray(raw)) == json.loads(raw)


def test_invalid_utf8_at_end_of_a_slice():
    # The slice ends inside a multi-byte sequence: the byte after it must not
    # complete the character.
    with pytest.raises(JSONDecodeError):
        loads(memoryview(b'"\xc3\xa9"')[:2])
    with pytest.raises(JSONDecodeError):
        loads(memoryview(b'"\xc3\xa9"')[:3])


# -- depth ----------------------------------------------------------------------------


def test_depth_1024_ok():
    value = loads("[" * 1024 + "]" * 1024)
    depth = 0
    while isinstance(value, list):
        depth += 1
        value = value[0] if value else None
    assert depth == 1024
    value = loads('{"a":' * 1023 + "{}" + "}" * 1023)
    depth = 1
    while value:
        assert list(value) == ["a"]
        value = value["a"]
        depth += 1
    assert value == {} and depth == 1024


@pytest.mark.parametrize(
    "doc",
    [
        "[" * 1025 + "]" * 1025,
        '{"a":' * 1025 + "1" + "}" * 1025,
        '[{"a":' * 513 + "1" + "}]" * 513,
        "[" * 1025,
    ],
    ids=["lists", "dicts", "mixed", "unclosed"],
)
def test_depth_1025_rejected(doc):
    with pytest.raises(JSONDecodeError, match="depth limit") as info:
        loads(doc)
    check_error_format(info.value, doc)
    with pytest.raises(JSONDecodeError, match="depth limit"):
        loads(doc.encode())


def test_million_open_brackets():
    for doc in [
        "[" * 1_000_000,
        b"[" * 1_000_000,
        '{"a":' * 1_000_000,
        "[" * 1_000_000 + "]" * 1_000_000,
    ]:
        with pytest.raises(JSONDecodeError, match="depth limit"):
            loads(doc)


# -- error messages and positions ------------------------------------------------------


@pytest.mark.parametrize(
    "doc,message",
    [
        ("", "Expected object or value: line 1 column 1 (char 0)"),
        ("[1] x", "Trailing data: line 1 column 5 (char 4)"),
        ("[1]]", "Trailing data: line 1 column 4 (char 3)"),
        ("1 2", "Trailing data: line 1 column 3 (char 2)"),
        ("  @", "Expected object or value: line 1 column 3 (char 2)"),
        ('{"a":\n  @}', "Expected object or value: line 2 column 3 (char 8)"),
    ],
)
def test_error_message_exact(doc, message):
    with pytest.raises(JSONDecodeError) as info:
        loads(doc)
    assert str(info.value) == message
    check_error_format(info.value, doc)


@pytest.mark.parametrize(
    "doc,prefix",
    [
        ("x", "Expected object or value"),
        ("'a'", "Expected object or value"),
        ("[", "Expected object or value"),
        ("tru", "Unexpected character found when decoding 'true'"),
        ("trUe", "Unexpected character found when decoding 'true'"),
        ("[tru]", "Unexpected character found when decoding 'true'"),
        ("fals", "Unexpected character found when decoding 'false'"),
        ("nul", "Unexpected character found when decoding 'null'"),
        ("nan", "Unexpected character found when decoding 'null'"),
        ('"abc', "Unmatched '\"' when decoding 'string'"),
        ('["abc', "Unmatched '\"' when decoding 'string'"),
        ('{"a": "b', "Unmatched '\"' when decoding 'string'"),
        ("[1] x", "Trailing data"),
    ],
)
def test_error_message_wording(doc, prefix):
    with pytest.raises(JSONDecodeError) as info:
        loads(doc)
    err = info.value
    assert str(err).startswith(prefix), str(err)
    assert err.msg.startswith(prefix)
    check_error_format(err, doc)


def test_error_position_multiline_non_ascii():
    doc = '{"é😀": "ü€",\n "k": [1,\n  2]\n}\n\n  x'
    with pytest.raises(JSONDecodeError) as info:
        loads(doc)
    err = info.value
    assert err.msg == "Trailing data"
    assert err.pos == doc.index("x")
    assert (err.lineno, err.colno) == (6, 3)
    assert str(err) == f"Trailing data: line 6 column 3 (char {doc.index('x')})"


def test_error_position_non_ascii_same_line():
    doc = '["é€😀", @]'
    with pytest.raises(JSONDecodeError) as info:
        loads(doc)
    err = info.value
    assert err.pos == 8 == doc.index("@")
    assert (err.lineno, err.colno) == (1, 9)
    assert str(err) == "Expected object or value: line 1 column 9 (char 8)"


def test_error_position_after_non_ascii_lines():
    doc = '{\n  "ключ😀": [\n    "значение",\n    @\n  ]\n}'
    with pytest.raises(JSONDecodeError) as info:
        loads(doc)
    err = info.value
    pos = doc.index("@")
    assert err.pos == pos
    assert (err.lineno, err.colno) == json_position(doc, pos) == (4, 5)
    assert err.doc == doc


def test_error_position_bytes_input_lines():
    doc = '{"é😀": 1}\n\n  x'.encode()
    with pytest.raises(JSONDecodeError) as info:
        loads(doc)
    err = info.value
    assert err.msg == "Trailing data"
    assert (err.lineno, err.colno) == (3, 3)


def test_error_escaped_surrogate_does_not_shift_position():
    doc = '["\\ud83d\\ude00\\ud800", @]'
    with pytest.raises(JSONDecodeError) as info:
        loads(doc)
    assert info.value.pos == doc.index("@")


def test_error_is_module_type_for_every_kind():
    for doc in REJECTED:
        try:
            loads(doc)
        except Exception as exc:  # noqa: BLE001
            assert type(exc) is ultrajson.JSONDecodeError, (doc, exc)
        else:  # pragma: no cover
            pytest.fail(f"accepted {doc!r}")


# -- string building at chunk boundaries ------------------------------------------------

# One character of each str kind (and escapes), put at every position of an
# ASCII run, so that every chunk boundary of a scanner or str builder is hit.
SPECIAL_CHARS = [
    "\x7f",
    "\x80",
    "é",
    "\xff",
    "\u0100",
    "€",
    "\uffff",
    "😀",
    "\U0010ffff",
    "\x00",
    '"',
    "\\",
]


@pytest.mark.parametrize(
    "special", SPECIAL_CHARS, ids=[f"U+{ord(c):04X}" for c in SPECIAL_CHARS]
)
def test_strings_with_a_special_char_at_every_position(special):
    texts = []
    for length in range(41):
        for pos in range(length + 1):
            texts.append("a" * pos + special + "b" * (length - pos))
    texts.append(special * 40)
    texts.append(("x" * 7 + special) * 9)
    for ensure_ascii in (False, True):
        doc = json.dumps(texts, ensure_ascii=ensure_ascii)
        result = loads(doc)
        assert result == texts
        # Equal strs of the same kind and size: a str built in a wider form than
        # needed would still compare unequal in CPython, or waste memory.
        assert [sys.getsizeof(s) for s in result] == [sys.getsizeof(s) for s in texts]
        assert loads(doc.encode()) == texts
        keyed = json.dumps(
            {t: i for i, t in enumerate(texts)}, ensure_ascii=ensure_ascii
        )
        assert loads(keyed) == json.loads(keyed)
        assert loads(keyed.encode()) == json.loads(keyed)


def test_mixed_kinds_in_one_string():
    for text in [
        "aé€😀",
        "😀€éa",
        "é" * 9 + "€",
        "€" * 9 + "😀",
        "a" * 15 + "😀" + "a" * 15,
        "\u0100\xff",
    ]:
        for ensure_ascii in (False, True):
            doc = json.dumps([text, {text: text}], ensure_ascii=ensure_ascii)
            result = loads(doc)
            assert result == [text, {text: text}]
            assert sys.getsizeof(result[0]) == sys.getsizeof(text)


def test_keys_similar_and_escaped():
    # Keys that differ in one character, in length only, or only in how they are
    # written: a cache of recently built keys must not confuse them.
    keys = []
    for length in range(1, 33):
        base = "k" * length
        keys.append(base)
        for pos in range(length):
            keys.append(base[:pos] + "j" + base[pos + 1 :])
            keys.append(base[:pos] + "é" + base[pos + 1 :])
    doc = json.dumps({k: i for i, k in enumerate(keys)})
    for _ in range(3):
        assert loads(doc) == json.loads(doc)
        assert loads(doc.encode()) == json.loads(doc)
    assert loads('{"a\\u0062": 1, "ab": 2, "a\\u00e9": 3, "aé": 4}') == {
        "ab": 2,
        "aé": 4,
    }
    assert loads('[{"ab": 1}, {"a\\u0062": 2}, {"ab": 3}]') == [
        {"ab": 1},
        {"ab": 2},
        {"ab": 3},
    ]


@pytest.mark.skipif(
    bool(sysconfig.get_config_var("Py_GIL_DISABLED")),
    reason="free-threaded builds have no key cache",
)
def test_repeated_keys_share_one_str():
    # The seed's user record: "jobs" and "currJob" pick the same slot of
    # the key cache, and evicted each other at every use while it had one way.
    record = {"userId": 3381293, "jobs": [1, 2], "currJob": None}
    first, second = loads(json.dumps([record, record]))
    assert first == second == record
    for a, b in zip(first, second):
        assert a is b, a


@pytest.mark.skipif(
    bool(sysconfig.get_config_var("Py_GIL_DISABLED")),
    reason="free-threaded builds have no key cache",
)
def test_keys_of_a_fresh_cache_and_of_every_way():
    # In a new interpreter the cache is empty: the empty key must not be
    # taken for an empty entry. Then keys of one length that differ in one
    # byte, many more than a set has ways, read in turn and in reverse:
    # each must come out as itself, and a key read again soon after must
    # be the cached str.
    import subprocess

    code = (
        "import ultrajson, json\n"
        "assert ultrajson.loads('[{\"\": 1}, {\"\": 2}]') == [{'': 1}, {'': 2}]\n"
        "keys = ['key%04d' % i for i in range(3000)]\n"
        "doc = json.dumps([{k: i} for i, k in enumerate(keys + keys[::-1])])\n"
        "for _ in range(3):\n"
        "    got = ultrajson.loads(doc)\n"
        "    assert got == json.loads(doc)\n"
        "pair = ultrajson.loads('[{\"key0001\": 1}, {\"key0001\": 2}]')\n"
        "assert next(iter(pair[0])) is next(iter(pair[1]))\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def key_cache_label(key: str) -> tuple[int, int]:
    """The set and tag python/src/key_cache.hpp gives an ASCII key of 8 to
    16 bytes (its hash, mirrored here)."""
    mask = (1 << 64) - 1
    data = key.encode()
    size = len(data)
    assert 8 <= size <= 16
    head = struct.unpack("<Q", data[:8])[0]
    tail = struct.unpack("<Q", data[size - 8 :])[0]
    turned_tail = ((tail << 32) | (tail >> 32)) & mask
    h = ((head * 0x9E3779B97F4A7C15) & mask) ^ ((turned_tail * 0xC2B2AE3D27D4EB4F) & mask) ^ size
    h ^= h >> 29
    h = (h * 0xBF58476D1CE4E5B9) & mask
    return h >> 56, h & 0xFFFFFFFF


@pytest.mark.skipif(
    bool(sysconfig.get_config_var("Py_GIL_DISABLED")),
    reason="free-threaded builds have no key cache",
)
def test_two_keys_with_one_label_are_both_kept():
    # The cache tells the keys of a set apart by a label (32 bits of a hash,
    # and the size). These two share one (a search over "k%07d" found
    # them): the first way that matches a lookup holds the other key, and
    # the lookup must go on to the way that holds its own. If the hash
    # changes, search for a new pair.
    a, b = "k0691787", "k1062693"
    assert key_cache_label(a) == key_cache_label(b)
    doc = json.dumps([{a: 1}, {b: 2}] * 6)
    for _ in range(3):
        got = loads(doc)
        assert got == json.loads(doc)
        keys = [next(iter(d)) for d in got]
        assert keys == [a, b] * 6
        # Both stay cached: each recurrence is the same str.
        assert all(key is keys[i % 2] for i, key in enumerate(keys))


def test_keys_of_every_kind_are_found_and_repeated_keys_replace():
    # Keys the cache holds (short ASCII), and keys it never holds (long,
    # non-ASCII, escaped, empty), each given twice in one object: the
    # dict's inserts must use each key's true hash, so a repeated key
    # replaces its first value and an equal str made apart finds it.
    kinds = ["id", "x" * 65, "caf\xe9", "\u65e5\u672c", "\U0001f600", "", "a\\b", "tab\t"]
    pairs = [(k, i) for i, k in enumerate(kinds)] + [(k, -i) for i, k in enumerate(kinds)]
    doc = "{" + ", ".join(json.dumps(k) + ": " + str(v) for k, v in pairs) + "}"
    for text in (doc, json.dumps(json.loads(doc), ensure_ascii=False)):
        result = loads(text)
        assert result == json.loads(text)
        for key in kinds:
            fresh = (key + "!")[:-1]
            assert fresh in result
            assert result[fresh] == json.loads(text)[key]


def test_many_distinct_keys():
    rng = random.Random(5)
    alphabet = "abcxyzé€😀_0123456789"
    keys = {
        "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 24)))
        for _ in range(20000)
    }
    obj = {k: len(k) for k in keys}
    doc = json.dumps(obj, ensure_ascii=False)
    assert loads(doc) == obj
    assert loads(doc.encode()) == obj
    docs = [json.dumps({k: 1}) for k in list(keys)[:2000]]
    assert [loads(d) for d in docs] == [json.loads(d) for d in docs]


def test_error_pickles_like_json_error():
    import pickle

    with pytest.raises(JSONDecodeError) as info:
        loads('{"a":\n  @}')
    err = info.value
    copy = pickle.loads(pickle.dumps(err))
    assert type(copy) is type(err)
    assert (copy.msg, copy.doc, copy.pos, copy.lineno, copy.colno) == (
        err.msg,
        err.doc,
        err.pos,
        err.lineno,
        err.colno,
    )
    assert str(copy) == str(err)


def test_two_byte_letters_in_runs_of_every_length():
    # Letters of two UTF-8 bytes (Arabic, latin-1) in runs of 0 to 19
    # between one-, three- and four-byte characters, from every offset: the
    # str maker decodes up to four such letters at a time (eight on 32-bit
    # x86) and must stop exactly where a run ends, and judge the str's kind
    # by those letters only (latin-1 ones beside an Arabic one too).
    texts = []
    for letter in ("\u0635", "\xe9"):
        for other in (" ", "\u20ac", "\U0001f600", "\xe9\u0635"):
            for run in range(20):
                for offset in range(8):
                    texts.append("a" * offset + (letter * run + other) * 5)
    for ensure_ascii in (False, True):
        doc = json.dumps(texts, ensure_ascii=ensure_ascii)
        result = loads(doc)
        assert result == texts
        assert [sys.getsizeof(s) for s in result] == [sys.getsizeof(s) for s in texts]


@pytest.mark.skipif(
    bool(sysconfig.get_config_var("Py_GIL_DISABLED")),
    reason="free-threaded builds have no key cache",
)
def test_256_distinct_keys_read_in_turn_are_kept():
    # The seed's 256 dict{string, int}: with two ways a set, the keys that
    # shared a set with two others (a quarter) were evicted at every call.
    rng = random.Random(8259)
    records = [{repr(rng.random() * 20): i} for i in range(256)]
    doc = json.dumps(records)
    first, second = loads(doc), loads(doc)
    assert first == second == records
    kept = sum(next(iter(a)) is next(iter(b)) for a, b in zip(first, second))
    assert kept >= 250


def test_one_character_strs_are_the_shared_ones():
    # As json's and str's own: every ASCII character, plain or escaped, as
    # a value and as a key, is CPython's one str for it (no allocation).
    for code in range(128):
        char = chr(code)
        text = json.dumps([char, {char: char}], ensure_ascii=True)
        value = loads(text)
        assert value == [char, {char: char}]
        assert value[0] is char, code
        key, item = next(iter(value[1].items()))
        assert key is char and item is char, code
        escaped = loads('"\\u%04x"' % code)
        assert escaped is char, code


def test_shared_one_character_strs_keep_their_references():
    char = chr(0x78)  # the shared str ("x" in source may be another, interned one)
    text = json.dumps([char] * 1000 + [{char: [char]}] * 10)
    before = sys.getrefcount(char)
    value = loads(text)
    if sys.version_info < (3, 12):  # immortal since: the count stays
        assert sys.getrefcount(char) >= before + 1000
    del value
    assert sys.getrefcount(char) == before
