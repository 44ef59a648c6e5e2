"""Connections to the web port, counted and capped before aiohttp sees them, and the process's
descriptor budget they are kept inside.

The serve process holds SSH, the web, the table server and the database in one set of file
descriptors: whatever a client can make it open must stay below that limit, with room left
for the database, the log and new players, or one flood takes everything down. So:

- :func:`raise_descriptor_limit` lifts the soft ``RLIMIT_NOFILE`` to the hard limit at start;
- :func:`web_connection_cap` turns the limit into the web's share, after a spare reserve and
  the descriptors the running games may need;
- :class:`ConnectionGate` admits a TCP connection only while the web is under its total and
  per-address caps. When a cap is reached, the connection that has waited longest without a
  request in progress (a half-sent request, an idle keep-alive) is dropped to make room — for
  the total cap, one of an address holding the most connections; if every connection is busy
  (a running game, a request being answered) the newcomer is refused. A client that holds
  sockets open without finishing a request therefore cannot keep a real player out: the
  player's request completes in milliseconds, and their address holds fewer connections than
  the flood's as long as the flood comes from fewer addresses than the total cap. (A flood from
  more addresses than that can crowd newcomers out, which only a firewall can stop, but still
  cannot take the descriptors the rest of the server needs.)
- Connections that sit outside a request for longer than ``stall`` seconds are closed whatever
  aiohttp thinks (a client that never reads its answer keeps aiohttp writing forever).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import time
from collections.abc import Callable, Container

log = logging.getLogger("dragon_tui.web")

#: Descriptors kept back from every client-driven use: the database and its side files, the
#: logs, the listening sockets, the table server, the warm worker, a few players arriving.
SPARE_DESCRIPTORS = 64
#: Descriptors one running game may hold in the serve process: its socket, the app's pipes or
#: pty, its table-server connection, with room to spare.
PER_SESSION = 8
#: Connections asyncio accepts in one go (the listen backlog too) before the gate sees any of
#: them: they hold descriptors for a moment even when the gate then drops them.
ACCEPT_BATCH = 32
#: Descriptors in flight under a flood: one batch accepted and not yet seen by the gate, one
#: seen, and the connections it dropped for them, which close on the loop's next turn.
IN_FLIGHT = 3 * ACCEPT_BATCH
#: The web never takes more than this many connections, however high the limit.
MOST_WEB_CONNECTIONS = 4096
#: Fewer than this and a browser cannot load a page next to a game.
LEAST_WEB_CONNECTIONS = 16

_REFUSAL_TEXT = b"Too many connections; try again in a moment.\n"
REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain\r\n"
           b"Content-Length: %d\r\n\r\n%s" % (len(_REFUSAL_TEXT), _REFUSAL_TEXT))


def raise_descriptor_limit() -> int:
    """Lift the soft limit on open files to the hard one; the soft limit now in force."""
    try:
        import resource
    except ImportError:  # not a POSIX system
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != resource.RLIM_INFINITY and soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    elif hard == resource.RLIM_INFINITY and soft != resource.RLIM_INFINITY and soft < 65536:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (65536, hard))
            soft = 65536
    return 65536 if soft == resource.RLIM_INFINITY else soft


def web_connection_cap(limit: int, sessions: int) -> int:
    """The web's share of ``limit`` descriptors when ``sessions`` games may run: what is left
    after the spare reserve, the games and the accepts in flight, halved (the other half is for
    SSH's handshakes)."""
    free = limit - SPARE_DESCRIPTORS - PER_SESSION * sessions - IN_FLIGHT
    return max(LEAST_WEB_CONNECTIONS, min(free // 2, MOST_WEB_CONNECTIONS))


class _Entry:
    __slots__ = ("address", "transport", "busy", "since")

    def __init__(self, address: str, transport: asyncio.Transport) -> None:
        self.address, self.transport = address, transport
        self.busy = 0  # requests being handled (a websocket's lasts the whole game)
        self.since = time.monotonic()  # when it last became idle


def address_key(address: str) -> str:
    """What one client is counted as: its IPv4 address (also when it arrives IPv4-mapped on a
    dual-stack socket), or its IPv6 /64 (one household or one server gets a whole /64, so
    counting single IPv6 addresses would count nothing)."""
    if ":" not in address:
        return address
    try:
        ip = ipaddress.IPv6Address(address.split("%", 1)[0])
    except ValueError:
        return address
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))


class ConnectionGate:
    """The web port's connections, per address and in total (see the module's notes)."""

    def __init__(self, most: int, per_address: int, exempt: Callable[[str], bool] | Container = (),
                 stall: float = 60.0) -> None:
        self.most, self.per_address_most, self.stall = most, per_address, stall
        #: trusted proxies carry many people on one address: only the total applies to them
        self.exempt = exempt if callable(exempt) else exempt.__contains__
        self.entries: dict[asyncio.BaseTransport, _Entry] = {}  # by when they last became idle
        self.by_address: dict[str, dict[asyncio.BaseTransport, _Entry]] = {}  # the same, per address
        self.refused = self.dropped = 0
        self._reported = float("-inf")
        self._sweeper: asyncio.Task | None = None

    @property
    def count(self) -> int:
        return len(self.entries)

    def admit(self, transport: asyncio.Transport, address: str) -> bool:
        """Count a new connection in, making room by dropping a waiting one if a cap is full;
        False (and nothing counted) if no room can be made.

        Per address, the address's own oldest waiting connection goes. In total, it is the
        oldest waiting connection of the address holding the most: one visitor with a page
        and a game open is not pushed out while someone else holds a pile of sockets."""
        key = address_key(address)
        mine = self.by_address.get(key, {})
        if len(mine) >= self.per_address_most and not self.exempt(address):
            if not self._drop_idle(mine):
                self.refused += 1
                self._report()
                return False
        if len(self.entries) >= self.most and not self._drop_from_the_most():
            self.refused += 1
            self._report()
            return False
        entry = _Entry(key, transport)
        self.entries[transport] = entry
        self.by_address.setdefault(key, {})[transport] = entry
        if self._sweeper is None and self.stall > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        entry = self.entries.pop(transport, None)
        if entry is None:
            return
        mine = self.by_address.get(entry.address)
        if mine is not None:
            mine.pop(transport, None)
            if not mine:
                del self.by_address[entry.address]

    def request_started(self, transport) -> None:
        entry = self.entries.get(transport)
        if entry is not None:
            entry.busy += 1

    def request_ended(self, transport) -> None:
        entry = self.entries.get(transport)
        if entry is not None:
            entry.busy = max(0, entry.busy - 1)
            entry.since = time.monotonic()
            # idle again: to the back of the queues of candidates to drop
            self.entries[transport] = self.entries.pop(transport)
            mine = self.by_address[entry.address]
            mine[transport] = mine.pop(transport)

    def _drop_idle(self, entries: dict) -> bool:
        for entry in entries.values():
            if entry.busy == 0:
                self.release(entry.transport)
                entry.transport.abort()
                self.dropped += 1
                self._report()
                return True
        return False

    def _report(self) -> None:
        """Say in the log, at most once a minute, that the caps are being hit."""
        now = time.monotonic()
        if now - self._reported >= 60.0:
            self._reported = now
            log.warning("web: connection caps reached (%d in total, %d per address): %d refused, "
                        "%d waiting ones dropped so far", self.most, self.per_address_most,
                        self.refused, self.dropped)

    def _drop_from_the_most(self) -> bool:
        """The oldest waiting connection among the addresses holding the most; failing that
        (they are all busy), the oldest waiting connection of anyone."""
        if not self.by_address:
            return False
        most = max(map(len, self.by_address.values()))
        for entry in self.entries.values():
            if entry.busy == 0 and len(self.by_address[entry.address]) == most:
                return self._drop_idle({entry.transport: entry})
        return self._drop_idle(self.entries)

    async def _sweep(self) -> None:
        """Close connections outside any request for longer than ``stall`` (a client that stops
        reading its answer: aiohttp would wait on it for ever)."""
        while True:
            await asyncio.sleep(max(self.stall / 4, 0.05))
            deadline = time.monotonic() - self.stall
            for entry in list(self.entries.values()):
                if entry.since >= deadline:
                    break  # ordered by when they became idle or arrived
                if entry.busy == 0:
                    self.release(entry.transport)
                    entry.transport.abort()

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None


class GatedProtocol(asyncio.Protocol):
    """Puts a :class:`ConnectionGate` in front of aiohttp's request handler: the gate decides
    at accept time, and everything else goes straight to aiohttp."""

    def __init__(self, gate: ConnectionGate, make_handler: Callable[[], asyncio.Protocol]) -> None:
        self.gate, self.make_handler = gate, make_handler
        self.inner: asyncio.Protocol | None = None
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self.gate.admit(transport, address):
            transport.write(REFUSAL)
            transport.close()
            return
        self.inner = self.make_handler()
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self):
        if self.inner is not None:
            return self.inner.eof_received()
        return None

    def connection_lost(self, exc) -> None:
        if self.transport is not None:
            self.gate.release(self.transport)
        if self.inner is not None:
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()
