"""ultrajson: a fast, strict JSON decoder and encoder, a drop-in for ujson.

    >>> import ultrajson
    >>> ultrajson.dumps({"a": [1, 2.5, None]})
    '{"a":[1,2.5,null]}'
    >>> ultrajson.loads('{"a": [1, 2.5, null]}')
    {'a': [1, 2.5, None]}
"""

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
