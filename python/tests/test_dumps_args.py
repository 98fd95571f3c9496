"""dumps(): its ten arguments (spec: "dumps(obj, ensure_ascii=True, ...)")."""

from __future__ import annotations

import json
import re

import pytest
import ultrajson
from hypothesis import given, settings
from hypothesis import strategies as st
from ultrajson import dumps

NAN = float("nan")
INF = float("inf")


class Unknown:
    """An object dumps cannot serialize by itself."""

    def __repr__(self):
        return "<Unknown>"


def to_u(obj):
    if isinstance(obj, Unknown):
        return "U"
    raise TypeError(repr(obj))


# One object on which every argument has a visible effect.
SAMPLE = {"z": "é<>/", "a": [NAN, b"by"], "o": Unknown()}

SAMPLE_ALL_SET = (
    "{\n"
    '  "a" = [\n'
    "    NaN,\n"
    '    "by"\n'
    "  ],\n"
    '  "o" = "U",\n'
    '  "z" = "é\\u003c\\u003e/"\n'
    "}"
)


# -- passing the arguments ---------------------------------------------------


def test_all_ten_by_position():
    out = dumps(SAMPLE, False, True, False, True, 2, True, False, to_u, (",", " = "))
    assert out == SAMPLE_ALL_SET


def test_all_ten_by_keyword():
    out = dumps(
        separators=(",", " = "),
        default=to_u,
        reject_bytes=False,
        allow_nan=True,
        indent=2,
        sort_keys=True,
        escape_forward_slashes=False,
        encode_html_chars=True,
        ensure_ascii=False,
        obj=SAMPLE,
    )
    assert out == SAMPLE_ALL_SET


# For each position: the value that differs from the default, the object that
# shows the difference, and the expected text.
POSITIONAL = [
    ("ensure_ascii", False, "é", '"é"'),
    ("encode_html_chars", True, "<", '"\\u003c"'),
    ("escape_forward_slashes", False, "/", '"/"'),
    ("sort_keys", True, {"b": 1, "a": 2}, '{"a":2,"b":1}'),
    ("indent", 2, [1], "[\n  1\n]"),
    ("allow_nan", False, [1.5], "[1.5]"),
    ("reject_bytes", False, b"x", '"x"'),
    ("default", to_u, Unknown(), '"U"'),
    ("separators", (";", "="), {"a": [1, 2]}, '{"a"=[1;2]}'),
]
DEFAULTS = [True, False, True, False, 0, True, True, None, None]


@pytest.mark.parametrize(
    "index", range(len(POSITIONAL)), ids=[p[0] for p in POSITIONAL]
)
def test_each_position(index):
    name, value, obj, expected = POSITIONAL[index]
    args = DEFAULTS[:index] + [value]
    assert dumps(obj, *args) == expected
    assert dumps(obj, **{name: value}) == expected
    assert dumps(obj=obj, **{name: value}) == expected


def test_allow_nan_position():
    # Position 6 is allow_nan: False there makes NaN an error.
    with pytest.raises(OverflowError):
        dumps([NAN], True, False, True, False, 0, False)


def test_all_defaults_by_position_equal_no_arguments():
    obj = {"k/": ["é<", 1.5, None, True]}
    assert dumps(obj, True, False, True, False, 0, True, True, None, None) == dumps(obj)
    assert dumps(obj) == '{"k\\/":["\\u00e9<",1.5,null,true]}'


def test_too_many_positional():
    with pytest.raises(TypeError):
        dumps(1, True, False, True, False, 0, True, True, None, None, None)


def test_missing_obj():
    with pytest.raises(TypeError):
        dumps()
    with pytest.raises(TypeError):
        dumps(indent=2)


def test_unknown_keyword():
    with pytest.raises(TypeError, match="no_such_option"):
        dumps([1], no_such_option=True)


def test_unknown_keyword_with_valid_ones():
    with pytest.raises(TypeError, match="escape_slashes"):
        dumps([1], indent=2, escape_slashes=False)


def test_argument_given_twice():
    with pytest.raises(TypeError):
        dumps("é", True, ensure_ascii=False)
    with pytest.raises(TypeError):
        dumps(1, obj=1)


# -- indent -------------------------------------------------------------------

