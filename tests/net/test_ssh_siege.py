"""A login flood from many addresses: connections that only send the SSH banner, a few from each
of many loopback addresses (under the per-address cap each), held open. The waiting logins
are capped for all addresses together, with random early drop (OpenSSH's MaxStartups), and
a normal player still logs in and plays meanwhile. Bounded: small limits, a few seconds."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dragon_tui.net.ssh import Limits, SSHOptions, SSHServer
from dragon_tui.net.startups import MaxStartups, Startups

from .helpers import connect, open_screen, wait_until

PROBE = [sys.executable, str(Path(__file__).with_name("pty_probe.py"))]
FLOOD = Path(__file__).with_name("ssh_flood.py")


def descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.net
@pytest.mark.slow
async def test_a_login_flood_from_many_addresses_is_capped_and_a_player_still_gets_in(private_data_dir):
    limits = Limits(per_address=4, startups=MaxStartups(4, 30, 12))
    server = SSHServer(SSHOptions("127.0.0.1", 0, limits=limits, child_command=PROBE))
    await server.start()
    flood = None
    try:
        before = descriptors()
        # 40 addresses × 4 banner-only connections: 160 logins that never finish
        flood = await asyncio.create_subprocess_exec(
            sys.executable, str(FLOOD), str(server.port), "40", "4", "6", stdout=subprocess.PIPE)
        first = json.loads(await asyncio.wait_for(flood.stdout.readline(), 20))
        assert first["opened"] == 160
        await asyncio.sleep(0.5)
        during = descriptors()
        waiting = len(server.startups)
        assert waiting <= 12
        # the server holds at most FULL of them (plus a few in the middle of being closed)
        assert during - before <= 12 + 4, (before, during)

        # meanwhile a normal player logs in and plays
        conn = await connect(server.port, "ana")
        screen = await open_screen(conn)
        assert await screen.wait_for("player=ana", 15), screen.text[-300:]
        conn.close()

        report = json.loads(await asyncio.wait_for(flood.stdout.readline(), 30))
        assert report["closed"] >= 160 - 12 and report["open"] <= 12, report
        assert server.startups.dropped >= 148
        await flood.wait()
        assert await wait_until(lambda: len(server.startups) == 0 and not server.children, 10)
        print(f"\nlogin flood: descriptors {before} before, {during} during (160 held by the attacker); "
              f"waiting logins {waiting}; the server closed {report['closed']}")
    finally:
        if flood is not None and flood.returncode is None:
            flood.kill()
            await flood.wait()
        await server.close()


def test_random_early_drop_follows_start_rate_full():
    """Below START all are taken; between START and FULL repeat addresses are dropped with a
    chance rising from RATE to 100 %; at FULL a new address displaces the oldest login of the
    address with the most; an address with as many waiting as the most is refused."""
    startups = Startups(MaxStartups(2, 50, 6), random.Random(1))
    assert startups.admit("a1", "10.0.0.1") == (True, None)
    assert startups.admit("a2", "10.0.0.1") == (True, None)
    taken = sum(startups.admit(f"x{i}", "10.0.0.1")[0] for i in range(200))
    assert 0 < taken <= 4 and len(startups) <= 6  # some dropped at random, never past FULL
    while len(startups) < 6:  # fill up from fresh addresses: never dropped at random
        assert startups.admit(f"f{len(startups)}", f"10.0.1.{len(startups)}")[0]
    assert startups.admit("more", "10.0.0.1") == (False, None)  # the most-waiting address
    admitted, displaced = startups.admit("newcomer", "10.0.2.1")
    assert admitted and displaced == "a1"  # the oldest of 10.0.0.1's
    assert len(startups) == 6
    startups.done("newcomer")
    startups.done("newcomer")  # twice is harmless
    assert len(startups) == 5
    # IPv6: one /64 counts as one address
    v6 = Startups(MaxStartups(1, 100, 10))
    assert v6.admit("p", "2001:db8::1")[0] and not v6.admit("q", "2001:db8::2")[0]


def test_max_startups_parse_and_scale():
    assert MaxStartups.parse("10:30:100") == MaxStartups(10, 30, 100)
    assert MaxStartups.parse("20") == MaxStartups(20, 100, 20)
    for bad in ("10:30", "a:b:c", "50:30:10", "1:200:5"):
        with pytest.raises(ValueError):
            MaxStartups.parse(bad)
    assert MaxStartups(10, 30, 100).scaled(1024) == MaxStartups(10, 30, 100)
    assert MaxStartups(10, 30, 100).scaled(256) == MaxStartups(3, 30, 32)
