"""dump(obj, fp, **kw) and load(fp) (spec: "dump(obj, fp, **kw) -> None", "load(fp)")."""

from __future__ import annotations

import io

import pytest
from ultrajson import JSONDecodeError, dump, dumps, load

OBJ = {"b": [1, 2.5, None, True], "a": "é/"}


class Writer:
    def __init__(self):
        self.calls = []

    def write(self, data):
        self.calls.append(data)
        return len(data)


class Reader:
    def __init__(self, data):
        self.data = data
        self.calls = []

    def read(self, *args, **kwargs):
        self.calls.append((args, kwargs))
        return self.data


# -- dump -----------------------------------------------------------------------


def test_dump_writes_once_with_the_whole_str():
    fp = Writer()
    assert dump(OBJ, fp) is None
    assert fp.calls == ['{"b":[1,2.5,null,true],"a":"\\u00e9\\/"}']
    assert type(fp.calls[0]) is str


def test_dump_keywords_as_dumps():
    kwargs = {
        "indent": 2,
        "sort_keys": True,
        "ensure_ascii": False,
        "escape_forward_slashes": False,
        "encode_html_chars": True,
        "allow_nan": True,
        "reject_bytes": False,
        "default": str,
        "separators": (",", " = "),
    }
    fp = Writer()
    dump(OBJ, fp, **kwargs)
    assert fp.calls == [dumps(OBJ, **kwargs)]
    assert (
        fp.calls[0]
        == '{\n  "a" = "é/",\n  "b" = [\n    1,\n    2.5,\n    null,\n    true\n  ]\n}'
    )


def test_dump_large_object_single_write():
    obj = [{"i": i, "s": "x" * 100} for i in range(10_000)]
    fp = Writer()
    dump(obj, fp)
    assert len(fp.calls) == 1
    assert fp.calls[0] == dumps(obj)


def test_dump_to_stringio():
    fp = io.StringIO()
    dump(OBJ, fp, sort_keys=True)
    assert fp.getvalue() == '{"a":"\\u00e9\\/","b":[1,2.5,null,true]}'


def test_dump_to_text_file(tmp_path):
    path = tmp_path / "out.json"
    with open(path, "w", encoding="utf-8") as fp:
        dump(OBJ, fp, ensure_ascii=False)
    assert path.read_text(encoding="utf-8") == '{"b":[1,2.5,null,true],"a":"é\\/"}'


def test_dump_to_binary_file_raises_from_write(tmp_path):
    # write() of a binary file rejects a str; that error reaches the caller.
    with open(tmp_path / "out.json", "wb") as fp, pytest.raises(TypeError):
        dump(OBJ, fp)


@pytest.mark.parametrize(
    "args",
    [(), (OBJ,), (OBJ, Writer(), True), (OBJ, Writer(), True, False)],
    ids=["none", "one", "three", "four"],
)
def test_dump_exactly_two_positional(args):
    # The spec: "Exactly two positional arguments; keywords as dumps" (ujson:
    # "function takes exactly 2 arguments (3 given)").  Options are keywords.
    with pytest.raises(TypeError):
        dump(*args)


@pytest.mark.parametrize("fp", [None, 1, "file.json", object(), [], b""])
def test_dump_fp_without_write(fp):
    with pytest.raises(TypeError, match="expected file"):
        dump(OBJ, fp)


def test_dump_fp_write_not_callable():
    class NotCallable:
        write = 5

    with pytest.raises(TypeError, match="expected file"):
        dump(OBJ, NotCallable())


def test_dump_write_exception_propagates():
    class Broken(Exception):
        pass

    class Failing:
        def write(self, data):
            raise Broken("disk full")

    with pytest.raises(Broken, match="disk full"):
        dump(OBJ, Failing())


def test_dump_write_oserror_propagates():
    class Failing:
        def write(self, data):
            raise OSError(28, "No space left on device")

    with pytest.raises(OSError) as info:
        dump([1], Failing())
    assert info.value.errno == 28


def test_dump_encoding_error_does_not_write():
    fp = Writer()
    with pytest.raises(TypeError, match="is not JSON serializable"):
        dump([1, object()], fp)
    assert fp.calls == []
    with pytest.raises(OverflowError):
        dump(float("nan"), fp, allow_nan=False)
    assert fp.calls == []


def test_dump_unknown_keyword():
    fp = Writer()
    with pytest.raises(TypeError):
        dump(OBJ, fp, no_such_option=1)
    assert fp.calls == []


def test_dump_bad_keyword_values():
    with pytest.raises(ValueError):
        dump(OBJ, Writer(), indent=1001)
    with pytest.raises(TypeError):
        dump(OBJ, Writer(), separators=[",", ":"])


# -- load -----------------------------------------------------------------------


@pytest.mark.parametrize("data", ['{"a": [1, "é"]}', '{"a": [1, "é"]}'.encode()])
def test_load_str_and_bytes(data):
    fp = Reader(data)
    assert load(fp) == {"a": [1, "é"]}
    assert fp.calls == [((), {})]


def test_load_stringio_and_bytesio():
    assert load(io.StringIO('[1, "x"]')) == [1, "x"]
    assert load(io.BytesIO(b'[1, "x"]')) == [1, "x"]


def test_load_files(tmp_path):
    path = tmp_path / "in.json"
    path.write_bytes('{"é": [1.5, null]}'.encode())
    with open(path, encoding="utf-8") as fp:
        assert load(fp) == {"é": [1.5, None]}
    with open(path, "rb") as fp:
        assert load(fp) == {"é": [1.5, None]}


def test_load_invalid_json():
    with pytest.raises(JSONDecodeError, match="Trailing data"):
        load(io.StringIO("[1] x"))


def test_load_invalid_utf8():
    with pytest.raises(JSONDecodeError):
        load(io.BytesIO(b'"\xff"'))


@pytest.mark.parametrize("args", [(), (io.StringIO("1"), io.StringIO("2"))])
def test_load_one_positional(args):
    with pytest.raises(TypeError):
        load(*args)


@pytest.mark.parametrize(
    "fp",
    [None, 1, "[1]", b"[1]", object()],
    ids=["None", "int", "str", "bytes", "object"],
)
def test_load_fp_without_read(fp):
    # The spec is silent, so as ujson: TypeError("expected file"), the same
    # error dump gives for an fp without write.
    with pytest.raises(TypeError, match="expected file"):
        load(fp)


@pytest.mark.parametrize("result", [5, None, [1], {"a": 1}])
def test_load_read_returns_wrong_type(result):
    with pytest.raises(TypeError):
        load(Reader(result))


def test_load_read_exception_propagates():
    class Broken(Exception):
        pass

    class Failing:
        def read(self):
            raise Broken("io error")

    with pytest.raises(Broken, match="io error"):
        load(Failing())
