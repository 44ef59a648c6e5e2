"""Who a web request comes from, and whether it was meant for this server.

- :class:`TrustedProxies` and :func:`client_address`: behind a reverse proxy every visitor's TCP
  peer is the proxy, so per-address limits would count them all as one. The forwarding headers
  (``X-Forwarded-For``, else ``Forwarded``) are read only when the peer is a proxy named with
  ``--trusted-proxy``; the client is the right-most hop that is not itself a trusted proxy
  (hops to its left were written by the client and prove nothing). From any other peer those
  headers are ignored.
- :class:`HostCheck`: a page fetched under a name an attacker controls (DNS rebinding: their
  name, pointed at this server) must not be served, else their page is same-origin with ours.
  The Host header must name the server: the public URL's host; ``localhost`` or a loopback
  address when it listens on loopback or on every interface; the listening address itself; any
  IP literal when it listens on every interface (an address cannot be rebound); or the
  machine's own host name. The port is not checked (SSH tunnels and port mappings change it).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _ip(text: str) -> Address | None:
    text = text.strip().strip('"')
    if text.startswith("["):  # [v6] or [v6]:port
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def parse_proxies(values: Iterable[str]) -> list[Network]:
    """``--trusted-proxy`` values: addresses or networks, repeated or comma-separated."""
    networks = []
    for value in values:
        for item in str(value).split(","):
            item = item.strip()
            if not item:
                continue
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                raise ValueError(f"--trusted-proxy: '{item}' is not an IP address or network") from None
    return networks


class TrustedProxies:
    """The ``--trusted-proxy`` networks; ``address in proxies`` for an address string or object."""

    def __init__(self, networks: Iterable[Network] = ()) -> None:
        self.networks = list(networks)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def __contains__(self, address: object) -> bool:
        ip = address if isinstance(address, (ipaddress.IPv4Address, ipaddress.IPv6Address)) else _ip(str(address))
        return ip is not None and any(ip in net for net in self.networks if net.version == ip.version)


_FORWARDED_FOR = re.compile(r'(?:^|;)\s*for\s*=\s*("[^"]*"|[^;,\s]*)', re.IGNORECASE)
#: forwarding headers longer than this are not read (a proxy chain is a handful of hops)
MAX_FORWARDED = 2048


def _hops(headers) -> list[str]:
    """The hops a proxy chain wrote, left to right (``headers`` is a multidict, as aiohttp's)."""
    forwarded_for = headers.getall("X-Forwarded-For", [])
    if forwarded_for:
        text = ",".join(forwarded_for)
        return [] if len(text) > MAX_FORWARDED else [hop.strip() for hop in text.split(",")]
    text = ",".join(headers.getall("Forwarded", []))
    if not text or len(text) > MAX_FORWARDED:
        return []
    hops = []
    for element in text.split(","):
        found = _FORWARDED_FOR.search(element)
        hops.append(found.group(1) if found else "")
    return hops


def client_address(peer: str | None, headers, proxies: TrustedProxies) -> str:
    """The address to count a request against: the TCP peer, or, when the peer is a trusted
    proxy, the right-most untrusted hop of its forwarding header (the peer when the header is
    missing, malformed, or names only trusted proxies)."""
    peer = peer or "?"
    if not proxies or peer not in proxies:
        return peer
    hops = _hops(headers)
    for hop in reversed(hops):
        ip = _ip(hop)
        if ip is None:
            return peer  # a hop we cannot read: do not guess past it
        if ip not in proxies:
            return str(ip)
    return peer


def split_host(host: str) -> str:
    """The host name of a Host header or URL netloc, without port or brackets, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


#: a Host header's shape: a name or [IPv6], and an optional port (it goes into the page as is)
_HOST = re.compile(r"(\[[0-9A-Fa-f:.]+(%25[A-Za-z0-9._~-]+)?\]|[A-Za-z0-9._-]{1,253})(:[0-9]{1,5})?")
_LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


class HostCheck:
    """Which Host headers name this server (see the module's notes)."""

    def __init__(self, bound: str, public_url: str | None = None) -> None:
        self.public = split_host(urlsplit(public_url).netloc) if public_url else None
        bound = split_host(bound or "")
        self.everywhere = bound in ("", "0.0.0.0", "::")
        address = _ip(bound)
        self.bound = address
        self.loopback = (address is not None and address.is_loopback) or bound in _LOOPBACK_NAMES
        names = set()
        if not self.loopback:
            for name in (socket.gethostname(), socket.getfqdn()):
                name = name.lower().rstrip(".")
                if name and name not in _LOOPBACK_NAMES:
                    names.add(name)
        if address is None and bound and not self.everywhere:
            names.add(bound)  # listening on a name: that name
        self.names = names

    def allowed(self, host: str | None) -> bool:
        if not host or not _HOST.fullmatch(host):
            return False
        name = split_host(host)
        if self.public is not None and name == self.public:
            return True
        if name in self.names:
            return True
        local = self.loopback or self.everywhere
        if local and name in _LOOPBACK_NAMES:
            return True
        ip = _ip(name) if name and (name[0].isdigit() or ":" in name) else None
        if ip is None:
            return False
        if self.everywhere or ip == self.bound:
            return True
        return self.loopback and ip.is_loopback
