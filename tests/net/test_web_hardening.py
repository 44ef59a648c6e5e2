"""The browser side under attack: each attack played on loopback with aiohttp's client and shown
refused. Bounded in time; no app is left running."""

from __future__ import annotations

import asyncio
import hashlib
import json
import time

import aiohttp
import pytest

from dragon_tui.net.cli import main as serve_main
from dragon_tui.net.web import COOKIE, WebServer

from .helpers import app_processes, wait_until
from .test_ssh_hardening import rss_mb


@pytest.fixture
async def web(private_data_dir, monkeypatch):
    monkeypatch.setenv("DRAGON_SERVER_SECRET", "do-not-leak")  # the server's own environment
    server = WebServer("127.0.0.1", 0, per_address=3)
    await server.start()
    yield server
    await server.close()
    assert await wait_until(lambda: not app_processes(private_data_dir), 10)


def environ(pid: int) -> dict[str, str]:
    with open(f"/proc/{pid}/environ", "rb") as f:
        pairs = [item.split(b"=", 1) for item in f.read().split(b"\0") if b"=" in item]
    return {k.decode(): v.decode(errors="replace") for k, v in pairs}


async def until_painted(ws, needle=b"five dragon games", timeout=30.0) -> bytes:
    seen = b""
    end = time.monotonic() + timeout
    while needle not in seen and time.monotonic() < end:
        try:
            msg = await asyncio.wait_for(ws.receive(), 1)
        except asyncio.TimeoutError:
            continue
        if msg.type == aiohttp.WSMsgType.BINARY:
            seen += msg.data
        elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            break
    return seen


# ---------------------------------------------------------------- finding 5 (and 10's environment)
@pytest.mark.slow
async def test_web_guests_get_a_secret_cookie_identity_not_a_pid(web, private_data_dir):
    identities = []
    for _ in range(2):  # two browsers: two cookie jars (which, like a browser's, keep an IP host's cookies)
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
            async with browser.get(web.url + "/") as page:
                assert page.status == 200
                cookie = page.cookies[COOKIE]
                assert cookie["httponly"] and cookie["samesite"] == "Strict"
            token = cookie.value
            folder = "web-" + hashlib.sha256(token.encode()).hexdigest()[:24]
            for visit in range(2):  # the same browser comes back: the same folder
                async with browser.ws_connect(web.url + "/ws") as ws:
                    assert b"five dragon games" in await until_painted(ws)
                    (pid,) = app_processes(private_data_dir)
                    env = environ(pid)
                    assert env["DRAGON_TUI_HOME"].endswith("/players/" + folder)
                    assert env["DRAGON_TUI_PLAYER"] == folder[:20]  # web- and 64 bits of the hash
                    assert "DRAGON_SERVER_SECRET" not in env  # the filtered environment, like SSH
                assert await wait_until(lambda: not app_processes(private_data_dir), 10)
            identities.append(folder)
    assert identities[0] != identities[1]
    # a socket without the cookie gets a fresh random identity, never one named after a pid
    async with aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as bare:
        async with bare.ws_connect(web.url + "/ws") as ws:
            assert b"five dragon games" in await until_painted(ws)
            (pid,) = app_processes(private_data_dir)
            home = environ(pid)["DRAGON_TUI_HOME"].rsplit("/", 1)[1]
            assert home not in identities and home != f"web-{pid}" and len(home) == len("web-") + 24


# ---------------------------------------------------------------- finding 9
async def test_websockets_only_from_the_served_origin(web, private_data_dir):
    async with aiohttp.ClientSession() as browser:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await browser.ws_connect(web.url + "/ws", headers={"Origin": "http://evil.example"})
        assert refused.value.status == 403
        assert not app_processes(private_data_dir)
        async with browser.ws_connect(web.url + "/ws", headers={"Origin": web.url}) as ws:
            assert b"five dragon games" in await until_painted(ws)


