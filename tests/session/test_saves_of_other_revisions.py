"""Saves whose rules revision is not this version's: an altered game name is not taken for a
newer version, and an earlier revision's save that plays out the same loads."""

from __future__ import annotations

import pytest

from dragon_tui.engine import SaveFileError
from dragon_tui.session import Seat, Table


def crowns_save(moves: int = 5) -> dict:
    table = Table("crowns", [Seat("Ana"), Seat("Bot 1", "bot", "greedy")], 7)
    while len(table.moves) < moves:
        table.apply(table.state.legal_actions()[0])
    return table.to_json()


@pytest.mark.parametrize("options", ["kept", "emptied"])
def test_a_crowns_save_relabelled_as_hoard_is_not_called_a_newer_versions(options):
    doc = crowns_save()
    doc["game"] = "hoard"
    if options == "emptied":
        doc["options"] = {}
    with pytest.raises(SaveFileError) as caught:
        Table.from_json(doc)
    message = str(caught.value)
    # Which it is cannot be known from the file (a newer version may add options and moves):
    # it does not replay, and was made by a newer version or altered; never only "newer".
    assert "\n" not in message
    assert message.startswith("This save of Dragon's Hoard does not replay") and message.endswith("or altered.")


def test_an_earlier_revisions_save_that_plays_out_the_same_loads_under_the_current_rules():
    doc = crowns_save()
    doc["rules"], doc["options"] = 1, {}
    table = Table.from_json(doc)  # replayed, and its recorded position checked
    assert [m.action for m in table.moves] == [m.action for m in Table.from_json(crowns_save()).moves]
    assert table.to_json()["rules"] == table.game.rules_revision == 3  # saved again: the rules it now plays under


def test_an_earlier_revisions_save_that_plays_out_otherwise_is_refused_with_that_reason():
    doc = crowns_save()
    doc["rules"] = 1
    doc["state"] = {"altered": True}
    with pytest.raises(SaveFileError, match="earlier reading of its rules"):
        Table.from_json(doc)
