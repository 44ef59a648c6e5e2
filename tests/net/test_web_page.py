"""The browser page (``serve --web``): Dragon TUI's own title, icon and logo, textual-serve's
shipped font instead of a font host's, and a page that says why its session ended: the player
quit, the server restarts or stops (with the drain's notice first), or the websocket was refused
(too many tabs from one address, a page address not allowed, a draining server). Real clients
on loopback, no browser needed (``test_web_browser.py`` drives Chromium when it is there)."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from dragon_tui.net import page
from dragon_tui.net.web import WebServer

from .helpers import app_processes, wait_until
from .test_web_hardening import until_painted

pytestmark = pytest.mark.net


@pytest.fixture
async def web(private_data_dir):
    server = WebServer("127.0.0.1", 0, per_address=1)
    await server.start()
    yield server
    await server.close()
    assert await wait_until(lambda: not app_processes(private_data_dir), 10)


async def test_the_page_is_dragon_tuis_and_needs_no_outside_host(web):
    async with aiohttp.ClientSession() as http:
        async with http.get(web.url + "/") as response:
            assert response.status == 200
            html = await response.text()
        assert "<title>Dragon TUI</title>" in html
        assert "googleapis" not in html and "https://" not in html  # nothing fetched from elsewhere
        assert 'aria-label="Dragon TUI"' in html  # the game's logo on the connecting screen
        assert "M2927.81" not in html  # not Textual's
        assert "window.WebSocket = DragonWebSocket" in html  # the page's script, inline
        for asset in ("fonts/RobotoMono-VariableFont_wght.ttf", "css/xterm.css", "js/textual.js"):
            assert f"/static/{asset}" in html
            async with http.get(web.url + "/static/" + asset) as response:
                assert response.status == 200, asset
                assert len(await response.read()) > 1000
        async with http.get(web.url + "/favicon.ico") as response:
            assert response.status == 200 and response.headers["Content-Type"] == "image/x-icon"
            assert (await response.read())[:4] == b"\0\0\1\0"  # an icon file


async def test_quitting_says_so(web):
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(web.url + "/ws?width=100&height=30") as ws:
            assert b"five dragon games" in await until_painted(ws)
            await ws.send_str(json.dumps(["stdin", "\x11"]))  # ctrl+q
            closed = None
            for _ in range(200):
                message = await asyncio.wait_for(ws.receive(), 15)
                if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    closed = message
                    break
            assert closed is not None and (closed.data, closed.extra) == (1000, "You quit the game.")


async def test_a_refused_websocket_is_explained(web):
    why = web.url + "/ws/why"
    async with aiohttp.ClientSession() as http:
        async with http.post(why, headers={"Origin": web.url}) as answer:
            assert (await answer.json()) == {"reason": None}
        async with http.post(why, headers={"Origin": "http://elsewhere.example"}) as answer:
            assert (await answer.json())["reason"] == page.REFUSED_ORIGIN
        ws = await http.ws_connect(web.url + "/ws")
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # a second tab: one per address here
            await http.ws_connect(web.url + "/ws")
        assert refused.value.status == 503
        async with http.post(why, headers={"Origin": web.url}) as answer:
            reason = (await answer.json())["reason"]
            assert reason.startswith("Too many tabs open from your address") and "at most 1" in reason
        assert web.sessions == 1  # asking took no slot
        await ws.close()
    assert await wait_until(lambda: web.sessions == 0, 15)


async def test_the_drain_notice_reaches_the_page_and_the_close_names_the_restart(web):
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(web.url + "/ws") as ws:
            assert b"five dragon games" in await until_painted(ws)
            await web.drain("This server is shutting down in 30 s.", 0.3)
            notice = None
            while notice is None:
                message = await asyncio.wait_for(ws.receive(), 10)
                if message.type == aiohttp.WSMsgType.TEXT and message.data.startswith('["dragon"'):
                    notice = json.loads(message.data)[1]["notice"]
            assert notice == "This server is shutting down in 30 s."
            async with http.post(web.url + "/ws/why") as answer:  # no new games meanwhile
                assert (await answer.json())["reason"] == page.REFUSED_DRAINING
            await web.close()
            while True:
                message = await asyncio.wait_for(ws.receive(), 10)
                if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    break
            # the close frame as the page gets it (the client's own reply may find the server gone)
            assert (message.data, message.extra) == page.RESTARTING


async def test_a_stopped_server_says_so(private_data_dir):
    server = WebServer("127.0.0.1", 0)
    await server.start()
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(server.url + "/ws") as ws:
            assert b"five dragon games" in await until_painted(ws)
            await server.close()
            while True:
                message = await asyncio.wait_for(ws.receive(), 10)
                if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    break
            assert (message.data, message.extra) == page.STOPPED
    assert await wait_until(lambda: not app_processes(private_data_dir), 10)
