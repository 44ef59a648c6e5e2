"""The game screen of a shared table: the ordinary game screen, with the table's chat under the
log, and a rematch at game over that goes to the new table when everyone accepted.

Standing up from the table when the screen closes (the seat stays ours: the lobby's Join
brings us back). ``n`` at game over offers a rematch to the same people (each other person is
asked; seats rotate by one); "same deal" is not offered at a shared table (the deal of a
finished game is public: see docs/server.md).
"""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from textual import work
from textual.binding import Binding

from ...engine import IllegalAction
from ...net.chat import MAX_CHARS
from ...net.client import RemoteTable, TablesError
from ..widgets.chat_pane import ChatPane
from .game import GameScreen


class SharedGameScreen(GameScreen):
    BINDINGS = [
        # not a letter: every letter may be a choice's key; F6 where a terminal or browser keeps ctrl+o
        Binding("ctrl+o,f6", "chat", "Chat", key_display="^o"),
    ]

    table: RemoteTable

    def side_panes(self):
        yield ChatPane(self.table.player, lambda: list(self.table.names), self._send, MAX_CHARS, id="chat")

    def on_mount(self) -> None:
        self._asked_rematch: Any = None
        self._told_rematch: Any = None
        self.table.subscribe_social(self._social)
        self._load_social()

    def on_unmount(self) -> None:  # Textual runs GameScreen.on_unmount as well
        self.table.unsubscribe_social(self._social)
        self.table.leave()

    @work(thread=True, exit_on_error=False, group="social")
    def _load_social(self) -> None:
        try:
            self.table.load_social()  # its lines come back through _social, on the UI thread
        except (IllegalAction, TablesError):
            pass  # an older table server: no chat

    # ---------------------------------------------------------------- chat
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rematch" and parameters and parameters[0]:
            return False  # the same deal: not at a shared table
        chat = self.query("#chat")
        if chat and chat.first(ChatPane).is_open and action in self.OVER_ONLY | {"chat"}:
            return False  # typing: these letters are the line's
        if action == "rematch":  # over by the rules, or ended by a resignation or a forfeit
            return self.table.state.is_over or bool((self.table.ending or {}).get("ended"))
        return super().check_action(action, parameters)

    def action_chat(self) -> None:
        self.query_one(ChatPane).open_input()
        self.refresh_bindings()

    def on_descendant_blur(self, _event) -> None:
        self.refresh_bindings()

    def _send(self, text: str) -> str | None:
        words = text.split()
        try:
            if words and words[0] in ("/mute", "/unmute") and len(words) == 2:
                muted = self.table.mute(words[1], on=words[0] == "/mute")
                self.query_one(ChatPane).add_note(
                    f"You {words[0][1:]} {words[1]}." + (f" Muted: {', '.join(muted)}." if muted else ""))
                return None
            if words and words[0] == "/muted":
                self.query_one(ChatPane).add_note(
                    f"You mute: {', '.join(self.table.muted)}." if self.table.muted else "You mute nobody.")
                return None
            self.table.say(text)
        except (IllegalAction, TablesError) as exc:
            self.notify(str(exc), severity="warning")
            return str(exc)
        return None

    def _social(self, kind: str, doc: dict[str, Any]) -> None:
        if not self.is_mounted:
            return
        if kind == "chat":
            self.query_one(ChatPane).add_line(doc)
        elif kind == "rematch":
            self._rematch_changed(doc)

    # ---------------------------------------------------------------- rematch
    def offer_rematch(self) -> None:
        """``n`` at game over: offer the same people a rematch (you accept it by offering)."""
        try:
            offer = self.table.offer_rematch()
        except (IllegalAction, TablesError) as exc:
            self.notify(str(exc), severity="warning")
            return
        self._rematch_changed(offer)

    def action_rematch(self, same_deal: bool) -> None:
        self.offer_rematch()

    def _rematch_changed(self, offer: dict[str, Any]) -> None:
        key = (offer.get("at"), offer.get("state"), offer.get("new_table"),
               tuple(sorted((offer.get("answers") or {}).items(), key=lambda kv: kv[0])))
        if key == self._told_rematch:
            return
        self._told_rematch = key
        me, state = self.table.player, offer.get("state")
        answers = offer.get("answers") or {}
        pane = self.query_one(ChatPane)
        if state == "open":
            waiting = [p for p, a in answers.items() if a is None]
            if me in answers and answers[me] is None and self._asked_rematch != offer.get("at"):
                self._asked_rematch = offer.get("at")
                self._ask_rematch(offer)
            pane.add_note(f"{offer.get('by')} offers a rematch (seats move on by one); waiting for "
                          f"{', '.join(waiting)}." if waiting else "Rematch: everyone accepted.")
        elif state == "declined":
            pane.add_note(f"No rematch: {offer.get('reason') or 'declined'}.")
            self.notify(escape(f"No rematch: {offer.get('reason') or 'declined'}."), timeout=8)  # names: not markup
        elif state == "agreed" and offer.get("new_table"):
            pane.add_note("Rematch agreed: to the new table.")
            self._go_to_rematch()

    def _ask_rematch(self, offer: dict[str, Any]) -> None:
        from .dialogs import ConfirmScreen

        def answered(accept: bool | None) -> None:
            try:
                self._rematch_changed(self.table.answer_rematch(bool(accept)))
            except (IllegalAction, TablesError) as exc:
                self.notify(str(exc), severity="warning")

        others = [p for p in (offer.get("answers") or {}) if p != self.table.player]
        self.app.push_screen(ConfirmScreen(
            f"{escape(str(offer.get('by')))} offers a rematch: {escape(self.table.game.title)} again with "
            f"{escape(', '.join(others))}, the same options and time limit, seats moved on by one. Play again?",
            yes="Accept", no="Decline"), answered)

    @work(thread=True, exit_on_error=False, group="rematch", exclusive=True)
    def _go_to_rematch(self) -> None:
        try:
            new = self.table.open_rematch(dispatch=self.app.call_from_thread)
        except (IllegalAction, TablesError) as exc:
            self.app.call_from_thread(self.notify, f"The rematch's table: {exc}", severity="error")
            return
        self.app.call_from_thread(self._switch_to, new)

    def _switch_to(self, new: RemoteTable) -> None:
        """This screen (and whatever is open over it) gives way to the new table's."""
        if not self.is_attached:
            new.leave()
            return
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        for screen in self.app.screen_stack:  # the lobby tells of a lost connection: of this table now
            if getattr(screen, "table", None) is self.table and hasattr(screen, "_watch_connection"):
                screen.table = new
                new.subscribe(screen._watch_connection)
        self.app.switch_screen(SharedGameScreen(new, bot_delay=0))
