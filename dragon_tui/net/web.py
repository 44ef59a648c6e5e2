"""The browser server: textual-serve runs one app process per websocket (with Textual's web
driver), on the serve process's event loop, next to the SSH server and the table server.

The web has no login: every browser gets the open-mode treatment. Its identity is a random
secret kept in a cookie (``dragon_guest``, HttpOnly, SameSite=Strict) set by the page: the
guest name (``web-`` and 16 hex digits: 64 bits, so nobody can make up a cookie that lands on
another guest's name) and save folder (24 hex digits) come from a hash of it, so a visitor keeps
their saves and seats while the cookie lives and nobody else can step into them. A websocket
without the cookie gets a fresh identity of its own.

What a browser can make the server spend is bounded like SSH: TCP connections in total and per
address (:mod:`dragon_tui.net.gate`, inside the descriptor limit), a deadline for a request's
headers and for idling between requests, sessions in total and per address, websocket messages
of at most 64 KB, window sizes clamped and resizes coalesced, and an app whose browser is gone
is stopped (killed if it does not quit). Requests must name this server in their Host header,
websockets are accepted only from the page's own origin (:mod:`dragon_tui.net.forwarded`);
pages may not be framed; ``/static/`` lists no directory. Behind a trusted proxy the visitor's
address comes from its forwarding header. Apps get the same filtered environment as SSH apps
(:mod:`dragon_tui.net.apps`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import re
import signal
from urllib.parse import urlsplit

from ..engine.untrusted import UntrustedJSONError, loads
from ..session import storage
from . import page
from .identity import TICKET_ENV, Tickets
from .apps import SessionSlots, app_command, app_environment, child_setup_for, clamp_size
from .forwarded import HostCheck, TrustedProxies, client_address
from .gate import ACCEPT_BATCH, ConnectionGate, GatedProtocol, address_key
from .server_private import spawning_app_service

log = logging.getLogger("dragon_tui.web")

COOKIE = "dragon_guest"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32,64}")
MAX_MESSAGE = 64 * 1024
RESIZE_EVERY = 0.1
STOP_GRACE = 3.0
#: Seconds a connection may take to send a request's headers, or sit idle between requests.
HTTP_TIMEOUT = 10.0
SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def guest_identity(token: str) -> tuple[str, str]:
    """The guest name and save-folder name that belong to a cookie's secret."""
    digest = hashlib.sha256(token.encode()).hexdigest()
    return f"web-{digest[:16]}", f"web-{digest[:24]}"


def _new_token() -> str:
    import secrets

    return secrets.token_urlsafe(32)


