"""``dragon-tui serve``: the command line, and the browser server (textual-serve)."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from dragon_tui.net.cli import build_parser, parse_address, serve

from .helpers import app_processes, wait_until


def test_addresses_default_to_loopback():
    assert parse_address("2222") == ("127.0.0.1", 2222)
    assert parse_address("0.0.0.0:22") == ("0.0.0.0", 22)
    assert parse_address("[::1]:80") == ("::1", 80)
    with pytest.raises(Exception):
        parse_address("host:port")
    args = build_parser().parse_args(["--ssh", "2222"])
    assert args.ssh == ("127.0.0.1", 2222) and args.max_sessions == 32 and args.idle_timeout == 30.0


async def test_web_serves_the_app_to_a_browser(private_data_dir):
    import aiohttp

    from dragon_tui.net.web import WebServer

    web = WebServer("127.0.0.1", 0)
    await web.start()
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(web.url + "/") as page:
                assert page.status == 200 and "Dragon TUI" in await page.text()
            async with http.ws_connect(web.url + "/ws?width=100&height=30") as ws:
                seen = b""
                end = time.monotonic() + 20
                while b"five dragon games" not in seen and time.monotonic() < end:
                    try:
                        msg = await asyncio.wait_for(ws.receive(), 2)
                    except asyncio.TimeoutError:
                        continue
                    if msg.type == aiohttp.WSMsgType.BINARY:
                        seen += msg.data
                    elif msg.type == aiohttp.WSMsgType.TEXT:
                        seen += msg.data.encode()
                    elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                        break
                assert b"five dragon games" in seen
                await ws.send_str(json.dumps(["stdin", "q"]))
                end = time.monotonic() + 10  # the app quits and the server closes the socket
                while not ws.closed and time.monotonic() < end:
                    try:
                        msg = await asyncio.wait_for(ws.receive(), 1)
                    except asyncio.TimeoutError:
                        continue
                    if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                        break
            assert await wait_until(lambda: not app_processes(private_data_dir), 10)
    finally:
        await web.close()


async def test_serve_runs_ssh_and_tables_together(private_data_dir):
    args = build_parser().parse_args(["--ssh", "127.0.0.1:0"])
    ready, stop = asyncio.Event(), asyncio.Event()
    task = asyncio.ensure_future(serve(args, ready, stop))
    await asyncio.wait_for(ready.wait(), 10)
    assert (private_data_dir / "tables.sock").exists()
    stop.set()
    await asyncio.wait_for(task, 10)
    assert not (private_data_dir / "tables.sock").exists()


@pytest.mark.slow
def test_bench_figures_smoke():
    from dragon_tui.devtools.net_bench import net_figures

    figures = net_figures(sessions=1, moves=5)
    for mode in ("cold", "warm"):
        assert figures[f"{mode}_ssh_sessions_per_s"] > 0 and figures[f"{mode}_ssh_session_rss_mb"] > 5
        assert 0 < figures[f"{mode}_ssh_session_pss_mb"] <= figures[f"{mode}_ssh_session_rss_mb"]
    assert figures["warm_vs_cold_first_paint"].endswith("x faster")
    assert figures["table_round_trip_moves"] == 5 and figures["table_round_trip_ms_median"] > 0


def test_table_server_and_client_are_headless():
    import subprocess
    import sys

    code = ("import sys, dragon_tui.net.tables, dragon_tui.net.client, dragon_tui.net.ssh; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
