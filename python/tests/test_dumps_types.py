"""dumps(): what each Python type becomes (spec: type dispatch, keys, floats, ints,
escapes, depth)."""

from __future__ import annotations

import collections
import decimal
import enum
import json
import math
import os
import random
import struct
import subprocess
import sys

import pytest
from ultrajson import _ultrajson, dumps, loads

from _support import escaped_reference, nested_dicts, nested_lists

NAN = float("nan")
INF = float("inf")


# -- type dispatch --------------------------------------------------------------


def test_bool_before_int():
    assert dumps(True) == "true"
    assert dumps(False) == "false"
    assert dumps([True, False, 1, 0]) == "[true,false,1,0]"


def test_none():
    assert dumps(None) == "null"
    assert dumps([None, {"a": None}]) == '[null,{"a":null}]'


class WeirdInt(int):
    def __repr__(self):
        return "WeirdInt!"

    def __str__(self):
        return "weird"


class Colour(enum.IntEnum):
    RED = 5
    BIG = 2**70


class Flags(enum.IntFlag):
    A = 1
    B = 2


def test_int_subclass_writes_its_value():
    assert dumps(WeirdInt(7)) == "7"
    assert dumps([WeirdInt(-3)]) == "[-3]"


def test_int_enum_writes_its_value():
    assert dumps(Colour.RED) == "5"
    assert dumps([Colour.BIG]) == str(2**70).join("[]")
    assert dumps(Flags.A | Flags.B) == "3"


class WeirdFloat(float):
    def __repr__(self):
        return "WeirdFloat!"


def test_float_subclass_writes_its_value():
    assert dumps(WeirdFloat(2.5)) == "2.5"


class WeirdStr(str):
    def __str__(self):
        return "other"

    def __repr__(self):
        return "other"


def test_str_subclass_writes_its_value():
    assert dumps(WeirdStr("s/é")) == '"s\\/\\u00e9"'
    assert dumps({WeirdStr("k"): WeirdStr("v")}) == '{"k":"v"}'


class StrEnum(str, enum.Enum):
    A = "a-value"


def test_str_enum_writes_its_value():
    assert dumps(StrEnum.A) == '"a-value"'


@pytest.mark.parametrize(
    "value,expected",
    [
        # Exact: the Decimal's own digits (str(d)), never a float's (issue 11).
        (decimal.Decimal("1.1"), "1.1"),
        (decimal.Decimal("1.10"), "1.10"),
        (decimal.Decimal("0.1"), "0.1"),
        (decimal.Decimal("-0"), "-0"),
        (decimal.Decimal(3), "3"),
        (decimal.Decimal("1e16"), "1E+16"),
        (decimal.Decimal("0.1000000000000000055511151231257827"),
         "0.1000000000000000055511151231257827"),
        (decimal.Decimal("1e400"), "1E+400"),
        (decimal.Decimal("-Infinity"), "-Infinity"),
        (decimal.Decimal("NaN"), "NaN"),
    ],
)
def test_decimal_by_its_digits(value, expected):
    assert dumps(value) == expected


def test_decimal_nan_with_allow_nan_false():
    with pytest.raises(OverflowError):
        dumps(decimal.Decimal("NaN"), allow_nan=False)


class ItemsOverridden(dict):
    def items(self):
        return [("overridden", 0)]

    def keys(self):
        return ["overridden"]

    def __iter__(self):
        return iter(["overridden"])


def test_dict_subclasses():
    assert dumps(collections.OrderedDict([("b", 1), ("a", 2)])) == '{"b":1,"a":2}'
    dd = collections.defaultdict(list)
    dd["x"].append(1)
    assert dumps(dd) == '{"x":[1]}'
    assert dumps(collections.Counter("aab")) == '{"a":2,"b":1}'
    # Iterated as a dict: its own storage, not overridden Python methods.
    assert dumps(ItemsOverridden(a=1)) == '{"a":1}'


def test_list_and_tuple_subclasses():
    point = collections.namedtuple("Point", "x y")
    assert dumps(point(1, 2)) == "[1,2]"
    assert dumps((1, "a", None)) == '[1,"a",null]'
    assert dumps(()) == "[]"

    class MyList(list):
        pass

    class MyTuple(tuple):
        pass

    assert dumps(MyList([1, [2]])) == "[1,[2]]"
    assert dumps(MyTuple((3,))) == "[3]"


