"""How an app process is started for a remote player, the same way for SSH and the web.

- :func:`app_environment`: a filtered environment — a few harmless variables from the
  server's own (never its secrets), the player's name, folder and the server's log;
- :func:`child_setup`: the child dies with the server (``PR_SET_PDEATHSIG`` with SIGKILL, which
  works under ``nohup`` where SIGHUP is ignored), and SIGHUP is the default again;
- :func:`clamp_size`: window sizes from clients are clamped (a 65535×65535 window would
  make the app allocate gigabytes);
- :func:`valid_term`: a TERM value is a short plain name.
"""

from __future__ import annotations

import ctypes
import os
import re
import signal
import sys
from pathlib import Path

from ..session import storage

CHILD_MODULE = "dragon_tui.remote.play"
#: Environment variables passed on to an app from the server's own environment (nothing else:
#: the server's secrets stay with the server).
PASS_ENV = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONPATH", "VIRTUAL_ENV", "TMPDIR", "TZ")
#: The largest window an app gets (columns, rows); bigger requests are clamped to it.
MAX_COLS, MAX_ROWS = 500, 200
_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
_PR_SET_PDEATHSIG = 1


def clamp_size(cols: object, rows: object) -> tuple[int, int]:
    """A window size a client asked for, made sane: whole numbers from 1 to the maximum."""
    def whole(value: object, top: int, default: int) -> int:
        if type(value) is not int:
            try:
                value = int(str(value)[:6])
            except ValueError:
                return default
        return min(max(value, 1), top)

    return whole(cols, MAX_COLS, 80), whole(rows, MAX_ROWS, 24)


def valid_term(term: str) -> bool:
    return bool(_TERM.fullmatch(term or ""))


def server_log() -> Path:
    """The server's log file (apps append their crash reports here)."""
    folder = storage.data_dir() / "logs"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder / "apps.log"


def app_environment(player: str, home: Path, tables_socket: str | os.PathLike | None,
                    cols: int, rows: int, **extra: str) -> dict[str, str]:
    """Everything an app process for a remote player gets in its environment."""
    env = {k: os.environ[k] for k in PASS_ENV if k in os.environ}
    env.setdefault("LANG", "C.UTF-8")
    env["DRAGON_TUI_PLAYER"] = player
    env["DRAGON_TUI_HOME"] = str(home)
    env["DRAGON_TUI_LOG"] = str(server_log())
    if tables_socket is not None:
        env["DRAGON_TUI_TABLES"] = str(tables_socket)
    env["COLUMNS"], env["LINES"] = str(cols), str(rows)
    env.update(extra)
    return env


def app_command() -> list[str]:
    return [sys.executable, "-m", CHILD_MODULE]


def child_setup_for(parent: int):
    """A ``preexec_fn``: runs in the child between fork and exec."""
    def setup() -> None:
        signal.signal(signal.SIGHUP, signal.SIG_DFL)  # nohup's SIG_IGN must not reach the app
        if sys.platform.startswith("linux"):
            try:
                ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
            except Exception:
                pass
        if os.getppid() != parent:  # the server died before prctl took effect
            os._exit(1)

    return setup


class SessionSlots:
    """Session slots, in total and per client address, for the SSH and the web server alike.

    ``take`` and ``give_back`` have no await in them, so sessions opened at the same moment
    are counted one after the other: a burst cannot slip past the limits."""

    def __init__(self) -> None:
        #: Sessions holding a slot (starting or running).
        self.count = 0
        self.per_address: dict[str, int] = {}

    def take(self, address: str, most: int, most_per_address: int) -> str | None:
        """Take a slot for ``address``, or say why not."""
        if self.count >= most:
            return "The server is full; try again later."
        if self.per_address.get(address, 0) >= most_per_address:
            return "Too many games from your address at once; close one first."
        self.count += 1
        self.per_address[address] = self.per_address.get(address, 0) + 1
        return None

    def give_back(self, address: str) -> None:
        self.count -= 1
        left = self.per_address.get(address, 1) - 1
        if left <= 0:
            self.per_address.pop(address, None)
        else:
            self.per_address[address] = left
