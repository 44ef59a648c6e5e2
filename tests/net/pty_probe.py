"""A stand-in app for the SSH hardening tests (run in the pty instead of the game):

- prints ``size=COLSxROWS`` at start and after every SIGWINCH (with a running count);
- prints ``player=NAME`` (the name the server gave it);
- with ``flood``: writes output as fast as the terminal takes it, forever.
It exits on end of input, or after 60 s at most.
"""

import os
import signal
import sys
import time

winches = 0


def show(*_):
    global winches
    if _:
        winches += 1
    cols, rows = os.get_terminal_size(1)
    os.write(1, f"size={cols}x{rows} winches={winches}\r\n".encode())


signal.signal(signal.SIGWINCH, show)
signal.alarm(60)
os.write(1, f"player={os.environ.get('DRAGON_TUI_PLAYER')} ".encode())
show()
if sys.argv[1:] == ["flood"]:
    chunk = b"x" * 65536
    while True:
        os.write(1, chunk)
while True:
    try:
        if not os.read(0, 1024):
            break
    except InterruptedError:
        continue
    time.sleep(0)
