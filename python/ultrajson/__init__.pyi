import json
from typing import Any, Callable, Iterable, Iterator, Protocol, Union

from typing_extensions import Buffer

__version__: str
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

class _Reader(Protocol):
    def read(self) -> Union[str, bytes]: ...

class _Writer(Protocol):
    def write(self, text: str, /) -> Any: ...

class JSONDecodeError(json.JSONDecodeError):
    def __init__(self, msg: str, doc: Union[str, bytes], pos: int) -> None: ...

def dumps(
    obj: Any,
    ensure_ascii: bool = ...,
    encode_html_chars: bool = ...,
    escape_forward_slashes: bool = ...,
    sort_keys: bool = ...,
    indent: int = ...,
    allow_nan: bool = ...,
    reject_bytes: bool = ...,
    default: Union[Callable[[Any], Any], None] = ...,
    separators: Union[tuple[str, str], None] = ...,
) -> str: ...

encode = dumps

def dump(
    obj: Any,
    fp: _Writer,
    /,
    *,
    ensure_ascii: bool = ...,
    encode_html_chars: bool = ...,
    escape_forward_slashes: bool = ...,
    sort_keys: bool = ...,
    indent: int = ...,
    allow_nan: bool = ...,
    reject_bytes: bool = ...,
    default: Union[Callable[[Any], Any], None] = ...,
    separators: Union[tuple[str, str], None] = ...,
) -> None: ...
def loads(
    obj: Union[str, bytes, bytearray, memoryview, Buffer],
    *,
    object_hook: Union[Callable[[dict[str, Any]], Any], None] = ...,
    parse_float: Union[Callable[[str], Any], None] = ...,
    parse_int: Union[Callable[[str], Any], None] = ...,
    parse_constant: Union[Callable[[str], Any], None] = ...,
    object_pairs_hook: Union[Callable[[list[tuple[str, Any]]], Any], None] = ...,
) -> Any: ...

decode = loads

def load(
    fp: _Reader,
    /,
    *,
    object_hook: Union[Callable[[dict[str, Any]], Any], None] = ...,
    parse_float: Union[Callable[[str], Any], None] = ...,
    parse_int: Union[Callable[[str], Any], None] = ...,
    parse_constant: Union[Callable[[str], Any], None] = ...,
    object_pairs_hook: Union[Callable[[list[tuple[str, Any]]], Any], None] = ...,
) -> Any: ...

def loads_lines(text: Union[str, bytes, bytearray, memoryview, Buffer]) -> list[Any]: ...
def iter_lines(lines: Iterable[Union[str, bytes]]) -> Iterator[Any]: ...
def dumps_lines(
    values: Iterable[Any],
    *,
    ensure_ascii: bool = ...,
    encode_html_chars: bool = ...,
    escape_forward_slashes: bool = ...,
    sort_keys: bool = ...,
    indent: int = ...,
    allow_nan: bool = ...,
    reject_bytes: bool = ...,
    default: Union[Callable[[Any], Any], None] = ...,
    separators: Union[tuple[str, str], None] = ...,
) -> str: ...
