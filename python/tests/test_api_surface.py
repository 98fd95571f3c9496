"""The module's public surface (spec: "Module surface")."""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.resources
import json
import re
import sys

import pytest
import ultrajson

from _support import DISTRIBUTION, REPO_ROOT, check_error_format

DUMPS_PARAMS = [
    "obj",
    "ensure_ascii",
    "encode_html_chars",
    "escape_forward_slashes",
    "sort_keys",
    "indent",
    "allow_nan",
    "reject_bytes",
    "default",
    "separators",
]


def test_aliases_are_the_same_functions():
    assert ultrajson.encode is ultrajson.dumps
    assert ultrajson.decode is ultrajson.loads


@pytest.mark.parametrize("name", ["dumps", "encode", "loads", "decode", "dump", "load"])
def test_functions_are_callable(name):
    assert callable(getattr(ultrajson, name))


def test_json_decode_error_hierarchy():
    err = ultrajson.JSONDecodeError
    assert isinstance(err, type)
    assert issubclass(err, json.JSONDecodeError)
    assert issubclass(err, ValueError)


def test_json_decode_error_attributes():
    doc = "[1] x"
    with pytest.raises(ultrajson.JSONDecodeError) as info:
        ultrajson.loads(doc)
    err = info.value
    assert type(err) is ultrajson.JSONDecodeError
    assert err.msg == "Trailing data"
    assert err.doc == doc
    assert err.pos == 4
    assert err.lineno == 1
    assert err.colno == 5
    assert str(err) == "Trailing data: line 1 column 5 (char 4)"
    check_error_format(err, doc)


@pytest.mark.parametrize("base", [json.JSONDecodeError, ValueError, Exception])
def test_json_decode_error_caught_by_base(base):
    with pytest.raises(base):
        ultrajson.loads("{")


def test_version_is_a_release_string():
    assert isinstance(ultrajson.__version__, str)
    assert re.fullmatch(r"\d+\.\d+\.\d+", ultrajson.__version__)


def test_version_matches_header():
    text = (REPO_ROOT / "include" / "ultrajson" / "version.hpp").read_text()
    parts = [
        re.search(rf"#define ULTRAJSON_VERSION_{name}\s+(\d+)", text).group(1)
        for name in ("MAJOR", "MINOR", "PATCH")
    ]
    assert ultrajson.__version__ == ".".join(parts)
    string = re.search(r'version_string\s*=\s*"([^"]+)"', text)
    if string is not None:
        assert ultrajson.__version__ == string.group(1)


def test_version_matches_pyproject():
    path = REPO_ROOT / "pyproject.toml"
    if not path.exists():
        pytest.skip("no pyproject.toml")
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # tomllib arrived in 3.11; before that pytest depends on tomli, its origin
        import tomli as tomllib

    project = tomllib.loads(path.read_text())["project"]
    assert project["name"] == DISTRIBUTION
    if "version" in project:
        assert ultrajson.__version__ == project["version"]
    else:
        # A dynamic version: whatever the build wrote into the installed
        # distribution's metadata must be the module's version.
        assert "version" in project.get("dynamic", [])
        assert importlib.metadata.version(DISTRIBUTION) == ultrajson.__version__


def test_installed_metadata_version():
    assert importlib.metadata.version(DISTRIBUTION) == ultrajson.__version__


def _package_file(name: str):
    return importlib.resources.files("ultrajson").joinpath(name)


def test_py_typed_is_shipped():
    assert _package_file("py.typed").is_file()


def test_stub_is_shipped_and_declares_the_api():
    stub = _package_file("__init__.pyi")
    assert stub.is_file()
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    functions = {
        node.name: node
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    assigned = set()
    for node in tree.body:
        if isinstance(node, ast.Assign):
            assigned.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            assigned.add(node.target.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            assigned.update((a.asname or a.name).split(".")[0] for a in node.names)
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    declared = set(functions) | assigned | classes

    for name in ("dumps", "encode", "loads", "decode", "dump", "load"):
        assert name in declared, name
    assert "JSONDecodeError" in declared
    assert "__version__" in declared

    dumps = functions["dumps"]
    names = [a.arg for a in dumps.args.posonlyargs + dumps.args.args]
    assert names == DUMPS_PARAMS
    # Every parameter is annotated, and so is the result.
    for arg in dumps.args.posonlyargs + dumps.args.args:
        assert arg.annotation is not None, arg.arg
    assert dumps.returns is not None


def test_drop_in_usage():
    # What programs written against ujson do, verbatim.
    import ultrajson as ujson

    text = ujson.dumps({"a": [1, 2.5, None, True, "x"]})
    assert text == '{"a":[1,2.5,null,true,"x"]}'
    assert ujson.loads(text) == {"a": [1, 2.5, None, True, "x"]}
    assert ujson.encode([1]) == "[1]"
    assert ujson.decode("[1]") == [1]
    assert ujson.dumps({"b": 1, "a": 2}, sort_keys=True, indent=4) == (
        '{\n    "a": 2,\n    "b": 1\n}'
    )
    assert ujson.dumps("é/", ensure_ascii=False, escape_forward_slashes=False) == '"é/"'
    try:
        ujson.loads("[")
    except ujson.JSONDecodeError as exc:
        assert isinstance(exc, ValueError)
    else:  # pragma: no cover
        pytest.fail("no error")


def test_module_is_importable_as_ujson_alias_in_sys_modules():
    # Some programs swap the module in: sys.modules["ujson"] = ultrajson.
    saved = sys.modules.get("ujson")
    sys.modules["ujson"] = ultrajson
    try:
        import ujson

        assert ujson.dumps([1, "a"]) == '[1,"a"]'
    finally:
        if saved is None:
            del sys.modules["ujson"]
        else:
            sys.modules["ujson"] = saved
