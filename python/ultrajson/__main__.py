"""Validate and re-format JSON, like ``python -m json.tool``.

Usage: python -m ultrajson [--indent N] [--sort-keys] [--no-ensure-ascii]
                           [infile [outfile]]

Reads infile (standard input when absent or "-"), and writes the document
compact, or indented by N spaces, to outfile (standard output when absent or
"-").  Non-ASCII characters are written as \\u escapes, as json.tool does,
unless --no-ensure-ascii.  A document that is not valid JSON is reported as
"file:line:column: message" on standard error (the column counts bytes, as
the input is read as bytes), with exit status 1.
"""

from __future__ import annotations

import argparse
import sys

from . import JSONDecodeError, dumps, loads


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ultrajson",
        description="Validate a JSON document and write it compact or indented.",
    )
    parser.add_argument("infile", nargs="?", default="-", help="the JSON file (default: stdin)")
    parser.add_argument("outfile", nargs="?", default="-", help="where to write (default: stdout)")
    parser.add_argument("--indent", type=int, default=0, metavar="N",
                        help="indent nested values by N spaces (default: compact)")
    parser.add_argument("--sort-keys", action="store_true", help="sort object keys")
    parser.add_argument("--no-ensure-ascii", dest="ensure_ascii", action="store_false",
                        help="write non-ASCII characters as they are, not as \\u escapes")
    args = parser.parse_args(argv)

    name = "<stdin>" if args.infile == "-" else args.infile
    try:
        if args.infile == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.infile, "rb") as infile:
                data = infile.read()
    except OSError as error:
        print(f"{name}: {error.strerror}", file=sys.stderr)
        return 1

    try:
        document = loads(data)
    except JSONDecodeError as error:
        print(f"{name}:{error.lineno}:{error.colno}: {error.msg}", file=sys.stderr)
        return 1
    except ValueError as error:  # e.g. an integer beyond Python's digit limit
        print(f"{name}: {error}", file=sys.stderr)
        return 1

    try:
        text = dumps(document, ensure_ascii=args.ensure_ascii, escape_forward_slashes=False,
                     sort_keys=args.sort_keys, indent=args.indent)
    except (ValueError, TypeError) as error:
        parser.error(str(error))
    text += "\n"

    if args.outfile == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        with open(args.outfile, "w", encoding="utf-8") as outfile:
            outfile.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
