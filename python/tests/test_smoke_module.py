"""Smoke tests of the extension module, by the module's author.

The full suite, written from the spec, lives beside this file; these check
the binding's own machinery: argument binding, error objects, reference
handling on error paths, reentrancy and the build's version metadata.
"""

import array
import decimal
import enum
import gc
import importlib.metadata
import io
import json
import math
import pathlib
import re
import subprocess
import sys
import threading

import pytest

import ultrajson

from _support import DISTRIBUTION

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_surface():
    assert ultrajson.encode is ultrajson.dumps or ultrajson.encode(1) == "1"
    assert ultrajson.decode("[1]") == [1]
    for name in ultrajson.__all__:
        assert hasattr(ultrajson, name)
    assert issubclass(ultrajson.JSONDecodeError, json.JSONDecodeError)


def test_version_in_sync():
    header = (ROOT / "include/ultrajson/version.hpp").read_text()
    parts = [re.search(rf"ULTRAJSON_VERSION_{p} (\d+)", header).group(1)
             for p in ("MAJOR", "MINOR", "PATCH")]
    string = re.search(r'version_string = "([^"]+)"', header).group(1)
    assert string == ".".join(parts) == ultrajson.__version__
    try:
        assert importlib.metadata.version(DISTRIBUTION) == ultrajson.__version__
    except importlib.metadata.PackageNotFoundError:
        pass


def test_dumps_arguments():
    args = (True, False, True, False, 0, True, True, None, None)
    assert ultrajson.dumps([1], *args) == "[1]"
    with pytest.raises(TypeError):
        ultrajson.dumps([1], *args, None)
    with pytest.raises(TypeError):
        ultrajson.dumps([1], foo=1)
    with pytest.raises(TypeError):
        ultrajson.dumps([1], True, ensure_ascii=True)
    with pytest.raises(TypeError):
        ultrajson.dumps()
    assert ultrajson.dumps(obj=[1]) == "[1]"
    with pytest.raises(TypeError):
        ultrajson.dump([1], io.StringIO(), True)
    with pytest.raises(TypeError):
        ultrajson.dump([1])
    with pytest.raises(TypeError):
        ultrajson.load(fp=io.StringIO("1"))


def test_options():
    d = ultrajson.dumps
    assert d("é\U0001f600") == '"\\u00e9\\ud83d\\ude00"'
    assert d("é\U0001f600", ensure_ascii=False) == '"é\U0001f600"'
    assert d("<a/>&", encode_html_chars=True) == '"\\u003ca\\/\\u003e\\u0026"'
    assert d({"/": "/"}, escape_forward_slashes=False) == '{"/":"/"}'
    assert d({"b": 1, "a": 2}, sort_keys=True) == '{"a":2,"b":1}'
    with pytest.raises(TypeError):
        d({1: 1, "a": 2}, sort_keys=True)
    obj = {"a": [1, {"b": []}, {}], "c": "x"}
    assert d(obj, indent=4, escape_forward_slashes=False) == json.dumps(obj, indent=4)
    assert d(obj, indent=-1) == '{"a": [1,{"b": []},{}],"c": "x"}'
    for bad, error in ((None, TypeError), ("2", TypeError), (1001, ValueError)):
        with pytest.raises(error):
            d(obj, indent=bad)
    assert d([1, {"a": 2}], separators=("; ", "=")) == '[1; {"a"=2}]'
    with pytest.raises(TypeError):
        d([1], separators=[",", ":"])
    with pytest.raises(ValueError):
        d([1], separators=(",",))
    assert d([math.nan, math.inf, -math.inf]) == "[NaN,Infinity,-Infinity]"
    for value in (math.nan, math.inf, -math.inf):
        with pytest.raises(OverflowError):
            d(value, allow_nan=False)
    with pytest.raises(TypeError, match="reject_bytes"):
        d(b"x")
    assert d(b"x", default=lambda o: o.decode()) == '"x"'
    assert d(b"\xed\xa0\x80/", reject_bytes=False) == '"\\ud800\\/"'
    with pytest.raises(UnicodeDecodeError):
        d(b"\xff", reject_bytes=False)


def test_types():
    class Color(enum.IntEnum):
        RED = 1

    class Str(str):
        pass

    class Dict(dict):
        pass

    class WithToDict:
        def toDict(self):
            return {"a": 1}

    class WithJson:
        def __json__(self):
            return '{"raw":true}'

    values = [True, False, None, 1, -2**63, 2**64 - 1, 2**70, -2**70, Color.RED, Str("s"),
              1.5, 1e16, 1e-5, -0.0, decimal.Decimal("2.5"), Dict(a=1), (1, 2),
              WithToDict(), WithJson(), {2: 1, None: 2, True: 3, b"k": 4, 1.5: 5}]
    assert ultrajson.dumps(values) == (
        '[true,false,null,1,-9223372036854775808,18446744073709551615,'
        '1180591620717411303424,-1180591620717411303424,1,"s",1.5,1e+16,1e-05,-0.0,2.5,'
        '{"a":1},[1,2],{"a":1},{"raw":true},{"2":1,"null":2,"true":3,"k":4,"1.5":5}]')
    with pytest.raises(TypeError, match="is not JSON serializable"):
        ultrajson.dumps(object())
    calls = []
    with pytest.raises(TypeError):
        ultrajson.dumps(object(), default=lambda o: calls.append(o) or object())
    assert len(calls) == 3


