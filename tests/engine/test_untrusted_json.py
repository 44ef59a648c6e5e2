"""The one parser for JSON from outside (save files, socket lines): nesting is refused before
the C parser recurses, strings are not mistaken for brackets, and real documents parse."""

from __future__ import annotations

import gc
import json
import sys

import pytest

from dragon_tui.engine.untrusted import MAX_DEPTH, UntrustedJSONError, loads, text_depth


@pytest.mark.parametrize("text, deepest", [
    ("1", 0),
    ('[1, [2, {"a": [3]}]]', 4),
    ('"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["', 0),
    ('["\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", 1]', 1),
    ("[" * 40 + "]" * 40, 40),
    ("[[]]" * 50, 2),
])
def test_the_bracket_scan_counts_nesting_outside_strings(text, deepest):
    assert text_depth(text) == deepest
    assert text_depth(text.encode()) == deepest


def test_a_deep_line_is_refused_before_the_parser_recurses():
    """A garbage collection deep inside a recursing parser runs finalizers with no stack left;
    they fail where nobody can catch them. Refusing by the scan leaves the stack shallow."""
    failures: list = []

    class Finalized:
        def __del__(self) -> None:
            def down(n: int) -> int:
                return 0 if n == 0 else down(n - 1)
            down(30)

    old_hook, old_threshold = sys.unraisablehook, gc.get_threshold()
    sys.unraisablehook = lambda info: failures.append(info.exc_type)
    try:
        for threshold in range(850, 1000, 5):  # a collection at every depth the parser reached
            gc.disable()
            for _ in range(3):
                cycle = Finalized()
                cycle.me = cycle
            del cycle
            gc.set_threshold(threshold)
            gc.enable()
            with pytest.raises(UntrustedJSONError, match="nests deeper"):
                loads(b"[" * 100_000 + b"]" * 100_000)
    finally:
        gc.set_threshold(*old_threshold)
        gc.enable()
        gc.collect()
        sys.unraisablehook = old_hook
    assert failures == []


def test_a_document_at_the_limit_parses_and_one_deeper_does_not():
    at_limit = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert json.dumps(loads(at_limit)) == at_limit
    with pytest.raises(UntrustedJSONError, match="nests deeper"):
        loads("[" + at_limit + "]")