class ToDict:
    def toDict(self):
        return {"x": 1, "y": [ToDict2()]}


class ToDict2:
    def toDict(self):
        return {"z": None}


class ToDictNotDict:
    def toDict(self):
        return [1, 2]


class RawJSON:
    def __init__(self, raw):
        self.raw = raw

    def __json__(self):
        return self.raw


class Both:
    def toDict(self):
        return {"from": "toDict"}

    def __json__(self):
        return '"from __json__"'


class Unknown:
    def __repr__(self):
        return "<Unknown thing>"


def test_to_dict():
    assert dumps(ToDict()) == '{"x":1,"y":[{"z":null}]}'
    assert dumps({"k": ToDict2()}) == '{"k":{"z":null}}'


def test_to_dict_result_uses_options():
    assert dumps(ToDict(), sort_keys=True, indent=1) == (
        '{\n "x": 1,\n "y": [\n  {\n   "z": null\n  }\n ]\n}'
    )


@pytest.mark.parametrize("result", [[1, 2], "s", None, 1, collections.UserDict(a=1)])
def test_to_dict_must_return_dict(result):
    class Bad:
        def toDict(self):
            return result

    with pytest.raises(TypeError, match="toDict"):
        dumps(Bad())


def test_to_dict_may_return_dict_subclass():
    class Good:
        def toDict(self):
            return collections.OrderedDict(a=1)

    assert dumps(Good()) == '{"a":1}'


def test_to_dict_exception_propagates():
    class Boom:
        def toDict(self):
            raise KeyError("inside toDict")

    with pytest.raises(KeyError, match="inside toDict"):
        dumps([Boom()])


@pytest.mark.parametrize(
    "raw",
    [
        '{"raw":  [1, 2]}',
        "  not even json / <&> é ",
        "",
        b'{"raw":  [1, 2]}',
        b"bytes \xc3\xa9",
    ],
)
def test_json_method_inserted_raw(raw):
    text = raw.decode() if isinstance(raw, bytes) else raw
    assert dumps(RawJSON(raw)) == text
    assert dumps([RawJSON(raw), 1]) == "[" + text + ",1]"
    assert dumps({"k": RawJSON(raw)}) == '{"k":' + text + "}"


@pytest.mark.parametrize("result", [5, None, ["x"], bytearray(b"x")])
def test_json_method_must_return_str_or_bytes(result):
    with pytest.raises(TypeError, match="__json__"):
        dumps(RawJSON(result))


def test_json_method_exception_propagates():
    class Boom:
        def __json__(self):
            raise KeyError("inside __json__")

    with pytest.raises(KeyError, match="inside __json__"):
        dumps([Boom()])


def test_to_dict_before_json_method():
    assert dumps(Both()) == '{"from":"toDict"}'


def test_builtin_types_before_to_dict_and_json_method():
    class D(dict):
        def toDict(self):
            return {"no": 1}

        def __json__(self):
            return '"no"'

    class L(list):
        def toDict(self):
            return {"no": 1}

    class S(str):
        def __json__(self):
            return '"no"'

    class I(int):
        def toDict(self):
            return {"no": 1}

    assert dumps(D(a=1)) == '{"a":1}'
    assert dumps(L([1])) == "[1]"
    assert dumps(S("s")) == '"s"'
    assert dumps(I(4)) == "4"


def test_to_dict_and_json_method_before_default():
    def default(obj):
        raise AssertionError("default called")

    assert dumps([ToDict2(), RawJSON("7")], default=default) == '[{"z":null},7]'


def test_unknown_type_error_message():
    obj = Unknown()
    with pytest.raises(TypeError) as info:
        dumps(obj)
    assert str(info.value) == "<Unknown thing> is not JSON serializable"


@pytest.mark.parametrize(
    "obj",
    [
        set(),
        frozenset([1]),
        1j,
        bytearray(b"x"),
        memoryview(b"x"),
        object(),
        dumps,
        type,
    ],
)
def test_unsupported_builtin_types(obj):
    with pytest.raises(TypeError) as info:
        dumps(obj)
    assert str(info.value) == f"{obj!r} is not JSON serializable"


