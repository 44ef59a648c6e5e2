"""A login flood, run as its own process so the server's descriptors can be counted apart:
``python ssh_flood.py PORT ADDRESSES PER_ADDRESS HOLD`` opens PER_ADDRESS connections from each
of ADDRESSES loopback addresses (127.0.1.1, 127.0.1.2, ...), sends only the SSH banner on each
and holds them HOLD seconds (bounded), then prints one JSON line: how many it opened, how many
the server closed, how many were still open. It prints ``opened`` as soon as all are open."""

from __future__ import annotations

import json
import selectors
import socket
import sys
import time


def main() -> None:
    port, addresses, per_address, hold = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    sel = selectors.DefaultSelector()
    opened = failed = 0
    for a in range(addresses):
        source = f"127.0.{1 + a // 250}.{1 + a % 250}"
        for _ in range(per_address):
            sock = socket.socket()
            try:
                sock.bind((source, 0))
                sock.connect(("127.0.0.1", port))
                sock.sendall(b"SSH-2.0-flood\r\n")
            except OSError:
                sock.close()
                failed += 1
                continue
            sock.setblocking(False)
            sel.register(sock, selectors.EVENT_READ)
            opened += 1
    print(json.dumps({"opened": opened, "failed": failed}), flush=True)
    closed = 0
    end = time.monotonic() + min(hold, 60.0)
    while time.monotonic() < end and sel.get_map():
        for key, _ in sel.select(timeout=0.2):
            try:
                data = key.fileobj.recv(65536)
            except OSError:
                data = b""
            if not data:  # the server closed it
                sel.unregister(key.fileobj)
                key.fileobj.close()
                closed += 1
    print(json.dumps({"opened": opened, "failed": failed, "closed": closed, "open": len(sel.get_map())}), flush=True)


if __name__ == "__main__":
    main()
