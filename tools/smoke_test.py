"""A smoke test of an installed ultrajson, run outside the source tree.

tools/test_dist.sh runs it in fresh venvs on the manylinux wheel and on the
sdist; cibuildwheel runs it on each wheel it builds (pyproject.toml). It needs
nothing but the installed distribution and the standard library.
"""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import ultrajson

DISTRIBUTION = "pyultrajson"


def main() -> None:
    # The compiled extension of an installed package, not a source folder.
    package = Path(ultrajson.__file__).resolve().parent
    assert "site-packages" in package.parts, f"ultrajson imported from {package}"
    assert importlib.metadata.version(DISTRIBUTION) == ultrajson.__version__

    document = {"text": "é€😀\n", "numbers": [0, -1, 2**64, 1.5e300, -0.0], "empty": {}}
    text = ultrajson.dumps(document, ensure_ascii=False)
    assert ultrajson.loads(text) == document == json.loads(text)
    assert ultrajson.loads(text.encode()) == document

    try:
        ultrajson.loads('{"a": [1, 2')
    except ultrajson.JSONDecodeError as error:
        assert isinstance(error, ValueError) and error.pos == 11, error
    else:
        raise AssertionError("an unterminated document was accepted")

    tool = subprocess.run(
        [sys.executable, "-m", "ultrajson", "--indent", "1"],
        input='{"b":[true,null]}',
        capture_output=True,
        text=True,
        check=True,
    )
    assert tool.stdout == '{\n "b": [\n  true,\n  null\n ]\n}\n', repr(tool.stdout)

    print(f"smoke test passed: {DISTRIBUTION} {ultrajson.__version__} in {package}")


if __name__ == "__main__":
    main()
