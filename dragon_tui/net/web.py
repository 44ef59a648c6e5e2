"""The browser server: textual-serve runs one app process per websocket (with Textual's web
driver), on the serve process's event loop, next to the SSH server and the table server.

The web has no login: every browser gets the open-mode treatment, a guest name of its own
(``web-xxxx``) and its own save folder, and shared tables through the same socket.
"""

from __future__ import annotations

import os
import shlex
import sys

from ..session import storage

CHILD_MODULE = "dragon_tui.net.play"


def child_command(tables_socket: str | None) -> str:
    """The shell command textual-serve starts per browser: a guest name and folder of its own."""
    python = shlex.quote(sys.executable)
    homes = shlex.quote(str(storage.data_dir() / "players"))
    tables = f"DRAGON_TUI_TABLES={shlex.quote(str(tables_socket))} " if tables_socket else ""
    # $$ (the shell's pid, which exec keeps) makes the guest name unique while it plays.
    return (f'n=web-$$; {tables}DRAGON_TUI_PLAYER=$n DRAGON_TUI_HOME={homes}/$n '
            f'exec {python} -m {CHILD_MODULE}')


class WebServer:
    def __init__(self, host: str, port: int, tables_socket: str | os.PathLike | None = None,
                 public_url: str | None = None, max_sessions: int = 32) -> None:
        from textual_serve.server import Server

        owner = self

        class _Server(Server):
            async def handle_websocket(self, request):  # cap browser sessions like SSH ones
                from aiohttp import web

                if owner.sessions >= owner.max_sessions:
                    return web.Response(status=503, text="The server is full; try again later.")
                owner.sessions += 1
                try:
                    return await super().handle_websocket(request)
                finally:
                    owner.sessions -= 1

        self.host, self.port = host, port
        self.max_sessions = max_sessions
        self.sessions = 0
        self.server = _Server(child_command(str(tables_socket) if tables_socket else None), host=host, port=port,
                              title="Dragon TUI", public_url=public_url)
        self._runner = None

    @property
    def url(self) -> str:
        return self.server.public_url

    async def start(self) -> None:
        from aiohttp import web

        app = await self.server._make_app()  # textual-serve 1.1: its routes, served on our loop
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # tests: the port the system chose
            server = site._server
            if server is not None and server.sockets:
                self.port = server.sockets[0].getsockname()[1]
                self.server.port = self.port
                self.server.public_url = f"http://{self.host}:{self.port}"

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