def test_unknown_nested():
    obj = Unknown()
    with pytest.raises(TypeError, match="<Unknown thing> is not JSON serializable"):
        dumps({"a": [1, {"b": obj}]})


# -- dict keys ----------------------------------------------------------------


class KeyObj:
    def __str__(self):
        return 'key"/'

    def __hash__(self):
        return 1


@pytest.mark.parametrize(
    "key,expected",
    [
        ("s", '{"s":1}'),
        (b"b", '{"b":1}'),
        (b"\xc3\xa9", '{"\\u00e9":1}'),
        (True, '{"true":1}'),
        (False, '{"false":1}'),
        (None, '{"null":1}'),
        (7, '{"7":1}'),
        (-(2**70), '{"-1180591620717411303424":1}'),
        (1.5, '{"1.5":1}'),
        (1e16, '{"1e+16":1}'),
        (decimal.Decimal("1.10"), '{"1.10":1}'),
        ((1, "a"), "{\"(1, 'a')\":1}"),
        (KeyObj(), '{"key\\"\\/":1}'),
        (WeirdStr("ws"), '{"ws":1}'),
        (Colour.RED, '{"' + str(Colour.RED) + '":1}'),
    ],
)
def test_dict_key_conversion(key, expected):
    assert dumps({key: 1}) == expected


def test_dict_int_key_subclass_uses_str():
    assert dumps({WeirdInt(3): 1}) == '{"weird":1}'


def test_dict_keys_escaped():
    assert dumps({'a"\\\n\x01': 1}) == '{"a\\"\\\\\\n\\u0001":1}'


def test_dict_key_str_raising():
    class Bad:
        def __str__(self):
            raise RuntimeError("no str")

    with pytest.raises(RuntimeError, match="no str"):
        dumps({Bad(): 1})


# -- ints ---------------------------------------------------------------------

BIG_INTS = [
    0,
    -1,
    # Where an int's one, two and three digits of 30 (or 15) bits begin and end.
    2**15 - 1,
    2**15,
    -(2**15),
    2**30 - 1,
    2**30,
    -(2**30) + 1,
    -(2**30),
    2**30 + 2**29 + 12345,
    -(2**45) - 3,
    2**60 - 1,
    -(2**60) + 1,
    2**60,
    -(2**60),
    2**31 - 1,
    2**31,
    -(2**31),
    2**53 + 1,
    2**63 - 1,
    2**63,
    -(2**63),
    -(2**63) - 1,
    2**64 - 1,
    2**64,
    -(2**64),
    10**30,
    -(10**30) - 7,
    2**1000,
    10**4299,
]


@pytest.mark.parametrize("value", BIG_INTS)
def test_ints_exact(value):
    assert dumps(value) == str(value)
    assert dumps([value]) == f"[{value}]"
    assert loads(dumps(value)) == value


def test_int_digit_limit():
    limit = sys.get_int_max_str_digits()
    try:
        sys.set_int_max_str_digits(4300)
        assert dumps(10**4299) == "1" + "0" * 4299
        with pytest.raises(ValueError, match="limit"):
            dumps(10**4300)
        sys.set_int_max_str_digits(0)
        assert dumps(10**5000) == "1" + "0" * 5000
    finally:
        sys.set_int_max_str_digits(limit)


# -- floats ---------------------------------------------------------------------

FLOATS = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.1,
    0.2,
    0.3,
    1 / 3,
    2 / 3,
    1e-05,
    1e-4,
    0.0001,
    0.001,
    1e-7,
    1.5e-7,
    1e15,
    1e16,
    1.5e16,
    9007199254740993.0,
    123456789012345680.0,
    1e21,
    1e22,
    1e23,
    1e100,
    1e-100,
    5e-324,
    -5e-324,
    2.2250738585072014e-308,
    2.225073858507201e-308,
    1.7976931348623157e308,
    -1.7976931348623157e308,
    100.0,
    123.456,
    3.141592653589793,
    2.718281828459045,
    0.5,
    12345678.9,
    4.35,
    1e300 * 1.1,
]


@pytest.mark.parametrize("value", FLOATS, ids=[repr(f) for f in FLOATS])
def test_float_layout_as_repr(value):
    assert dumps(value) == repr(value)
    assert dumps([value]) == json.dumps([value], separators=(",", ":"))


