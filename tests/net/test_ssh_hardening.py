"""The SSH server under attack: each test plays the attack on loopback and shows it refused.
Everything is bounded in time; every app started is gone at the end."""

from __future__ import annotations

import pytest

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import asyncssh

from dragon_tui.net.ssh import OUTPUT_HIGH, Limits, SSHOptions, SSHServer, key_names

from .helpers import app_processes, connect, open_screen, wait_until

PROBE = [sys.executable, str(Path(__file__).with_name("pty_probe.py"))]


async def started(options: SSHOptions) -> SSHServer:
    server = SSHServer(options)
    await server.start()
    return server


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def try_open(conn, size=(80, 24), term="xterm-256color"):
    """Open a pty session; the process, or the exception that refused the channel."""
    try:
        return await asyncio.wait_for(conn.create_process(term_type=term, term_size=size, encoding=None), 10)
    except (asyncssh.Error, OSError) as exc:
        return exc


async def stderr_of(process, timeout=10.0) -> str:
    try:
        data = await asyncio.wait_for(process.stderr.read(), timeout)
    except asyncio.TimeoutError:
        return ""
    return data.decode(errors="replace") if isinstance(data, bytes) else data


# ---------------------------------------------------------------- finding 1
@pytest.mark.slow
async def test_sessions_are_counted_per_channel_atomically_and_channels_per_connection_capped(private_data_dir):
    """One connection opening many pty channels at once got one app each (30 apps, 1.2 GB).
    Now: at most per_connection channels, and sessions count against per_address and
    max_sessions the moment they start, so simultaneous ones cannot all pass."""
    server = await started(SSHOptions("127.0.0.1", 0, limits=Limits(
        max_sessions=10, per_address=2, per_connection=3), child_command=PROBE))
    try:
        conn = await connect(server.port)
        results = await asyncio.gather(*(try_open(conn) for _ in range(6)))
        refused_channels = [r for r in results if isinstance(r, Exception)]
        processes = [r for r in results if not isinstance(r, Exception)]
        assert len(processes) == 3 and len(refused_channels) == 3  # OpenSSH's MaxSessions, here 3
        assert all(isinstance(r, asyncssh.ChannelOpenError) for r in refused_channels)
        await asyncio.sleep(1.0)
        assert len(server.children) == 2  # per address, though all three asked at once
        messages = await asyncio.gather(*(stderr_of(p, 2) for p in processes))
        assert sum("Too many games from your address" in m for m in messages) == 1
        conn.close()
        assert await wait_until(lambda: not server.children and server.sessions == 0, 10)

        # the total: two connections, max_sessions 2, three sessions asked for at once
        server.options.limits = Limits(max_sessions=2, per_address=10, per_connection=3)
        a, b = await connect(server.port), await connect(server.port)
        results = await asyncio.gather(try_open(a), try_open(a), try_open(b))
        await asyncio.sleep(1.0)
        assert len(server.children) == 2
        messages = await asyncio.gather(*(stderr_of(p, 2) for p in results))
        assert sum("server is full" in m for m in messages) == 1
        a.close()
        b.close()
        assert await wait_until(lambda: not server.children and server.sessions == 0, 10)
    finally:
        await server.close()


# ---------------------------------------------------------------- finding 3
async def test_window_sizes_are_clamped(private_data_dir):
    """A 65535×65535 window (and window changes to it) reach the app as at most 500×200."""
    server = await started(SSHOptions("127.0.0.1", 0, child_command=PROBE))
    try:
        conn = await connect(server.port)
        screen = await open_screen(conn, (65535, 65535))
        assert await screen.wait_for("size=500x200", 10), screen.text[-300:]
        screen.process.change_terminal_size(70000, 3)
        assert await screen.wait_for("size=500x3 winches=1", 10), screen.text[-300:]
        screen.close()
        conn.close()
        assert await wait_until(lambda: not server.children, 10)
    finally:
        await server.close()


@pytest.mark.slow
async def test_a_huge_window_does_not_blow_up_the_real_app(private_data_dir):
    server = await started(SSHOptions("127.0.0.1", 0))
    try:
        conn = await connect(server.port)
        screen = await open_screen(conn, (65535, 65535))
        assert await screen.wait_for("five dragon games", 30)
        (pid,) = server.children
        peak = 0.0
        for _ in range(25):  # unclamped, it passed 900 MB within 3 s of showing the menu
            peak = max(peak, rss_mb(pid))
            await asyncio.sleep(0.2)
        assert peak < 300, peak
        screen.close()
        conn.close()
        assert await wait_until(lambda: not server.children, 10)
    finally:
        await server.close()


