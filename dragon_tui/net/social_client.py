"""The app's side of a shared table's chat and rematch (part of
:class:`~dragon_tui.net.client.RemoteTable`). Headless.

Chat lines and rematch offers arrive as events of their own (``chat``, ``rematch``): they are
kept here (the last :data:`KEPT` lines) and told to the social listeners only, so a line does
not rebuild the game's snapshot. ``load_social()`` asks for the table's last lines, the
player's mutes and any rematch offer when the screen opens.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from ..engine import IllegalAction

#: Lines kept on the app's side (the server keeps the table's all; the review shows them).
KEPT = 500
#: The events this part takes.
EVENTS = frozenset({"chat", "rematch"})


class SocialTable:
    """Chat and rematch for a :class:`~dragon_tui.net.client.RemoteTable`."""

    def _social_init(self) -> None:
        #: the table's chat lines seen here, oldest first: {n, player, seat, text, at}
        self.chat: list[dict[str, Any]] = []
        #: the names this player mutes (the server sends none of their lines)
        self.muted: list[str] = []
        #: the rematch offer at this (finished) table, as the server last told it
        self.rematch: dict[str, Any] | None = None
        self._social_listeners: list[Callable[[str, dict[str, Any]], None]] = []
        self._social_lock = threading.Lock()

    def subscribe_social(self, listener: Callable[[str, dict[str, Any]], None]) -> None:
        """``listener(kind, doc)`` for each chat line (kind ``chat``, doc the line) and each
        change of the rematch offer (kind ``rematch``, doc the offer); through ``dispatch``."""
        self._social_listeners.append(listener)

    def unsubscribe_social(self, listener: Callable[[str, dict[str, Any]], None]) -> None:
        if listener in self._social_listeners:
            self._social_listeners.remove(listener)

    def _social_event(self, msg: dict[str, Any]) -> None:
        """A ``chat`` or ``rematch`` event, from the notifier thread."""
        if msg.get("room") != self.room:
            return
        if msg.get("event") == "chat":
            for line in msg.get("lines") or []:
                if isinstance(line, dict) and self._keep_line(line):
                    self._tell_social("chat", line)
        elif isinstance(msg.get("rematch"), dict):
            self.rematch = msg["rematch"]
            self._tell_social("rematch", self.rematch)

    def _keep_line(self, line: dict[str, Any]) -> bool:
        with self._social_lock:
            if any(seen.get("n") == line.get("n") for seen in self.chat[-50:]):
                return False  # had it already (the history and a live line crossed)
            self.chat.append(line)
            self.chat.sort(key=lambda seen: int(seen.get("n") or 0))
            del self.chat[:-KEPT]
        return True

    def _tell_social(self, kind: str, doc: dict[str, Any]) -> None:
        with self._cond:  # headless waiters (wait_for) look again
            self.updates += 1
            self._cond.notify_all()
        for listener in list(self._social_listeners):
            if self.dispatch is None:
                listener(kind, doc)
            else:
                try:
                    self.dispatch(lambda listener=listener: listener(kind, doc))
                except Exception:  # the app is closing
                    pass

    # ------------------------------------------------------------- requests
    def load_social(self) -> dict[str, Any]:
        """The table's last lines, this player's mutes and the rematch offer (told to the
        social listeners like live ones)."""
        reply = self._request("chat_history")
        self.muted = list(reply.get("muted") or [])
        for line in reply.get("lines") or []:
            if isinstance(line, dict) and self._keep_line(line):
                self._tell_social("chat", line)
        if isinstance(reply.get("rematch"), dict):
            self.rematch = reply["rematch"]
            self._tell_social("rematch", self.rematch)
        return reply

    def say(self, text: str) -> dict[str, Any]:
        """Send a chat line; :class:`IllegalAction` with the server's reason when refused
        (too long, too quick, the table's chat full)."""
        if self.gone:
            raise IllegalAction(self.gone)
        return self._request("chat", text=text)["line"]

    def mute(self, player: str, on: bool = True) -> list[str]:
        """Mute (or unmute) ``player`` for yourself, at every table; the names muted now."""
        self.muted = list(self._request("mute", player=player, on=on)["muted"])
        return self.muted

    def offer_rematch(self) -> dict[str, Any]:
        """Offer the people of this finished game a rematch (you accept it by offering)."""
        self.rematch = self._request("rematch")["rematch"]
        return self.rematch

    def answer_rematch(self, accept: bool) -> dict[str, Any]:
        self.rematch = self._request("rematch_answer", accept=accept)["rematch"]
        return self.rematch

    def rematch_seat(self) -> int | None:
        """This seat at the rematch's table (seats rotate by one), None for a watcher."""
        if self.seat is None:
            return None
        return (self.seat + 1) % len(self.seat_info)

    def open_rematch(self, wait: float = 5.0, **kw: Any):
        """The rematch's table, sat down at (a watcher watches it). Another node may not have
        heard of the new table yet: asked again for up to ``wait`` seconds."""
        offer = self.rematch or {}
        room = offer.get("new_table")
        if not room:
            raise IllegalAction("The rematch has no table yet.")
        kw.setdefault("dispatch", self.dispatch)
        kw.setdefault("ticket", self.ticket)
        end = time.monotonic() + wait
        while True:
            try:
                if self.seat is None:
                    return type(self).watch(self.path, self.player, room, **kw)
                return type(self).join(self.path, self.player, room, self.rematch_seat(), **kw)
            except IllegalAction as exc:
                if "no such table" not in str(exc).lower() or time.monotonic() > end:
                    raise
                time.sleep(0.2)
