"""JSON Lines: one JSON value per line (https://jsonlines.org).

Lines that hold only JSON whitespace (space, tab, CR) are skipped, so a final
newline, CRLF line ends and blank separator lines are all accepted.  An error
names the line of the whole input it stands on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: typing.Any is no class before 3.11
    from typing import Any, Iterable, Iterator, Union

# The package has imported these from the extension before it imports this
# module; taking them from the package lets type checkers use its stubs.
from . import JSONDecodeError, dumps, loads

__all__ = ["dumps_lines", "iter_lines", "loads_lines"]

# JSON's whitespace; the newline is in too, as a file's lines end with it.
_BLANK_STR = " \t\r\n"
_BLANK_BYTES = b" \t\r\n"


def loads_lines(text: Union[str, bytes, bytearray, memoryview]) -> list[Any]:
    """Decode JSON Lines text (str or any bytes-like buffer) into a list of values.

    A line that is not one JSON value raises JSONDecodeError whose doc is the
    whole input and whose lineno, colno and pos point into it.
    """
    if isinstance(text, str):
        newline: Union[str, bytes] = "\n"
        blank: Union[str, bytes] = _BLANK_STR
    else:
        if not isinstance(text, bytes):
            # As loads does, an error's doc is the input as bytes.
            try:
                text = memoryview(text).tobytes()
            except TypeError:
                raise TypeError(
                    f"expected str or a bytes-like object, not {type(text).__name__}"
                ) from None
        newline = b"\n"
        blank = _BLANK_BYTES
    values = []
    start = 0
    size = len(text)
    while start < size:
        end = text.find(newline, start)  # type: ignore[arg-type]
        if end < 0:
            end = size
        line = text[start:end]
        if line.strip(blank):  # type: ignore[arg-type]
            try:
                values.append(loads(line))
            except JSONDecodeError as error:
                raise JSONDecodeError(error.msg, text, start + error.pos) from None
        start = end + 1
    return values


def iter_lines(lines: Iterable[Union[str, bytes]]) -> Iterator[Any]:
    """Yield the value of each line of a file (text or binary) or any iterable of lines.

    Lazy: a line is read only when its value is asked for.  A line that is not
    one JSON value raises JSONDecodeError whose doc is that line, whose lineno
    is its number in the file and whose pos counts from the file's start.
    """
    lineno = 0
    consumed = 0  # characters (text) or bytes (binary) before this line
    for line in lines:
        lineno += 1
        blank = _BLANK_STR if isinstance(line, str) else _BLANK_BYTES
        # Without its line end, an error at the end of the line is placed on it.
        content = line.rstrip(blank[-1:])  # type: ignore[arg-type]
        if content.strip(blank):  # type: ignore[arg-type]
            try:
                value = loads(content)
            except JSONDecodeError as error:
                raise _line_error(error, content, lineno, consumed) from None
            yield value
        consumed += len(line)


def _line_error(error: JSONDecodeError, line: Union[str, bytes], lineno: int,
                consumed: int) -> JSONDecodeError:
    """The error of one line, placed in the whole file."""
    placed = JSONDecodeError(error.msg, line, error.pos)
    placed.lineno = lineno
    placed.pos = consumed + error.pos
    placed.args = (f"{error.msg}: line {lineno} column {placed.colno} (char {placed.pos})",)
    return placed


def dumps_lines(values: Iterable[Any], **options: Any) -> str:
    """Encode each value on a line of its own, each line ending in a newline.

    Takes dumps()'s keyword options, except a positive indent, which would
    split a value over several lines (ValueError).
    """
    indent = options.get("indent", 0)
    if isinstance(indent, int) and indent > 0:
        raise ValueError("JSON Lines has one value per line: indent must not be positive")
    return "".join([dumps(value, **options) + "\n" for value in values])