# No "/" in these, so json.dumps and dumps agree on every byte.
INDENT_OBJECTS = [
    {"a": [1, 2, {"b": None}], "c": "x"},
    [],
    {},
    [[]],
    [{}],
    {"a": {}},
    {"a": []},
    [[], {}, [[1]], {"k": {"k": [True, False, None]}}],
    [1.5, -0.0, 1e-05, 1e16, 2**70, 'é😀\n\t"'],
    "scalar",
    42,
    {"unicode ключ": ["значение", {"ä": "ü"}]},
]


@pytest.mark.parametrize("indent", [1, 2, 3, 4, 8])
@pytest.mark.parametrize("obj", INDENT_OBJECTS, ids=range(len(INDENT_OBJECTS)))
def test_indent_positive_as_json(obj, indent):
    assert dumps(obj, indent=indent) == json.dumps(obj, indent=indent)
    assert dumps(obj, indent=indent, ensure_ascii=False) == json.dumps(
        obj, indent=indent, ensure_ascii=False
    )


def test_indent_positive_with_sort_keys_as_json():
    obj = {"b": [1, {"d": 1, "c": 2}], "a": {}}
    assert dumps(obj, indent=4, sort_keys=True) == json.dumps(
        obj, indent=4, sort_keys=True
    )


def test_indent_with_explicit_separators_as_json():
    obj = {"a": [1, 2, {"b": None}], "c": "x"}
    for seps in [(",", ": "), (",", ":"), (", ", " = "), (";", "=")]:
        assert dumps(obj, indent=2, separators=seps) == json.dumps(
            obj, indent=2, separators=seps
        )


def _nested(depth):
    obj = ["leaf", 1]
    for i in range(depth):
        obj = {f"k{i}": obj, "n": [i, "é" * (i % 2)]}
    return obj


# Indentation past sixteen spaces and at every depth up to a few times that,
# narrow and wide output (a non-ASCII str widens what follows it).
@pytest.mark.parametrize("indent", [1, 2, 5, 15, 16, 17, 33])
@pytest.mark.parametrize("wide", ["", "\u0100", "\U0001f600"])
def test_indent_deep_as_json(indent, wide):
    obj = [wide, _nested(7)]
    assert dumps(obj, indent=indent, ensure_ascii=False) == json.dumps(
        obj, indent=indent, ensure_ascii=False
    )


# Separators of one to ten ASCII characters, with and without indent,
# into narrow and wide output.
@pytest.mark.parametrize("size", range(1, 11))
@pytest.mark.parametrize("indent", [0, 3])
@pytest.mark.parametrize("wide", ["", "\u0100"])
def test_separators_of_every_short_size(size, indent, wide):
    seps = ("," + " " * (size - 1), " " * (size - 1) + ":")
    obj = {"a": [1, 2, {"b": None}], "c": wide, "d": [[], {}, "x"]}
    expected = json.dumps(obj, indent=indent or None, separators=seps, ensure_ascii=False)
    assert dumps(obj, indent=indent, separators=seps, ensure_ascii=False) == expected


def test_indent_escapes_slashes_by_default():
    assert dumps({"a/": "b/"}, indent=2) == '{\n  "a\\/": "b\\/"\n}'


def test_indent_exact_layout():
    obj = {"a": [1, 2, {"b": None}], "c": "x"}
    assert dumps(obj, indent=2) == (
        '{\n  "a": [\n    1,\n    2,\n    {\n      "b": null\n    }\n  ],\n  "c": "x"\n}'
    )


def test_indent_zero_is_compact():
    obj = {"a": [1, 2, {"b": None}], "c": "x"}
    assert dumps(obj, indent=0) == '{"a":[1,2,{"b":null}],"c":"x"}'
    assert dumps(obj, indent=0) == dumps(obj)


@pytest.mark.parametrize("indent", [-1, -2, -1000, -(2**40)])
def test_indent_negative(indent):
    obj = {"a": [1, 2, {"b": None}], "c": "x"}
    assert dumps(obj, indent=indent) == '{"a": [1,2,{"b": null}],"c": "x"}'


def test_indent_negative_with_separators():
    assert dumps({"a": [1, 2]}, indent=-1, separators=(", ", " = ")) == '{"a" = [1, 2]}'


def test_indent_1000_is_allowed():
    assert dumps([1], indent=1000) == "[\n" + " " * 1000 + "1\n]"


@pytest.mark.parametrize("indent", [1001, 10**6, 2**63, 2**100])
def test_indent_above_1000(indent):
    with pytest.raises(ValueError):
        dumps([1], indent=indent)


