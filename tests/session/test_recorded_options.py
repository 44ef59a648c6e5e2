"""A rule option added after games were recorded: new games play today's default, and a game
recorded before the option existed (a save, a club table in the database) replays under the
reading it was played by (``RuleOption.earlier``), so its moves play out as they did.

Princes' ``lords_out`` is the case in point: this edition ends the game when a player with no
Dragon Lord left takes control; games recorded before played on by the rulebook's letter."""

from __future__ import annotations

from dragon_tui.engine import Rng
from dragon_tui.games import GAMES
from dragon_tui.net.rooms import Room
from dragon_tui.net.store.store import SeatRecord, TableRecord
from dragon_tui.session import Seat, Table

SEATS = [Seat("Ana"), Seat("Bot", kind="bot", level="random")]


def played(options: dict, moves: int = 60) -> Table:
    table = Table("throne", [Seat(s.name, s.kind, s.level) for s in SEATS], 11, options)
    rng = Rng(5)
    for _ in range(moves):
        table.apply(rng.choice(table.state.legal_actions()))
    return table


def test_an_option_names_the_reading_of_games_recorded_before_it():
    option = next(o for o in GAMES["throne"].options if o.key == "lords_out")
    assert option.default == "ends" and option.earlier == "plays_on"
    assert option.earlier in [value for value, _ in option.choices]


def test_a_new_table_plays_today_s_default():
    assert Table("throne", SEATS, 11).options["lords_out"] == "ends"
    assert Table("throne", SEATS, 11, {}, recorded=True).options["lords_out"] == "plays_on"
    # A recorded game that names its reading keeps it.
    assert Table("throne", SEATS, 11, {"lords_out": "ends"}, recorded=True).options["lords_out"] == "ends"


def test_a_save_from_before_the_option_replays_under_the_earlier_reading():
    doc = played({"lords_out": "plays_on"}).to_json()
    del doc["options"]["lords_out"]
    del doc["state"]["options"]["lords_out"]  # as a save written before the option was
    table = Table.from_json(doc)
    assert table.options["lords_out"] == "plays_on" and len(table.moves) == 60
    assert table.state.options["lords_out"] == "plays_on"
    # A save written today names its reading, and replays under it.
    assert Table.from_json(played({}).to_json()).options["lords_out"] == "ends"


def test_a_club_table_from_before_the_option_replays_under_the_earlier_reading():
    options = GAMES["throne"].resolve_options({})
    del options["lords_out"]
    rec = TableRecord("t1", "throne", options, 11, "ana", 0.0,
                      [SeatRecord(0, "Ana", "remote", "", player="ana"), SeatRecord(1, "Bot", "bot", "random")])
    assert Room.from_record(rec).table.options["lords_out"] == "plays_on"
    rec.options = {**options, "lords_out": "ends"}
    assert Room.from_record(rec).table.options["lords_out"] == "ends"
