"""The standard JSON corpus (simdjson's jsonexamples) against the standard library."""

from __future__ import annotations

import json

import pytest
from ultrajson import dumps, loads

from _support import canon, data_files, missing_data

FILES = data_files("corpus", pattern="*.json")


@pytest.fixture(scope="module", params=FILES)
def document(request):
    """(bytes, str, json.loads result) of one corpus file.

    A module-scoped parametrized fixture: pytest runs all the tests of one
    file together, so only one parsed file is alive at a time.
    """
    path = request.param
    if path is None:
        missing_data("corpus")
    raw = path.read_bytes()
    text = raw.decode("utf-8")
    return raw, text, json.loads(text)


def test_loads_equals_json(document):
    raw, text, expected = document
    want = canon(expected)
    assert canon(loads(text)) == want
    assert canon(loads(raw)) == want
    assert canon(loads(memoryview(raw))) == want


def test_round_trip(document):
    _, _, obj = document
    want = canon(obj)
    assert canon(loads(dumps(obj))) == want
    assert canon(loads(dumps(obj, ensure_ascii=False))) == want
    assert canon(loads(dumps(obj, indent=2, sort_keys=True)), sort_keys=True) == canon(
        obj, sort_keys=True
    )


def test_dumps_equals_json(document):
    _, _, obj = document
    compact = (",", ":")
    assert dumps(obj, escape_forward_slashes=False, ensure_ascii=False) == json.dumps(
        obj, separators=compact, ensure_ascii=False
    )
    assert dumps(obj, escape_forward_slashes=False, ensure_ascii=True) == json.dumps(
        obj, separators=compact, ensure_ascii=True
    )
    # With the default escape_forward_slashes=True the only difference is "\/":
    # a "/" can only occur inside a string.
    assert dumps(obj) == json.dumps(obj, separators=compact).replace("/", "\\/")


def test_dumps_options_equal_json(document):
    _, _, obj = document
    assert dumps(obj, escape_forward_slashes=False, sort_keys=True) == json.dumps(
        obj, separators=(",", ":"), sort_keys=True
    )
    assert dumps(
        obj, escape_forward_slashes=False, indent=2, ensure_ascii=False
    ) == json.dumps(obj, indent=2, ensure_ascii=False)
