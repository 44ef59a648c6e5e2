"""Every text a person reads — action labels, log lines, the status line, refusals — reads
as English: no "(s)", no raw "{p0}" seat token, "an" before a vowel sound and "a" before any
other. The texts come from many seeded random games of every game, with
random rule options, so a sentence built by hand somewhere shows up here."""

from __future__ import annotations

import re

import pytest

from dragon_tui.engine import Action, IllegalAction, Rng
from dragon_tui.engine.wording import article
from dragon_tui.games import GAMES
from dragon_tui.session import Seat, Table
from tests.protocol_checks import slow_for

NAMES = ["Ana", "Bo", "Cyd", "Dee", "Eve"]
ARTICLE = re.compile(r"(?<![\w'’-])([Aa]n?) ([\w'’]+)")
#: "1 cards": a plural after the number one (not "1 of 3 cards", not "+1 VP", not "1 glass").
ONE_MANY = re.compile(r"(?<![\w.,+/-])1 ([a-z]+[^s]s)\b")


def problems(text: str) -> list[str]:
    """What is wrong with one line a person reads (empty: nothing)."""
    found = []
    if "(s)" in text:
        found.append("'(s)'")
    if re.search(r"\{p\d?", text):
        found.append("a raw seat token")
    found += [f"'1 {word}'" for word in ONE_MANY.findall(text)]
    for art, word in ARTICLE.findall(text):
        if art.lower() != article(word):
            found.append(f"'{art} {word}'")
    return found


def random_table(game_id: str, seed: int) -> Table:
    game = GAMES[game_id]
    rng = Rng(seed)
    players = rng.randint(game.min_players, game.max_players)
    options = {opt.key: rng.choice([c[0] for c in opt.choices]) for opt in game.options}
    return Table(game_id, [Seat(NAMES[i], "bot") for i in range(players)], seed, options)


def texts_of_a_game(game_id: str, seed: int, max_moves: int = 2500):
    """(where, text) for every label, status line, log line and refusal of one random game."""
    table = random_table(game_id, seed)
    chooser = Rng(seed * 31 + 7)
    previous: list[Action] = []
    while not table.state.is_over and len(table.moves) < max_moves:
        state = table.state
        legal = state.legal_actions()
        yield "status", table.text(state.phase_label())
        for action in legal:
            yield "label", table.text(action.describe())
        # Refusals: an action of no game, and one that was legal a moment ago (the games'
        # own why_illegal explanations), as a person at this table would read them.
        stale = [a for a in previous if a not in legal][:3]
        for bad in [Action("no_such_action", (99,)), *stale]:
            try:
                table.prepare(bad, state.current_player)
            except IllegalAction as exc:
                yield "refusal", str(exc)
        before = len(state.log)
        table.apply(chooser.choice(legal))
        for line in table.state.log[before:]:
            yield "log", table.text(line)
        previous = legal


@pytest.mark.parametrize("game_id", slow_for(sorted(GAMES), "carcassonne", "crowns", "throne"))
def test_no_text_of_many_random_games_reads_wrong(game_id):
    seen: dict[str, str] = {}
    for seed in range(1, 9):
        for where, text in texts_of_a_game(game_id, seed):
            for problem in problems(text):
                seen.setdefault(problem, f"{where}: {text}")
    assert not seen, "\n".join(f"{problem} in {example}" for problem, example in seen.items())


def test_the_checker_catches_what_the_issue_saw():
    assert problems("Ana draws a orange sheep from the deck.") == ["'a orange'"]
    assert problems("Trade 1 sword step(s) for 1 shield(s)")[0] == "'(s)'"
    assert problems("It is not your decision: {p0} to play.") == ["a raw seat token"]
    assert problems("Draw 1 cards from the deck.") == ["'1 cards'"]
    assert problems("An Abbot and a yellow sheep, an hour later; 1 glass, 11 cards, +1 VPs.") == []


def first_text(game_id: str, where: str, pattern: str) -> str:
    """The first text of kind ``where`` matching ``pattern`` in the random games of a game."""
    for seed in range(1, 30):
        for kind, text in texts_of_a_game(game_id, seed):
            if kind == where and re.search(pattern, text):
                return text
    raise AssertionError(f"no {where} like {pattern!r} in 30 random games")


def test_the_lines_the_issue_quoted_now_read_right():
    # "Ana draws a orange sheep"
    assert re.fullmatch(r"\w+ draws an orange sheep from the deck\.", first_text("hoard", "log", "draws .* orange sheep"))
    # "Trade 1 sword step(s) for 1 shield(s)"
    assert first_text("crowns", "label", r"^Trade 1 ").startswith("Trade 1 sword step for 1 shield")
    assert first_text("crowns", "label", r"^Trade 2 ").startswith("Trade 2 sword steps for 2 shields")
    # "neighbour(s)"
    assert re.search(r"writes verses for 1 neighbour of her clan: \+1 VP\.$",
                     first_text("court", "log", "writes verses for 1 "))


def test_seat_counts_name_one_number_when_a_game_has_one():
    with pytest.raises(ValueError, match=r"needs 2 seats\.$"):
        Table("crowns", [Seat("Ana")], 1)
    with pytest.raises(ValueError, match=r"needs 1 seat\.$"):
        Table("court", [Seat("Ana"), Seat("Bo")], 1)
    with pytest.raises(ValueError, match=r"needs 2–4 seats\.$"):
        Table("hoard", [Seat("Ana")], 1)


def test_a_refusal_names_the_seat():
    table = Table("carcassonne", [Seat("Ana"), Seat("Bo")], 1)
    with pytest.raises(IllegalAction) as refused:
        table.apply(Action("meeple", (0, 0, 0)))
    assert "Ana must place the tile" in str(refused.value) and "{p" not in str(refused.value)
