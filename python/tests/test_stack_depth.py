"""dumps cannot outrun a thread's stack (issue 7, item 1).

The walk used to recurse on the C stack, so in a thread with a 128 KiB stack
a dict nested about 780 deep, or a toDict() chain about 369 deep, crashed the
process below the 1024-level limit. Now every nesting shape encodes 1024
levels and raises OverflowError at 1025, on 128 KiB and 64 KiB thread stacks.
Each stack size runs in a child process, so a crash fails the test instead
of killing the suite.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

CHILD = r"""
import sys
import threading

import ultrajson

LIMIT = 1024


class ToDict:
    def __init__(self, child):
        self.child = child

    def toDict(self):
        return {"k": self.child} if self.child is not None else {}


class Opaque:
    # Not JSON: default() replaces it with a list around its child.
    def __init__(self, child):
        self.child = child


def default(value):
    if isinstance(value, Opaque):
        return [value.child] if value.child is not None else []
    raise TypeError(repr(value))


WRAP = {
    "dict": lambda inner: {"k": inner} if inner is not None else {},
    "list": lambda inner: [inner] if inner is not None else [],
    "tuple": lambda inner: (inner,) if inner is not None else (),
    "to_dict": ToDict,
    "default": Opaque,
}


def nest(shape, levels):
    # `levels` containers, each inside the one before, the innermost empty;
    # the outermost is the shape's first kind.
    order = SHAPES[shape]
    value = None
    for level in range(levels):
        value = WRAP[order[(levels - 1 - level) % len(order)]](value)
    return value


def text(shape, levels):
    # The JSON the nesting must encode to, written out here.
    order = SHAPES[shape]
    kinds = ["{" if order[level % len(order)] in ("dict", "to_dict") else "[" for level in range(levels)]
    opening = "".join('{"k":' if kind == "{" else "[" for kind in kinds[:-1])
    innermost = "{}" if kinds[-1] == "{" else "[]"
    closing = "".join("}" if kind == "{" else "]" for kind in reversed(kinds[:-1]))
    return opening + innermost + closing


SHAPES = {
    "dict": ["dict"],
    "list": ["list"],
    "tuple": ["tuple"],
    "to_dict": ["to_dict"],
    "default": ["default"],
    "mix": ["dict", "list", "to_dict", "tuple", "default"],
}

expected = {shape: text(shape, LIMIT) for shape in SHAPES}
values = {shape: (nest(shape, LIMIT), nest(shape, LIMIT + 1)) for shape in SHAPES}
failures = []


def run():
    for shape, (deepest, too_deep) in values.items():
        out = ultrajson.dumps(deepest, default=default)
        if out != expected[shape]:
            failures.append("%s: %d levels encoded wrongly" % (shape, LIMIT))
        try:
            ultrajson.dumps(too_deep, default=default)
        except OverflowError:
            pass
        else:
            failures.append("%s: %d levels raised no OverflowError" % (shape, LIMIT + 1))


threading.stack_size(int(sys.argv[1]))
thread = threading.Thread(target=run)
thread.start()
thread.join()
print("\n".join(failures) if failures else "ok")
"""


@pytest.mark.parametrize("stack_kib", [128, 64])
def test_nesting_to_the_limit_in_a_small_thread_stack(stack_kib: int) -> None:
    completed = subprocess.run(
        [sys.executable, "-c", CHILD, str(stack_kib * 1024)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    # A negative return code is the signal that killed it (SIGSEGV: -11).
    assert completed.returncode == 0, (completed.returncode, completed.stderr[-2000:])
    assert completed.stdout.strip() == "ok"