# ---------------------------------------------------------------- finding 10
def test_web_with_authorized_keys_is_refused(tmp_path, capsys):
    keys = tmp_path / "keys"
    keys.write_text("")
    with pytest.raises(SystemExit) as stop:
        serve_main(["--web", "0", "--ssh", "0", "--authorized-keys", str(keys)])
    assert stop.value.code == 2
    assert "the web has no login" in capsys.readouterr().err


# ---------------------------------------------------------------- finding 3 (web)
@pytest.mark.slow
async def test_web_sizes_are_clamped_and_a_gone_client_ends_its_app(web, private_data_dir):
    async with aiohttp.ClientSession() as browser:
        ws = await browser.ws_connect(web.url + "/ws?width=1000000000&height=1000000000")
        assert b"five dragon games" in await until_painted(ws)
        (pid,) = app_processes(private_data_dir)
        assert environ(pid)["COLUMNS"] == "500" and environ(pid)["ROWS"] == "200"
        for _ in range(50):  # a burst of huge resizes, with a 1e999 and a deep one among them
            await ws.send_str(json.dumps(["resize", {"width": 10**9, "height": 10**9}]))
        await ws.send_str('["resize", {"width": 1e999, "height": 5}]')
        await ws.send_str("[" * 5000 + "]" * 5000)
        peak = 0.0
        for _ in range(20):
            peak = max(peak, rss_mb(pid))
            await asyncio.sleep(0.2)
        assert peak < 300, peak  # 10^9 rows took 2.8 GB before the clamp
        await ws.close()
    # the browser is gone: the app ends and its slot is free
    assert await wait_until(lambda: not app_processes(private_data_dir) and web.sessions == 0, 15)


@pytest.mark.slow
async def test_sessions_per_address_are_capped(web, private_data_dir):
    async with aiohttp.ClientSession() as browser:
        sockets = [await browser.ws_connect(web.url + "/ws") for _ in range(3)]
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await browser.ws_connect(web.url + "/ws")
        assert refused.value.status == 503
        for ws in sockets:
            await ws.close()
    assert await wait_until(lambda: web.sessions == 0, 15)


# ---------------------------------------------------------------- finding 20 (web)
async def test_no_directory_index_and_no_framing(web):
    async with aiohttp.ClientSession() as browser:
        async with browser.get(web.url + "/static/") as listing:
            assert listing.status in (403, 404)
            assert "Index of" not in await listing.text()
        async with browser.get(web.url + "/") as page:
            assert page.headers["X-Frame-Options"] == "DENY"
            assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]


# ---------------------------------------------------------------- finding 7 (web)
WEB_SCRIPT = """
import asyncio, signal
signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup
from dragon_tui.net.web import WebServer

async def main():
    server = WebServer("127.0.0.1", 0)
    await server.start()
    print(server.port, flush=True)
    await asyncio.sleep(120)

asyncio.run(main())
"""


@pytest.mark.slow
async def test_browser_apps_die_with_a_killed_server_even_under_nohup(private_data_dir):
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, DRAGON_TUI_HOME=str(private_data_dir))
    proc = subprocess.Popen([sys.executable, "-c", WEB_SCRIPT], env=env, stdout=subprocess.PIPE,
                            cwd=str(Path(__file__).parents[2]))
    try:
        port = int(await asyncio.wait_for(asyncio.to_thread(proc.stdout.readline), 30))
        async with aiohttp.ClientSession() as browser:
            ws = await browser.ws_connect(f"http://127.0.0.1:{port}/ws")
            assert b"five dragon games" in await until_painted(ws)
            assert len(app_processes(private_data_dir)) == 1
            proc.kill()  # kill -9
            proc.wait(10)
            assert await wait_until(lambda: not app_processes(private_data_dir), 10)
            await ws.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        for pid in app_processes(private_data_dir):
            os.kill(pid, signal.SIGKILL)
