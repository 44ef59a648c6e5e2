"""The page in a real browser (headless Chromium, skipped when there is none): the refused
second tab is named, the terminal has the keyboard as soon as the game appears (F4 reaches the
game without a click), a click that only gives the focus back does not act, ctrl+v pastes,
ctrl+q says "You quit the game." on the page, and a drag over the game log with ctrl+c puts
the log's text on the clipboard (it emptied it before)."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from dragon_tui.net.web import WebServer

from .browser import SKIP_REASON, Browser, chromium_path
from .helpers import app_processes, wait_until

pytestmark = [pytest.mark.net, pytest.mark.slow,
              pytest.mark.skipif(chromium_path() is None, reason=SKIP_REASON)]

TEXTAREA = "document.activeElement && document.activeElement.classList.contains('xterm-helper-textarea')"
MESSAGE = "document.querySelector('.closed-dialog .message').textContent"
RECORD = """(() => { const send = WebSocket.prototype.send; window.sent = [];
  WebSocket.prototype.send = function (data) { window.sent.push(String(data)); return send.call(this, data); };
  return true; })()"""


def stdin(browser_sent: list[str]) -> str:
    out = ""
    for packet in browser_sent:
        kind, *data = json.loads(packet)
        if kind == "stdin":
            out += data[0]
    return out


async def test_the_page_in_chromium(private_data_dir):
    server = WebServer("127.0.0.1", 0, per_address=1)
    await server.start()
    browser = None
    try:
        async with aiohttp.ClientSession() as http:
            # another tab from this address holds the one game it may have
            other = await http.ws_connect(server.url + "/ws")
            browser = await Browser.open(server.url + "/")
            assert await browser.until("document.body.classList.contains('-closed')")
            reason = await browser.until(f"{MESSAGE}.startsWith('Too many tabs') && {MESSAGE}")
            assert reason and "at most 1" in reason
            await other.close()
            assert await wait_until(lambda: server.sessions == 0, 15)

        # what the page sends from its first moment on
        await browser.send("Page.addScriptToEvaluateOnNewDocument", source=RECORD)
        await browser.send("Page.reload")  # what the page's Restart button does
        assert await browser.until("document.body.classList.contains('-first-byte')", 30)
        assert await browser.js("document.title") == "Dragon TUI"
        assert await browser.until(TEXTAREA)  # the keyboard is the terminal's, no click needed
        # and the game hears it has the focus (its footer shows its keys from the start)
        assert await browser.until("window.sent.includes('[\"focus\"]')", 5)

        await asyncio.sleep(1.0)  # the menu takes keys once it has mounted
        await browser.key("F4", "F4", 115)  # the theme, by its browser-safe key
        assert "\x1bOS" in stdin(await browser.js("window.sent"))
        settings = None

        def theme_changed() -> bool:
            nonlocal settings
            for path in private_data_dir.rglob("settings.json"):
                settings = json.loads(path.read_text())
                return settings.get("theme", "dragon-dark") != "dragon-dark"
            return False

        assert await wait_until(theme_changed, 10), settings

        # the focus goes elsewhere; the click that brings it back gives focus and nothing else
        await browser.js("document.activeElement.blur(); window.sent.length = 0; true")
        assert not await browser.js(TEXTAREA)
        await browser.click(300, 200)
        await asyncio.sleep(0.5)
        assert await browser.js(TEXTAREA)
        assert "\x1b[<" not in stdin(await browser.js("window.sent"))  # no mouse report reached the game
        await browser.click(300, 200)
        assert await browser.until("window.sent.some(p => p.includes('\\\\u001b[<'))", 5)

        # ctrl+v pastes the clipboard (as a paste), not ^V
        await browser.send("Browser.grantPermissions", permissions=["clipboardReadWrite", "clipboardSanitizedWrite"])
        await browser.js("navigator.clipboard.writeText('Ana from the clipboard').then(() => true)")
        await browser.js("window.sent.length = 0; true")
        await browser.send("Input.dispatchKeyEvent", type="rawKeyDown", key="v", code="KeyV",
                           windowsVirtualKeyCode=86, modifiers=2, commands=["paste"])
        await browser.send("Input.dispatchKeyEvent", type="keyUp", key="v", code="KeyV",
                           windowsVirtualKeyCode=86, modifiers=2)
        assert await browser.until("window.sent.some(p => p.includes('Ana from the clipboard'))", 5)
        assert "\x16" not in stdin(await browser.js("window.sent"))

        await browser.key("q", "KeyQ", 81, modifiers=2)  # ctrl+q
        assert await browser.until(f"{MESSAGE} === 'You quit the game.'", 15)
    finally:
        if browser is not None:
            await browser.close()
        await server.close()
    assert await wait_until(lambda: not app_processes(private_data_dir), 10)


async def test_a_drag_over_the_log_and_ctrl_c_copies_it(private_data_dir):
    server = WebServer("127.0.0.1", 0)
    await server.start()
    browser = None
    try:
        browser = await Browser.open(server.url + "/", size=(1000, 700))
        await browser.send("Emulation.setFocusEmulationEnabled", enabled=True)  # the clipboard wants a focused page
        await browser.send("Browser.grantPermissions", permissions=["clipboardReadWrite", "clipboardSanitizedWrite"])
        assert await browser.until("document.body.classList.contains('-first-byte')", 30)
        assert await browser.js("navigator.clipboard.writeText('before').then(() => navigator.clipboard.readText())") == "before"
        assert await browser.until(TEXTAREA, 5)
        await asyncio.sleep(1.5)  # the menu takes keys once it has mounted
        await browser.key("Enter", "Enter", 13, text="\r")  # Princes' setup
        await asyncio.sleep(1.5)
        await browser.key("F9", "F9", 120)  # start it
        await asyncio.sleep(3.0)
        assert await browser.until(TEXTAREA, 5)
        await asyncio.sleep(0.5)  # past the moment a click would only give the focus back
        # drag over the log's last two rows (the pane at the bottom right: its newest lines)
        await browser.send("Input.dispatchMouseEvent", type="mousePressed", x=606, y=474, button="left",
                           buttons=1, clickCount=1)
        for x in range(620, 990, 30):
            await browser.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=494, button="left", buttons=1)
            await asyncio.sleep(0.03)
        await browser.send("Input.dispatchMouseEvent", type="mouseReleased", x=985, y=494, button="left", clickCount=1)
        await asyncio.sleep(0.5)
        await browser.key("c", "KeyC", 67, modifiers=2)  # ctrl+c
        await asyncio.sleep(1.0)
        copied = await browser.js("navigator.clipboard.readText()")
        assert copied != "before" and len(copied.split()) >= 3, repr(copied)  # the log's words, not an empty text
    finally:
        if browser is not None:
            await browser.close()
        await server.close()
    assert await wait_until(lambda: not app_processes(private_data_dir), 10)
