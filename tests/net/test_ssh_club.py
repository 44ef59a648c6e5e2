"""The club's correspondence features at keystroke level, over real SSH sessions: an invitation
seen and declined, an invitation accepted and the your-turn notice after standing up, a seek
paired between two players, and the profile."""

from __future__ import annotations

import asyncio

import pytest

from dragon_tui.net.client import RemoteTable
from dragon_tui.net.ssh import Limits, SSHOptions, SSHServer

from .helpers import TablesThread, connect, open_screen, wait_until

pytestmark = [pytest.mark.net, pytest.mark.slow]


@pytest.fixture
async def served(private_data_dir):
    tables = TablesThread(private_data_dir)
    ssh = SSHServer(SSHOptions("127.0.0.1", 0, limits=Limits(max_sessions=4, per_address=4),
                               tables_socket=tables.server.socket_path, tickets=tables.server.tickets))
    await ssh.start()
    yield ssh, tables
    await ssh.close()
    await asyncio.to_thread(tables.stop)


INVITE_ANA = [{"kind": "remote"}, {"kind": "remote", "invite": "ana"}]


async def test_invitations_and_the_turn_notice_over_ssh(served):
    ssh, tables = served
    conn = await connect(ssh.port, "ana")
    screen = await open_screen(conn, (110, 32))
    try:
        assert await screen.wait_for("you are ana", 20), screen.text[-400:]
        first = await asyncio.to_thread(RemoteTable.host, tables.path, "cai", "crowns", INVITE_ANA)
        assert await screen.wait_for("Invitations for you", 10), screen.text[-600:]  # by push, at once
        screen.send("x")
        assert await wait_until(lambda: tables.server.rooms[first.room].over, 10)
        assert tables.server.rooms[first.room].ending["how"] == "declined"
        first.close()

        cai = await asyncio.to_thread(RemoteTable.host, tables.path, "cai", "crowns", INVITE_ANA)
        room = tables.server.rooms[cai.room]
        await asyncio.sleep(0.5)
        screen.send("j")  # the invitation is first: she sits down in the seat kept for her
        assert await wait_until(lambda: (room.owners[1] or {}).get("player") == "ana", 10), screen.text[-600:]
        assert await wait_until(lambda: any(c.seat == 1 for c in room.conns), 10)
        screen.send("\x1b")  # back to the lobby, standing up
        assert await wait_until(lambda: not any(c.seat == 1 for c in room.conns), 10)
        for _ in range(200):  # cai plays until it is ana's turn
            await asyncio.to_thread(cai.wait_for, lambda t: len(t.moves) == len(room.table.moves), 10)
            if room.table.state.current_player == 1:
                break
            await asyncio.to_thread(cai.apply, cai.state.legal_actions()[0])
        assert await screen.wait_for("It is your turn at", 15), screen.text[-800:]
        cai.close()

        screen.send("p")
        assert await screen.wait_for("no rated games yet", 10), screen.text[-600:]
    finally:
        screen.close()
        conn.close()


async def test_two_players_seek_and_are_paired_over_ssh(served):
    ssh, tables = served
    sessions = []
    try:
        for name in ("ana", "bo"):
            conn = await connect(ssh.port, name)
            screen = await open_screen(conn, (110, 36))
            sessions.append((conn, screen))
            assert await screen.wait_for(f"you are {name}", 20), screen.text[-400:]
        (_, ana), (_, bo) = sessions
        ana.send("s")
        assert await ana.wait_for("Seek a game", 10), ana.text[-600:]
        ana.send("\x1b[20~")  # F9: seek
        assert await wait_until(lambda: any(r.seek for r in tables.server.rooms.values()), 15), ana.text[-600:]
        [room] = [r for r in tables.server.rooms.values() if r.seek]
        bo.send("s")
        assert await bo.wait_for("Seek a game", 10), bo.text[-600:]
        bo.send("\x1b[20~")
        assert await wait_until(lambda: [(o or {}).get("player") for o in room.owners] == ["ana", "bo"], 15)
        assert await bo.wait_for("Paired", 15), bo.text[-600:]
    finally:
        for conn, screen in sessions:
            screen.close()
            conn.close()


async def test_clocks_chat_resignation_and_rematch_over_ssh(served):
    """At a table with a time control: the clocks with the seat names, a chat line typed over
    SSH reaching the other player, the other player's resignation on the game-over screen, and
    a rematch offered with n and accepted there."""
    ssh, tables = served
    conn = await connect(ssh.port, "ana")
    screen = await open_screen(conn, (110, 34))
    try:
        assert await screen.wait_for("you are ana", 20), screen.text[-400:]
        cai = await asyncio.to_thread(RemoteTable.host, tables.path, "cai", "crowns", INVITE_ANA,
                                      move_limit=86400.0, bank=3 * 86400.0)
        room = tables.server.rooms[cai.room]
        assert await screen.wait_for("Invitations for you", 10), screen.text[-600:]
        screen.send("j")
        assert await wait_until(lambda: any(c.seat == 1 for c in room.conns), 10), screen.text[-600:]
        assert await screen.wait_for("cai 4d 0h", 10) or await screen.wait_for("▶ cai", 5), screen.text[-800:]

        screen.send("\x0f")  # ctrl+o: the chat's input
        await asyncio.sleep(0.5)
        screen.send("good luck\r")
        assert await asyncio.to_thread(cai.wait_for, lambda t: any(x["text"] == "good luck" for x in t.chat), 10)

        await asyncio.to_thread(cai.resign)
        assert await screen.wait_for("cai resigned", 10), screen.text[-800:]
        await asyncio.sleep(0.5)
        screen.send("n")  # at game over: offer a rematch
        assert await asyncio.to_thread(cai.wait_for, lambda t: (t.rematch or {}).get("state") == "open", 10)
        await asyncio.to_thread(cai.answer_rematch, True)
        new = await asyncio.to_thread(cai.wait_for, lambda t: (t.rematch or {}).get("new_table"), 10)
        assert new
        new_room = cai.rematch["new_table"]
        assert await wait_until(lambda: new_room in tables.server.rooms
                                and any(c.player == "ana" and c.seat == 0 for c in tables.server.rooms[new_room].conns),
                                15), screen.text[-800:]
        cai.close()
    finally:
        screen.close()
        conn.close()