def test_depth():
    nested = []
    for _ in range(1023):
        nested = [nested]
    assert ultrajson.dumps(nested) == "[" * 1024 + "]" * 1024
    with pytest.raises(OverflowError, match="Maximum recursion level reached"):
        ultrajson.dumps([nested])
    cycle = []
    cycle.append(cycle)
    with pytest.raises(OverflowError):
        ultrajson.dumps(cycle)
    assert ultrajson.dumps(ultrajson.loads("[" * 1024 + "]" * 1024)) == "[" * 1024 + "]" * 1024
    with pytest.raises(ultrajson.JSONDecodeError, match="depth limit"):
        ultrajson.loads("[" * 1025 + "]" * 1025)


def test_loads_inputs():
    text = '{"a": [1, 2.5, "é\U0001f600", null, true, false]}'
    expected = json.loads(text)
    for value in (text, text.encode(), bytearray(text.encode()), memoryview(text.encode()),
                  array.array("b", text.encode())):
        assert ultrajson.loads(value) == expected
    assert ultrajson.loads(memoryview(b"[1]xyz")[:3]) == [1]
    with pytest.raises(TypeError):
        ultrajson.loads(1)
    # A strided (non-contiguous) buffer is read through a contiguous copy.
    assert ultrajson.loads(memoryview(b"[x1x]")[::2]) == [1]


def test_loads_values():
    assert ultrajson.loads("123456789012345678901234567890") == 123456789012345678901234567890
    assert ultrajson.loads("-9223372036854775809") == -9223372036854775809
    assert ultrajson.loads("18446744073709551615") == 18446744073709551615
    assert ultrajson.loads("1e400") == math.inf
    assert math.isnan(ultrajson.loads("NaN"))
    assert ultrajson.loads("[Infinity,-Infinity]") == [math.inf, -math.inf]
    assert ultrajson.loads('{"a":1,"a":2}') == {"a": 2}
    assert ultrajson.loads('"\\ud800"') == "\ud800"
    assert ultrajson.loads('"\\ud83d\\ude00"') == "\U0001f600"
    assert ultrajson.loads('"\ud800x"') == json.loads('"\ud800x"')
    for text in ('"é"', '"\u0100"', '"\uffff"', '"a\U0010ffffb"', '"ÿ"'):
        assert ultrajson.loads(text) == json.loads(text)
    if hasattr(sys, "set_int_max_str_digits"):
        with pytest.raises(ValueError):
            ultrajson.loads("1" * 5000)


@pytest.mark.parametrize("text, message, pos", [
    ("", "Expected object or value", 0),
    ("[1 2]", "Unexpected character found when decoding array value", 3),
    ('{"a" 1}', "No ':' found when decoding object value", 5),
    # ujson's wording, its stray "in" included.
    ('{"a":1 2}', "Unexpected character in found when decoding object value", 7),
    ("tru", "Unexpected character found when decoding 'true'", 0),
    ('"abc', "Unmatched '\"' when decoding 'string'", 4),
    ('"\\x"', "Unrecognized escape sequence when decoding 'string'", 1),
    ("1 2", "Trailing data", 2),
    ("01", "Invalid number", 1),
    ("1.", "Invalid number", 2),
    ('"\x01"', "Control characters must be escaped", 1),
    ('["é", x]', "Expected object or value", 6),
])
def test_decode_errors(text, message, pos):
    with pytest.raises(ultrajson.JSONDecodeError) as info:
        ultrajson.loads(text)
    error = info.value
    assert error.msg.startswith(message)
    assert error.pos == pos and error.doc == text
    assert str(error).endswith(f"(char {pos})")
    assert isinstance(error, ValueError)


def test_decode_error_bytes():
    with pytest.raises(ultrajson.JSONDecodeError) as info:
        ultrajson.loads('["é",\n x]'.encode())
    assert (info.value.pos, info.value.lineno, info.value.colno) == (8, 2, 2)
    assert ultrajson.loads(b'"\xed\xa0\x80"') == "\ud800"  # as json and ujson read it
    with pytest.raises(ultrajson.JSONDecodeError):
        ultrajson.loads(b'"\xff"')


