"""Every private name of textual-serve and asyncssh the servers use
(``dragon_tui/net/server_private.py``) is still there, with the shape used, and still does
what the servers rely on: a new release that changes one fails here, by name."""

from __future__ import annotations

import asyncio
import inspect
import sys

import asyncssh
from textual_serve.app_service import AppService
from textual_serve.server import Server

from dragon_tui.net.server_private import server_process, spawning_app_service


def params(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_app_service_private_shapes():
    assert params(AppService._open_app_process) == ["self", "width", "height"]
    service = AppService("true", write_bytes=None, write_str=None, close=None, download_manager=None)
    assert service._process is None and service._stdin is None and service._task is None
    # textual-serve starts the app through _open_app_process, then relays its output from _process.
    assert "_open_app_process" in inspect.getsource(AppService.start)
    assert "self._process" in inspect.getsource(AppService.run)


async def test_spawning_app_service_starts_and_relays_the_spawned_process():
    written: list[bytes] = []
    spawned = []

    async def write_bytes(data: bytes) -> None:
        written.append(data)

    async def write_str(data: str) -> None:
        pass

    async def close() -> None:
        pass

    class Echo(spawning_app_service()):
        async def spawn(self, width: int, height: int):
            spawned.append((width, height))
            # A fake app: the prelude, one data packet (b"D", 4-byte length, payload), then exit.
            code = ("import sys; sys.stdout.buffer.write(b'__GANGLION__\\n' + b'D' + (2).to_bytes(4, 'big') + b'hi'); "
                    "sys.stdout.flush()")
            return await asyncio.create_subprocess_exec(
                sys.executable, "-c", code, stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)

    service = Echo("unused", write_bytes=write_bytes, write_str=write_str, close=close, download_manager=None)
    await service.start(90, 30)
    assert spawned == [(90, 30)] and service.process is not None and service.stdin is service.process.stdin
    await asyncio.wait_for(service.process.wait(), 10)
    for _ in range(100):
        if written:
            break
        await asyncio.sleep(0.02)
    assert written == [b"hi"]
    service.cancel_run()
    assert service._task is None


def test_the_web_server_makes_its_own_site():
    """The web server makes its site with its own ``make_app``: textual-serve's ``_make_app``
    is called only by its ``serve``, which the web server does not use."""
    assert "_make_app" in inspect.getsource(Server.serve)
    assert "_process_messages" in inspect.getsource(Server.handle_websocket)


def test_server_process_shape_and_close():
    init = inspect.signature(asyncssh.SSHServerProcess.__init__)
    assert list(init.parameters) == ["self", "process_factory", "sftp_factory", "sftp_version", "allow_scp"]
    closed = []
    handler = lambda process: None  # noqa: E731
    process = server_process()(handler, lambda: closed.append(True))
    assert isinstance(process, asyncssh.SSHServerProcess)
    assert process._process_factory is handler
    process.connection_lost(None)
    assert closed == [True]