def test_float_sweep_as_repr():
    # Every layout repr has, for every digit count: decimals of 1 to 17
    # random digits whose first digit sits from 1e-7 to 1e18 (each side of
    # the switches to exponent form, the point after every digit), either
    # sign, and random bit patterns (nearly all in exponent form). The
    # printer lays out 16 and 17 digits from a vector register and fewer
    # from a buffer, on x86 (64- and 32-bit SSE2 builds).
    rng = random.Random(20261206)
    values = []
    for exponent in range(-7, 19):
        for digit_count in range(1, 18):
            for _ in range(30):
                significand = rng.randrange(10 ** (digit_count - 1), 10**digit_count)
                value = float("%de%d" % (significand, exponent - digit_count + 1))
                values.append(value if rng.random() < 0.5 else -value)
    while len(values) < 30000:
        value = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
        if math.isfinite(value):
            values.append(value)
    assert dumps(values) == "[" + ",".join(map(repr, values)) + "]"


def test_float_examples_from_the_spec():
    assert dumps(1.0) == "1.0"
    assert dumps(1e-05) == "1e-05"
    assert dumps(1e16) == "1e+16"
    assert dumps(-0.0) == "-0.0"


def test_random_doubles_as_repr():
    rng = random.Random(1234)
    values = []
    while len(values) < 20000:
        (value,) = struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))
        if math.isfinite(value):
            values.append(value)
    for _ in range(5000):
        values.append(rng.uniform(-1e6, 1e6))
        values.append(round(rng.uniform(-1000, 1000), rng.randint(0, 6)))
    assert dumps(values) == json.dumps(values, separators=(",", ":"))
    for value in values[:2000]:
        assert dumps(value) == repr(value)


def test_nan_and_infinity():
    assert dumps(NAN) == "NaN"
    assert dumps(INF) == "Infinity"
    assert dumps(-INF) == "-Infinity"
    assert dumps({"a": [NAN, INF, -INF]}) == '{"a":[NaN,Infinity,-Infinity]}'


# -- strings and escapes ----------------------------------------------------------


def test_short_escapes():
    assert dumps('"\\\b\f\n\r\t') == '"\\"\\\\\\b\\f\\n\\r\\t"'


@pytest.mark.parametrize("code", range(0x20))
def test_control_characters(code):
    expected = json.dumps(chr(code))
    assert (
        expected in {'"\\b"', '"\\f"', '"\\n"', '"\\r"', '"\\t"'}
        or expected == f'"\\u{code:04x}"'
    )
    assert dumps(chr(code)) == expected
    assert dumps(chr(code), ensure_ascii=False) == expected
    assert dumps({chr(code): 1}) == "{" + expected + ":1}"


def test_del_is_escaped_exactly_when_json_escapes_it():
    # U+007F is not a JSON control character, but json's ensure_ascii output is
    # printable ASCII: \u007f there, the character itself without ensure_ascii.
    assert dumps("\x7f") == '"\\u007f"' == json.dumps("\x7f")
    assert dumps("\x7f", ensure_ascii=False) == '"\x7f"' == json.dumps("\x7f", ensure_ascii=False)


def test_printable_ascii_unchanged():
    text = "".join(chr(c) for c in range(0x20, 0x7F) if chr(c) not in '"\\/')
    assert dumps(text) == '"' + text + '"'


def test_line_separators():
    assert dumps("\u2028\u2029") == '"\\u2028\\u2029"'
    assert dumps("\u2028\u2029", ensure_ascii=False) == '"\u2028\u2029"'


@pytest.mark.parametrize(
    "text,expected",
    [
        ("\ud800", '"\\ud800"'),
        ("\udfff", '"\\udfff"'),
        ("a\udc80b", '"a\\udc80b"'),
        ("\udc00\ud800", '"\\udc00\\ud800"'),
        ("\ud83d\ude00", '"\\ud83d\\ude00"'),
        ("é\ud800€", None),
    ],
)
def test_lone_surrogates(text, expected):
    # Escaped with ensure_ascii; with ensure_ascii=False written into the
    # str as they are, as json and ujson write them (decided 2026-11-30).
    assert dumps(text) == (expected or '"\\u00e9\\ud800\\u20ac"') == json.dumps(text)
    assert dumps(text, ensure_ascii=False) == json.dumps(text, ensure_ascii=False)
    assert dumps({text: [text]}, ensure_ascii=False) == json.dumps(
        {text: [text]}, ensure_ascii=False, separators=(",", ":"))
    assert dumps({text: text}) == json.dumps({text: text}, separators=(",", ":"))


