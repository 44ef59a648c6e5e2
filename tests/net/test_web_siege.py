"""The web port under siege: slowloris from one address and from many, against a real ``serve``
process with a small open-files limit. The attack is refused, the process keeps descriptors to
spare, and a normal visitor is served throughout. Bounded: a few hundred sockets, seconds."""

from __future__ import annotations

import asyncio
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from dragon_tui.net.gate import (IN_FLIGHT, PER_SESSION, SPARE_DESCRIPTORS, ConnectionGate, address_key,
                                web_connection_cap)

from .helpers import app_processes, connect, wait_until
from .test_web_hardening import until_painted

ROOT = Path(__file__).parents[2]
LIMIT = 320  # the serve process's hard limit on open files in these tests


def descriptors(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def soft_limit(pid: int) -> int:
    with open(f"/proc/{pid}/limits") as f:
        for line in f:
            if line.startswith("Max open files"):
                return int(line.split()[3])
    raise AssertionError("no open-files line")


class Serve:
    """``dragon-tui serve --web`` in a process of its own, started with a soft open-files
    limit below the hard one."""

    def __init__(self, home: Path, *extra: str, soft: int = 200, hard: int = LIMIT) -> None:
        env = dict(os.environ, DRAGON_TUI_HOME=str(home), PYTHONUNBUFFERED="1")

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dragon_tui.net.cli", "--web", "127.0.0.1:0", *extra],
            env=env, cwd=str(ROOT), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            preexec_fn=limit)
        self.lines: list[str] = []
        end = time.monotonic() + 60
        self.url = self.ssh_port = None
        while time.monotonic() < end and self.url is None:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.lines.append(line)
            if line.startswith("SSH: "):
                self.ssh_port = int(line.split("-p ")[1].split()[0])
            if line.startswith("Web: "):
                self.url = line.split()[1]
        assert self.url, "".join(self.lines)
        self.port = int(self.url.rsplit(":", 1)[1])

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        return "".join(self.lines) + self.proc.stdout.read()


@pytest.fixture
def serve(private_data_dir):
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard < LIMIT:
        pytest.skip(f"the open-files hard limit here is {hard}, below the {LIMIT} these tests set")
    started = []

    def start(*extra: str, **kw) -> Serve:
        server = Serve(private_data_dir, *extra, **kw)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


async def slowloris(port: int, source: str, stop: float, counts: dict) -> None:
    """One attacker socket at a time from ``source``: half a request, then a header line every
    0.2 s; reconnects whenever the server hangs up, until ``stop``."""
    while time.monotonic() < stop:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        except OSError:
            counts["connect failed"] = counts.get("connect failed", 0) + 1
            await asyncio.sleep(0.05)
            continue
        opened = time.monotonic()
        counts["opened"] = counts.get("opened", 0) + 1
        try:
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            while time.monotonic() < stop:
                try:
                    data = await asyncio.wait_for(reader.read(1024), 0.2)
                except asyncio.TimeoutError:
                    writer.write(b"X-Keep: going\r\n")
                    continue
                if b" 503 " in data:
                    counts["refused"] = counts.get("refused", 0) + 1
                break  # an answer (a refusal) or the server hanging up
        except (OSError, ConnectionError):
            pass
        finally:
            counts["longest"] = max(counts.get("longest", 0.0), time.monotonic() - opened)
            writer.close()


async def timed_get(url: str, source: str) -> tuple[int, float]:
    started = time.monotonic()
    connector = aiohttp.TCPConnector(local_addr=(source, 0), force_close=True)
    async with aiohttp.ClientSession(connector=connector) as browser:
        async with browser.get(url + "/", timeout=aiohttp.ClientTimeout(total=10)) as page:
            await page.read()
            return page.status, time.monotonic() - started


@pytest.mark.net
@pytest.mark.slow
async def test_slowloris_is_refused_and_a_player_is_served_meanwhile(serve, private_data_dir):
    server = serve("--http-timeout", "1", "--max-sessions", "4", "--per-address", "2",
                   "--ssh", "127.0.0.1:0", "--no-warm", soft=256)
    assert soft_limit(server.pid) == LIMIT  # the soft limit was raised to the hard one at start
    cap = web_connection_cap(LIMIT, 2 * 4)  # SSH and the web, 4 games each
    assert f"at most {cap} connections, 8 per address" in "".join(server.lines)
    before = descriptors(server.pid)
    stop = time.monotonic() + 6.0
    counts: dict = {}
    # 100 sockets from one address and 4 from each of 20 others: 180, and reconnecting at once
    # when dropped; together far more than the web's share of the 320 descriptors
    sources = ["127.0.0.1"] * 100 + [f"127.0.1.{i}" for i in range(1, 21) for _ in range(4)]
    attack = [asyncio.ensure_future(slowloris(server.port, source, stop, counts)) for source in sources]
    peak = 0

    async def watch() -> None:
        nonlocal peak
        while time.monotonic() < stop:
            peak = max(peak, descriptors(server.pid))
            await asyncio.sleep(0.05)

    watcher = asyncio.ensure_future(watch())
    try:
        await asyncio.sleep(1.5)  # the attack is in full swing
        # a normal visitor (not on the attacker's addresses) loads the page...
        gets = [await timed_get(server.url, source) for source in ("127.0.2.1", "127.0.2.1", "127.0.2.3")]
        assert all(status == 200 for status, _ in gets), gets
        assert max(took for _, took in gets) < 5.0, gets  # it timed out (15 s) before
        # ...and plays: the game's websocket opens and the menu is painted during the attack
        connector = aiohttp.TCPConnector(local_addr=("127.0.2.2", 0))
        async with aiohttp.ClientSession(connector=connector) as browser:
            async with browser.ws_connect(server.url + "/ws", headers={"Origin": server.url}) as ws:
                assert b"five dragon games" in await until_painted(ws, timeout=20)
        # and SSH, in the same process, still lets a player in (it timed out before)
        started = time.monotonic()
        conn = await connect(server.ssh_port)
        ssh_login = time.monotonic() - started
        conn.close()
    finally:
        await asyncio.gather(*attack, return_exceptions=True)
        await watcher
    log = server.stop()
    assert "Too many open files" not in log, log[-2000:]
    # the server stayed inside its budget: what it had before, its share of connections, the
    # accepts in flight, the game and the SSH login; the spare descriptors were never touched
    assert peak <= before + cap + IN_FLIGHT + 2 * PER_SESSION <= LIMIT - SPARE_DESCRIPTORS, (before, peak, cap)
    assert counts["opened"] > len(sources)  # the attacker was hung up on, and came back
    assert counts["longest"] < 3.0, counts  # a dribbled request is cut at the 1 s deadline
    print(f"descriptors {before} -> peak {peak} (cap {cap}); GETs {[round(t, 3) for _, t in gets]} s; "
          f"SSH login {ssh_login:.2f} s; {counts}")
    assert await wait_until(lambda: not app_processes(private_data_dir), 10)


