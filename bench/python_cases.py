"""The cases of bench/python_bench.py.

The first seven are the seed cases of the original UltraJSON README (its
benchmark.py), rebuilt for Python 3; then three files of the standard JSON
corpus, and two encode-only variants that time the `sort_keys` and `indent`
options.  Each case is built only when selected, so `--cases` skips the cost
of building (or reading) the others.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

# Which encoder configuration a case times; python_bench maps each to the
# corresponding option of every library (or to "n/a" where it has none).
Variant = Literal["plain", "sort_keys", "indent"]

# orjson can only indent by two spaces (OPT_INDENT_2), so the indent variant
# uses 2 for every library rather than the 4 a reader might expect.
INDENT = 2

# A real Arabic sentence of 189 characters (162 of them non-ASCII, 351 bytes
# of UTF-8): "JSON is a light way to exchange data between programs, easy for
# people to read and write and easy for computers to parse and generate; it
# rests on objects, arrays, strings, numbers and boolean values".
ARABIC_SENTENCE = (
    "صيغة جيسون هي طريقة خفيفة لتبادل البيانات بين البرامج، "
    "يسهل على الإنسان قراءتها وكتابتها ويسهل على الحاسوب تحليلها وتوليدها، "
    "وتعتمد على الكائنات والمصفوفات والنصوص والأرقام والقيم المنطقية "
)

# The original benchmark's user record: int, str, bool, float, list and None.
USER: dict[str, Any] = {
    "userId": 3381293,
    "age": 213,
    "username": "johndoe",
    "fullname": "John Doe the Second",
    "isAuthorized": True,
    "liked": 31231.31231202,
    "approval": 31.1471,
    "jobs": [1, 2],
    "currJob": None,
}
FRIENDS = [USER] * 8

# Every random case seeds its own generator, so its content does not depend on
# which other cases were selected or built first.
SEED = 8259

CORPUS_FILES = ("twitter.json", "citm_catalog.json", "canada.json")


@dataclass(frozen=True)
class CaseSpec:
    """How to build one case."""

    name: str
    # Makes the object to encode; None for corpus cases, which read `source`.
    build: Callable[[], Any] | None = None
    variant: Variant = "plain"
    # Encode-only cases have no decode row.
    decode: bool = True
    # For corpus cases: the file whose own text is the decode input.
    source: Path | None = None


@dataclass(frozen=True)
class Case:
    """A built case: the object to encode and the text to decode."""

    name: str
    obj: Any
    # The same str for every decoder, or None for encode-only cases.
    text: str | None
    variant: Variant
    source: Path | None


def corpus_dir() -> Path:
    """Return the corpus folder: $ULTRAJSON_DATA/corpus, else ../shared/data/corpus
    next to the repository root (where CI lays the shared data)."""
    if data := os.environ.get("ULTRAJSON_DATA"):
        return Path(data) / "corpus"
    return Path(__file__).resolve().parents[1].parent / "shared" / "data" / "corpus"


def _medium_complex_object() -> list[Any]:
    return [[USER, FRIENDS]] * 6


def _doubles() -> list[float]:
    rng = random.Random(SEED)
    return [sys.maxsize * rng.random() for _ in range(256)]


def _dict_array(rng: random.Random) -> list[dict[str, int]]:
    return [{str(rng.random() * 20): int(rng.random() * 1000000)} for _ in range(256)]


def _dicts() -> list[dict[str, int]]:
    return _dict_array(random.Random(SEED))


def _dict_of_dict_arrays() -> dict[str, list[dict[str, int]]]:
    rng = random.Random(SEED)
    return {str(rng.random() * 20): _dict_array(rng) for _ in range(256)}


def case_specs() -> list[CaseSpec]:
    """Return every case in report order."""
    return [
        CaseSpec("Array with 256 utf-8 strings", lambda: [ARABIC_SENTENCE] * 256),
        CaseSpec("Medium complex object", _medium_complex_object),
        CaseSpec("Array with 256 strings", lambda: ["A pretty long string which is in a list"] * 256),
        CaseSpec("Array with 256 doubles", _doubles),
        CaseSpec("Array with 256 True values", lambda: [True] * 256),
        CaseSpec("Array with 256 dict{string, int} pairs", _dicts),
        CaseSpec("Dict with 256 arrays with 256 dict{string, int} pairs", _dict_of_dict_arrays),
        *(CaseSpec(name, source=corpus_dir() / name) for name in CORPUS_FILES),
        CaseSpec(
            "Medium complex object, sort_keys=True",
            _medium_complex_object,
            variant="sort_keys",
            decode=False,
        ),
        CaseSpec(
            f"Medium complex object, indent={INDENT}",
            _medium_complex_object,
            variant="indent",
            decode=False,
        ),
    ]


def build(spec: CaseSpec) -> Case:
    """Build a case.  Raises OSError when a corpus file cannot be read."""
    if spec.source is not None:
        # Decode the file's own text, as the corpus is meant to be read; the
        # object to encode is what the stdlib decodes from it.
        source_text = spec.source.read_text(encoding="utf-8")
        return Case(spec.name, json.loads(source_text), source_text, spec.variant, spec.source)
    assert spec.build is not None
    obj = spec.build()
    text = json.dumps(obj, ensure_ascii=False) if spec.decode else None
    return Case(spec.name, obj, text, spec.variant, spec.source)