# The output widens to 2 or 4 bytes per character at the first str that
# needs it; each str is escaped from its own kind, in blocks of sixteen to
# sixty-four units with the last few read in one go (a long two-byte str with
# AVX2: its first block where it falls, then blocks on the output's 64-byte
# lines, wherever the strs before it left the output). A character that
# needs escaping at every position of strs of every length around those
# sizes, in each kind, written before and after the widening, checks each of
# those paths.
ESCAPE_LENGTHS = [*range(0, 35), 47, 48, 49, 63, 64, 65, 127, 128, 129, 191, 192, 193]
FILLERS = ["a", "\xe9", "\u0645", "\U0001f600"]
SPECIALS = ['"', "\\", "\n", "\x1f", "/", "\x7f", "<", "\u0100"]


def check_escapes_at_every_position(filler, special, lengths=ESCAPE_LENGTHS):
    for length in lengths:
        texts = [filler * length]
        texts += [filler * i + special + filler * (length - i) for i in range(length + 1)]
        for ensure_ascii in (True, False):
            # Widened by the first str, or only after the ASCII ones.
            for value in (["\u0645\U0001f600"] + texts, texts + ["\U0001f600"]):
                expected = json.dumps(value, ensure_ascii=ensure_ascii, separators=(",", ":"))
                got = dumps(value, ensure_ascii=ensure_ascii, escape_forward_slashes=False)
                assert got == expected
                slashed = dumps(value, ensure_ascii=ensure_ascii, escape_forward_slashes=True)
                assert slashed == expected.replace("/", "\\/")
                html = dumps(value, ensure_ascii=ensure_ascii, escape_forward_slashes=False,
                             encode_html_chars=True)
                assert html == expected.replace("<", "\\u003c")


@pytest.mark.parametrize("filler", FILLERS)
@pytest.mark.parametrize("special", SPECIALS)
def test_escapes_at_every_position(filler, special):
    check_escapes_at_every_position(filler, special)


# On x86-64 the module copies with AVX2 where the CPU has it (a two-byte str
# into a two-byte output, from sixty-four units); ULTRAJSON_SIMD=sse2 makes
# it take the SSE2 copies every x86-64 CPU runs, which this checks the same
# way.
SSE2_CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
import ultrajson._ultrajson
from test_dumps_types import FILLERS, SPECIALS, check_escapes_at_every_position
assert ultrajson._ultrajson._simd == "sse2", ultrajson._ultrajson._simd
for filler in FILLERS:
    for special in SPECIALS:
        check_escapes_at_every_position(filler, special)
