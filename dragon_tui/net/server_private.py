"""Every private name of textual-serve and asyncssh the servers use, in this one module.

The UI's private names of Textual live in ``ui/textual_private.py``; these are the server
side's, kept apart because ``net`` never imports ``ui`` (the layers, tests/test_layers.py),
and a server that serves only browsers or SSH needs neither Textual's widgets nor the UI.

- textual-serve's ``AppService`` starts its app with a shell command and the server's whole
  environment (``_open_app_process``); each browser's app is started here with the player's
  own filtered environment, in a session of its own, as a child that dies with the server.
- asyncssh's ``SSHServerProcess`` is made here by hand (its constructor is not public), so a
  channel that closes gives its place back.

``tests/net/test_server_private.py`` checks each name's shape and a small behaviour, so a new
release that changes one fails there, by name. Each library is imported only when its server
starts (the web server needs no asyncssh, the SSH server no textual-serve).
"""

from __future__ import annotations

import functools
from typing import Awaitable, Callable


@functools.cache
def spawning_app_service() -> type:
    """textual-serve's ``AppService`` with the app's process started by
    ``await self.spawn(width, height)`` (an ``asyncio`` subprocess with pipes), and a way to
    see and cancel what it runs."""
    from textual_serve.app_service import AppService

    class SpawningAppService(AppService):
        async def spawn(self, width: int, height: int):
            raise NotImplementedError

        async def _open_app_process(self, width: int = 80, height: int = 24):
            process = await self.spawn(width, height)
            self._process, self._stdin = process, process.stdin
            return process

        @property
        def process(self):
            """The app's process, once started (None before)."""
            return self._process

        def cancel_run(self) -> None:
            """Cancel the task that relays the app's output, if it still runs."""
            if self._task is not None:
                self._task.cancel()
                self._task = None

    return SpawningAppService


@functools.cache
def server_process() -> type:
    """asyncssh's ``SSHServerProcess`` made as ``ServerProcess(handler, on_close)``: a
    session's process running ``handler`` (a process factory), telling ``on_close()`` when
    its channel closes."""
    import asyncssh

    class ServerProcess(asyncssh.SSHServerProcess):
        def __init__(self, handler: Callable[..., Awaitable[None] | None], on_close: Callable[[], None]) -> None:
            super().__init__(handler, None, 0, False)  # no SFTP (version 0), no SCP
            self._tell_closed = on_close

        def connection_lost(self, exc: Exception | None) -> None:
            try:
                super().connection_lost(exc)
            finally:
                self._tell_closed()

    return ServerProcess
