"""dumps keeps the text of the dict keys that recur in one call, found by
the key object's address, and copies it instead of escaping the key again;
after many keys that never recur it stops looking. These tests check the
text against the standard library's where a kept text could go wrong: a
key object freed and another made at its address, keys that must be
escaped or are too long or not ASCII to keep, the options that change a
key's text, unique keys past the point where the cache goes off, and that
no reference is gained or lost."""

from __future__ import annotations

import gc
import json
import sys

import pytest
import ultrajson

KEYS = ["a", "id", "name", "x" * 29, "y" * 30, "z" * 31, "a/b", 'say "hi"', "back\\slash", "tab\t", "<&>", "\x7f",
        "é", "€", "\U0001f600", ""]


def _reference(obj, **options):
    separators = (",", ":") if "indent" not in options else None
    return json.dumps(obj, separators=separators, **options)


def _ours(obj, **options):
    return ultrajson.dumps(obj, escape_forward_slashes=False, **options)


@pytest.mark.parametrize("ensure_ascii", [True, False])
@pytest.mark.parametrize("sort_keys", [False, True])
def test_recurring_keys_of_every_kind(ensure_ascii, sort_keys):
    # Each key object recurs in many dicts (as json.loads shares them), in
    # members written in place and after a member that needs a frame; four
    # keys a dict, so that they recur within the first keys of the call
    # (the cache stays on).
    groups = [KEYS[first:first + 4] for first in range(0, len(KEYS), 4)]
    rows = [{key: i for key in group} for i in range(50) for group in groups]
    rows += [{key: [i, {key: i}] for key in group} for i in range(50) for group in groups]
    options = dict(ensure_ascii=ensure_ascii, sort_keys=sort_keys)
    assert _ours(rows, **options) == _reference(rows, **options)


def test_options_that_change_a_keys_text():
    rows = [{"a/b": 1, "<&>": 2, "\x7f": 3, "plain": 4} for _ in range(100)]
    for slashes in (True, False):
        for html in (True, False):
            for ensure_ascii in (True, False):
                ours = ultrajson.dumps(rows, escape_forward_slashes=slashes, encode_html_chars=html,
                                       ensure_ascii=ensure_ascii)
                assert ultrajson.loads(ours) == rows
                text = ours[:ours.index("}") + 1]
                assert ("\\/" in text) == slashes
                assert ("\\u003c" in text) == html
                assert ("\\u007f" in text) == ensure_ascii


def test_a_freed_keys_address_reused_by_another_key():
    # default() returns a new dict with new keys for each object; the last
    # one is freed once written, and the next one's keys may take its keys'
    # addresses: each must be written as itself.
    class Item:
        def __init__(self, number):
            self.number = number

    def default(item):
        return {f"key{item.number}": item.number, f"other{item.number % 7}": None}

    items = [Item(n) for n in range(2000)]
    assert ultrajson.dumps(items, default=default) == _reference([default(item) for item in items])


def test_unique_keys_past_the_cache_going_off():
    # Unique keys first (the cache goes off), then recurring ones: the text
    # is the same either way.
    unique = [{f"{i}.{j}": i for j in range(3)} for i in range(2000)]
    recurring = [{"k": i, "l": -i} for i in range(2000)]
    for rows in (unique + recurring, recurring + unique, [unique[0], recurring[0]] * 500):
        assert _ours(rows) == _reference(rows)


def test_keys_into_a_wider_output():
    # The output becomes two and four bytes a character part way: keys kept
    # while it was narrow are written in the wider width after.
    rows = [{"id": i, "name": "x"} for i in range(50)] + [{"id": 1, "name": "€"}]
    rows += [{"id": i, "name": "x"} for i in range(50)] + [{"id": 2, "name": "\U0001f600"}]
    rows += [{"id": i, "name": "x"} for i in range(50)]
    assert ultrajson.dumps(rows, ensure_ascii=False) == json.dumps(rows, ensure_ascii=False, separators=(",", ":"))


def test_no_reference_kept_or_lost():
    keys = [f"key{i}" for i in range(200)]
    rows = [{key: i for key in keys[i % 7:i % 7 + 20]} for i in range(500)]
    gc.collect()
    before = [sys.getrefcount(key) for key in keys]
    for _ in range(3):
        ultrajson.dumps(rows)
    gc.collect()
    assert [sys.getrefcount(key) for key in keys] == before
