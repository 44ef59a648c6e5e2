"""The SSH server: the app renders in a pty, only the app can run, no process outlives its client."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from dragon_tui.net.ssh import Limits, SSHOptions, SSHServer
from dragon_tui.net.startups import MaxStartups

from .helpers import app_processes, connect, open_screen, wait_until


@pytest.fixture
async def server():
    # twenty logins at once from one address: more than the random early drop lets through
    srv = SSHServer(SSHOptions("127.0.0.1", 0, limits=Limits(max_sessions=25, per_address=25,
                                                             startups=MaxStartups(25, 30, 100))))
    await srv.start()
    yield srv
    await srv.close()


async def test_menu_renders_resizes_and_quits(server):
    conn = await connect(server.port)
    screen = await open_screen(conn)
    assert await screen.wait_for("five dragon games", 20), screen.text[-500:]
    screen.process.change_terminal_size(90, 26)
    await asyncio.sleep(0.3)
    screen.send("q")
    await asyncio.wait_for(screen.process.wait_closed(), 10)
    assert screen.process.exit_status == 0
    conn.close()
    assert await wait_until(lambda: not server.children, 10)


@pytest.mark.slow
async def test_host_key_is_created_once(server, private_data_dir):
    key_file = private_data_dir / "ssh_host_ed25519_key"
    first = key_file.read_bytes()
    again = SSHServer(SSHOptions("127.0.0.1", 0))
    await again.start()
    await again.close()
    assert key_file.read_bytes() == first
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"


async def test_only_the_app_runs(server):
    conn = await connect(server.port)
    result = await asyncio.wait_for(conn.run("cat /etc/passwd", term_type=None), 10)
    assert result.exit_status == 1 and "only runs Dragon TUI" in result.stderr
    assert "root:" not in result.stdout
    no_pty = await asyncio.wait_for(conn.run(), 10)
    assert no_pty.exit_status == 1 and "ssh -t" in no_pty.stderr
    with pytest.raises((asyncssh.Error, OSError)):
        await asyncio.wait_for(conn.start_sftp_client(), 10)
    with pytest.raises(asyncssh.ChannelOpenError):
        await asyncio.wait_for(conn.open_connection("127.0.0.1", server.port), 10)
    with pytest.raises(asyncssh.ChannelListenError):
        await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22), 10)
    with pytest.raises((asyncssh.Error, OSError)):
        await asyncio.wait_for(conn.run("scp -t /tmp/x", term_type=None, check=True), 10)
    assert not server.children
    conn.close()


@pytest.mark.slow
async def test_twenty_sessions_leave_no_process_behind(server, private_data_dir):
    conns = await asyncio.gather(*(connect(server.port, f"p{i}") for i in range(20)))
    screens = await asyncio.gather(*(open_screen(c, (80, 24)) for c in conns))
    assert await wait_until(lambda: len(server.children) == 20, 20)
    pids = set(server.children)
    assert pids <= set(app_processes(private_data_dir))
    # wait for a few to paint, then drop every connection abruptly
    assert await screens[0].wait_for("five dragon games", 30)
    for screen, conn in zip(screens, conns):
        screen.close()
        conn.abort()
    assert await wait_until(lambda: not server.children, 20)
    assert await wait_until(lambda: not app_processes(private_data_dir), 10), app_processes(private_data_dir)


@pytest.mark.slow
async def test_limits(private_data_dir):
    srv = SSHServer(SSHOptions("127.0.0.1", 0, limits=Limits(max_sessions=1, per_address=2, idle_timeout=1.5)))
    await srv.start()
    try:
        a = await connect(srv.port)
        s1 = await open_screen(a)
        assert await wait_until(lambda: len(srv.children) == 1, 10)
        full = await asyncio.wait_for(a.run(term_type="xterm", term_size=(80, 24)), 10)
        assert full.exit_status == 1 and "full" in full.stderr
        b = await connect(srv.port)
        with pytest.raises((asyncssh.Error, OSError, asyncio.TimeoutError)):
            c = await connect(srv.port)
            await asyncio.wait_for(c.run("x"), 5)
        # idle: no key for 1.5 s and the session ends
        assert await s1.wait_for("idle for too long", 10)
        assert await wait_until(lambda: not srv.children, 10)
        a.close()
        b.close()
    finally:
        await srv.close()


@pytest.mark.slow
async def test_authorized_keys_mode(private_data_dir, tmp_path):
    friend = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    friend.set_comment("ana@laptop")  # the keys file names the player: the key plays as "ana"
    keys.write_bytes(friend.export_public_key())
    srv = SSHServer(SSHOptions("127.0.0.1", 0, authorized_keys=keys))
    await srv.start()
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, "eve", client_keys=[stranger])
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, "eve")
        conn = await connect(srv.port, "ana", client_keys=[friend])
        screen = await open_screen(conn)
        assert await screen.wait_for("five dragon games", 20)
        assert await wait_until(lambda: len(srv.children) == 1, 20)
        # the player's folder is tied to the key, so another key cannot take over "ana"'s saves
        homes = [p.name for p in (private_data_dir / "players").iterdir()]
        assert len(homes) == 1 and homes[0].startswith("ana-")
        screen.close()
        conn.close()
    finally:
        await srv.close()
