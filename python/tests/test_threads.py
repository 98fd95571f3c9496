"""Threads: calls made at once give the results of the same calls made one
after another (spec: "Threads")."""

from __future__ import annotations

import random
import sys
import threading

import pytest
import ultrajson

from _support import data_path

THREADS = 8
ROUNDS = 3
CORPUS_FILES = [
    "github_events.json",
    "apache_builds.json",
    "instruments.json",
    "twitter.json",
    "update-center.json",
    "numbers.json",
]


class Custom:
    """Makes the encoder call back into Python, where threads can switch."""

    def __init__(self, n):
        self.n = n

    def toDict(self):
        return {"custom": self.n, "list": list(range(self.n % 7))}


class Raw:
    def __init__(self, n):
        self.n = n

    def __json__(self):
        return f'{{"raw": {self.n}}}'


def _default(obj):
    if isinstance(obj, set):
        return sorted(obj)
    raise TypeError(repr(obj))


def _generated(rng: random.Random, depth: int = 0):
    kind = rng.randrange(10 if depth < 4 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.randint(-(2**70), 2**70)
    if kind == 3:
        return rng.uniform(-1e10, 1e10)
    if kind == 4:
        return "".join(
            chr(
                rng.choice(
                    [rng.randrange(32, 127), rng.randrange(0xA0, 0x3000), 0x1F600]
                )
            )
            for _ in range(rng.randrange(12))
        )
    if kind == 5:
        return rng.choice(
            [Custom(rng.randrange(20)), Raw(rng.randrange(100)), {1, 2, 3}]
        )
    if kind in (6, 7):
        return [_generated(rng, depth + 1) for _ in range(rng.randrange(6))]
    return {
        f"k{rng.randrange(30)}é": _generated(rng, depth + 1)
        for _ in range(rng.randrange(6))
    }


OPTIONS = [
    {},
    {"indent": 2, "sort_keys": True},
    {"ensure_ascii": False, "escape_forward_slashes": False},
    {"encode_html_chars": True, "indent": -1, "separators": (", ", " : ")},
]
BAD_DOCS = ["[1] x", '{"a": [1, 2,]}', '"abc', "tru", "[" * 1100, '{"é😀":\n  @}']


def _inputs():
    """Texts to decode and objects to encode, shared by all threads."""
    texts = []
    folder = data_path("corpus")
    if folder is not None:
        for name in CORPUS_FILES:
            path = folder / name
            if path.exists():
                texts.append(path.read_text(encoding="utf-8"))
    rng = random.Random(99)
    objects = [_generated(rng) for _ in range(200)]
    objects.append([_generated(rng) for _ in range(300)])
    texts.extend(ultrajson.dumps(o, default=_default) for o in objects[:50])
    return texts, objects


def _error_signature(doc):
    try:
        ultrajson.loads(doc)
    except ultrajson.JSONDecodeError as exc:
        return (type(exc), str(exc), exc.pos, exc.lineno, exc.colno)
    raise AssertionError(f"accepted {doc!r}")


def test_threads_give_serial_results():
    texts, objects = _inputs()
    # The serial run: the reference results.
    decoded = [ultrajson.loads(t) for t in texts]
    decoded_bytes = [ultrajson.loads(t.encode("utf-8")) for t in texts]
    encoded = [
        [ultrajson.dumps(o, default=_default, **opts) for opts in OPTIONS]
        for o in objects
    ]
    errors = [_error_signature(d) for d in BAD_DOCS]
    redecoded = [ultrajson.dumps(d, sort_keys=False) for d in decoded]

    barrier = threading.Barrier(THREADS)
    failures: list[str] = []
    lock = threading.Lock()

    def fail(msg):
        with lock:
            failures.append(msg)

    def worker(seed: int):
        rng = random.Random(seed)
        jobs = (
            [("loads", i) for i in range(len(texts))]
            + [("loads-bytes", i) for i in range(len(texts))]
            + [("dumps", i) for i in range(len(objects))]
            + [("error", i) for i in range(len(BAD_DOCS))]
            + [("redump", i) for i in range(len(decoded))]
        )
        try:
            barrier.wait(timeout=60)
            for _ in range(ROUNDS):
                rng.shuffle(jobs)
                for kind, i in jobs:
                    if kind == "loads":
                        if ultrajson.loads(texts[i]) != decoded[i]:
                            fail(f"thread {seed}: loads(texts[{i}]) differs")
                    elif kind == "loads-bytes":
                        if (
                            ultrajson.loads(texts[i].encode("utf-8"))
                            != decoded_bytes[i]
                        ):
                            fail(f"thread {seed}: loads(bytes[{i}]) differs")
                    elif kind == "dumps":
                        for j, opts in enumerate(OPTIONS):
                            if (
                                ultrajson.dumps(objects[i], default=_default, **opts)
                                != encoded[i][j]
                            ):
                                fail(
                                    f"thread {seed}: dumps(objects[{i}], {opts}) differs"
                                )
                    elif kind == "error":
                        if _error_signature(BAD_DOCS[i]) != errors[i]:
                            fail(
                                f"thread {seed}: error for {BAD_DOCS[i]!r:.30} differs"
                            )
                    else:
                        if ultrajson.dumps(decoded[i]) != redecoded[i]:
                            fail(f"thread {seed}: dumps(decoded[{i}]) differs")
        except Exception as exc:  # noqa: BLE001
            fail(f"thread {seed}: {type(exc).__name__}: {exc}")

    saved = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=worker, args=(n,)) for n in range(THREADS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        assert not any(t.is_alive() for t in threads), "a thread hangs"
    finally:
        sys.setswitchinterval(saved)
    assert failures == []


def test_threads_dump_and_load_with_callbacks():
    # write() and read() run Python code mid-call: other threads run meanwhile.
    import io

    objects = [
        {"n": n, "items": [Custom(n), Raw(n)], "text": "é/" * n} for n in range(50)
    ]
    expected = [ultrajson.dumps(o) for o in objects]
    barrier = threading.Barrier(THREADS)
    failures = []

    def worker(seed):
        try:
            barrier.wait(timeout=60)
            for _ in range(20):
                for obj, want in zip(objects, expected):
                    out = io.StringIO()
                    ultrajson.dump(obj, out)
                    if out.getvalue() != want:
                        failures.append((seed, "dump"))
                    if ultrajson.load(io.StringIO(want)) != ultrajson.loads(want):
                        failures.append((seed, "load"))
        except Exception as exc:  # noqa: BLE001
            failures.append((seed, repr(exc)))

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert failures == []


@pytest.fixture
def digit_limit():
    saved = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    yield 4300
    sys.set_int_max_str_digits(saved)


def test_threads_errors(digit_limit):
    # Errors raised in many threads at once stay per call.
    doc = "[" + "7" * (digit_limit + 1) + "]"
    barrier = threading.Barrier(THREADS)
    results = []

    def worker():
        barrier.wait(timeout=60)
        for _ in range(200):
            try:
                ultrajson.loads(doc)
            except ValueError as exc:
                results.append(type(exc))
            try:
                ultrajson.dumps([float("nan")], allow_nan=False)
            except OverflowError as exc:
                results.append(type(exc))

    threads = [threading.Thread(target=worker) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert len(results) == THREADS * 400
    assert results.count(OverflowError) == THREADS * 200
