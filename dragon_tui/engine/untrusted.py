"""Reading JSON that someone else wrote: save files and the table server's socket lines.

One parser for both, so every boundary refuses the same things with a clear message instead of
an unhandled exception deep inside :mod:`json` or :class:`int`:

- nesting deeper than :data:`MAX_DEPTH`, found by a scan of the brackets *before* parsing: the C
  parser would recurse until ``RecursionError``, and a garbage collection that happens that deep
  runs other objects' finalizers with no stack left (they fail where nobody can catch them);
- numbers that are not finite (``1e999``, ``NaN``, ``Infinity``: ``int()`` of them raises
  ``OverflowError`` or ``ValueError``);
- integers longer than :data:`MAX_INT_DIGITS` digits (Python refuses to convert more than 4,300
  and a seed is at most 155 digits: anything longer is not ours);
- texts larger than the caller's size limit.

Nothing here knows what a save or a request means; :class:`~dragon_tui.session.Table` and the
table server check the meaning of what comes out.
"""

from __future__ import annotations

import json
import math
import re
from array import array
from itertools import accumulate
from typing import Any

#: A save is nested a handful of levels (save → table → state → data → list → list).
MAX_DEPTH = 32
#: Enough for any seed (below 2**512, 155 digits) and any count a game keeps.
MAX_INT_DIGITS = 160


class UntrustedJSONError(ValueError):
    """JSON that is malformed, too deep, too big, or carries numbers no game uses."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise UntrustedJSONError(f"a number with {len(text)} digits")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise UntrustedJSONError(f"the number {text[:20]} is out of range")
    return value


def _parse_constant(name: str) -> float:
    raise UntrustedJSONError(f"{name} is not a number")


_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKETS = re.compile(rb"[^\[\]{}]+")
#: Opening brackets become +1 and closing ones -1 once read as signed bytes.
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


def text_depth(text: str | bytes) -> int:
    """How deeply the brackets of JSON ``text`` nest outside its strings, found without parsing.

    Every pass runs in C (regular expressions, ``bytes.translate``, ``accumulate``), so a
    megabyte costs milliseconds, and a text with few brackets is answered by counting them.
    Brackets inside an unterminated string are counted: that can only over-count a text the
    parser would refuse anyway.
    """
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    openings = data.count(b"[") + data.count(b"{")
    if openings <= MAX_DEPTH:  # cannot nest deeper than it opens
        return openings
    brackets = _NOT_BRACKETS.sub(b"", _STRINGS.sub(b"", data)).translate(_STEPS)
    return max(accumulate(array("b", brackets)), default=0)


def loads(text: str | bytes, max_bytes: int | None = None) -> Any:
    """Parse ``text`` or raise :class:`UntrustedJSONError` saying what is wrong with it."""
    if max_bytes is not None and len(text) > max_bytes:
        raise UntrustedJSONError(f"it is larger than {max_bytes // 1024} KB")
    if text_depth(text) > MAX_DEPTH:
        raise UntrustedJSONError(f"it nests deeper than {MAX_DEPTH} levels")
    try:
        doc = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except UntrustedJSONError:
        raise
    except RecursionError:
        raise UntrustedJSONError(f"it nests deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as exc:
        raise UntrustedJSONError(f"damaged JSON at line {exc.lineno}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise UntrustedJSONError(f"not JSON ({exc})") from None
    return doc
