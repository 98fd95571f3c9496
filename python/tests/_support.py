"""Helpers shared by the tests of the ``ultrajson`` module.

Kept out of conftest.py so that test modules can import them by name (pytest's
default import mode puts this folder on ``sys.path``).
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]

# The distribution's name on the package index (the module is `ultrajson`).
DISTRIBUTION = "pyultrajson"

# The tests never skip themselves in CI: there the data is always laid out.
IN_CI = os.environ.get("CI") == "true"


def data_dir() -> Path | None:
    """The shared test data: $ULTRAJSON_DATA, else ../shared/data from the repo root."""
    env = os.environ.get("ULTRAJSON_DATA")
    path = Path(env) if env else REPO_ROOT.parent / "shared" / "data"
    return path if path.is_dir() else None


def data_path(*parts: str) -> Path | None:
    """A folder inside the data dir, or None when it is not there."""
    root = data_dir()
    if root is None:
        return None
    path = root.joinpath(*parts)
    return path if path.exists() else None


def missing_data(what: str) -> None:
    """Skip (locally) or fail (in CI) because the test data is not there."""
    msg = (
        f"test data {what!r} not found: set ULTRAJSON_DATA or lay the data out "
        f"at {REPO_ROOT.parent / 'shared' / 'data'}"
    )
    if IN_CI:
        pytest.fail(msg + " (CI=true: the data must be present)")
    pytest.skip(msg)


def data_files(*parts: str, pattern: str = "*") -> list[Any]:
    """Parameters for a test over the files of a data folder.

    When the folder is missing, one sentinel parameter ``None`` stands in, so
    the test runs once and calls ``missing_data`` (which fails in CI) instead
    of pytest silently skipping an empty parameter set.
    """
    folder = data_path(*parts)
    files = sorted(folder.glob(pattern)) if folder is not None else []
    if not files:
        return [pytest.param(None, id="data-missing")]
    return [pytest.param(p, id=p.name) for p in files]


def canon(value: Any, *, sort_keys: bool = False) -> str:
    """A text that tells apart every difference a test cares about.

    json.dumps writes 1 and 1.0, True and 1, -0.0 and 0.0, list and dict
    differently, keeps key order (unless sort_keys) and escapes lone
    surrogates, so equal canon() means equal type, value and order.
    """
    return json.dumps(value, ensure_ascii=True, allow_nan=True, sort_keys=sort_keys)


def escaped_reference(value: Any, ensure_ascii: bool, slashes: bool, html: bool) -> str:
    """What dumps writes for value under those options: json.dumps's compact
    text plus the documented differences ('/' and the HTML characters)."""
    expected = json.dumps(value, ensure_ascii=ensure_ascii, separators=(",", ":"))
    if slashes:
        expected = expected.replace("/", "\\/")
    if html:
        for char in "<>&":
            expected = expected.replace(char, f"\\u{ord(char):04x}")
    return expected


def same_float(a: float, b: float) -> bool:
    """Bitwise-equal doubles (NaN equals NaN, -0.0 differs from 0.0)."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


def nested_lists(depth: int) -> list:
    """``depth`` lists, each the only item of the one outside it."""
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def nested_dicts(depth: int) -> dict:
    value: dict = {}
    for _ in range(depth - 1):
        value = {"a": value}
    return value


def json_position(doc: str, pos: int) -> tuple[int, int]:
    """(lineno, colno) of a character index, as json.JSONDecodeError computes them."""
    lineno = doc.count("\n", 0, pos) + 1
    colno = pos - doc.rfind("\n", 0, pos)
    return lineno, colno


def check_error_format(err: Exception, doc: Any = None) -> None:
    """The error carries msg/doc/pos/lineno/colno and formats as json does."""
    assert isinstance(err.msg, str) and err.msg
    assert isinstance(err.pos, int) and err.pos >= 0
    assert isinstance(err.lineno, int) and err.lineno >= 1
    assert isinstance(err.colno, int) and err.colno >= 1
    assert (
        str(err) == f"{err.msg}: line {err.lineno} column {err.colno} (char {err.pos})"
    )
    if isinstance(doc, str):
        assert err.doc == doc
        assert err.pos <= len(doc)
        assert (err.lineno, err.colno) == json_position(doc, err.pos)


def _asan_loaded() -> bool:
    with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
        return "libasan" in maps.read()


# Set by the sanitized run of tools/test.sh, which preloads AddressSanitizer:
# tests that ASan cannot run as they are (an address-space limit, tiny thread
# stacks) then assert what ASan allows instead. Checked against the process,
# so the flag can neither be forgotten nor set by mistake.
SANITIZED = os.environ.get("ULTRAJSON_SANITIZED") == "1"
if SANITIZED != _asan_loaded():
    raise RuntimeError(
        f"ULTRAJSON_SANITIZED={os.environ.get('ULTRAJSON_SANITIZED')!r} but "
        f"AddressSanitizer is {'' if _asan_loaded() else 'not '}loaded"
    )