@pytest.mark.slow
@pytest.mark.net
async def test_silent_and_half_request_connections_are_closed_at_the_deadline(serve):
    server = serve("--http-timeout", "1", soft=LIMIT)
    async def held_open(first: bytes) -> float:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        started = time.monotonic()
        writer.write(first)
        try:
            await asyncio.wait_for(reader.read(), 10)  # until the server hangs up
        except ConnectionError:
            pass
        writer.close()
        return time.monotonic() - started

    # nothing; half a request line; half a request; a whole request, then quiet (kept alive)
    took = await asyncio.gather(
        held_open(b""), held_open(b"GET / HT"), held_open(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"),
        held_open(b"GET /static/css/xterm.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
    assert all(0.5 < t < 3.0 for t in took), took  # all were still open after 200 s before


@pytest.mark.slow
@pytest.mark.net
def test_too_many_games_for_the_limit_are_warned_about(serve):
    crowded = serve("--max-sessions", "32", soft=LIMIT)
    assert "Warning: 32 games at once need about 320 of the 320 open files" in "".join(crowded.lines)
    crowded.stop()
    roomy = serve("--max-sessions", "4", soft=LIMIT)
    assert not any(line.startswith("Warning:") for line in roomy.lines)


def test_caps_come_from_the_descriptor_limit():
    assert web_connection_cap(1024, 64) == (1024 - SPARE_DESCRIPTORS - 8 * 64 - IN_FLIGHT) // 2 == 176
    assert web_connection_cap(320, 8) == 48
    assert web_connection_cap(100, 32) == 16  # never below what one browser needs
    assert web_connection_cap(10**6, 32) == 4096  # never more than a sane share
    # per address: the newest arrival pushes out that address's oldest waiting connection
    gate = ConnectionGate(most=3, per_address=2)

    class Transport:
        closed = False

        def abort(self):
            self.closed = True

    async def fill() -> list:
        first, second, third, fourth = (Transport() for _ in range(4))
        assert gate.admit(first, "a") and gate.admit(second, "a")
        gate.request_started(second)  # second is busy with a request: never dropped
        assert gate.admit(third, "a") and first.closed and not second.closed
        gate.request_started(third)
        assert not gate.admit(fourth, "a")  # everything of a's is busy: refused
        assert gate.admit(fourth, "b")
        return [first, second, third, fourth]

    asyncio.run(fill())
    gate.close()
    assert gate.count == 3 and gate.refused == 1 and gate.dropped == 1


def test_clients_are_counted_by_ipv4_address_or_ipv6_64():
    assert address_key("192.0.2.7") == "192.0.2.7"
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"  # IPv4 on a dual-stack socket
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("?") == "?"


def test_a_connection_that_stalls_outside_a_request_is_closed():
    """aiohttp waits for ever on a client that stops reading its answer; the gate does not."""
    class Transport:
        closed = False

        def abort(self):
            self.closed = True

    async def stall() -> tuple:
        gate = ConnectionGate(most=10, per_address=10, stall=0.3)
        stuck, playing = Transport(), Transport()
        gate.admit(stuck, "a")
        gate.admit(playing, "a")
        gate.request_started(playing)  # a game's websocket: busy however long it lasts
        await asyncio.sleep(0.8)
        gate.close()
        return stuck.closed, playing.closed, gate.count

    assert asyncio.run(stall()) == (True, False, 1)


@pytest.mark.net
async def test_a_game_outlives_the_http_deadline(private_data_dir):
    """The deadline is for requests; a game's websocket is one long request and stays open."""
    from dragon_tui.net.web import WebServer

    web = WebServer("127.0.0.1", 0, http_timeout=0.5)
    await web.start()
    try:
        async with aiohttp.ClientSession() as browser:
            async with browser.ws_connect(web.url + "/ws") as ws:
                assert b"five dragon games" in await until_painted(ws)
                await asyncio.sleep(2.0)  # four deadlines
                await ws.send_json(["ping", "still-there"])
                answer = None
                for _ in range(100):
                    msg = await asyncio.wait_for(ws.receive(), 5)
                    if msg.type == aiohttp.WSMsgType.TEXT:
                        answer = msg.json()
                        break
                    assert msg.type == aiohttp.WSMsgType.BINARY, msg
                assert answer == ["pong", "still-there"]
    finally:
        await web.close()
    assert await wait_until(lambda: not app_processes(private_data_dir), 10)