print("ok")
"""


def test_escapes_at_every_position_with_sse2_only():
    assert _ultrajson._simd in ("sse2", "avx2")
    env = dict(os.environ, ULTRAJSON_SIMD="sse2")
    completed = subprocess.run([sys.executable, "-c", SSE2_CHILD, os.path.dirname(os.path.abspath(__file__))],
                               capture_output=True, text=True, timeout=600, env=env, check=False)
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert completed.stdout.strip() == "ok"


# Under ensure_ascii the output widens only for text written as it is: a
# non-ASCII separator, or __json__'s text. The strs after it are escaped
# into the wide output by the unit-at-a-time loop, which this checks at
# every position around the sixteen-byte sizes.
@pytest.mark.parametrize("widening", ["\u2192", "\U0001f600"])
@pytest.mark.parametrize("special", ['"', "\n", "/", "\x7f", "\u0645", "\U0001f600"])
def test_ensure_ascii_escapes_into_a_widened_output(widening, special):
    separators = (widening, ":")
    for length in range(0, 35):
        for filler in ("a", "\xe9"):
            texts = [filler * i + special + filler * (length - i) for i in range(length + 1)]
            expected = json.dumps(["x"] + texts, separators=separators)
            assert dumps(["x"] + texts, separators=separators, escape_forward_slashes=False) == expected
            slashed = dumps(["x"] + texts, separators=separators)
            assert slashed == expected.replace("/", "\\/")


def test_lone_surrogate_round_trip():
    for text in ["\ud800", "x\udfffy", "\udbff\udbff"]:
        assert loads(dumps(text)) == text
        assert loads(dumps(text, ensure_ascii=False)) == text


def test_long_strings():
    for text in [
        "a" * 100_000,
        "é" * 50_000 + "😀" * 50_000,
        '"' * 10_000 + "/" * 10_000,
    ]:
        assert dumps(text, escape_forward_slashes=False) == json.dumps(text)
        assert dumps(
            text, escape_forward_slashes=False, ensure_ascii=False
        ) == json.dumps(text, ensure_ascii=False)


# -- depth ----------------------------------------------------------------------


def test_depth_1024_lists():
    assert dumps(nested_lists(1024)) == "[" * 1024 + "]" * 1024


def test_depth_1024_dicts():
    assert dumps(nested_dicts(1024)) == '{"a":' * 1023 + "{}" + "}" * 1023


def test_depth_1024_with_indent():
    # json.dumps(indent=...) recurses in Python and cannot go this deep, so the
    # layout is built here: level k is indented by k spaces.
    expected = "[]"
    for level in range(1022, -1, -1):
        expected = "[\n" + " " * (level + 1) + expected + "\n" + " " * level + "]"
    assert dumps(nested_lists(1024), indent=1) == expected
    assert dumps(nested_lists(3), indent=1) == json.dumps(nested_lists(3), indent=1)


def test_depth_1025_lists():
    with pytest.raises(OverflowError, match="Maximum recursion level reached"):
        dumps(nested_lists(1025))


def test_depth_1025_dicts():
    with pytest.raises(OverflowError, match="Maximum recursion level reached"):
        dumps(nested_dicts(1025))


def test_depth_1025_mixed():
    value: object = []
    for i in range(1024):
        value = [value] if i % 2 else {"k": value}
    with pytest.raises(OverflowError, match="Maximum recursion level reached"):
        dumps(value)


def test_depth_far_beyond():
    with pytest.raises(OverflowError, match="Maximum recursion level reached"):
        dumps(nested_lists(100_000))


def test_cycle_list():
    value: list = [1]
    value.append(value)
    with pytest.raises(OverflowError, match="Maximum recursion level reached"):
        dumps(value)


def test_cycle_dict():
    value: dict = {"a": 1}
    value["self"] = value
    with pytest.raises(OverflowError, match="Maximum recursion level reached"):
        dumps(value)


def test_cycle_through_both():
    outer: dict = {"list": []}
    outer["list"].append(outer)
    with pytest.raises(OverflowError, match="Maximum recursion level reached"):
        dumps(outer, indent=2, sort_keys=True)


def test_cycle_through_to_dict():
    class Loop:
        def toDict(self):
            return {"again": self}

    with pytest.raises(OverflowError, match="Maximum recursion level reached"):
        dumps(Loop())


def test_module_usable_after_overflow():
    value: list = []
    value.append(value)
    for _ in range(3):
        with pytest.raises(OverflowError):
            dumps(value)
    assert dumps([1, {"a": 2}]) == '[1,{"a":2}]'


# -- escaping at chunk boundaries -----------------------------------------------------

SPECIAL_CHARS = [
    '"',
    "\\",
    "/",
    "\n",
    "\x00",
    "\x1f",
    "<",
    "&",
    "\x80",
    "é",
    "€",
    "😀",
    "\ud800",
    "\x7f",
]


def _json_reference(texts, ensure_ascii):
    # Lone surrogates included: as they are with ensure_ascii=False, as json.
    return json.dumps(texts, ensure_ascii=ensure_ascii, separators=(",", ":"))


@pytest.mark.parametrize(
    "special", SPECIAL_CHARS, ids=[f"U+{ord(c):04X}" for c in SPECIAL_CHARS]
)
def test_escaping_a_special_char_at_every_position(special):
    texts = []
    for length in range(41):
        for pos in range(length + 1):
            texts.append("a" * pos + special + "b" * (length - pos))
    texts.append(special * 40)
    texts.append(("x" * 7 + special) * 9)
    for ensure_ascii in (True, False):
        expected = _json_reference(texts, ensure_ascii)
        assert (
            dumps(texts, ensure_ascii=ensure_ascii, escape_forward_slashes=False)
            == expected
        )
        keyed = {t: 0 for t in texts}
        expected_keys = _json_reference(keyed, ensure_ascii)
        assert (
            dumps(keyed, ensure_ascii=ensure_ascii, escape_forward_slashes=False)
            == expected_keys
        )
        if special == "/":
            assert dumps(texts, ensure_ascii=ensure_ascii) == expected.replace(
                "/", "\\/"
            )
        if special in "<&":
            html = dumps(texts, ensure_ascii=ensure_ascii, encode_html_chars=True)
            assert html == expected.replace("<", "\\u003c").replace("&", "\\u0026")


# -- containers changed while they are encoded (from default, toDict, __json__) ------
# The encoder must not read freed or missing items: a clean result or an
# exception, never a crash.


def _dumps_or_error(obj, **kwargs):
    try:
        text = dumps(obj, **kwargs)
    except (RuntimeError, ValueError, TypeError) as exc:
        return exc
    loads(text)  # whatever was written is valid JSON
    return text


def test_list_cleared_by_default():
    items = [Unknown(), "a" * 100, {"k": [1, 2]}, 3.5]

    def default(obj):
        items.clear()
        return "x"

    result = _dumps_or_error(items, default=default)
    assert isinstance(result, (str, Exception))


def test_list_grown_by_default():
    items = [Unknown(), 1]

    def default(obj):
        items.extend(range(1000))
        return "x"

    result = _dumps_or_error(items, default=default)
    assert isinstance(result, (str, Exception))


def test_dict_cleared_by_default():
    mapping = {"a": Unknown(), "b": "b" * 100, "c": [1]}

    def default(obj):
        mapping.clear()
        return "x"

    for sort_keys in (False, True):
        mapping.update({"a": Unknown(), "b": "b" * 100, "c": [1]})
        result = _dumps_or_error(mapping, default=default, sort_keys=sort_keys)
        assert isinstance(result, (str, Exception))


def test_dict_grown_by_default():
    mapping = {"a": Unknown(), "b": 1}

    def default(obj):
        for i in range(100):
            mapping[f"k{i}"] = i
        return "x"

    result = _dumps_or_error(mapping, default=default)
    assert isinstance(result, (RuntimeError, str))


def test_value_freed_by_default():
    # The only reference to a value is dropped while it is being encoded.
    holder = {"v": [Unknown(), "tail" * 50]}

    def default(obj):
        holder["v"] = None
        return "x"

    result = _dumps_or_error(holder, default=default)
    assert isinstance(result, (str, Exception))


def test_default_returning_container_of_itself():
    class Again:
        pass

    with pytest.raises(OverflowError):
        dumps(Again(), default=lambda o: [o])


def test_dict_key_str_returning_non_str():
    class K:
        def __str__(self):
            return 5  # noqa: PLE0307 (the point of the test)

    with pytest.raises(TypeError):
        dumps({K(): 1})


# The output is written into the result str, first reserved at the last
# call's length on the thread, and remade in a wider kind (latin-1, then 2
# or 4 bytes a character) when a wider str comes: each order of sizes and
# widths, after outputs both larger and smaller than the last one.
@pytest.mark.parametrize("ascii_run", [0, 7, 1000, 70000, 300000])
@pytest.mark.parametrize("wide", ["\u00e9", "\u20ac", "\U0001f600", "\u20ac\U0001f600"])
def test_output_widens_after_any_amount_written(ascii_run, wide):
    for value in (
        ["a" * ascii_run, wide, "b" * ascii_run],
        {"k" * ascii_run: [wide] * 3, wide: "x"},
        ["y" * 3, "z" * ascii_run + wide],
    ):
        expected = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        assert dumps(value, ensure_ascii=False, escape_forward_slashes=False) == expected
        assert dumps(value) == json.dumps(value, separators=(",", ":"))


def test_nested_dumps_from_default_has_its_own_output():
    # default() runs while the outer call's buffer is in use: the inner call
    # must write into a buffer of its own.
    inner = ["\U0001f600" * 50, "q" * 20000]

    def default(_obj):
        return dumps(inner, ensure_ascii=False)

    value = ["\u20ac" * 10, object(), "r" * 5000]
    text = dumps(value, ensure_ascii=False, default=default)
    assert loads(text) == ["\u20ac" * 10, json.dumps(inner, ensure_ascii=False, separators=(",", ":")), "r" * 5000]


# Strs shorter than sixteen bytes are tested at once from a copy: a unit
# that needs escaping at every position of every such length, in one- and
# two-byte strs, with and without ensure_ascii.
@pytest.mark.parametrize("filler", ["a", "\u00e9", "\u0628"])
@pytest.mark.parametrize("special", ['"', "\\", "\n", "\x1f", "/", "\x7f", "\u00ff", "\u0628"])
def test_short_strs_escaped_at_every_position(filler, special):
    for length in range(1, 17):
        for at in range(length):
            text = filler * at + special + filler * (length - at - 1)
            assert dumps(text, ensure_ascii=False, escape_forward_slashes=False) == json.dumps(
                text, ensure_ascii=False
            )
            assert dumps(text) == json.dumps(text).replace("/", "\\/")
            assert dumps([text, text]) == json.dumps([text, text], separators=(",", ":")).replace("/", "\\/")


# Each set of escaping options has its own escape loop: every combination,
# on strs of each kind (one, two and four bytes a unit) with a character
# that needs a look at every position, across the sixteen-byte steps and
# the last window, and around the 4096-unit pieces of a long str, against
# escaped_reference.


# Two-byte units whose low byte is special, below and above U+8000 (the
# sixteen-unit test narrows them with signed saturation): written as they are.
_SPECIALS = ['"', "\\", "\n", "\x1f", "/", "\x7f", "<", "&", "a", "\u00e9", "\u0628", "\u2028", "\ud800", "\U0001f600",
             "\u0122", "\u015c", "\u8022", "\uff0a"]


@pytest.mark.parametrize("html", [False, True])
@pytest.mark.parametrize("slashes", [False, True])
@pytest.mark.parametrize("ensure_ascii", [False, True])
@pytest.mark.parametrize("filler", ["a", "\u00e9", "\u0628", "\u9f8d", "\U0001f600"])
def test_every_escaping_option_at_every_position(filler, ensure_ascii, slashes, html):
    options = dict(ensure_ascii=ensure_ascii, escape_forward_slashes=slashes, encode_html_chars=html)
    texts = [
        filler * at + special + filler * (length - at - 1)
        for special in _SPECIALS
        for length in range(1, 36)
        for at in range(length)
    ]
    texts += [
        filler * at + special + filler * (4100 - at - 1)
        for special in ['"', "/", "\u0628", "\U0001f600"]
        for at in [0, 4094, 4095, 4096, 4099]
    ]
    for text in texts:
        assert dumps(text, **options) == escaped_reference(text, ensure_ascii, slashes, html), (text, options)
    listed = ",".join(escaped_reference(text, ensure_ascii, slashes, html) for text in texts[:50])
    assert dumps(texts[:50], **options) == "[" + listed + "]"


# The walk stops after a dict's last item without asking for more only while
# no Python code has run: here default() swaps a written key for a new one,
# so the dict keeps its size and has one more item to write.
@pytest.mark.parametrize("nested", [False, True])
def test_dict_changed_by_default_to_the_same_size_writes_its_new_item(nested):
    mapping: dict = {}

    def default(_obj):
        del mapping["a"]
        mapping["c"] = 3
        return 1

    mapping["a"] = [object()] if nested else object()
    mapping["b"] = 2
    text = dumps(mapping, default=default)
    assert loads(text) == {"a": [1] if nested else 1, "b": 2, "c": 3}


# Numbers into a wide output are widened sixteen characters a store from a
# padded buffer: every length of int and float text, after a two- and a
# four-byte str.
@pytest.mark.parametrize("wide", ["\u20ac", "\U0001f600"])
def test_numbers_of_every_length_into_a_wide_output(wide):
    numbers = [int("9" * digits) for digits in range(1, 21)] + [-int("1" * digits) for digits in range(1, 20)]
    numbers += [1.0, -0.5, 1e-05, 1e16, -1.2345678901234567e-300, 5e-324, 1.7976931348623157e308, 123456.789]
    value = [wide, *numbers, wide]
    assert dumps(value, ensure_ascii=False) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))
