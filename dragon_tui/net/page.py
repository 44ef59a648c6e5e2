"""The browser page around the game (``serve --web``): Dragon TUI's own template for
textual-serve (its title, icon, logo and textual-serve's own copy of the font, so the page
needs no outside host), and what the page is told when a session ends or is refused.

The template and its script live in ``page/``, shipped with the package. The script watches
the websocket textual.js opens (see ``page/dragon.js``). A session that ends says why in the
websocket's close frame (you quit, the server is restarting or stopping); a websocket refused
before it opened cannot carry a reason to a browser (a browser shows scripts no HTTP status
of a failed handshake), so the page then asks ``POST /ws/why``, which answers from the same
checks the websocket met. That answer costs no session and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

#: The folder with the page's template (``app_index.html``), its script and logo.
TEMPLATES = Path(__file__).with_name("page")
FAVICON = TEMPLATES / "favicon.ico"

#: Close frames: code and the sentence the page shows (at most 123 bytes, the frame's limit).
QUIT = (1000, "You quit the game.")
RESTARTING = (1012, "The server is restarting: press Restart in a moment.")
STOPPED = (1001, "The server has stopped.")

REFUSED_ORIGIN = "Refused: this page's address is not allowed to open a game here."
REFUSED_DRAINING = "The server is restarting and takes no new games: press Restart in a moment."
REFUSED_FULL = "The server is full: try again later."


def refused_per_address(most: int) -> str:
    return (f"Too many tabs open from your address (at most {most} games at once): "
            "close one, then press Restart.")


class Pages:
    """The pages with a live game: told a notice (the drain's), closed with a reason."""

    def __init__(self) -> None:
        self.sockets: set = set()

    def add(self, websocket) -> None:
        self.sockets.add(websocket)

    def discard(self, websocket) -> None:
        self.sockets.discard(websocket)

    async def tell(self, text: str) -> None:
        packet = json.dumps(["dragon", {"notice": text}])
        for websocket in list(self.sockets):
            try:
                await websocket.send_str(packet)
            except Exception:  # a page going away as we speak
                pass

    async def close_all(self, reason: tuple[int, str]) -> None:
        code, text = reason
        for websocket in list(self.sockets):
            try:
                await websocket.close(code=code, message=text.encode())
            except Exception:
                pass


def quit_closer(websocket):
    """What the app service calls when the game quits: close with the reason."""
    async def close() -> None:
        await websocket.close(code=QUIT[0], message=QUIT[1].encode())

    return close


def why_refused(owner, request) -> str | None:
    """The reason a websocket from this page would be refused now, or None."""
    if not owner.origin_allowed(request):
        return REFUSED_ORIGIN
    if getattr(owner, "draining", False):
        return REFUSED_DRAINING
    from .gate import address_key

    address = address_key(request.get("client") or request.remote or "?")  # counted as the slots count it
    if owner.slots.per_address.get(address, 0) >= owner.per_address:
        return refused_per_address(owner.per_address)
    if owner.slots.count >= owner.max_sessions:
        return REFUSED_FULL
    return None


def add_routes(app, owner) -> None:
    """``/favicon.ico`` and ``POST /ws/why`` on the web server's aiohttp app."""
    from aiohttp import web

    async def favicon(request):
        return web.FileResponse(FAVICON, headers={"Content-Type": "image/x-icon",
                                                  "Cache-Control": "max-age=86400"})

    async def why(request):
        return web.json_response({"reason": why_refused(owner, request)},
                                 headers={"Cache-Control": "no-store"})

    app.add_routes([web.get("/favicon.ico", favicon, name="favicon"), web.post("/ws/why", why, name="why")])
