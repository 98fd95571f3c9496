"""Validate and re-format JSON, like ``python -m json.tool``.

Usage: python -m ultrajson [--sort-keys] [--no-ensure-ascii] [--json-lines]
                           [--indent N | --tab | --no-indent | --compact]
                           [infile [outfile]]

Reads infile (standard input when absent or "-") and writes the document to
outfile (standard output when absent or "-"), laid out as json.tool lays it
out: indented by 4 spaces by default, by N spaces with --indent N (0: each
item on a line of its own, not indented), by tabs with --tab, on one line
with ", " and ": " with --no-indent, and with no whitespace at all with
--compact.  Non-ASCII characters are written as \\u escapes, as json.tool does,
unless --no-ensure-ascii.  With --json-lines the input is JSON Lines (one
value per line, blank lines skipped) and each value is written in turn, each
followed by a newline (use --no-indent or --compact for JSON Lines output).

A document that is not valid JSON is reported as "file:line:column: message"
on standard error (the column counts bytes, as the input is read as bytes),
with exit status 1.  So is every I/O error (an input or output that cannot be
opened, read or written, a full disk, a reader that closes the pipe early) and
an interrupt: one line on standard error, never a traceback.  Bad arguments
exit with status 2, as argparse does.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from typing import TYPE_CHECKING

from . import JSONDecodeError, dumps, loads, loads_lines

if TYPE_CHECKING:  # annotations only: typing.Any is no class before 3.11
    from typing import Any


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ultrajson",
        description="Validate JSON (or JSON Lines) and write it laid out as json.tool does.",
    )
    parser.add_argument("infile", nargs="?", default="-", help="the JSON file (default: stdin)")
    parser.add_argument("outfile", nargs="?", default="-", help="where to write (default: stdout)")
    parser.add_argument("--sort-keys", action="store_true", help="sort object keys")
    parser.add_argument("--no-ensure-ascii", dest="ensure_ascii", action="store_false",
                        help="write non-ASCII characters as they are, not as \\u escapes")
    parser.add_argument("--json-lines", action="store_true",
                        help="read JSON Lines (one value per line); use with --no-indent "
                             "or --compact to write JSON Lines")
    layout = parser.add_mutually_exclusive_group()
    layout.add_argument("--indent", type=int, default=4, metavar="N",
                        help="a newline per item and N spaces per level (default: 4)")
    layout.add_argument("--tab", action="store_const", dest="indent", const="\t",
                        help="a newline per item and a tab per level")
    layout.add_argument("--no-indent", action="store_const", dest="indent", const=None,
                        help="one line, items separated by ', ' and keys by ': '")
    layout.add_argument("--compact", action="store_true",
                        help="one line with no whitespace at all")
    args = parser.parse_args(argv)
    try:
        return run(args, parser)
    except KeyboardInterrupt:
        print("python -m ultrajson: interrupted", file=sys.stderr)
        return 1


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    name = "<stdin>" if args.infile == "-" else args.infile
    try:
        if args.infile == "-":
            if sys.stdin is None:  # started with standard input closed
                raise OSError(errno.EBADF, os.strerror(errno.EBADF))
            data = sys.stdin.buffer.read()
        else:
            with open(args.infile, "rb") as infile:
                data = infile.read()
    except OSError as error:
        print(f"{name}: {error.strerror}", file=sys.stderr)
        return 1

    try:
        values = loads_lines(data) if args.json_lines else [loads(data)]
    except JSONDecodeError as error:
        print(f"{name}:{error.lineno}:{error.colno}: {error.msg}", file=sys.stderr)
        return 1
    except ValueError as error:  # e.g. an integer beyond Python's digit limit
        print(f"{name}: {error}", file=sys.stderr)
        return 1

    try:
        text = "".join([lay_out(value, args) + "\n" for value in values])
    except (ValueError, TypeError) as error:
        parser.error(str(error))

    out_name = "<stdout>" if args.outfile == "-" else args.outfile
    try:
        # Encoded before anything is opened, so a document that UTF-8 cannot
        # hold (a lone surrogate with --no-ensure-ascii) leaves no partial file.
        output = text.encode("utf-8")
    except UnicodeEncodeError as error:
        print(f"{out_name}: cannot write a lone surrogate as UTF-8 "
              f"(position {error.start}); drop --no-ensure-ascii", file=sys.stderr)
        return 1
    try:
        if args.outfile == "-":
            write_stdout(output)
        else:
            # Errors of a buffered write (ENOSPC on /dev/full) surface at close,
            # inside this try.
            with open(args.outfile, "wb") as outfile:
                outfile.write(output)
    except OSError as error:
        print(f"{out_name}: {error.strerror}", file=sys.stderr)
        return 1
    return 0


def lay_out(value: Any, args: argparse.Namespace) -> str:
    """One value as text, laid out as json.tool lays it out."""
    options: dict[str, Any] = {
        "ensure_ascii": args.ensure_ascii,
        "escape_forward_slashes": False,
        "sort_keys": args.sort_keys,
    }
    if args.compact:
        return dumps(value, **options)
    if args.indent is None:
        return dumps(value, separators=(", ", ": "), **options)
    if isinstance(args.indent, int) and args.indent > 0:
        return dumps(value, indent=args.indent, **options)
    # A tab, or json's indent of 0 or less (a newline per item, no spaces):
    # dumps has neither, so lay out one space per level and put the unit in
    # place of each line's leading spaces (a line's depth: a string never
    # holds a raw newline, and no line's content starts with a space).
    unit = args.indent if isinstance(args.indent, str) else ""
    lines = dumps(value, indent=1, **options).split("\n")
    return "\n".join(unit * (len(line) - len(line.lstrip(" "))) + line.lstrip(" ")
                     for line in lines)


def write_stdout(output: bytes) -> None:
    """Write all of output to standard output, or raise OSError."""
    if sys.stdout is None:  # started with standard output closed
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))
    sys.stdout.flush()
    stream = sys.stdout.buffer
    try:
        # Under python -u the stream is raw: a write may take only part of the
        # data (a pipe whose reader is gone takes 64 KiB, then fails), and
        # TextIOWrapper would drop the rest without an error.
        view = memoryview(output)
        while view:
            written = stream.write(view)
            view = view[written or 0:]
        stream.flush()
    except BrokenPipeError:
        # The interpreter flushes stdout again at exit and would print
        # "Exception ignored ... BrokenPipeError": point it at /dev/null.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        raise


if __name__ == "__main__":
    sys.exit(main())
