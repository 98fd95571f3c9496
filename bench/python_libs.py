"""The libraries of bench/python_bench.py and how each is called.

Two configurations are timed side by side in one run:
- defaults, the seed README's table: every library as a user calls it
  without options (json, simplejson, rapidjson, ujson and ultrajson write
  non-ASCII as \\uXXXX; ujson and ultrajson also escape "/");
- like for like: ultrajson and ujson with ensure_ascii=False and
  escape_forward_slashes=False, against orjson.dumps, msgspec.json.encode and
  yyjson.dumps, which write UTF-8 and leave "/" alone.
Decoding has no options to match: each library's loads reads the same str in
both tables.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from types import ModuleType
from typing import Any

from python_cases import INDENT

SELF = "ultrajson"
# The libraries of the defaults table (the seed's peers and those added since),
# then those only in the like-for-like table.
DEFAULT_NAMES = ("ultrajson", "json", "simplejson", "cjson", "ujson", "orjson", "rapidjson")
LIKE_ONLY_NAMES = ("msgspec", "yyjson")
LIBRARY_NAMES = DEFAULT_NAMES + LIKE_ONLY_NAMES
# The like-for-like table's encoder columns: ours and ujson with the options
# that make them write what the others write; key = column name.
LIKE_SUFFIX = " (utf-8)"
LIKE_COLUMNS = (SELF + LIKE_SUFFIX, "ujson" + LIKE_SUFFIX, "orjson", "msgspec", "yyjson")
# The peers the like-for-like targets are measured against.
LIKE_PEERS = ("orjson", "msgspec", "yyjson")
# The chart's 1.0: the library ultrajson is a drop-in for.
BASELINE = "ujson"
SELF_ENV = "ULTRAJSON_BENCH_SELF"
# Distribution names, for versions of modules that lack __version__.
DISTRIBUTIONS = {"cjson": "python-cjson", "rapidjson": "python-rapidjson"}
# The options that make ujson's API write UTF-8 and leave "/" alone.
UTF8_OPTIONS = {"ensure_ascii": False, "escape_forward_slashes": False}

Encoder = Callable[[Any], "str | bytes"]
Decoder = Callable[[str], Any]
# variant ("plain", "sort_keys", "indent") -> encoder; None where the library lacks the option.
Encoders = dict[str, "Encoder | None"]


@dataclass
class Library:
    name: str
    version: str = ""
    # Why it could not be imported; None when it was.
    error: str | None = None
    encoders: Encoders = field(default_factory=dict)
    # The like-for-like encoders, for ultrajson and ujson (the others' defaults already are).
    utf8_encoders: Encoders | None = None
    decoder: Decoder | None = None


def _ujson_api(dumps: Callable[..., str], **options: Any) -> Encoders:
    # json, simplejson, ujson, rapidjson and ultrajson share this API.
    return {
        "plain": partial(dumps, **options) if options else dumps,
        "sort_keys": partial(dumps, sort_keys=True, **options),
        "indent": partial(dumps, indent=INDENT, **options),
    }


def _bind(name: str, module: ModuleType) -> Library:
    if name == "orjson":
        encoders: Encoders = {
            "plain": module.dumps,
            "sort_keys": partial(module.dumps, option=module.OPT_SORT_KEYS),
            "indent": partial(module.dumps, option=module.OPT_INDENT_2),
        }
        return Library(name, encoders=encoders, decoder=module.loads)
    if name == "msgspec":
        import msgspec.json

        # msgspec indents only through a second pass (msgspec.json.format).
        encoders = {"plain": msgspec.json.encode, "sort_keys": partial(msgspec.json.encode, order="sorted"), "indent": None}
        return Library(name, encoders=encoders, decoder=msgspec.json.decode)
    if name == "yyjson":
        # yyjson's writer has no key sorting; its two-space pretty print is the indent.
        encoders = {
            "plain": module.dumps,
            "sort_keys": None,
            "indent": lambda obj: module.Document(obj).dumps(flags=module.WriterFlags.PRETTY_TWO_SPACES),
        }
        return Library(name, encoders=encoders, decoder=module.loads)
    if name == "cjson":
        return Library(name, encoders={"plain": module.encode, "sort_keys": None, "indent": None}, decoder=module.decode)
    lib = Library(name, encoders=_ujson_api(module.dumps), decoder=module.loads)
    if name in (SELF, "ujson"):
        lib.utf8_encoders = _ujson_api(module.dumps, **UTF8_OPTIONS)
    return lib


def load_library(name: str) -> Library:
    """Import one library and bind its functions for each variant.
    ULTRAJSON_BENCH_SELF=ujson lets a module with ujson's API play "ultrajson",
    to try the benchmark before the extension is built."""
    module_name = os.environ.get(SELF_ENV, SELF) if name == SELF else name
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        error = f"not installed: {exc}"
        if name == "cjson":
            # Its last release (1.2.2) is a Python 2 extension that fails to compile.
            error += " (python-cjson builds only for Python 2: see the Python 2.7 table)"
        return Library(name, error=error)
    lib = _bind(name, module)
    lib.version = _version(module_name, module)
    if module_name != name:
        lib.version = f"{module_name} {lib.version}, standing in through {SELF_ENV}"
    return lib


def _version(module_name: str, module: ModuleType) -> str:
    if module_name == "json":
        import json.scanner

        # json falls back to pure Python when its C accelerator is missing.
        speedups = "on" if getattr(json.scanner, "c_make_scanner", None) is not None else "off"
        return f"{getattr(json, '__version__', '?')} (standard library, C speedups {speedups})"
    version = getattr(module, "__version__", None)
    if isinstance(version, str):
        return version
    import importlib.metadata  # only here: it costs a noticeable share of a child's start

    try:
        return importlib.metadata.version(DISTRIBUTIONS.get(module_name, module_name))
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def encoder_columns(lib: Library) -> dict[str, Encoders]:
    """The encode columns a library fills: its name (defaults, and like for like
    where its defaults already write UTF-8), and name + LIKE_SUFFIX for the
    like-for-like options of ultrajson and ujson."""
    columns = {lib.name: lib.encoders}
    if lib.utf8_encoders is not None:
        columns[lib.name + LIKE_SUFFIX] = lib.utf8_encoders
    return columns
