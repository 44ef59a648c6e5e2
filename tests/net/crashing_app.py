"""The served app with one extra key, ``x``, that raises: a crash with a secret in a local
variable, for the test that crash details never reach a remote player."""

from textual.binding import Binding

from dragon_tui.net.play import ServedApp


class CrashingApp(ServedApp):
    BINDINGS = ServedApp.BINDINGS + [Binding("x", "crash", "Crash")]

    def action_crash(self) -> None:
        server_secret = "hunter2-local-variable"  # noqa: F841 (Textual's traceback shows locals)
        raise RuntimeError("boom")


if __name__ == "__main__":
    CrashingApp().run()
