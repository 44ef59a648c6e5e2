"""The Court in its own words: scores say "CP", as the rulebook and the
board do; short card names never turn one card into another's name."""

from __future__ import annotations

from dragon_tui.games.court.data import CARDS
from dragon_tui.ui.games.court.board import CourtLosses
from dragon_tui.ui.games.court.cards import Ink, short_name

from .positions import court_table, finished


def card(name: str):
    return next(c for c in CARDS if c.name == name)


def test_short_names_are_unique_and_never_another_cards_name():
    shorts = [short_name(c) for c in CARDS]
    assert len(set(shorts)) == len(CARDS)
    names = {c.name: c for c in CARDS}
    for c, short in zip(CARDS, shorts):
        assert names.get(short, c) is c, f"{c.name} shortens to {short}, another card's name"
        assert len(short) <= len(c.name)
    assert short_name(card("Moon Captain")) == "Moon Captain"
    assert short_name(card("Moon Grand Marshal")) == "Moon Marshal"


def test_the_daemon_court_line_keeps_captain_and_general_apart():
    state = court_table().state.clone()
    state.daemon_court = [card("Moon Captain").id, card("Moon General").id, card("Sun Tea-House Courtesan").id]
    panel = CourtLosses()
    panel.ink = Ink()
    line = panel.build(state, 1).plain  # the shortened form, for narrow screens
    assert "Moon Captain, Moon General, Sun Tea-House" in line


def test_the_score_names_cp_as_the_game_does():
    parts = finished(court_table(seed=3)).state.score_parts()
    assert "CP left (1 VP per 3 CP)" in parts
    assert not any("copper" in key.lower() for key in parts)