# ---------------------------------------------------------------- finding 4
@pytest.mark.slow
async def test_failed_session_starts_leak_no_descriptors(private_data_dir):
    """A TERM with a NUL, a window over 65535 and an app that cannot start: 70 attempts leave
    the server with the descriptors it had (each used to leak a pty pair)."""
    broken = SSHOptions("127.0.0.1", 0, child_command=["/nonexistent/dragon-app"])
    server = await started(broken)
    try:
        conn = await connect(server.port)
        before = len(os.listdir("/proc/self/fd"))
        for i in range(70):
            kind = i % 3
            term = "xterm\0evil" if kind == 0 else "xterm"
            size = (70000, 70000) if kind == 1 else (80, 24)
            process = await try_open(conn, size, term)
            assert not isinstance(process, Exception)
            message = await stderr_of(process, 5)
            assert ("not a plain name" in message) if kind == 0 else ("could not start" in message), message
            process.close()
        await asyncio.sleep(0.5)
        assert len(os.listdir("/proc/self/fd")) <= before + 2  # + slack for the test's own sockets
        conn.close()
    finally:
        await server.close()


# ---------------------------------------------------------------- finding 7
SERVER_SCRIPT = textwrap.dedent("""
    import asyncio, signal, sys
    signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup
    from dragon_tui.net.ssh import SSHOptions, SSHServer

    async def main():
        server = SSHServer(SSHOptions("127.0.0.1", 0))
        await server.start()
        print(server.port, flush=True)
        await asyncio.sleep(120)

    asyncio.run(main())
""")


@pytest.mark.slow
async def test_apps_die_with_a_killed_server_even_under_nohup(private_data_dir, tmp_path):
    env = dict(os.environ, DRAGON_TUI_HOME=str(private_data_dir))
    proc = subprocess.Popen([sys.executable, "-c", SERVER_SCRIPT], env=env, stdout=subprocess.PIPE,
                            cwd=str(Path(__file__).parents[2]))
    try:
        line = await asyncio.wait_for(asyncio.to_thread(proc.stdout.readline), 30)
        conn = await connect(int(line))
        screen = await open_screen(conn)
        assert await screen.wait_for("five dragon games", 30)
        assert await wait_until(lambda: len(app_processes(private_data_dir)) == 1, 10)
        proc.kill()  # kill -9: no chance to hang up on its apps
        proc.wait(10)
        assert await wait_until(lambda: not app_processes(private_data_dir), 10), app_processes(private_data_dir)
        screen.close()
        conn.abort()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        for pid in app_processes(private_data_dir):  # never leave one behind, even on failure
            os.kill(pid, signal.SIGKILL)


# ---------------------------------------------------------------- finding 8
async def test_a_client_that_never_reads_does_not_grow_the_server(private_data_dir):
    server = await started(SSHOptions("127.0.0.1", 0, child_command=PROBE + ["flood"]))
    try:
        conn = await connect(server.port)
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        # never read: the client's window closes, and the server must stop reading the app
        await asyncio.sleep(3.0)
        (pump,) = server.pumps
        buffered = pump.process.channel.get_write_buffer_size()
        assert buffered <= OUTPUT_HIGH + 65536, buffered
        assert not pump.reading  # the app's output waits in its terminal, not in our memory
        # and once the client reads again, the output flows
        got = await asyncio.wait_for(process.stdout.read(1 << 20), 10)
        assert len(got) > 0
        conn.close()
        assert await wait_until(lambda: not server.children, 10)
    finally:
        await server.close()


# ---------------------------------------------------------------- finding 14
async def test_keys_mode_binds_the_player_name_to_the_key(private_data_dir, tmp_path):
    ana = asyncssh.generate_private_key("ssh-ed25519")
    ben = asyncssh.generate_private_key("ssh-ed25519")
    ben.set_comment("ben@laptop")
    keys = tmp_path / "authorized_keys"
    keys.write_text('principals="ana,anna" ' + ana.export_public_key().decode() + ben.export_public_key().decode())
    names = key_names(keys.read_text())
    assert sorted(names.values()) == [["ana", "anna"], ["ben"]]
    server = await started(SSHOptions("127.0.0.1", 0, authorized_keys=keys, child_command=PROBE))
    try:
        for key, user, plays_as in ((ana, "anna", "anna"), (ana, "ben", "ana"), (ben, "ana", "ben")):
            conn = await connect(server.port, user, client_keys=[key])
            screen = await open_screen(conn)
            assert await screen.wait_for("size=", 10)
            assert f"player={plays_as} " in screen.text, (user, screen.text)
            screen.close()
            conn.close()
            assert await wait_until(lambda: not server.children, 10)
    finally:
        await server.close()


# ---------------------------------------------------------------- finding 18
@pytest.mark.slow
async def test_a_resize_storm_is_coalesced(private_data_dir):
    server = await started(SSHOptions("127.0.0.1", 0, child_command=PROBE))
    try:
        conn = await connect(server.port)
        screen = await open_screen(conn)
        assert await screen.wait_for("size=100x30", 10)
        start = time.monotonic()
        for i in range(20000):
            screen.process.change_terminal_size(80 + i % 50, 24 + i % 20)
        screen.process.change_terminal_size(99, 33)
        assert await screen.wait_for("size=99x33", 30), screen.text[-300:]
        elapsed = time.monotonic() - start
        winches = int(screen.text.rsplit("winches=", 1)[1].split()[0])
        assert winches <= elapsed / 0.1 + 3, (winches, elapsed)  # not 20,000
        screen.close()
        conn.close()
    finally:
        await server.close()