class WebServer:
    def __init__(self, host: str, port: int, tables_socket: str | os.PathLike | None = None,
                 public_url: str | None = None, max_sessions: int = 32, per_address: int = 4, *,
                 max_connections: int = 256, connections_per_address: int | None = None,
                 http_timeout: float = HTTP_TIMEOUT, trusted_proxies: TrustedProxies | None = None,
                 tickets: Tickets | None = None) -> None:
        from aiohttp import WSMsgType, web
        from textual_serve.server import Server, to_int

        owner = self

        class _AppService(spawning_app_service()):
            """One browser's app: filtered environment, dies with the server, really stops."""

            def __init__(self, *args, env: dict[str, str], **kw) -> None:
                super().__init__(*args, **kw)
                self.env = env

            async def spawn(self, width: int, height: int):
                env = dict(self.env)
                env.update({"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "TEXTUAL_FPS": "60",
                            "TEXTUAL_COLOR_SYSTEM": "truecolor", "TERM_PROGRAM": "textual",
                            "COLUMNS": str(width), "ROWS": str(height)})
                return await asyncio.create_subprocess_exec(
                    *app_command(), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.PIPE, env=env, start_new_session=True,
                    preexec_fn=child_setup_for(os.getpid()),
                )

            async def stop(self) -> None:
                """Ask the app to quit; if it does not within STOP_GRACE (stuck, or its browser
                vanished mid-resize), kill its process group. Always reaped."""
                process = self.process
                try:
                    await asyncio.wait_for(super().stop(), STOP_GRACE)
                except (asyncio.TimeoutError, Exception):
                    pass
                if process is not None and process.returncode is None:
                    try:
                        os.killpg(process.pid, signal.SIGKILL)
                    except (ProcessLookupError, PermissionError):
                        pass
                    try:
                        await asyncio.wait_for(process.wait(), 5)
                    except asyncio.TimeoutError:
                        pass
                self.cancel_run()

        class _Server(Server):
            async def make_app(self) -> web.Application:
                """The site: textual-serve's routes (its ``serve``, which would make them, is not
                used), the page's own, behind the guard and the security headers."""
                import aiohttp_jinja2
                import jinja2

                app = web.Application(middlewares=[_security_headers, _guard])
                aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
                app.add_routes([
                    web.get("/", self.handle_index, name="index"),
                    web.get("/ws", self.handle_websocket, name="websocket"),
                    web.get("/download/{key}", self.handle_download, name="download"),
                    web.static("/static", self.statics_path, show_index=False, name="static"),
                ])
                page.add_routes(app, owner)
                return app

            async def handle_index(self, request):
                """The page, with its websocket and static files at the host the page came from
                (the Host header, checked by the guard), unless a public URL is given."""
                import aiohttp_jinja2

                base = self.public_url if owner.explicit_public_url else f"{owner.scheme(request)}://{request.host}"
                websocket_base = ("wss:" if base.startswith("https:") else "ws:") + base.split(":", 1)[1]
                router = request.app.router
                context = {
                    "font_size": to_int(request.query.get("fontsize", "16"), 16),
                    "app_websocket_url": websocket_base + str(router["websocket"].url_for()),
                    "config": {"static": {"url": (base if owner.explicit_public_url else "")
                                          + str(router["static"].url_for(filename="/")).rstrip("/") + "/"}},
                    "application": {"name": self.title},
                }
                response = aiohttp_jinja2.render_template("app_index.html", request, context)
                if not _TOKEN.fullmatch(request.cookies.get(COOKIE, "")):
                    response.set_cookie(COOKIE, _new_token(), max_age=400 * 24 * 3600, httponly=True,
                                        samesite="Strict", path="/", secure=self.public_url.startswith("https"))
                return response

            async def handle_websocket(self, request):
                if not owner.origin_allowed(request):
                    return web.Response(status=403, text="This page may not open a game here.")
                if owner.draining:
                    return web.Response(status=503, text=page.REFUSED_DRAINING)
                address = address_key(request["client"])
                refused = owner.reserve(address)
                if refused:
                    return web.Response(status=503, text=refused)
                try:
                    return await self._websocket(request)
                finally:
                    owner.release(address)

            async def _websocket(self, request):
                token = request.cookies.get(COOKIE, "")
                name, folder = guest_identity(token if _TOKEN.fullmatch(token) else _new_token())
                cols, rows = clamp_size(to_int(request.query.get("width", "80"), 80),
                                        to_int(request.query.get("height", "24"), 24))
                extra = {}
                if owner.tickets is not None:  # the table server believes this, not the app
                    extra[TICKET_ENV] = owner.tickets.issue(name, None, request["client"])
                env = app_environment(name, storage.data_dir() / "players" / folder, owner.tables_socket,
                                      cols, rows, **extra)
                websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
                service = None
                try:
                    await websocket.prepare(request)
                    owner.pages.add(websocket)
                    service = _AppService(self.command, write_bytes=websocket.send_bytes,
                                          write_str=websocket.send_str, close=page.quit_closer(websocket),
                                          download_manager=self.download_manager, debug=False, env=env)
                    await service.start(cols, rows)
                    await self.relay_messages(websocket, service)
                except asyncio.CancelledError:
                    await websocket.close()
                except Exception:
                    log.exception("web session failed")
                finally:
                    owner.pages.discard(websocket)
                    if service is not None:
                        await service.stop()
                return websocket

            async def relay_messages(self, websocket, app_service) -> None:
                """The browser's messages, checked: JSON of bounded size and depth, known
                types only, sizes clamped, resizes coalesced."""
                size: list[tuple[int, int] | None] = [None]
                resizer: list[asyncio.Task | None] = [None]

                async def apply_size() -> None:
                    await asyncio.sleep(RESIZE_EVERY)
                    resizer[0] = None
                    if size[0] is not None:
                        cols, rows = size[0]
                        size[0] = None
                        await app_service.set_terminal_size(cols, rows)

                try:
                    async for message in websocket:
                        if message.type != WSMsgType.TEXT:
                            continue
                        try:
                            envelope = loads(message.data, MAX_MESSAGE)
                        except UntrustedJSONError:
                            continue
                        if not isinstance(envelope, list) or len(envelope) < 1 or not isinstance(envelope[0], str):
                            continue
                        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
                        if kind == "stdin" and isinstance(data, str):
                            await app_service.send_bytes(data.encode("utf-8", "replace"))
                        elif kind == "resize" and isinstance(data, dict):
                            size[0] = clamp_size(data.get("width"), data.get("height"))
                            if resizer[0] is None:
                                resizer[0] = asyncio.ensure_future(apply_size())
                        elif kind == "ping":
                            await websocket.send_json(["pong", data if isinstance(data, (str, int)) else None])
                        elif kind == "blur":
                            await app_service.blur()
                        elif kind == "focus":
                            await app_service.focus()
                finally:
                    if resizer[0] is not None:
                        resizer[0].cancel()

        @web.middleware
        async def _guard(request, handler):
            """Every request: counted busy at the gate while it runs (a running game's websocket
            is never dropped to make room), refused unless its Host names this server, and
            given the client's address (forwarded, from a trusted proxy)."""
            transport = request.transport
            owner.gate.request_started(transport)
            try:
                # the header itself: aiohttp's request.host looks the machine's name up without one
                if not owner.hosts.allowed(request.headers.get("Host")):
                    return web.Response(status=421, text="This server is not known by that name.")
                request["client"] = client_address(request.remote, request.headers, owner.proxies)
                return await handler(request)
            finally:
                owner.gate.request_ended(transport)

        @web.middleware
        async def _security_headers(request, handler):
            response = await handler(request)
            response.headers.update(SECURITY_HEADERS)
            return response

        self.host, self.port = host, port
        self.max_sessions = max_sessions
        self.per_address = per_address
        self.tables_socket = str(tables_socket) if tables_socket else None
        self.tickets = tickets  # the table server's session tickets (.identity)
        self.slots = SessionSlots()
        self.server = _Server("dragon-tui", host=host, port=port, title="Dragon TUI", public_url=public_url,
                              templates_path=page.TEMPLATES)
        #: The pages with a live game (told the drain's notice, closed with a reason), and
        #: whether the server is draining (no new games).
        self.pages = page.Pages()
        self.draining = False
        self.explicit_public_url = public_url is not None
        self.http_timeout = http_timeout
        self.proxies = trusted_proxies or TrustedProxies()
        self.hosts = HostCheck(host, public_url)
        per_connection = connections_per_address or max(8, 4 * per_address)
        # a stalled answer gets a minute or six deadlines, whichever is longer, to be read
        self.gate = ConnectionGate(max_connections, per_connection, exempt=self.proxies.__contains__,
                                   stall=max(60.0, 6 * http_timeout))
        self._runner = None
        self._listener: asyncio.AbstractServer | None = None

    # ------------------------------------------------------------------ limits
    @property
    def sessions(self) -> int:
        """Sessions holding a slot (starting or running)."""
        return self.slots.count

    def reserve(self, address: str) -> str | None:
        return self.slots.take(address, self.max_sessions, self.per_address)

    def release(self, address: str) -> None:
        self.slots.give_back(address)

    def scheme(self, request) -> str:
        """``https`` when a trusted proxy says the browser used it, else the request's own."""
        if request.remote in self.proxies:
            proto = request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip().lower()
            if proto in ("http", "https"):
                return proto
        return request.scheme

    def origin_allowed(self, request) -> bool:
        """A websocket from a page of this server: its Origin (browsers always send one) names
        the host the page was served as — the public URL's when one is given, else the
        request's own Host (which the guard has checked names this server). No Origin: not a
        browser, nothing cross-site to fear."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        served = urlsplit(self.server.public_url).netloc.lower() if self.explicit_public_url else request.host.lower()
        try:
            return urlsplit(origin).netloc.lower() == served and urlsplit(origin).scheme in ("http", "https")
        except ValueError:
            return False

    # ------------------------------------------------------------------ lifecycle
    @property
    def url(self) -> str:
        return self.server.public_url

    async def start(self) -> None:
        """Listen: aiohttp answers requests, behind the connection gate (which counts and caps
        connections as they are accepted). aiohttp's keep-alive deadline, armed from the moment a
        connection opens, is the header and idle timeout."""
        from aiohttp import web

        app = await self.server.make_app()
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None,
                                     keepalive_timeout=self.http_timeout)
        await self._runner.setup()
        handler = self._runner.server
        gate = self.gate
        self._listener = await asyncio.get_running_loop().create_server(
            lambda: GatedProtocol(gate, handler), self.host or None, self.port, reuse_address=True,
            backlog=ACCEPT_BATCH)
        if self.port == 0:  # tests: the port the system chose
            self.port = self._listener.sockets[0].getsockname()[1]
            self.server.port = self.port
            if not self.explicit_public_url:
                self.server.public_url = f"http://{self.host}:{self.port}"

    async def drain(self, notice: str, grace: float) -> None:
        """Take no new games, show every page ``notice`` and give the games ``grace`` seconds
        before :meth:`close` ends them."""
        self.draining = True
        await self.pages.tell(notice)
        end = asyncio.get_running_loop().time() + grace
        while self.pages.sockets and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.1)

    async def close(self) -> None:
        # each page is told why first: after a drain the server is restarting, else stopping
        await self.pages.close_all(page.RESTARTING if self.draining else page.STOPPED)
        if self._listener is not None:
            self._listener.close()
        self.gate.close()
        if self._runner is not None:
            await self._runner.cleanup()
