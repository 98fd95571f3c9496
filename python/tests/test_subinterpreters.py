"""ultrajson in sub-interpreters (issue 7, item 2).

mod_wsgi runs each application in a sub-interpreter by default; an import
that hangs there takes the server down. Each test runs in a child process
with a timeout, so a hang fails the test instead of blocking the suite. The
child makes the sub-interpreter with the interpreter's private module
(_xxsubinterpreters on 3.9-3.12, _interpreters on 3.13), which exists in
every CPython the suite runs on. On 3.12+ the default sub-interpreter is
isolated (its own GIL), which imports only modules that declare support for
it (PEP 489's Py_mod_multiple_interpreters).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

# A hang in the import would otherwise block forever; a healthy run takes
# well under a second.
TIMEOUT_SECONDS = 60

# Runs in the sub-interpreter: uses every function, raises and catches the
# decoder's error, and fills the key cache; writes "ok" to OUT when all
# checks pass.
SUB_INTERPRETER_CODE = """
import sys
sys.path[:0] = PATHS
import io
import json
import ultrajson

assert ultrajson.dumps({"a": [1, 2.5, None, "\\u00e9"]}) == '{"a":[1,2.5,null,"\\\\u00e9"]}'
assert ultrajson.dumps([1, {"b": True}], indent=2, sort_keys=True) == (
    json.dumps([1, {"b": True}], indent=2, sort_keys=True))
assert ultrajson.loads('{"a": [1, 2.5, null, "\\u00e9"]}') == {"a": [1, 2.5, None, "\\u00e9"]}
document = [{"key%d" % i: i for i in range(40)} for _ in range(50)]
assert ultrajson.loads(ultrajson.dumps(document)) == document
stream = io.StringIO()
ultrajson.dump({"x": 1}, stream)
assert ultrajson.load(io.StringIO(stream.getvalue())) == {"x": 1}

# The error class is this interpreter's: a subclass of this interpreter's
# json.JSONDecodeError, raised, caught and carrying its position.
assert issubclass(ultrajson.JSONDecodeError, json.JSONDecodeError)
try:
    ultrajson.loads('{"a": [1, 2')
except ultrajson.JSONDecodeError as error:
    assert isinstance(error, json.JSONDecodeError), type(error).__mro__
    assert isinstance(error, ValueError)
    assert error.pos == 11, error.pos
else:
    raise AssertionError("no JSONDecodeError")
try:
    ultrajson.dumps(object())
except TypeError as error:
    assert "is not JSON serializable" in str(error)
else:
    raise AssertionError("no TypeError")

with open(OUT, "w") as out:
    out.write("ok")
"""

CHILD = """
import sys
try:
    import _interpreters as interpreters  # 3.13
except ImportError:
    import _xxsubinterpreters as interpreters  # 3.9-3.12

IMPORT_IN_MAIN = {import_in_main}
ROUNDS = {rounds}
if IMPORT_IN_MAIN:
    import ultrajson
    # Fill the main interpreter's key cache before any sub-interpreter.
    before = ultrajson.loads('[{{"main_key": 1, "other": [2]}}]')

for n in range(ROUNDS):
    out = {out!r} + str(n)
    code = {code!r}.replace("PATHS", repr(sys.path)).replace("OUT", repr(out))
    interpreter = interpreters.create()
    # 3.13 returns the exception's description; older versions raise.
    failure = interpreters.run_string(interpreter, code)
    interpreters.destroy(interpreter)
    if failure is not None:
        sys.exit("sub-interpreter failed: %r" % (failure,))
    with open(out) as result:
        assert result.read() == "ok"

if IMPORT_IN_MAIN:
    # The main interpreter's module still works after they are gone.
    assert ultrajson.loads('[{{"main_key": 1, "other": [2]}}]') == before
    try:
        ultrajson.loads("[")
    except ultrajson.JSONDecodeError:
        pass
print("done")
"""


def run_child(tmp_path: Path, *, import_in_main: bool, rounds: int) -> None:
    script = CHILD.format(
        import_in_main=import_in_main,
        rounds=rounds,
        out=str(tmp_path / "result"),
        code=textwrap.dedent(SUB_INTERPRETER_CODE),
    )
    completed = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "done"


def test_import_and_use_in_a_sub_interpreter(tmp_path: Path) -> None:
    run_child(tmp_path, import_in_main=False, rounds=1)


def test_sub_interpreters_after_the_main_interpreter_imported_it(tmp_path: Path) -> None:
    run_child(tmp_path, import_in_main=True, rounds=1)


def test_one_sub_interpreter_after_another(tmp_path: Path) -> None:
    # Each gets a fresh module and state; freeing one must not break the next.
    run_child(tmp_path, import_in_main=True, rounds=3)
