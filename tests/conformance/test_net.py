"""A shared table over the real table server on loopback: seats host and join, each plays
from its own view, a watcher follows, nobody receives what their seat may not see, and the
finished game's replay comes from the server."""

from __future__ import annotations

import json
import random
import time

import pytest

from dragon_tui.net.client import RemoteTable
from tests.net.conftest import _tests_act_as_the_serve_process  # noqa: F401  (session tickets, as in tests/net)
from tests.net.helpers import TablesThread

from .conftest import is_example, kit_players

pytestmark = pytest.mark.net


@pytest.fixture
def tables(private_data_dir):
    t = TablesThread(private_data_dir)
    yield t
    t.stop()


def test_a_shared_table_plays_with_each_seat_seeing_only_its_view(game, tables):
    seats = [{"kind": "remote"} for _ in range(kit_players(game))]
    host = RemoteTable.host(tables.path, "ana", game.id, seats)  # the server draws the seed
    players = {0: host} | {s: RemoteTable.join(tables.path, f"p{s}", host.room, s) for s in range(1, len(seats))}
    watcher = RemoteTable.watch(tables.path, "cai", host.room)
    room = tables.server.rooms[host.room]
    rng = random.Random(3)
    limit = 10**4 if is_example(game) else 16
    end = time.monotonic() + 30
    while not room.table.state.is_over and len(room.table.moves) < limit:
        assert time.monotonic() < end, "the shared game did not move on"
        me = players[room.table.state.current_player]
        assert me.wait_for(lambda t: len(t.moves) == len(room.table.moves), 30)
        me.apply(rng.choice(me.state.legal_actions()))
    for seat, client in players.items():
        assert client.wait_for(lambda t: len(t.moves) == len(room.table.moves), 30)
        # What reached the seat is its view of the server's position, and nothing more.
        assert client.state.to_json()["data"] == room.table.state.view(seat).to_json()["data"]
        assert client.person_seats() == [seat]
    assert watcher.wait_for(lambda t: len(t.moves) == len(room.table.moves), 30)
    if not room.table.state.is_over:
        spectator = json.dumps(watcher.state.to_json()["data"], sort_keys=True)
        assert spectator == json.dumps(room.table.state.view(None).to_json()["data"], sort_keys=True)
    if is_example(game):
        assert host.state.is_over and host.state.winners() == room.table.state.winners()
        assert host.seed == room.table.seed  # the seed is public once the game is over
        # the replay reads the past from the server
        assert host.states[0].to_json()["data"] == room.table.states[0].view(0).to_json()["data"]
    for client in (*players.values(), watcher):
        client.close()
