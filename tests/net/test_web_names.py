"""Who a browser is and which names the web server answers to: the Host check (DNS rebinding),
the page's websocket at the host the page came from, clients behind a trusted reverse proxy,
and guest names wide enough not to be collided. Real clients on loopback."""

from __future__ import annotations

import asyncio
import hashlib
import re

import aiohttp
import pytest
from multidict import CIMultiDict

from dragon_tui.net.cli import main as serve_main
from dragon_tui.net.forwarded import HostCheck, TrustedProxies, client_address, parse_proxies
from dragon_tui.net.web import WebServer, guest_identity

from .helpers import app_processes, wait_until
from .test_web_hardening import until_painted


@pytest.fixture
async def start_web(private_data_dir):
    servers = []

    async def start(**kw) -> WebServer:
        server = WebServer("127.0.0.1", 0, **kw)
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await server.close()
    assert await wait_until(lambda: not app_processes(private_data_dir), 15)


def websocket_url(page: str) -> str:
    return re.search(r'data-session-websocket-url="([^"]*)"', page).group(1)


# ---------------------------------------------------------------- the page's own host
@pytest.mark.net
async def test_a_page_opened_as_localhost_connects_its_websocket_to_localhost(start_web, private_data_dir):
    web = await start_web()
    page_host = f"localhost:{web.port}"
    async with aiohttp.ClientSession() as browser:
        async with browser.get(web.url + "/", headers={"Host": page_host}) as page:
            assert page.status == 200
            text = await page.text()
        # the websocket goes where the page came from (it went to 127.0.0.1 and was refused)
        assert websocket_url(text) == f"ws://{page_host}/ws"
        assert 'src="/static/js/textual.js"' in text
        async with browser.ws_connect(web.url + "/ws", headers={"Host": page_host,
                                                                "Origin": f"http://{page_host}"}) as ws:
            assert b"five dragon games" in await until_painted(ws)


@pytest.mark.net
async def test_a_public_url_still_decides_where_the_page_points(start_web):
    web = await start_web(public_url="https://club.example")
    async with aiohttp.ClientSession() as browser:
        async with browser.get(f"http://127.0.0.1:{web.port}/", headers={"Host": "club.example"}) as page:
            text = await page.text()
    assert websocket_url(text) == "wss://club.example/ws"
    assert 'src="https://club.example/static/js/textual.js"' in text


@pytest.mark.net
async def test_a_trusted_proxy_may_say_the_page_came_over_https(start_web):
    trusting = await start_web(trusted_proxies=TrustedProxies(parse_proxies(["127.0.0.1"])))
    doubting = await start_web()
    headers = {"X-Forwarded-Proto": "https"}
    async with aiohttp.ClientSession() as browser:
        for web, scheme in ((trusting, "wss"), (doubting, "ws")):
            async with browser.get(web.url + "/", headers=headers) as page:
                assert websocket_url(await page.text()) == f"{scheme}://127.0.0.1:{web.port}/ws"


# ---------------------------------------------------------------- DNS rebinding
@pytest.mark.net
async def test_requests_for_a_name_that_is_not_ours_are_refused(start_web, private_data_dir):
    web = await start_web()
    evil = f"evil.example:{web.port}"
    async with aiohttp.ClientSession() as browser:
        async with browser.get(web.url + "/", headers={"Host": evil}) as page:
            assert page.status == 421
            assert "dragon_guest" not in page.cookies
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await browser.ws_connect(web.url + "/ws", headers={"Host": evil, "Origin": f"http://{evil}"})
        assert refused.value.status == 421  # was accepted: Origin and Host agreed
        assert not app_processes(private_data_dir)
    # no Host at all (HTTP/1.0): refused too, without looking the machine's name up
    reader, writer = await asyncio.open_connection("127.0.0.1", web.port)
    writer.write(b"GET / HTTP/1.0\r\n\r\n")
    assert (await asyncio.wait_for(reader.read(), 5)).startswith(b"HTTP/1.0 421")
    writer.close()
    async with aiohttp.ClientSession() as browser:
        for ours in (f"127.0.0.1:{web.port}", f"localhost:{web.port}", f"[::1]:{web.port}", "localhost:9000"):
            async with browser.get(web.url + "/static/css/xterm.css", headers={"Host": ours}) as page:
                assert page.status == 200, ours


def test_which_hosts_name_the_server():
    loopback = HostCheck("127.0.0.1")
    assert all(loopback.allowed(h) for h in ("127.0.0.1:8201", "localhost:8201", "[::1]:8201", "127.0.0.2"))
    assert not any(loopback.allowed(h) for h in ("evil.example:8201", "192.0.2.7:8201", "", None,
                                                  "localhost.evil.example", "127.0.0.1.nip.io",
                                                  '127.0.0.1:1"><script>', "localhost:80:80"))
    everywhere = HostCheck("0.0.0.0")
    assert all(everywhere.allowed(h) for h in ("192.0.2.7:8201", "[2001:db8::1]:8201", "localhost"))
    assert not everywhere.allowed("evil.example")
    one = HostCheck("192.0.2.7")
    assert one.allowed("192.0.2.7:8201") and not one.allowed("192.0.2.8") and not one.allowed("localhost")
    public = HostCheck("127.0.0.1", "https://Club.Example/")
    assert public.allowed("club.example") and public.allowed("127.0.0.1:8201")
    assert not public.allowed("evil.example")


