"""`python -m ultrajson`, used like `python -m json.tool`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

OBJ = {"b": [1, 2.5, None, True, {"d": "x", "c": []}], "a": "text"}
DOC = '{"b": [1, 2.5, null, true, {"d": "x", "c": []}],\n "a": "text"}\n'


def run(args, stdin=None, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "ultrajson", *args],
        input=stdin,
        check=False,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        timeout=60,
    )


@pytest.fixture
def doc_file(tmp_path):
    path = tmp_path / "in.json"
    path.write_text(DOC, encoding="utf-8")
    return path


def test_file_compact(doc_file, tmp_path):
    result = run([str(doc_file)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == json.dumps(OBJ, separators=(",", ":"))
    assert result.stderr == ""


def test_stdin_compact(tmp_path):
    result = run([], stdin=DOC, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == json.dumps(OBJ, separators=(",", ":"))


@pytest.mark.parametrize("indent", [1, 2, 4])
def test_indent(doc_file, tmp_path, indent):
    result = run(["--indent", str(indent), str(doc_file)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == json.dumps(OBJ, indent=indent)


def test_sort_keys(doc_file, tmp_path):
    result = run(["--sort-keys", str(doc_file)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == json.dumps(
        OBJ, separators=(",", ":"), sort_keys=True
    )


def test_indent_and_sort_keys_from_stdin(tmp_path):
    result = run(["--indent", "2", "--sort-keys"], stdin=DOC, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n") == json.dumps(OBJ, indent=2, sort_keys=True)


def test_output_reads_back(tmp_path):
    obj = {"url": "http://x/y", "é": ["😀", "\u2028", 2**70, -0.0, 1e-05]}
    path = tmp_path / "u.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    result = run([str(path)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == obj


def test_scalar_document(tmp_path):
    result = run([], stdin=" 42 ", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "42"


def has_position(stderr: str, line: int, column: int) -> bool:
    """The error names its line and column: as json.tool ("line 1 column 5")
    or as compilers do ("<stdin>:1:5:")."""
    return f"line {line} column {column}" in stderr or f":{line}:{column}:" in stderr


@pytest.mark.parametrize(
    "doc,line,column,message",
    [
        ("[1] x", 1, 5, "Trailing data"),
        ('{"a": 1,\n "b": [1, @],\n  }', 2, 11, "Expected object or value"),
        ("", 1, 1, "Expected object or value"),
    ],
)
def test_invalid_json_from_stdin(tmp_path, doc, line, column, message):
    result = run([], stdin=doc, cwd=tmp_path)
    assert result.returncode == 1
    assert has_position(result.stderr, line, column), result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_invalid_json_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"a": [1, 2,\n  ]}', encoding="utf-8")
    result = run([str(path)], cwd=tmp_path)
    assert result.returncode == 1
    assert has_position(result.stderr, 2, 3) or has_position(result.stderr, 1, 12), (
        result.stderr
    )
    assert result.stdout == ""


def test_invalid_utf8_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b'["\xff"]')
    result = run([str(path)], cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert "Traceback" not in result.stderr


def test_missing_file(tmp_path):
    result = run([str(tmp_path / "missing.json")], cwd=tmp_path)
    assert result.returncode != 0
    assert result.stdout == ""
    assert "Traceback" not in result.stderr


def test_help(tmp_path):
    result = run(["--help"], cwd=tmp_path)
    assert result.returncode == 0
    assert "--indent" in result.stdout
    assert "--sort-keys" in result.stdout
