"""A save made under an earlier reading of a game's rules says so instead of calling the file
damaged. The files in data/rules1 were written by main at 987a92c, before the rule
decisions changed the default play of the Court, Crowns and Princes (rules revision 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_tui.engine import SaveFileError
from dragon_tui.games import GAMES
from dragon_tui.session import Seat, Table

OLD = sorted((Path(__file__).parent / "data" / "rules1").glob("*.json"))


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_a_save_from_an_earlier_rules_revision_names_the_revision_not_damage(path):
    game = GAMES[path.name.split("-")[0]]
    assert "rules" not in json.loads(path.read_text(encoding="utf-8"))  # written before revisions
    with pytest.raises(SaveFileError) as caught:
        Table.load(path)
    message = str(caught.value)
    assert "earlier reading of its rules" in message and game.title in message
    assert f"rules revision 1; this version plays revision {game.rules_revision}" in message
    assert "damaged" not in message


def test_saves_record_the_rules_revision_and_a_newer_one_is_named(tmp_path):
    table = Table("crowns", [Seat("Ana"), Seat("Bot", kind="bot", level="random")], seed=3)
    table.apply(table.state.legal_actions()[0])
    doc = table.to_json()
    assert doc["rules"] == GAMES["crowns"].rules_revision == 3
    assert Table.from_json(doc).state.to_json() == table.state.to_json()
    # A file from a later version whose moves this version cannot replay says it is newer.
    doc["rules"] = 4
    doc["moves"][0]["kind"] = "a move from the future"
    with pytest.raises(SaveFileError, match="newer version of Dragon TUI"):
        Table.from_json(doc)


def test_damage_within_the_current_revision_is_still_called_damage(tmp_path):
    table = Table("crowns", [Seat("Ana"), Seat("Bea")], seed=3)
    table.apply(table.state.legal_actions()[0])
    doc = table.to_json()
    doc["state"] = {"altered": True}
    with pytest.raises(SaveFileError, match="altered or damaged"):
        Table.from_json(doc)
