"""A headless Chromium driven over its DevTools protocol (aiohttp's websocket client; no
Selenium), for the few page checks only a browser can make. ``chromium_path()`` is None when
no Chromium is installed: the tests that need it skip and say so."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import aiohttp

SKIP_REASON = "no Chromium here (apt-get install chromium): the browser checks are skipped"


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One headless Chromium with one page; ``await Browser.open(url)``, then ``close()``."""

    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None
        self.profile = tempfile.mkdtemp(prefix="dragon-chromium-")
        self.http: aiohttp.ClientSession | None = None
        self.ws = None
        self._id = 0
        self.events: list[dict] = []

    @classmethod
    async def open(cls, url: str, size=(1000, 700)) -> "Browser":
        self = cls()
        self.process = subprocess.Popen(
            [chromium_path(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", "--remote-debugging-port=0",
             f"--user-data-dir={self.profile}", f"--window-size={size[0]},{size[1]}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = Path(self.profile) / "DevToolsActivePort"
        end = time.monotonic() + 20
        while not port_file.exists() or not port_file.read_text().strip():
            if time.monotonic() > end:
                raise RuntimeError("Chromium did not start")
            await asyncio.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        self.http = aiohttp.ClientSession()
        async with self.http.get(f"http://127.0.0.1:{port}/json/list") as response:
            targets = [t for t in await response.json() if t["type"] == "page"]
        self.ws = await self.http.ws_connect(targets[0]["webSocketDebuggerUrl"], max_msg_size=0)
        await self.send("Page.enable")
        await self.send("Page.navigate", url=url)
        return self

    async def send(self, method: str, **params):
        self._id += 1
        ident = self._id
        await self.ws.send_str(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads((await asyncio.wait_for(self.ws.receive(), 20)).data)
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(message["error"])
                return message.get("result", {})
            self.events.append(message)

    async def js(self, expression: str):
        result = await self.send("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        return result.get("result", {}).get("value")

    async def until(self, expression: str, timeout: float = 20.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = await self.js(expression)
            if value:
                return value
            await asyncio.sleep(0.1)
        return await self.js(expression)

    async def key(self, key: str, code: str, keycode: int, modifiers: int = 0, text: str = "") -> None:
        base = dict(key=key, code=code, windowsVirtualKeyCode=keycode, nativeVirtualKeyCode=keycode,
                    modifiers=modifiers)
        await self.send("Input.dispatchKeyEvent", type="keyDown" if not text else "keyDown", text=text, **base)
        await self.send("Input.dispatchKeyEvent", type="keyUp", **base)

    async def click(self, x: int, y: int) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            await self.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    async def screenshot(self, path: str) -> None:
        import base64

        data = (await self.send("Page.captureScreenshot"))["data"]
        Path(path).write_bytes(base64.b64decode(data))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.http is not None:
            await self.http.close()
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
