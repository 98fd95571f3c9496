"""ultrajson: a fast, strict JSON decoder and encoder, a drop-in for ujson.

    >>> import ultrajson
    >>> ultrajson.dumps({"a": [1, 2.5, None]})
    '{"a":[1,2.5,null]}'
    >>> ultrajson.loads('{"a": [1, 2.5, null]}')
    {'a': [1, 2.5, None]}
"""

from . import _processor

_processor.check()  # before the extension loads: it needs SSE2 on 32-bit x86

from ._ultrajson import (
    JSONDecodeError,
    __version__,
    decode,
    dump,
    dumps,
    encode,
    load,
    loads,
)
from ._lines import dumps_lines, iter_lines, loads_lines

__all__ = [
    "JSONDecodeError",
    "__version__",
    "decode",
    "dump",
    "dumps",
    "dumps_lines",
    "encode",
    "iter_lines",
    "load",
    "loads",
    "loads_lines",
]
