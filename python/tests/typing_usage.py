"""Typical calls of the public API, checked by mypy --strict (test_typing.py).

Not a test module: it is type-checked, never run.
"""

from __future__ import annotations

import decimal
import io
from typing import Any

import ultrajson

text: str = ultrajson.dumps({"a": [1, 2.5, None]}, indent=2, sort_keys=True)
same: str = ultrajson.encode([1], ensure_ascii=False, separators=(",", ":"))
value: Any = ultrajson.loads(text)
from_bytes: Any = ultrajson.decode(b"[1]")
from_buffer: Any = ultrajson.loads(memoryview(b"[1]"))
ultrajson.dump({"a": 1}, io.StringIO(), indent=2, default=str)
loaded: Any = ultrajson.load(io.StringIO("[]"))
exact: Any = ultrajson.loads("[1.5]", parse_float=decimal.Decimal, object_pairs_hook=dict)
hooked: Any = ultrajson.load(io.StringIO("{}"), object_hook=lambda d: sorted(d))
lines: list[Any] = ultrajson.loads_lines("1\n2\n")
for item in ultrajson.iter_lines(io.StringIO("1\n")):
    print(item)
out: str = ultrajson.dumps_lines([1, 2], sort_keys=True)
version: str = ultrajson.__version__
try:
    ultrajson.loads("[")
except ultrajson.JSONDecodeError as error:
    where: tuple[int, int, int] = (error.lineno, error.colno, error.pos)