@pytest.mark.parametrize("indent", [None, "  ", "2", 2.0, [2]])
def test_indent_not_an_int(indent):
    with pytest.raises(TypeError):
        dumps([1], indent=indent)


def test_indent_int_subclass():
    class MyInt(int):
        pass

    assert dumps([1], indent=MyInt(2)) == "[\n  1\n]"


# -- separators ---------------------------------------------------------------


def test_separators_default_compact():
    obj = {"a": [1, 2], "b": {"c": 3}}
    assert dumps(obj) == '{"a":[1,2],"b":{"c":3}}'
    assert dumps(obj, separators=None) == '{"a":[1,2],"b":{"c":3}}'


def test_separators_default_with_indent():
    assert dumps({"a": [1]}, indent=1, separators=None) == '{\n "a": [\n  1\n ]\n}'
    assert dumps({"a": [1, 2]}, indent=-1, separators=None) == '{"a": [1,2]}'


@pytest.mark.parametrize(
    "seps,expected",
    [
        ((",", ":"), '{"a":[1,2],"b":{"c":3}}'),
        ((", ", ": "), '{"a": [1, 2], "b": {"c": 3}}'),
        ((" , ", " : "), '{"a" : [1 , 2] , "b" : {"c" : 3}}'),
        (("", ""), '{"a"[12]"b"{"c"3}}'),
        (("\n", "\t"), '{"a"\t[1\n2]\n"b"\t{"c"\t3}}'),
    ],
)
def test_separators_tuple(seps, expected):
    obj = {"a": [1, 2], "b": {"c": 3}}
    assert dumps(obj, separators=seps) == expected
    assert dumps(obj, separators=seps) == json.dumps(obj, separators=seps)


def test_separators_list_is_type_error():
    with pytest.raises(TypeError):
        dumps({"a": 1}, separators=[",", ":"])


@pytest.mark.parametrize("seps", [(), (",",), (",", ":", ";")])
def test_separators_wrong_length(seps):
    with pytest.raises(ValueError):
        dumps({"a": 1}, separators=seps)


@pytest.mark.parametrize("seps", [(1, ":"), (",", None), (b",", b":"), ",:"])
def test_separators_wrong_types(seps):
    with pytest.raises(TypeError):
        dumps({"a": 1}, separators=seps)


def test_separators_non_ascii():
    assert dumps([1, 2], separators=("·", "→")) == "[1·2]"
    assert dumps({"a": 1}, separators=("·", "→")) == '{"a"→1}'


# -- ensure_ascii ---------------------------------------------------------------


def test_ensure_ascii_default_escapes_lowercase():
    assert dumps("é") == '"\\u00e9"'
    assert dumps("\u00ff\u0abc\uffff\ufeff") == '"\\u00ff\\u0abc\\uffff\\ufeff"'
    assert dumps("€ABC") == '"\\u20acABC"'


def test_ensure_ascii_non_bmp_as_surrogate_pair():
    assert dumps("😀") == '"\\ud83d\\ude00"'
    assert dumps("\U00010000\U0010ffff") == '"\\ud800\\udc00\\udbff\\udfff"'


def test_ensure_ascii_keys_too():
    assert dumps({"é": "ü"}) == '{"\\u00e9":"\\u00fc"}'


def test_ensure_ascii_false_writes_characters():
    text = "é€😀\u0800\uffff\U0010ffff"
    assert dumps(text, ensure_ascii=False) == '"' + text + '"'
    assert dumps({"é": "😀"}, ensure_ascii=False) == '{"é":"😀"}'


@pytest.mark.parametrize("value", [0, "", [], None, 0.0])
def test_ensure_ascii_falsy(value):
    assert dumps("é", ensure_ascii=value) == '"é"'


@pytest.mark.parametrize("value", [1, "no", [0], 2.5, object()])
def test_ensure_ascii_truthy(value):
    assert dumps("é", ensure_ascii=value) == '"\\u00e9"'


def test_ensure_ascii_matches_json():
    text = "".join(chr(c) for c in range(0x80, 0x3000, 7)) + "😀𝄞"
    assert dumps(text) == json.dumps(text)
    assert dumps(text, ensure_ascii=False) == json.dumps(text, ensure_ascii=False)


# -- encode_html_chars --------------------------------------------------------