def test_dump_and_load():
    out = io.StringIO()
    assert ultrajson.dump({"a": 1}, out, indent=2) is None
    assert out.getvalue() == '{\n  "a": 1\n}'
    with pytest.raises(TypeError, match="expected file"):
        ultrajson.dump(1, object())
    assert ultrajson.load(io.StringIO("[1]")) == [1]
    assert ultrajson.load(io.BytesIO(b"[1]")) == [1]


def test_reentrant_and_mutation():
    def default(o):
        return ultrajson.loads(ultrajson.dumps({"inner": [1, 2]}))

    assert ultrajson.dumps([object(), object()], default=default) == (
        '[{"inner":[1,2]},{"inner":[1,2]}]')

    victim = {str(i): i for i in range(10)}

    class Mutator:
        def toDict(self):
            victim.clear()
            return {}

    victim["m"] = Mutator()
    with pytest.raises(RuntimeError):
        ultrajson.dumps(victim)

    items = [1, None]

    def shrink(o):
        items.clear()
        return 0

    items[1] = object()
    assert ultrajson.dumps(items, default=shrink) == "[1,0]"


def test_threads():
    doc = {"k%d" % i: [i, str(i), i / 3] for i in range(200)}
    text = ultrajson.dumps(doc)
    failures = []

    def work():
        for _ in range(200):
            if ultrajson.loads(ultrajson.dumps(doc)) != doc or ultrajson.dumps(doc) != text:
                failures.append(1)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


@pytest.mark.skipif(not hasattr(sys, "getrefcount"), reason="CPython only")
def test_no_leaks():
    def calls():
        ultrajson.dumps({"a": [1, 2.5, "x", None, 2**70, "é"]})
        ultrajson.loads('{"a": [1, 2.5, "x", null, 123456789012345678901234567890, "é"]}')
        for bad in ('[1, 2, {"a": "b", "c": [x]}]', b"[1, 2, ", "\ud800[1, x]"):
            try:
                ultrajson.loads(bad)
            except ValueError:
                pass
        try:
            ultrajson.dumps([1, "a", {"b": object()}])
        except TypeError:
            pass
        try:
            ultrajson.dumps([1, 2], default=lambda o: 1 / 0)
        except ZeroDivisionError:
            pass

    for _ in range(100):
        calls()
    gc.collect()
    before = sys.gettotalrefcount() if hasattr(sys, "gettotalrefcount") else None
    import tracemalloc

    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    for _ in range(2000):
        calls()
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    assert grown < 100_000
    if before is not None:
        assert sys.gettotalrefcount() - before < 100


def test_cli(tmp_path):
    good = tmp_path / "good.json"
    good.write_text('{"b": [1, 2], "a": "é"}')
    run = [sys.executable, "-m", "ultrajson"]
    out = subprocess.run(run + ["--compact", str(good)], capture_output=True, text=True, check=True)
    assert out.stdout == '{"b":[1,2],"a":"\\u00e9"}\n'
    out = subprocess.run(run + ["--compact", "--no-ensure-ascii", str(good)], capture_output=True,
                         text=True, check=True, encoding="utf-8")
    assert out.stdout == '{"b":[1,2],"a":"é"}\n'
    out = subprocess.run(run + ["--indent", "2", "--sort-keys", str(good)], capture_output=True,
                         text=True, check=True)
    assert out.stdout == '{\n  "a": "\\u00e9",\n  "b": [\n    1,\n    2\n  ]\n}\n'
    out = subprocess.run(run, input="[1,\n 2 3]", capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.startswith("<stdin>:2:4: ")


def test_strs_in_every_kind():
    # The decoder makes strs in their final kind by itself; a wrong kind or
    # length would compare unequal (or worse), so try many mixtures.
    import random

    rng = random.Random(8259)
    pools = ["abc é", "aÿé\x80", "ĀاΩ x", "中文 abc", "😀a é中", "ऀअ a", "éé€", "ابت ث",
             "\x7f\x80\u07ff\u0800\uffff\U00010000\U0010ffff", "\ud800a\udfff"]
    for i in range(3000):
        pool = rng.choice(pools)
        text = "".join(rng.choice(pool) for _ in range(rng.randrange(0, 300 if i % 10 == 0 else 40)))
        document = json.dumps({text: [text]}, ensure_ascii=False)
        inputs = [document] if "\ud800" in pool else [document, document.encode()]
        for value in inputs:
            assert ultrajson.loads(value) == {text: [text]}
        assert ultrajson.loads(json.dumps(text)) == json.loads(json.dumps(text))


def test_gc_state_is_left_alone():
    # loads pauses the cyclic collector while it builds; it must restore it,
    # on errors too, and never turn it on when the caller had it off.
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            ultrajson.loads('{"a": [1, 2]}')
            with pytest.raises(ultrajson.JSONDecodeError):
                ultrajson.loads('{"a": [1, x]}')
            assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
