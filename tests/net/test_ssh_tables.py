"""Keystroke level: a player comes in over SSH, joins a shared table from the lobby, plays
decisions with keys, drops, and comes back to the same seat."""

from __future__ import annotations

import asyncio
import random

import pytest

from dragon_tui.net.client import RemoteTable
from dragon_tui.net.ssh import Limits, SSHOptions, SSHServer

from .helpers import TablesThread, connect, open_screen, wait_until


@pytest.fixture
async def served(private_data_dir):
    tables = TablesThread(private_data_dir)
    ssh = SSHServer(SSHOptions("127.0.0.1", 0, limits=Limits(max_sessions=4, per_address=4),
                               tables_socket=tables.server.socket_path, tickets=tables.server.tickets))
    await ssh.start()
    yield ssh, tables
    await ssh.close()
    await asyncio.to_thread(tables.stop)


def key_for_first(state) -> str:
    """The key the action list gives its first action (the game's key, else the first free digit)."""
    actions = state.legal_actions()
    keys = [state.action_key(a) for a in actions]
    return keys[0] or next(d for d in "123456789" if d not in keys)


@pytest.mark.slow
async def test_join_and_play_with_keys_then_come_back(served):
    ssh, tables = served
    ana = await asyncio.to_thread(RemoteTable.host, tables.path, "ana", "crowns",
                                  [{"kind": "remote"}, {"kind": "remote"}])
    room = tables.server.rooms[ana.room]
    conn = await connect(ssh.port, "ben")
    screen = await open_screen(conn, (100, 30))
    assert await screen.wait_for("you are ben", 20), screen.text[-400:]
    assert await screen.wait_for("Batalla de Coronas", 10)
    screen.send("j")
    assert await wait_until(lambda: room.owners[1] is not None and room.owners[1]["player"] == "ben", 10)
    rng = random.Random(1)
    mine = 0
    while mine < 5 and not room.table.state.is_over:
        seat = room.table.state.current_player
        if seat == 0:
            await asyncio.to_thread(ana.wait_for, lambda t: len(t.moves) == len(room.table.moves), 30)
            await asyncio.to_thread(ana.apply, rng.choice(ana.state.legal_actions()))
            continue
        before = len(room.table.moves)
        for _ in range(5):  # on a busy machine the app may not show the new choices yet: press again
            await asyncio.sleep(0.2)  # let the screen show the new choices
            screen.send(key_for_first(room.table.state))
            if await wait_until(lambda: len(room.table.moves) > before, 3):
                break
        assert len(room.table.moves) > before, screen.text[-600:]
        assert room.table.moves[-1].seat == 1
        mine += 1
    assert await asyncio.to_thread(ana.wait_for, lambda t: len(t.moves) == len(room.table.moves), 30)
    # Ben's connection drops: his app ends, the seat stays his
    moves = len(room.table.moves)
    screen.close()
    conn.abort()
    assert await wait_until(lambda: not ssh.children, 10)
    assert await wait_until(lambda: not any(c.seat == 1 for c in room.conns), 10)
    # he logs in again, the lobby lists his table, and j brings him back to seat 1
    conn = await connect(ssh.port, "ben")
    screen = await open_screen(conn, (100, 30))
    assert await screen.wait_for("(you)", 20), screen.text[-400:]
    screen.send("j")
    assert await wait_until(lambda: any(c.seat == 1 and c.player == "ben" for c in room.conns), 10)
    assert len(room.table.moves) == moves
    screen.send("\x1b")  # escape: back to the lobby, standing up
    assert await wait_until(lambda: not any(c.seat == 1 for c in room.conns), 10)
    screen.close()
    conn.close()
    ana.close()


@pytest.mark.slow
async def test_a_players_key_is_recorded_with_the_player(private_data_dir, tmp_path):
    """With an authorized keys file, the key a player came with is kept (its fingerprint) in the
    server's database, under the player's name."""
    import asyncssh

    from dragon_tui.net.store import Store

    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(key.export_public_key().rstrip() + b" ana@laptop\n")  # the key plays as "ana"
    tables = TablesThread(private_data_dir)
    ssh = SSHServer(SSHOptions("127.0.0.1", 0, authorized_keys=keys, tables_socket=tables.server.socket_path,
                               tickets=tables.server.tickets))
    await ssh.start()
    try:
        conn = await connect(ssh.port, "ana", client_keys=[key])
        screen = await open_screen(conn, (100, 30))
        assert await screen.wait_for("you are ana", 20), screen.text[-400:]
        store = Store(tables.server.store.db.url)
        try:
            assert await wait_until(lambda: store.identities("ana") == [key.get_fingerprint("sha256")], 10)
        finally:
            store.close()
        conn.close()
        assert await wait_until(lambda: not ssh.children, 15)
    finally:
        await ssh.close()
        await asyncio.to_thread(tables.stop)