def test_encode_html_chars():
    assert dumps(
        "<a href='x'>&</a>", encode_html_chars=True, escape_forward_slashes=False
    ) == ("\"\\u003ca href='x'\\u003e\\u0026\\u003c/a\\u003e\"")


def test_encode_html_chars_keys_too():
    assert dumps({"<&>": 1}, encode_html_chars=True) == '{"\\u003c\\u0026\\u003e":1}'


def test_encode_html_chars_default_off():
    assert dumps({"<&>": "<&>"}) == '{"<&>":"<&>"}'


def test_encode_html_chars_with_ensure_ascii_false():
    assert (
        dumps("<é>", encode_html_chars=True, ensure_ascii=False) == '"\\u003cé\\u003e"'
    )


# -- escape_forward_slashes -----------------------------------------------------


def test_escape_forward_slashes_default_true():
    assert dumps("a/b") == '"a\\/b"'
    assert dumps("a/b", escape_forward_slashes=True) == '"a\\/b"'


def test_escape_forward_slashes_keys_too():
    assert dumps({"a/b": "/"}) == '{"a\\/b":"\\/"}'


def test_escape_forward_slashes_false():
    assert dumps({"a/b": "/"}, escape_forward_slashes=False) == '{"a/b":"/"}'


def test_escape_forward_slashes_with_bytes():
    assert dumps(b"a/b", reject_bytes=False) == '"a\\/b"'
    assert dumps({b"k/": 1}) == '{"k\\/":1}'


# -- sort_keys ----------------------------------------------------------------


def test_sort_keys():
    assert dumps({"b": 1, "a": 2, "c": 3}, sort_keys=True) == '{"a":2,"b":1,"c":3}'


def test_sort_keys_default_keeps_insertion_order():
    assert dumps({"b": 1, "a": 2, "c": 3}) == '{"b":1,"a":2,"c":3}'


def test_sort_keys_nested():
    obj = {"b": {"y": 1, "x": [{"q": 1, "p": 2}]}, "a": None}
    assert dumps(obj, sort_keys=True) == '{"a":null,"b":{"x":[{"p":2,"q":1}],"y":1}}'


def test_sort_keys_of_one_member_dicts():
    # One member needs no sort: written as any dict is, its key and value
    # whatever their kind, nested or not, as json writes them.
    class Key(str):
        pass

    for key in ("k", "é", "\U0001f600", 1, -2.5, True, None, Key("sub")):
        for value in (1, "v", None, [], {}, [{"x": 1}], {"b": [2], "a": 3}, {"z": {"y": 0}}):
            obj = [{key: value}, {"outer": {key: value}}]
            expected = json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
            assert dumps(obj, sort_keys=True, ensure_ascii=False) == expected


def test_sort_keys_by_original_objects():
    # Sorted as ints (2 < 10), not as their text ("10" < "2").
    assert (
        dumps({10: "a", 2: "b", -1: "c"}, sort_keys=True)
        == '{"-1":"c","2":"b","10":"a"}'
    )


def test_sort_keys_code_point_order():
    obj = {"é": 1, "z": 2, "A": 3, "😀": 4, "\uffff": 5}
    assert dumps(obj, sort_keys=True, ensure_ascii=False) == json.dumps(
        obj, sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )


# Units that sort differently by byte, by UTF-16 unit and by code point, and
# keys that share a first eight or more characters (or are a prefix of
# another, "\0" included), in one-byte, two-byte and four-byte strs.
SORT_UNITS = "a\x00b\x7f\xe9\xff\u0100\ud800\uffff\U0001f600\U0010ffff"


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.one_of(
            st.text(alphabet=SORT_UNITS, max_size=12),
            st.text(alphabet="ab\x00", min_size=7, max_size=10),
            st.text(alphabet="ab\xe9", min_size=7, max_size=10),
        ),
        st.integers(),
        max_size=24,
    )
)
def test_sort_keys_orders_as_sorted(obj):
    expected = "{" + ",".join(
        f"{json.dumps(k, ensure_ascii=False)}:{obj[k]}" for k in sorted(obj)
    ) + "}"
    assert dumps(obj, sort_keys=True, ensure_ascii=False) == expected


def test_sort_keys_shared_prefixes():
    keys = ["abcdefgh", "abcdefgh\x00", "abcdefg", "abcdefgh1", "abcdefgg\xff", "abcdefh", "", "\x00"]
    obj = dict.fromkeys(keys, 0)
    assert dumps(obj, sort_keys=True, ensure_ascii=False) == json.dumps(
        obj, sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )


