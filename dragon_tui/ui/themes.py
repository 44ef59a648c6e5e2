"""The three themes: dark (default), light, and a monochrome one for colour-blind players
and terminals without colour — every meaning on the boards is also carried by a letter or
a symbol, so nothing is lost in it."""

import importlib

from textual.theme import Theme

from ..games import CATALOG


def game_colours(look_package: str) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """A game's colours (theme variables its stylesheet and widgets use), from the ``colours``
    module of its look's package (``ui/games/<game id>/colours.py``), each part optional:
    ``COLOURS`` (every colour theme), ``ON_DARK`` and ``ON_LIGHT`` (one each)."""
    name = f"{look_package}.colours"
    try:
        module = importlib.import_module(name) if look_package else None
    except ModuleNotFoundError as exc:
        if not (name == exc.name or name.startswith(f"{exc.name}.")):
            raise  # the module is there, but something it imports is not
        module = None  # no colours of its own (or no look yet: a game not built)
    if module is None:
        return {}, {}, {}
    return (dict(getattr(module, "COLOURS", {})), dict(getattr(module, "ON_DARK", {})),
            dict(getattr(module, "ON_LIGHT", {})))


#: Board colours, as theme variables the boards' stylesheets and widgets use, each game's from
#: its look folder. ``BOARD_COLOURS`` the colour themes share; the
#: monochrome theme sets every one to its foreground, so the boards carry meaning by letters,
#: symbols and bold alone there.
BOARD_COLOURS: dict[str, str] = {"board-ink": "colour"}
#: Colours that differ between dark and light backgrounds (sheep, players, clans ...).
ON_DARK: dict[str, str] = {}
ON_LIGHT: dict[str, str] = {}
for _entry in CATALOG:  # the games known at start (a game registered later keeps the default colours)
    _both, _dark, _light = game_colours(_entry.board_module.rpartition(".")[0])
    BOARD_COLOURS |= _both
    ON_DARK |= _dark
    ON_LIGHT |= _light
#: The monochrome theme: ``board-ink: mono`` tells the boards to draw with bold and dim
#: instead of colours; every colour variable is still defined (as the foreground).
MONO_BOARD = {name: "#FFFFFF" for name in (*BOARD_COLOURS, *ON_DARK, *ON_LIGHT)} | {"board-ink": "mono"}

DARK = Theme(
    name="dragon-dark",
    primary="#D4A017",
    secondary="#8B1E3F",
    accent="#3FA7D6",
    warning="#E9B44C",
    error="#E4572E",
    success="#59CD90",
    foreground="#E8E3D9",
    background="#15121A",
    surface="#1F1B26",
    panel="#2A2433",
    dark=True,
    variables=BOARD_COLOURS | ON_DARK,
)

LIGHT = Theme(
    name="dragon-light",
    primary="#8B1E3F",
    secondary="#B5651D",
    accent="#1D5C8B",
    warning="#A86A00",
    error="#B3261E",
    success="#2E7D32",
    foreground="#1E1A17",
    background="#F6F1E7",
    surface="#EDE5D6",
    panel="#E2D7C3",
    dark=False,
    variables=BOARD_COLOURS | ON_LIGHT,
)

MONO = Theme(
    name="dragon-mono",
    primary="#FFFFFF",
    secondary="#BBBBBB",
    accent="#DDDDDD",
    warning="#FFFFFF",
    error="#FFFFFF",
    success="#FFFFFF",
    foreground="#FFFFFF",
    background="#000000",
    surface="#111111",
    panel="#222222",
    dark=True,
    variables=MONO_BOARD,
)

THEMES = (DARK, LIGHT, MONO)
THEME_NAMES = tuple(t.name for t in THEMES)