@pytest.mark.slow
async def test_the_real_app_survives_a_resize_storm(private_data_dir):
    server = await started(SSHOptions("127.0.0.1", 0))
    try:
        conn = await connect(server.port)
        screen = await open_screen(conn)
        assert await screen.wait_for("five dragon games", 30)
        for i in range(20000):
            screen.process.change_terminal_size(80 + i % 60, 24 + i % 30)
        screen.process.change_terminal_size(100, 30)
        await asyncio.sleep(1.0)
        screen.send("q")
        await asyncio.wait_for(screen.process.wait_closed(), 20)
        assert screen.process.exit_status == 0  # it quit on "q": it did not crash
        assert "RecursionError" not in screen.text
        conn.close()
        assert await wait_until(lambda: not server.children, 10)
    finally:
        await server.close()


# ---------------------------------------------------------------- finding 20 (ssh -N)
async def test_a_connection_without_a_session_is_closed_and_frees_its_slot(private_data_dir):
    server = await started(SSHOptions("127.0.0.1", 0, limits=Limits(per_address=1, no_session_timeout=1.0)))
    try:
        idle = await connect(server.port)  # like 'ssh -N': authenticated, never opens a session
        await asyncio.wait_for(idle.wait_closed(), 10)
        assert await wait_until(lambda: not server.per_address, 5)
        again = await connect(server.port)  # the address's only slot is free again
        result = await asyncio.wait_for(again.run("x"), 10)
        assert result.exit_status == 1
        again.close()
    finally:
        await server.close()


# ---------------------------------------------------------------- finding 2
@pytest.mark.slow
async def test_a_remote_player_cannot_type_a_path_into_load(private_data_dir):
    """Typing /dev/zero (or another player's folder) into Load read it on the server. A remote
    player now picks from their own saves only: there is no box to type a path into."""
    server = await started(SSHOptions("127.0.0.1", 0))
    try:
        conn = await connect(server.port)
        screen = await open_screen(conn)
        assert await screen.wait_for("five dragon games", 30)
        screen.send("l")
        assert await screen.wait_for("Load a saved game", 10)
        assert "/path/to/save.json" not in screen.text and "type a file path" not in screen.text
        (pid,) = server.children
        screen.send("/dev/zero\r")
        await asyncio.sleep(2.0)
        assert rss_mb(pid) < 300  # /dev/zero took it to 2.3 GB in 3 s
        screen.send("\x1b")
        await asyncio.sleep(0.5)
        screen.send("q")
        await asyncio.wait_for(screen.process.wait_closed(), 15)
        assert screen.process.exit_status == 0
        conn.close()
        assert await wait_until(lambda: not server.children, 10)
    finally:
        await server.close()


# ---------------------------------------------------------------- finding 13
@pytest.mark.slow
async def test_the_command_palette_offers_no_screenshot_over_ssh(private_data_dir):
    server = await started(SSHOptions("127.0.0.1", 0))
    try:
        conn = await connect(server.port)
        screen = await open_screen(conn)
        assert await screen.wait_for("five dragon games", 30)
        screen.send("\x10")  # ctrl+p: the command palette
        await asyncio.sleep(0.5)
        screen.send("quit")
        assert await screen.wait_for("Quit the application", 10)  # the palette works ...
        screen.send("\x15" + "screenshot")  # ctrl+u clears the search
        await asyncio.sleep(1.5)
        assert "Save an SVG" not in screen.text  # ... but has no Screenshot command
        conn.close()
        assert await wait_until(lambda: not server.children, 10)
    finally:
        await server.close()


# ---------------------------------------------------------------- finding 19
@pytest.mark.slow
async def test_a_crash_shows_a_short_message_and_the_traceback_goes_to_the_server_log(private_data_dir):
    crashing = [sys.executable, str(Path(__file__).with_name("crashing_app.py"))]
    server = await started(SSHOptions("127.0.0.1", 0, child_command=crashing))
    try:
        conn = await connect(server.port)
        screen = await open_screen(conn)
        assert await screen.wait_for("five dragon games", 30)
        screen.send("x")
        await asyncio.wait_for(screen.process.wait_closed(), 20)
        assert screen.process.exit_status == 1
        assert "internal error" in screen.text
        assert "hunter2" not in screen.text and "Traceback" not in screen.text
        log = (private_data_dir / "logs" / "apps.log").read_text()
        assert "RuntimeError: boom" in log and "player ana" in log
        conn.close()
    finally:
        await server.close()
