"""Small English helpers for every text the games and screens build: articles, plurals by
count, ranges of numbers, and seat names.

Engines, sessions, servers and widgets all write sentences around words they only know at run
time ("Ana draws a {colour} sheep", "trade {k} sword steps"). Writing "a"/"an" or "(s)" by hand
at each of those places is how "a orange sheep" and "1 shield(s)" got in, so they all come here
instead. No Textual, no Rich: this runs in engines and servers.

The words are the games' own, a small closed vocabulary, so a short list of exceptions does
what a general English library would (and costs no dependency).
"""

from __future__ import annotations

import re

__all__ = ["a_or_an", "article", "count_of", "format_seats", "plural", "span"]

#: Words spelled with a vowel but said with a consonant ("a unicorn", "a one-eyed").
_CONSONANT_SOUND = ("one", "once", "uni", "use", "usu", "uti", "ure", "euro", "eu", "ewe", "uk")
#: Words spelled with a consonant but said with a vowel ("an hour", "an honest").
_VOWEL_SOUND = ("hour", "honest", "honour", "honor", "heir")
#: Irregular plurals of the games' words.
_IRREGULAR = {
    "sheep": "sheep", "fairy": "fairies", "man": "men", "knight": "knights", "thief": "thieves",
    "dice": "dice", "die": "dice", "VP": "VP", "CP": "CP", "gold": "gold", "neighbour": "neighbours",
}
_SEAT_TOKEN = re.compile(r"\{p(\d)\}")


def article(word: str) -> str:
    """'a' or 'an' for ``word``, by how it is said: 'an' before a vowel sound ("an orange",
    "an hour", "an 8", "an 11"), 'a' otherwise ("a yellow", "a unicorn", "a one-eyed")."""
    text = word.strip().lstrip("\"'(“‘")
    if not text:
        return "a"
    if text[0].isdigit():
        digits = re.match(r"\d+", text).group(0)
        # Said "eight…", "eleven", "eighteen", "eighty…": 8, 11, 18, 8x, 8xx, 11xxx, …
        n = len(digits)
        return "an" if digits[0] == "8" or (n % 3 == 2 and digits[:2] in ("11", "18")) else "a"
    lower = text.lower()
    first = re.match(r"[\w']+", text)
    token = first.group(0) if first else text
    if token.isupper() and (len(token) > 1 or not token.isalpha() or len(text) == 1):
        # An abbreviation or a letter, read letter by letter: "an MP", "a VP", "an F3", "an X".
        return "an" if lower[0] in "aefhilmnorsx" else "a"
    if lower.startswith(_VOWEL_SOUND):
        return "an"
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if lower[0] in "aeiou" else "a"


def a_or_an(word: str) -> str:
    """``word`` with its indefinite article: a_or_an("orange sheep") == "an orange sheep"."""
    return f"{article(word)} {word}"


def plural(word: str, n: float = 2, plural_form: str | None = None) -> str:
    """``word`` as ``n`` of it: the singular for 1, else its plural ("shield" → "shields";
    "sheep" stays; "sword step" → "sword steps": the last word takes the ending)."""
    if n == 1:
        return word
    if plural_form is not None:
        return plural_form
    head, _, last = word.rpartition(" ")
    if last in _IRREGULAR:
        many = _IRREGULAR[last]
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        many = last + "es"
    elif last.endswith("y") and len(last) > 1 and last[-2].lower() not in "aeiou":
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def count_of(n: int, word: str, plural_form: str | None = None) -> str:
    """A number with its noun: count_of(1, "shield") == "1 shield", count_of(3, "shield") == "3 shields"."""
    return f"{n} {plural(word, n, plural_form)}"


def span(low: int, high: int, word: str | None = None, plural_form: str | None = None) -> str:
    """A range of numbers: "2 seats" when both ends agree, else "2–4 seats" (an en dash).
    Without ``word`` only the numbers: "2" or "2–4"."""
    numbers = str(low) if low == high else f"{low}–{high}"
    if word is None:
        return numbers
    return f"{numbers} {plural(word, high, plural_form)}"


def format_seats(text: str, names: list[str] | tuple[str, ...]) -> str:
    """Put seat names into a line: engines write ``{p0}``, people read "Ana". A token for a seat
    the table does not have stays as it is (so a bug shows, rather than a wrong name)."""
    if "{p" not in text:
        return text
    return _SEAT_TOKEN.sub(
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text
    )
