"""The remaining-tiles window: every tile type still to come, drawn small, with its count."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....engine import State
from ....games.carcassonne.data import TILE_BY_ID
from .art import tile_art
from .ink import ink_for

CELL_W, CELL_H = 5, 3
ENTRY_W = 11  # art, a space, "×12" and a gap


class RemainingTiles(VerticalScroll):
    """Counts by tile type (the bag plus set-aside dragon tiles); t or Esc closes it."""

    BINDINGS = [Binding("escape", "close", "Close", show=False)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Closed, the window must not swallow Esc (the replay's close key, the game's menu key).
        return self.display if action == "close" else True

    def compose(self):
        yield Static(id="remaining-body")

    _view: State | None = None

    def show(self, view: State) -> None:
        self._view = view
        if self.is_mounted:  # else drawn as it mounts (the board mounts it when first opened)
            self._draw()

    def on_mount(self) -> None:
        if self._view is not None:
            self._draw()

    def on_resize(self) -> None:
        if self._view is not None:
            self._draw()

    def _draw(self) -> None:
        view = self._view
        ink = ink_for(self.app.current_theme.variables)
        counts = view.remaining()
        total = sum(counts.values())
        width = max(ENTRY_W, self.size.width - 2)
        per_row = max(1, width // ENTRY_W)
        t = Text()
        t.append(f"Tiles to come: {total}", "bold")
        t.append("  t/Esc: back\n", "dim")
        items = list(counts.items())
        for start in range(0, len(items), per_row):
            row = items[start:start + per_row]
            arts = [tile_art(TILE_BY_ID[tid].index, 0, CELL_W, CELL_H) for tid, _ in row]
            for r in range(CELL_H):
                for (tid, n), art in zip(row, arts):
                    for c in range(CELL_W):
                        t.append(art.chars[r][c], ink.cell(art, c, r))
                    label = f"×{n}" if r == 1 else ""  # the picture names the tile
                    t.append(f" {label:<5}")
                t.append("\n")
        if not items:
            t.append("No more tiles: " + ("the game is over." if view.phase == "over" else
                                          "this is the last tile." if view.tile is not None else
                                          "this is the last turn."))
        self.query_one("#remaining-body", Static).update(t)

    def action_close(self) -> None:
        for node in self.ancestors:
            if hasattr(node, "action_tiles"):
                node.action_tiles()
                return
