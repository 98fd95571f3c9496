"""How the Python benchmarks time a call: the one method both runners use.

bench/python_bench.py (Python 3) and bench/python27_bench.py (Python 2.7)
both import it, so the Python 2.7 figures are measured exactly as the main
tables are; it is written in what both read.

Each call is timed in a timeit-style loop (the function and its argument are
locals, the garbage collector is off while the loop runs), with a loop count
calibrated per call so that one repeat lasts about `seconds`; the figure is
the best repeat.  The calls' repeats are interleaved, in a rotating order, so
drift in the machine's speed hits every call alike.
"""

from __future__ import absolute_import, division, print_function

import functools
import gc
import itertools
import time

try:
    _clock = time.perf_counter
except AttributeError:  # Python 2.7: timeit's default timer on Unix
    _clock = time.time


class Budget(object):
    """How long to time each call."""

    def __init__(self, repeat, seconds):
        self.repeat = repeat
        # The aimed length of one repeat, in seconds.
        self.seconds = seconds


# Many short repeats rather than a few long ones: on a shared machine the best
# of ten 0.1 s windows is likelier to be an undisturbed one.
FULL = Budget(repeat=10, seconds=0.1)
QUICK = Budget(repeat=3, seconds=0.01)


def describe_error(exc):
    """A table cell for an exception: one line, short."""
    message = " ".join(("%s: %s" % (type(exc).__name__, exc)).split())
    return "error: " + (message if len(message) <= 70 else message[:67] + "...")


# The timing loops, made once per set of keyword names (see call_loop).
_loops = {}


def call_loop(func):
    """The loop that times func, and the arguments it passes after func's one
    positional argument.

    A functools.partial that only binds keywords is called as a program
    writes such a call, f(arg, name=value, ...), with the keywords spelled at
    the call site: called through the partial, CPython copies the partial's
    dict and unpacks it again on every call, several times what a whole
    small call costs (callgrind, CPython 3.11, dumps(1) with two keywords),
    for every library so bound."""
    keywords = {}
    if isinstance(func, functools.partial) and not func.args and func.keywords:
        keywords = func.keywords
        func = func.func
    names = tuple(keywords)
    loop = _loops.get(names)
    if loop is None:
        values = ", ".join("v%d" % i for i in range(len(names)))
        spelled = "".join(", %s=v%d" % (name, i) for i, name in enumerate(names))
        source = (
            "def loop(func, arg, repeat, clock%s):\n"
            "    start = clock()\n"
            "    for _ in repeat:\n"
            "        func(arg%s)\n"
            "    return clock() - start\n"
        ) % (", " + values if names else "", spelled)
        namespace = {}
        exec(compile(source, "<timing loop>", "exec"), namespace)
        loop = _loops[names] = namespace["loop"]
    return loop, func, tuple(keywords[name] for name in names)


def run_loop(func, arg, number):
    """Call func(arg) number times (a partial's keywords spelled at the call
    site: see call_loop); return the seconds it took."""
    loop, func, values = call_loop(func)
    repeat = itertools.repeat(None, number)
    collecting = gc.isenabled()
    gc.disable()
    try:
        return loop(func, arg, repeat, _clock, *values)
    finally:
        if collecting:
            gc.enable()


def calibrate(func, arg, seconds):
    """Return the loop count that makes one repeat last about `seconds`, and
    the time per call measured on the way: a first sample, which matters for
    slow calls (a corpus file), where the calibration is one call."""
    number = 1
    while True:
        elapsed = run_loop(func, arg, number)
        if elapsed >= seconds / 10:
            return max(1, int(number * seconds / elapsed)), elapsed / number
        number *= 10


def time_interleaved(calls, budget):
    """Time each (name, func, arg) of calls: calls/sec for each name, or an
    error cell for a call that raised while timed."""
    numbers = {}
    best = {}  # seconds per call
    for name, func, arg in calls:
        numbers[name], best[name] = calibrate(func, arg, budget.seconds)
    failed = {}
    for r in range(budget.repeat):
        shift = r % len(calls)
        for name, func, arg in calls[shift:] + calls[:shift]:
            if name in failed:
                continue
            try:
                best[name] = min(best[name], run_loop(func, arg, numbers[name]) / numbers[name])
            except Exception as exc:  # passed its check, then failed: still a cell
                failed[name] = describe_error(exc)
    return dict((name, failed.get(name) or 1 / best[name]) for name, _, _ in calls)
