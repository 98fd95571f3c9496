"""The decoder's exception; the extension raises it, so it lives on its own."""

from __future__ import annotations

import json
from typing import Union

__all__ = ["JSONDecodeError"]


class JSONDecodeError(json.JSONDecodeError):
    """The input of loads() or load() is not one valid JSON document.

    A subclass of json.JSONDecodeError (so also of ValueError) with the same
    attributes: msg, doc, pos, lineno and colno.  For str input, doc is the
    str and pos counts characters, as json does.  For bytes-like input, doc
    is the input as bytes and pos and colno count bytes.
    """

    def __init__(self, msg: str, doc: Union[str, bytes], pos: int) -> None:
        if isinstance(doc, str):
            super().__init__(msg, doc, pos)
            return
        # json.JSONDecodeError counts lines with str methods; do it in bytes.
        lineno = doc.count(b"\n", 0, pos) + 1
        colno = pos - doc.rfind(b"\n", 0, pos)
        ValueError.__init__(self, "%s: line %d column %d (char %d)" % (msg, lineno, colno, pos))
        self.msg = msg
        self.doc = doc  # type: ignore[assignment]  # json types it str; here it is the bytes input
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


JSONDecodeError.__module__ = "ultrajson"