# ---------------------------------------------------------------- behind a reverse proxy
@pytest.mark.slow
@pytest.mark.net
async def test_behind_a_trusted_proxy_each_visitor_has_their_own_limit(start_web):
    proxy = TrustedProxies(parse_proxies(["127.0.0.1"]))
    web = await start_web(per_address=2, trusted_proxies=proxy)

    def via(client: str) -> dict:
        return {"X-Forwarded-For": client, "Origin": web.url}

    async with aiohttp.ClientSession() as browser:
        first = [await browser.ws_connect(web.url + "/ws", headers=via("203.0.113.5")) for _ in range(2)]
        for forged in ("203.0.113.5", "198.51.100.9, 203.0.113.5"):  # a forged hop on the left is ignored
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await browser.ws_connect(web.url + "/ws", headers=via(forged))
            assert refused.value.status == 503
        # another visitor through the same proxy is not locked out (all tabs were one address)
        other = await browser.ws_connect(web.url + "/ws", headers=via("198.51.100.7"))
        assert b"five dragon games" in await until_painted(other)
        for ws in (*first, other):
            await ws.close()
    assert await wait_until(lambda: web.sessions == 0, 15)


@pytest.mark.net
async def test_forwarding_headers_from_anyone_else_are_ignored(start_web):
    web = await start_web(per_address=2)  # no trusted proxy
    async with aiohttp.ClientSession() as browser:
        sockets = [await browser.ws_connect(web.url + "/ws", headers={"X-Forwarded-For": f"203.0.113.{i}"})
                   for i in (1, 2)]
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await browser.ws_connect(web.url + "/ws", headers={"X-Forwarded-For": "203.0.113.3",
                                                               "Forwarded": "for=203.0.113.4"})
        assert refused.value.status == 503  # still one address: 127.0.0.1
        for ws in sockets:
            await ws.close()
    assert await wait_until(lambda: web.sessions == 0, 15)


def test_the_client_is_the_right_most_untrusted_hop():
    proxies = TrustedProxies(parse_proxies(["10.0.0.0/8", "127.0.0.1,::1"]))
    def hdr(**kw):
        return CIMultiDict({k.replace("_", "-"): v for k, v in kw.items()})

    assert client_address("127.0.0.1", hdr(X_Forwarded_For="1.2.3.4, 203.0.113.5, 10.1.2.3"), proxies) == "203.0.113.5"
    assert client_address("::1", hdr(Forwarded='for=1.2.3.4, for="[2001:db8::7]:4711"'), proxies) == "2001:db8::7"
    assert client_address("127.0.0.1", hdr(X_Forwarded_For="10.0.0.1, 10.0.0.2"), proxies) == "127.0.0.1"
    assert client_address("127.0.0.1", hdr(X_Forwarded_For="203.0.113.5, nonsense"), proxies) == "127.0.0.1"
    assert client_address("127.0.0.1", hdr(X_Forwarded_For="203.0.113.5:8080"), proxies) == "203.0.113.5"
    assert client_address("127.0.0.1", hdr(X_Forwarded_For="1.1.1.1," * 2000), proxies) == "127.0.0.1"
    assert client_address("127.0.0.1", hdr(), proxies) == "127.0.0.1"
    assert client_address("192.0.2.1", hdr(X_Forwarded_For="203.0.113.5"), proxies) == "192.0.2.1"
    assert client_address("::ffff:127.0.0.1", hdr(X_Forwarded_For="203.0.113.5"), proxies) == "203.0.113.5"


def test_trusted_proxy_flag_is_checked(capsys):
    with pytest.raises(SystemExit) as stop:
        serve_main(["--web", "0", "--trusted-proxy", "10.0.0.1,not-an-address"])
    assert stop.value.code == 2
    assert "'not-an-address' is not an IP address or network" in capsys.readouterr().err
    for flags in (["--http-timeout", "0"], ["--web-connections", "0"]):
        with pytest.raises(SystemExit) as stop:
            serve_main(["--web", "0", *flags])
        assert stop.value.code == 2 and flags[0] in capsys.readouterr().err


# ---------------------------------------------------------------- guest names
def test_guest_names_carry_64_bits_and_keep_the_old_prefix():
    token = "x" * 43
    digest = hashlib.sha256(token.encode()).hexdigest()
    name, folder = guest_identity(token)
    assert name == f"web-{digest[:16]}" and folder == f"web-{digest[:24]}"
    assert name.startswith(f"web-{digest[:8]}")  # the 32-bit name it had, extended
    assert len(name) <= 24  # the longest name the table server keeps
    names = {guest_identity(f"token-{i:08d}" + "a" * 30)[0] for i in range(200_000)}
    assert len(names) == 200_000  # 32 bits collided within about 100,000 tries