def test_sort_keys_value_changed_by_default():
    # default() changes a member not yet written: its value now is written,
    # not the one the dict held when its keys were sorted.
    mapping = {"b": 1, "a": Unknown(), "c": [1]}

    def default(obj):
        mapping["b"] = "new"
        mapping["c"] = None
        return "x"

    assert dumps(mapping, default=default, sort_keys=True) == '{"a":"x","b":"new","c":null}'


def test_sort_keys_member_removed_by_default():
    mapping = {"b": 1, "a": Unknown()}

    def default(obj):
        del mapping["b"]
        return "x"

    with pytest.raises(RuntimeError, match="dictionary changed during iteration"):
        dumps(mapping, default=default, sort_keys=True)


def test_sort_keys_value_changed_in_nested_dict():
    # A nested dict's default() changes its parent's later members.
    inner = {"y": Unknown()}
    outer = {"b": inner, "a": 0, "c": "old"}

    def default(obj):
        outer["c"] = "new"
        return 1

    assert dumps(outer, default=default, sort_keys=True) == '{"a":0,"b":{"y":1},"c":"new"}'


class OrderedStr(str):
    """A str subclass that sorts backwards: its own order is kept."""

    def __lt__(self, other):
        return str.__gt__(self, other)


def test_sort_keys_str_subclass_keys_by_their_order():
    obj = {OrderedStr("a"): 1, OrderedStr("c"): 2, OrderedStr("b"): 3}
    assert dumps(obj, sort_keys=True) == '{"c":2,"b":3,"a":1}'


@pytest.mark.parametrize("obj", [{"a": 1, 2: 3}, {"a": 1, None: 2}, {b"b": 1, "a": 2}])
def test_sort_keys_mixed_types(obj):
    with pytest.raises(TypeError, match="not supported between instances"):
        dumps(obj, sort_keys=True)


def test_sort_keys_mixed_types_fine_unsorted():
    assert dumps({"a": 1, 2: 3, None: 4}) == '{"a":1,"2":3,"null":4}'


# -- allow_nan ----------------------------------------------------------------


def test_allow_nan_default():
    assert dumps([NAN, INF, -INF]) == "[NaN,Infinity,-Infinity]"
    assert dumps({"a": NAN}, allow_nan=True) == '{"a":NaN}'


@pytest.mark.parametrize("obj", [NAN, INF, -INF, [1.0, INF], {"a": {"b": -INF}}])
def test_allow_nan_false(obj):
    with pytest.raises(OverflowError):
        dumps(obj, allow_nan=False)


def test_allow_nan_false_finite_floats_fine():
    assert dumps([1.5, -0.0, 1e308], allow_nan=False) == "[1.5,-0.0,1e+308]"


# -- reject_bytes -------------------------------------------------------------


def test_reject_bytes_default():
    with pytest.raises(TypeError, match="reject_bytes"):
        dumps(b"abc")
    with pytest.raises(TypeError, match="reject_bytes"):
        dumps({"a": [b"abc"]})


def test_reject_bytes_goes_to_default():
    seen = []

    def default(obj):
        seen.append(obj)
        return obj.hex()

    value = b"abc"
    assert dumps([value], default=default) == '["616263"]'
    assert len(seen) == 1 and seen[0] is value


def test_reject_bytes_false_writes_str():
    assert dumps(b"abc", reject_bytes=False) == '"abc"'
    assert dumps({"k": [b"v"]}, reject_bytes=False) == '{"k":["v"]}'


def test_reject_bytes_false_default_not_called():
    def default(obj):
        raise AssertionError("default called")

    assert dumps(b"abc", reject_bytes=False, default=default) == '"abc"'


def test_reject_bytes_false_utf8():
    raw = "é€😀".encode()
    assert dumps(raw, reject_bytes=False) == '"\\u00e9\\u20ac\\ud83d\\ude00"'
    assert dumps(raw, reject_bytes=False, ensure_ascii=False) == '"é€😀"'


def test_reject_bytes_false_escapes():
    assert dumps(b'"\\\n\x01</>', reject_bytes=False, encode_html_chars=True) == (
        '"\\"\\\\\\n\\u0001\\u003c\\/\\u003e"'
    )


def test_reject_bytes_false_surrogates_allowed():
    # ED A0 80 is U+D800 encoded as if it were a scalar value.
    assert dumps(b"\xed\xa0\x80", reject_bytes=False) == '"\\ud800"'


