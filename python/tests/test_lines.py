"""JSON Lines: loads_lines, iter_lines, dumps_lines."""

from __future__ import annotations

import array
import io
import json

import pytest

import ultrajson

VALUES = [{"a": [1, 2.5, None]}, "é😀", 2**70, [], {}, True, -0.0, "line\nbreak"]


@pytest.mark.parametrize("kind", [str, bytes, bytearray, memoryview])
def test_loads_lines_every_input_kind(kind):
    text = "".join(json.dumps(v) + "\n" for v in VALUES)
    data = text if kind is str else kind(text.encode("utf-8"))
    assert ultrajson.loads_lines(data) == VALUES


def test_loads_lines_from_a_buffer():
    assert ultrajson.loads_lines(array.array("b", b"1\n[2]")) == [1, [2]]


def test_loads_lines_skips_blank_lines_and_line_ends():
    assert ultrajson.loads_lines('1\r\n\r\n  \t\n[2]\n\n{"x": 3}') == [1, [2], {"x": 3}]
    assert ultrajson.loads_lines("") == []
    assert ultrajson.loads_lines("\n\n \n") == []


def test_loads_lines_one_value_per_line():
    # Two values on one line, or one value over two lines, are errors.
    with pytest.raises(ultrajson.JSONDecodeError, match="Trailing data"):
        ultrajson.loads_lines("1 2\n")
    with pytest.raises(ultrajson.JSONDecodeError) as raised:
        ultrajson.loads_lines('{"a":\n1}\n')
    assert raised.value.lineno == 1


@pytest.mark.parametrize("as_bytes", [False, True])
def test_loads_lines_error_on_line_1000(as_bytes):
    lines = ['{"n": %d, "é": "x"}' % i for i in range(999)] + ['{"n": 999, "é": tru}']
    text = "\n".join(lines) + "\n[1]\n"
    data = text.encode("utf-8") if as_bytes else text
    with pytest.raises(ultrajson.JSONDecodeError) as raised:
        ultrajson.loads_lines(data)
    error = raised.value
    assert error.lineno == 1000
    assert error.colno == (len('{"n": 999, "é": ') + (2 if as_bytes else 1))
    assert error.doc == data
    assert data[error.pos:error.pos + 3] == ("tru" if not as_bytes else b"tru")
    assert "line 1000 column" in str(error)
    assert isinstance(error, json.JSONDecodeError)


def test_loads_lines_rejects_other_types():
    with pytest.raises(TypeError, match="int"):
        ultrajson.loads_lines(12)  # type: ignore[arg-type]


def test_iter_lines_text_and_binary_files():
    text = "".join(json.dumps(v) + "\n" for v in VALUES)
    assert list(ultrajson.iter_lines(io.StringIO(text))) == VALUES
    assert list(ultrajson.iter_lines(io.BytesIO(text.encode()))) == VALUES
    assert list(ultrajson.iter_lines(["1\n", "\n", "[2]"])) == [1, [2]]


def test_iter_lines_is_lazy():
    read = []

    def lines():
        for line in ["1\n", "2\n", "oops\n", "4\n"]:
            read.append(line)
            yield line

    values = ultrajson.iter_lines(lines())
    assert read == []
    assert next(values) == 1
    assert read == ["1\n"]
    assert next(values) == 2
    with pytest.raises(ultrajson.JSONDecodeError) as raised:
        next(values)
    assert raised.value.lineno == 3
    assert read == ["1\n", "2\n", "oops\n"]


@pytest.mark.parametrize("binary", [False, True])
def test_iter_lines_error_names_line_and_file_position(binary):
    lines = ["[%d]\r\n" % i for i in range(999)] + ['{"k": [1,]}\r\n', "2\n"]
    text = "".join(lines)
    stream = io.BytesIO(text.encode()) if binary else io.StringIO(text, newline="")
    with pytest.raises(ultrajson.JSONDecodeError) as raised:
        list(ultrajson.iter_lines(stream))
    error = raised.value
    assert error.lineno == 1000
    assert error.colno == len('{"k": [1,') + 1
    assert text[error.pos] == "]"
    assert str(error).endswith("line 1000 column %d (char %d)" % (error.colno, error.pos))


def test_iter_lines_error_at_end_of_line_stays_on_it():
    with pytest.raises(ultrajson.JSONDecodeError) as raised:
        list(ultrajson.iter_lines(io.StringIO('1\n{"a"\n3\n')))
    assert (raised.value.lineno, raised.value.colno) == (2, 5)


def test_dumps_lines_round_trip():
    text = ultrajson.dumps_lines(VALUES)
    assert text.endswith("\n")
    assert text.count("\n") == len(VALUES)
    assert ultrajson.loads_lines(text) == VALUES
    assert ultrajson.dumps_lines([]) == ""
    assert ultrajson.dumps_lines(iter([1, 2])) == "1\n2\n"


def test_dumps_lines_takes_dumps_options():
    text = ultrajson.dumps_lines([{"b": 1, "a": "é/"}], sort_keys=True, ensure_ascii=False,
                                 escape_forward_slashes=False, indent=-1)
    assert text == '{"a": "é/","b": 1}\n'


def test_dumps_lines_refuses_a_positive_indent():
    with pytest.raises(ValueError, match="indent"):
        ultrajson.dumps_lines([[1, 2]], indent=2)


def test_dumps_lines_errors_propagate():
    with pytest.raises(TypeError, match="not JSON serializable"):
        ultrajson.dumps_lines([1, object()])
    with pytest.raises(TypeError):
        ultrajson.dumps_lines(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ultrajson.dumps_lines([1], no_such_option=True)
