"""Connections that have not logged in yet: a global cap with random early drop, like OpenSSH's
``MaxStartups start:rate:full``.

Each unauthenticated SSH connection holds a descriptor and some memory for up to the login
timeout, and costs an attacker only a TCP handshake and a banner line. The per-address cap
bounds one address; this bounds them all together, whatever the number of addresses:

- below ``start`` waiting connections, every new one is taken;
- from ``start`` on, a new connection from an address that already has one waiting is dropped
  with probability ``rate``%, rising linearly to 100% at ``full``;
- at ``full``, a connection from an address with fewer waiting than the address with the most
  takes the place of that address's oldest waiting one (dropped); otherwise it is refused.

So the waiting connections never exceed ``full``, and a player whose address has nothing
waiting — a normal login — is never refused at random, even in a flood from many addresses
(an attacker's connections end up spread one per address, and the oldest go first). A
connection leaves the count when it has logged in or gone.

``full`` is also kept to a fraction of the process's descriptor limit (:meth:`MaxStartups.scaled`),
so a flood of logins cannot use up the descriptors the running games, the database and the log
need.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import Hashable

from .identity import quota_address

#: The share of the descriptor limit waiting logins may hold at most.
DESCRIPTOR_SHARE = 8


@dataclass(frozen=True)
class MaxStartups:
    start: int = 10
    rate: int = 30  # percent
    full: int = 100

    @classmethod
    def parse(cls, text: str) -> MaxStartups:
        """``START:RATE:FULL`` (as OpenSSH's), or one number: a hard cap with no early drop."""
        parts = text.split(":")
        try:
            numbers = [int(p) for p in parts]
        except ValueError:
            raise ValueError(f"'{text}' is not START:RATE:FULL (whole numbers)") from None
        if len(numbers) == 1:
            return cls(numbers[0], 100, numbers[0]).checked()
        if len(numbers) != 3:
            raise ValueError(f"'{text}' is not START:RATE:FULL")
        return cls(*numbers).checked()

    def checked(self) -> MaxStartups:
        if not (1 <= self.start <= self.full and 0 <= self.rate <= 100):
            raise ValueError("max startups: need 1 <= START <= FULL and 0 <= RATE <= 100")
        return self

    def scaled(self, descriptors: int) -> MaxStartups:
        """At most 1/:data:`DESCRIPTOR_SHARE` of ``descriptors`` wait at once (``start`` shrinks
        in proportion)."""
        top = max(2, descriptors // DESCRIPTOR_SHARE)
        if self.full <= top:
            return self
        return MaxStartups(max(1, self.start * top // self.full), self.rate, top)

    def __str__(self) -> str:
        return f"{self.start}:{self.rate}:{self.full}"


class Startups:
    """The connections waiting to log in, oldest first, and how many per address."""

    def __init__(self, limits: MaxStartups, rng: random.Random | None = None) -> None:
        self.limits = limits
        self.rng = rng or random.SystemRandom()
        self.waiting: OrderedDict[Hashable, str] = OrderedDict()
        self.per_address: dict[str, int] = {}
        self.dropped = 0  # refused or displaced so far (for monitoring and tests)

    def __len__(self) -> int:
        return len(self.waiting)

    def admit(self, who: Hashable, address: str) -> tuple[bool, Hashable | None]:
        """Whether ``who`` (a new connection from ``address``) may wait for its login, and which
        waiting connection it displaces (to be closed by the caller), if any."""
        where = quota_address(address)
        mine = self.per_address.get(where, 0)
        count, limits = len(self.waiting), self.limits
        victim = None
        if count >= limits.full:
            most = max(self.per_address.values(), default=0)
            if mine >= most:
                self.dropped += 1
                return False, None
            victim = next(w for w, a in self.waiting.items() if self.per_address[a] == most)
            self.done(victim)
            self.dropped += 1
        elif count >= limits.start and mine > 0:
            span = max(1, limits.full - limits.start)
            chance = (limits.rate + (100 - limits.rate) * (count - limits.start) / span) / 100
            if self.rng.random() < chance:
                self.dropped += 1
                return False, None
        self.waiting[who] = where
        self.per_address[where] = mine + 1
        return True, victim

    def done(self, who: Hashable) -> None:
        """``who`` logged in or went: it waits no more (harmless if it never did)."""
        where = self.waiting.pop(who, None)
        if where is None:
            return
        left = self.per_address.get(where, 1) - 1
        if left <= 0:
            self.per_address.pop(where, None)
        else:
            self.per_address[where] = left