@pytest.mark.parametrize(
    "raw, error, message",
    [
        # As ujson: bytes that cannot begin a character, Python's own error;
        # the other classes, OverflowError naming the class.
        (b"\xff", UnicodeDecodeError, "invalid start byte"),
        (b"a\x80", UnicodeDecodeError, "invalid start byte"),
        (b"\xc3", OverflowError, "Invalid continuation byte in 2-byte UTF-8 sequence"),
        (b"\xc0\xaf", OverflowError, "Overlong 2-byte UTF-8 sequence"),
        (b"\xe2\x82", OverflowError, "Invalid continuation byte in 3-byte UTF-8 sequence"),
        (b"\xf4\x90\x80\x80", OverflowError, ">U+10FFFF in 4-byte UTF-8 sequence"),
        (b"\xf8\x88\x80\x80\x80", OverflowError, "Unsupported UTF-8 sequence length"),
    ],
)
def test_reject_bytes_false_invalid_utf8(raw, error, message):
    with pytest.raises(error, match=re.escape(message)):
        dumps(raw, reject_bytes=False)


# -- default ------------------------------------------------------------------


class Chain:
    def __init__(self, n):
        self.n = n


def test_default_called_and_result_encoded():
    calls = []

    def default(obj):
        calls.append(obj)
        return {"unknown": [1, "x/"]}

    obj = Unknown()
    assert dumps([obj], default=default) == '[{"unknown":[1,"x\\/"]}]'
    assert calls == [obj]


def test_default_result_uses_options():
    out = dumps(
        [Unknown()],
        default=lambda o: {"b": 1, "a": "é"},
        sort_keys=True,
        ensure_ascii=False,
    )
    assert out == '[{"a":"é","b":1}]'


def test_default_for_nested_unknowns():
    out = dumps({"a": Unknown(), "b": [Unknown()]}, default=lambda o: "U")
    assert out == '{"a":"U","b":["U"]}'


def test_default_not_called_for_serializable():
    def default(obj):
        raise AssertionError(f"default called with {obj!r}")

    obj = [1, "a", None, 1.5, True, {"k": (2, 3)}, 2**80]
    assert (
        dumps(obj, default=default)
        == '[1,"a",null,1.5,true,{"k":[2,3]},1208925819614629174706176]'
    )


def test_default_chain_of_three():
    calls = []

    def default(obj):
        calls.append(obj.n)
        return Chain(obj.n + 1) if obj.n < 2 else "done"

    assert dumps(Chain(0), default=default) == '"done"'
    assert calls == [0, 1, 2]


def test_default_chain_of_four_is_type_error():
    calls = []

    def default(obj):
        calls.append(obj.n)
        return Chain(obj.n + 1) if obj.n < 3 else "done"

    with pytest.raises(TypeError):
        dumps(Chain(0), default=default)
    assert calls == [0, 1, 2]


def test_default_endless_chain():
    with pytest.raises(TypeError):
        dumps(Chain(0), default=lambda o: Chain(o.n + 1))


def test_default_chain_counts_per_value():
    # Each value gets its own three calls.
    def default(obj):
        return Chain(obj.n + 1) if obj.n < 2 else obj.n

    assert (
        dumps([Chain(0), Chain(0), {"a": Chain(1)}], default=default) == '[2,2,{"a":2}]'
    )


def test_default_exception_propagates():
    class Boom(Exception):
        pass

    def default(obj):
        raise Boom("no")

    with pytest.raises(Boom, match="no"):
        dumps([1, Unknown()], default=default)


def test_default_not_callable():
    with pytest.raises(TypeError):
        dumps(Unknown(), default=5)


def test_default_none_means_no_default():
    with pytest.raises(TypeError, match="is not JSON serializable"):
        dumps(Unknown(), default=None)


def test_default_can_return_bytes_with_reject_bytes_false():
    assert dumps(Unknown(), default=lambda o: b"b", reject_bytes=False) == '"b"'


def test_module_dumps_is_reentrant_from_default():
    # default may itself call dumps (e.g. to pre-render); the outer call goes on.
    def default(obj):
        return ultrajson.dumps({"inner": [1, 2]}, indent=2)

    assert (
        dumps([Unknown()], default=default)
        == '["{\\n  \\"inner\\": [\\n    1,\\n    2\\n  ]\\n}"]'
    )
