"""Who is on the other end of a table-server connection: the serve process decides, not the
client.

The serve process authenticates a player (SSH: the user name in open mode, the key in keys
mode; the web: the guest cookie) and starts their app. It also mints a *session ticket*: the
player's name, key fingerprint and network address with a random nonce, signed with a key only
the serve process holds (HMAC-SHA256). The app finds the ticket in its environment
(``DRAGON_TUI_TICKET``) and opens every table-server connection with ``hello {ticket}``; the
table server takes the name, key and address from the ticket and nothing else. A client can
neither choose a name nor claim a key it did not authenticate with, so nobody can sit in
somebody else's seat, get a fresh token for it, or dodge the per-address table quota by
making up names.

The signing key is drawn afresh each time the table server starts and kept in ``tables.key``
beside the socket, 0600 like the socket (only the server's own user can read it, as only that
user can connect to the socket). Tickets of an earlier run stop working with it: the
apps of that run ended with their server.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

TICKET_ENV = "DRAGON_TUI_TICKET"
KEY_FILE = "tables.key"
MAX_TICKET = 1024


@dataclass(frozen=True)
class Identity:
    """What the serve process vouches for about one session."""

    player: str
    key: str | None  # keys mode: the SSH key's SHA256 fingerprint
    address: str  # the client's network address, as the serve process saw it
    session: str  # the ticket's nonce: one per app session

    @property
    def quota_address(self) -> str:
        return quota_address(self.address)


def quota_address(address: str) -> str:
    """The unit an address quota counts, the same as the web's connection caps: an IPv4 address,
    or an IPv6 /64 (one subscriber usually holds a whole /64, so counting single IPv6 addresses
    would multiply the quota)."""
    from .gate import address_key

    return address_key(address)[:64]


def key_path_for(socket_path: str | os.PathLike) -> Path:
    return Path(socket_path).with_name(KEY_FILE)


class Tickets:
    """Mints and checks session tickets with one signing key."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret

    @classmethod
    def fresh(cls, socket_path: str | os.PathLike) -> Tickets:
        """A new signing key, written 0600 beside the socket (atomically, whatever the umask)."""
        secret = secrets.token_bytes(32)
        path = key_path_for(socket_path)
        tmp = path.with_name(f".{KEY_FILE}.{os.getpid()}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, secret.hex().encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        return cls(secret)

    @classmethod
    def load(cls, socket_path: str | os.PathLike) -> Tickets:
        """The running server's key (for tools and tests that act as the serve process)."""
        return cls(bytes.fromhex(key_path_for(socket_path).read_text().strip()))

    def _mac(self, body: bytes) -> str:
        return base64.urlsafe_b64encode(hmac.new(self._secret, body, hashlib.sha256).digest()).decode().rstrip("=")

    def issue(self, player: str, key: str | None, address: str) -> str:
        doc = {"p": player[:24], "k": key[:100] if key else None, "a": address[:64],
               "n": secrets.token_hex(8), "t": int(time.time())}
        body = base64.urlsafe_b64encode(json.dumps(doc, separators=(",", ":")).encode()).decode().rstrip("=")
        return f"{body}.{self._mac(body.encode())}"

    def check(self, ticket: object) -> Identity | None:
        """The identity a ticket vouches for, or None (not a string, too long, forged)."""
        if not isinstance(ticket, str) or len(ticket) > MAX_TICKET or ticket.count(".") != 1:
            return None
        body, mac = ticket.split(".")
        if not hmac.compare_digest(mac.encode(), self._mac(body.encode()).encode()):
            return None
        try:
            doc = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
            return Identity(str(doc["p"]), str(doc["k"]) if doc.get("k") else None, str(doc["a"]), str(doc["n"]))
        except (ValueError, KeyError, TypeError):
            return None


def session_ticket() -> str | None:
    """The app's ticket, set by the serve process that started it."""
    return os.environ.get(TICKET_ENV) or None
