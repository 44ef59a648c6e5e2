"""The club's questions that need no table: the list of tables, the boards, past games, a
player's profile, declining an invitation, and following the lobby (the push of changes and the
your-turn notices). Each on a short-lived connection of its own, except the follower, which the
lobby keeps open for the session."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from .client import Connection


def ask(path: str | Path, player: str, op: str, **fields: Any) -> dict[str, Any]:
    """One request on a short-lived connection (the lobby's lists and boards)."""
    conn = Connection(path, player)
    try:
        return conn.request(op, **fields)
    finally:
        conn.close()


def list_rooms(path: str | Path, player: str) -> list[dict[str, Any]]:
    """The tables: the player's own first (where it is their turn before the others)."""
    return list(ask(path, player, "list")["rooms"])


def set_vacation(path: str | Path, player: str, on: bool) -> dict[str, Any]:
    """Go on vacation (or come back) at every table of the player's that allows it: ``tables``
    changed, and those with ``no_days_left`` this year."""
    reply = ask(path, player, "vacation", on=on)
    return {"tables": list(reply.get("tables", [])), "no_days_left": list(reply.get("no_days_left", []))}


def leaderboard(path: str | Path, player: str, game: str) -> list[dict[str, Any]]:
    return list(ask(path, player, "leaderboard", game=game)["board"])


def daily_board(path: str | Path, player: str, day: str | None = None) -> dict[str, Any]:
    return ask(path, player, "daily_board", day=day)


def past_games(path: str | Path, player: str, of: str | None = None, limit: int = 20,
               before: float | None = None) -> list[dict[str, Any]]:
    """A player's finished games (``of``, default the asker's own), newest first; ``before``
    (a game's ``finished``) pages back."""
    conn = Connection(path, player)
    try:
        return list(conn.request("games", player=of or player, limit=limit, before=before)["games"])
    finally:
        conn.close()


def follow_lobby(path: str | Path, player: str, on_event: Callable[[dict], None]) -> Connection:
    """A connection that follows the list of tables: ``on_event`` (on the connection's reader
    thread) gets ``{"event": "lobby"}`` when the list may have changed, ``{"event": "your_turn",
    room, game, title}`` when it becomes the player's turn at a table, and ``{"event": "closed"}``
    if the connection is lost. Close it when done."""
    conn = Connection(path, player, on_event=on_event)
    try:
        conn.request("follow")
    except BaseException:
        conn.close()
        raise
    return conn


def decline_invitation(path: str | Path, player: str, room: str) -> dict[str, Any]:
    """Say no to an invitation: the table is closed as declined."""
    return ask(path, player, "decline", room=room)


def player_profile(path: str | Path, player: str, of: str | None = None) -> dict[str, Any]:
    """A player's page (``of``, default the asker's own): ratings by game with their history,
    and recent games."""
    conn = Connection(path, player)
    try:
        return conn.request("profile", player=of or player)
    finally:
        conn.close()


def review_game(path: str | Path, player: str, room: str, k: int | None = None) -> dict[str, Any]:
    """A finished game kept by the club: its moves and the position after ``k`` of them."""
    return ask(path, player, "review", room=room, k=k)
