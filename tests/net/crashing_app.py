"""The served app with one extra key, ``x``, that raises: a crash with a secret in a local
variable, for the test that crash details never reach a remote player."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's dragon_tui

from textual.binding import Binding  # noqa: E402

from dragon_tui.remote.play import ServedApp  # noqa: E402


class CrashingApp(ServedApp):
    BINDINGS = ServedApp.BINDINGS + [Binding("x", "crash", "Crash")]

    def action_crash(self) -> None:
        server_secret = "hunter2-local-variable"  # noqa: F841 (Textual's traceback shows locals)
        raise RuntimeError("boom")


if __name__ == "__main__":
    app = CrashingApp()
    app.run()
    sys.exit(app.return_code or 0)
