"""Every error path of the loads builder releases each object exactly once
(the decode side of CVE-2022-31117): errors in keys deep in big documents,
and MemoryError injected at each allocation in turn (CPython's _testcapi
fails the n-th allocation). Each injection run is in a child process, so a
double free or a crash fails the test instead of the suite; the ASan-built
run turns a silent double free into a failure too.
"""

from __future__ import annotations

import subprocess
import sys
import tracemalloc

import pytest
import ultrajson

GOOD = '{"n":1,"s":"text","l":[1.5,null,true],"u":"\\u00e9"},' * 200
DEEP = '{"a":[' * 200

KEY_ERRORS = {
    "bad escape in a key": "[" + GOOD + DEEP + '{"k\\x":1}',
    "bad unicode escape in a key": "[" + GOOD + DEEP + '{"k\\u12":1}',
    "unterminated key": "[" + GOOD + DEEP + '{"key',
    "key not a string": "[" + GOOD + DEEP + "{1:2}",
    "no value after a key": "[" + GOOD + DEEP + '{"k":}',
    "cached key then error": "[" + GOOD + DEEP + '{"n":1,"s":"x","l":[tru',
}


@pytest.mark.parametrize("name", list(KEY_ERRORS))
def test_errors_in_keys_free_everything_once(name):
    text = KEY_ERRORS[name]
    data = text.encode()

    def call():
        # try/except rather than pytest.raises, whose records would count.
        for doc in (text, data):
            try:
                ultrajson.loads(doc)
            except ultrajson.JSONDecodeError:
                continue
            raise AssertionError("no JSONDecodeError")

    for _ in range(3):
        call()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(200):
            call()
        growth = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # One leaked dict per call would be over 200 * 64 bytes.
    assert growth < 8 * 1024
    before = sys.getrefcount(text), sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(100):
        call()
    assert (sys.getrefcount(text), sys.getrefcount(None), sys.getrefcount(True)) == before


CHILD = r"""
import sys
import _testcapi
import ultrajson

text = '[' + '{"key":[1,2.5,"s\u00e9",{"deep":[null,true,12345678901234567890123]}],"k2":"v"},' * 30 + '1]'
expected = ultrajson.loads(text)
outcomes = {"ok": 0, "MemoryError": 0}
blocks = None
for attempt in range(2):
    for n in range(1, 400):
        _testcapi.set_nomemory(n, n + 1)
        try:
            result = ultrajson.loads(text)
        except MemoryError:
            _testcapi.remove_mem_hooks()
            outcomes["MemoryError"] += 1
            continue
        _testcapi.remove_mem_hooks()
        assert result == expected
        outcomes["ok"] += 1
    # The second round must not hold more blocks than the first left.
    now = sys.getallocatedblocks()
    if blocks is not None:
        assert now - blocks < 200, (blocks, now)
    blocks = now
assert outcomes["MemoryError"] > 0, outcomes
print("ok", outcomes)
"""


def test_memory_error_at_each_allocation():
    completed = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=300, check=False
    )
    assert completed.returncode == 0, (completed.returncode, completed.stderr[-3000:])
    assert completed.stdout.startswith("ok")
