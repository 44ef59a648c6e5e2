"""Help: a game's rules (its help.md, with every rule decision) and the keys; and the
app's own about page from the menu."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from ...engine import Game

COMMON_KEYS = """
## Keys on every game screen

| key | does |
|---|---|
| shown key (1–9, a–z, A–Z) | take that action |
| ↑ ↓ Enter | pick from the action list |
| PgUp / PgDn | scroll the log (Tab into the log for ↑ ↓ Home End) |
| u / ctrl+y | undo / redo your own decisions (never past dice or drawn cards) |
| ctrl+s | save under a name |
| space | hurry a thinking bot (it plays its best move so far) |
| F3 | hint: the hard bot's choice for you, highlighted in the list, not played |
| ctrl+p | command palette: hint, undo, save, replay, theme … |
| F4 or ctrl+t | next theme (dark, light, monochrome; remembered for the next run) |
| ? or F1 | this help |
| Esc | back to the menu (the game is autosaved: Continue resumes it) |
| ctrl+q | quit |
| ctrl+o or F6 | at a shared table: chat (Enter sends, Esc leaves; /mute name) |

In a browser (`dragon-tui serve --web`) ctrl+n, ctrl+t and ctrl+w belong to the browser
(new window, new tab, close tab) and never reach the game: use F4 for the theme and F9 for
Start / Open the table.

## Keys once the game is over

| key | does |
|---|---|
| r | replay the game |
| n / d | rematch: a new deal / the same deal (a shared table: n offers the others a rematch) |
| b / s | the board / the summary again |
| Esc or m | back to the menu |
"""

ABOUT = """# Dragon TUI

Five dragon-themed tabletop games for the terminal, each with its full rules, bots for any
empty seat, undo, autosave and replay.

* **Enter** starts the highlighted game; **c** continues the newest unfinished game (or lists
  them, newest first, when there are several: every unfinished game keeps its own autosave);
  **l** loads a saved one.
* Every game is played with the keyboard alone: the keys are shown next to each choice and
  in the footer; **?** on a game screen shows its rules.
* Games are saved after every move, so closing the terminal (or losing an SSH connection)
  loses nothing but the move in flight.
* **F4** (or **ctrl+t**, not in a browser) switches between the dark, light and monochrome themes.
* **Bots** can take any seat: *random* and *greedy* (the move that looks best right now), and
  three search bots that think ahead from what their own seat can see (never hidden cards):
  *easy*, *normal* (answers within a second) and *hard* (within three). On your turn **F3**
  shows what the hard bot would do.
"""


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,q,question_mark,f1", "app.pop_screen", "Close", key_display="Esc")]

    def __init__(self, game: Game | None = None, text: str | None = None) -> None:
        super().__init__()
        self.text = text if text is not None else (game.help_markdown() + COMMON_KEYS)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(self.text)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()


class AboutScreen(HelpScreen):
    def __init__(self) -> None:
        super().__init__(text=ABOUT + COMMON_KEYS)
