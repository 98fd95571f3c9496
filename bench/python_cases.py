# -*- coding: utf-8 -*-
"""The cases of the Python benchmarks: the one list both runners read.

bench/python_bench.py (Python 3) times them all; bench/python27_bench.py
(Python 2.7, for cjson and ujson 1.35) times the seed cases.  So this file is
written in what Python 2.7 and 3 both read: no annotations, f-strings or
dataclasses.

The first seven are the seed cases of the original UltraJSON README (its
benchmark.py); then three files of the standard JSON corpus; two decode-only
cases of text as `json.dumps` writes it by default (non-ASCII as \\uXXXX
escapes); three small calls (`1`, `[]`, `{}`), where argument handling and
result creation are the cost; and two encode-only variants that time the `sort_keys` and `indent`
options.  Each case is built only when selected, so `--cases` skips the cost
of building (or reading) the others.
"""

from __future__ import absolute_import, division, print_function

import io
import json
import os
import random
import sys

# Which encoder configuration a case times; python_libs maps each to the
# corresponding option of every library (or to "n/a" where it has none).
VARIANTS = ("plain", "sort_keys", "indent")

# orjson can only indent by two spaces (OPT_INDENT_2), so the indent variant
# uses 2 for every library rather than the 4 a reader might expect.
INDENT = 2

# A real Arabic sentence of 189 characters (162 of them non-ASCII, 351 bytes
# of UTF-8): "JSON is a light way to exchange data between programs, easy for
# people to read and write and easy for computers to parse and generate; it
# rests on objects, arrays, strings, numbers and boolean values".
ARABIC_SENTENCE = (
    u"صيغة جيسون هي طريقة خفيفة لتبادل البيانات بين البرامج، "
    u"يسهل على الإنسان قراءتها وكتابتها ويسهل على الحاسوب تحليلها وتوليدها، "
    u"وتعتمد على الكائنات والمصفوفات والنصوص والأرقام والقيم المنطقية "
)

# The original benchmark's user record: int, str, bool, float, list and None.
USER = {
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
# which other cases were selected or built first.  Python 2.7 and 3 draw the
# same numbers from an integer seed, and repr writes them alike.
SEED = 8259

CORPUS_FILES = ("twitter.json", "citm_catalog.json", "canada.json")

# How a case's decode input is made.
UTF8 = "utf-8"  # json.dumps(obj, ensure_ascii=False): non-ASCII as is
ESCAPED = "escaped"  # json.dumps(obj): non-ASCII as \uXXXX, as json and ujson write by default
FILE = "file"  # a corpus file's own text


class CaseSpec(object):
    """How to build one case."""

    def __init__(self, name, build, variant="plain", encode=True, decode=True, text_form=UTF8, seed=False,
                 corpus=False):
        self.name = name
        # Makes the object to encode (for corpus cases, reads it from the file).
        self.build = build
        self.variant = variant
        self.encode = encode
        # Encode-only cases have no decode row.
        self.decode = decode
        self.text_form = text_form
        # One of the original README's seven cases (the Python 2.7 runner's).
        self.seed = seed
        # Whether it reads a file of the corpus.
        self.corpus = corpus or text_form == FILE


class Case(object):
    """A built case: the object to encode and the text to decode."""

    def __init__(self, spec, obj, text):
        self.name = spec.name
        self.variant = spec.variant
        self.encode = spec.encode
        self.obj = obj
        # The same str for every decoder, or None for encode-only cases.
        self.text = text


def corpus_dir():
    """Return the corpus folder: $ULTRAJSON_DATA/corpus, else ../shared/data/corpus
    next to the repository root (where CI lays the shared data)."""
    data = os.environ.get("ULTRAJSON_DATA")
    if data:
        return os.path.join(data, "corpus")
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.join(os.path.dirname(repo), "shared", "data", "corpus")


def read_corpus(name):
    """Return a corpus file's text.  Raises IOError/OSError when it cannot be read."""
    with io.open(os.path.join(corpus_dir(), name), encoding="utf-8") as f:
        return f.read()


def _medium_complex_object():
    return [[USER, FRIENDS]] * 6


def _doubles():
    rng = random.Random(SEED)
    return [sys.maxsize * rng.random() for _ in range(256)]


def _dict_array(rng):
    return [{repr(rng.random() * 20): int(rng.random() * 1000000)} for _ in range(256)]


def _dicts():
    return _dict_array(random.Random(SEED))


def _dict_of_dict_arrays():
    rng = random.Random(SEED)
    return dict((repr(rng.random() * 20), _dict_array(rng)) for _ in range(256))


def _utf8_strings():
    return [ARABIC_SENTENCE] * 256


def _corpus(name):
    return lambda: json.loads(read_corpus(name))


def case_specs():
    """Return every case in report order."""
    seed = [
        CaseSpec("Array with 256 utf-8 strings", _utf8_strings, seed=True),
        CaseSpec("Medium complex object", _medium_complex_object, seed=True),
        CaseSpec("Array with 256 strings", lambda: ["A pretty long string which is in a list"] * 256, seed=True),
        CaseSpec("Array with 256 doubles", _doubles, seed=True),
        CaseSpec("Array with 256 True values", lambda: [True] * 256, seed=True),
        CaseSpec("Array with 256 dict{string, int} pairs", _dicts, seed=True),
        CaseSpec("Dict with 256 arrays with 256 dict{string, int} pairs", _dict_of_dict_arrays, seed=True),
    ]
    corpus = [CaseSpec(name, _corpus(name), text_form=FILE) for name in CORPUS_FILES]
    escaped = [
        CaseSpec("Array with 256 utf-8 strings, \\u-escaped", _utf8_strings, encode=False, text_form=ESCAPED),
        CaseSpec(
            "twitter.json, \\u-escaped", _corpus("twitter.json"), encode=False, text_form=ESCAPED, corpus=True
        ),
    ]
    small = [CaseSpec("Small call: %s" % text, build) for text, build in (("1", lambda: 1), ("[]", list), ("{}", dict))]
    options = [
        CaseSpec("Medium complex object, sort_keys=True", _medium_complex_object, variant="sort_keys", decode=False),
        CaseSpec(
            "Medium complex object, indent=%d" % INDENT, _medium_complex_object, variant="indent", decode=False
        ),
    ]
    return seed + corpus + escaped + small + options


def select(pattern, specs=None):
    """The specs whose name contains one of the comma-separated substrings of
    pattern (any case); all of them for an empty pattern."""
    wanted = [part.strip().lower() for part in pattern.split(",") if part.strip()]
    specs = case_specs() if specs is None else specs
    return [spec for spec in specs if not wanted or any(w in spec.name.lower() for w in wanted)]


def build(spec):
    """Build a case.  Raises IOError/OSError when a corpus file cannot be read."""
    if spec.text_form == FILE:
        # Decode the file's own text, as the corpus is meant to be read; the
        # object to encode is what the stdlib decodes from it.
        text = read_corpus(spec.name)
        return Case(spec, json.loads(text), text)
    obj = spec.build()
    if not spec.decode:
        text = None
    elif spec.text_form == ESCAPED:
        text = json.dumps(obj)
    else:
        text = json.dumps(obj, ensure_ascii=False)
    return Case(spec, obj, text)
