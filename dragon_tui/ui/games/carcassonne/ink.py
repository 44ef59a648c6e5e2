"""Carcassonne's styles for the current theme, read from its variables (``carc-*``, defined
by every theme in ``ui/themes.py``). A theme with ``board-ink: mono`` draws with bold,
reverse and underline only: every glyph still says what it is."""

from __future__ import annotations

from rich.style import Style

from .art import CITY, FIELD, MONO, MONO_SHADED, ROAD


class CarcInk:
    def __init__(self, variables: dict[str, str]) -> None:
        v = variables
        self.mono = mono = v.get("board-ink") == "mono"
        dark_ink, light_ink = v["carc-ink-dark"], v["carc-ink-light"]
        self._dark_ink = dark_ink

        def pick(mono_style: Style, colour_style) -> Style:
            return mono_style if mono else colour_style()

        #: Underlined along each tile's bottom row in the monochrome theme: a seam between
        #: rows of tiles that needs no colour (the colour themes' checkerboard shows it there).
        self.seam = Style(underline=True) if mono else None
        if mono:
            self.art, self.art_shaded = MONO, MONO_SHADED
        else:
            self.art = {
                CITY: Style(color=v["carc-city"], bgcolor=v["carc-city-bg"]),
                FIELD: Style(color=v["carc-field"], bgcolor=v["carc-field-bg"]),
                ROAD: Style(color=v["carc-road"], bold=True),
                "mark": Style(color=v["carc-mark"], bold=True),
                "monastery": Style(color=v["carc-monastery"], bgcolor=v["carc-monastery-bg"], bold=True),
            }
            #: Every other tile (a checkerboard) a shade darker, so tile edges show in a wide field.
            self.art_shaded = dict(self.art, **{
                CITY: Style(color=v["carc-city-shaded"], bgcolor=v["carc-city-shaded-bg"]),
                FIELD: Style(color=v["carc-field-shaded"], bgcolor=v["carc-field-shaded-bg"]),
            })
        self.players = tuple(v[f"carc-player-{n}"] for n in range(1, 6))
        #: Keys drawn on the grid (the dragon's steps) and a placement that does not fit.
        self.key = pick(Style(bold=True, reverse=True), lambda: Style(bold=True, color=dark_ink, bgcolor=v["carc-highlight"]))
        #: Meeple spots on offer, with their keys.
        self.spot = pick(Style(bold=True, reverse=True, underline=True),
                         lambda: Style(bold=True, color=dark_ink, bgcolor=v["carc-highlight"]))
        self.cursor = pick(Style(bold=True, reverse=True), lambda: Style(bold=True, color=dark_ink, bgcolor=v["carc-cursor"]))
        self.fairy = pick(Style(bold=True), lambda: Style(bold=True, color=v["carc-fairy"], bgcolor=v["carc-fairy-bg"]))
        self.beside_fairy = pick(Style(bold=True, underline=True),
                                 lambda: Style(bold=True, color=dark_ink, bgcolor=v["carc-fairy"]))
        self.beside_other = pick(Style(bold=True, underline=True),
                                 lambda: Style(bold=True, color=dark_ink, bgcolor=v["carc-princess"]))
        self.last = pick(Style(bold=True), lambda: Style(bold=True, color=light_ink, bgcolor=v["carc-last"]))
        self.dragon = pick(Style(bold=True, reverse=True), lambda: Style(bold=True, color=light_ink, bgcolor=v["carc-dragon"]))
        self.fits = pick(Style(bold=True), lambda: Style(bold=True, color=v["carc-highlight"]))

    def player(self, seat: int) -> Style:
        if self.mono:
            return Style(bold=True, reverse=True)
        return Style(bold=True, color=self.art_ink, bgcolor=self.players[seat % len(self.players)])

    @property
    def art_ink(self) -> str:
        return self._dark_ink

    def cell(self, art, c: int, r: int, shaded: bool = False) -> Style:
        """The style of one cell of a tile's art (``shaded``: a tile of the checkerboard's
        darker squares; its bottom row carries the seam where the theme has one)."""
        styles = self.art_shaded if shaded else self.art
        key = art.layer[r][c]
        style = styles[key]
        if key in (ROAD, "mark") and not self.mono:
            style = styles[art.base[r][c]] + style
        if self.seam is not None and r == art.height - 1:
            style = style + self.seam
        return style


#: The ink last made, with the theme variables it was made from (see ``ink_for``).
_last: tuple[dict[str, str], CarcInk] | None = None


def ink_for(variables: dict[str, str]) -> CarcInk:
    """The ink for a theme's variables, made once while the theme stays: the grid and the
    side panels each made their own at every paint (about 2 million instructions before the
    first frame). A theme's variables do not change once it is registered, so the dict it
    holds is the key."""
    global _last
    if _last is None or _last[0] is not variables:
        _last = (variables, CarcInk(variables))
    return _last[1]
