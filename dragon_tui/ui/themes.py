"""The three themes: dark (default), light, and a monochrome one for colour-blind players
and terminals without colour — every meaning on the boards is also carried by a letter or
a symbol, so nothing is lost in it."""

from textual.theme import Theme

#: Board colours, as theme variables the .tcss files use (``$crowns-commander`` ...). The
#: colour themes share them; the monochrome theme sets every one to its foreground, so the
#: boards carry meaning by letters, symbols and bold alone there.
BOARD_COLOURS = {
    "crowns-commander": "#4F8FE8",
    "crowns-priestess": "#F2F2F2",
    "crowns-smith": "#9A9A9A",
    "crowns-treasurer": "#E8C547",
    "crowns-summoner": "#E4572E",
    "crowns-head": "#B07CE8",
    "crowns-gems": "#59CD90",
    "crowns-swords": "#E4572E",
    "crowns-shields": "#4F8FE8",
}

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
    variables=dict(BOARD_COLOURS),
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
    variables=dict(BOARD_COLOURS),
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
    variables={name: "#FFFFFF" for name in BOARD_COLOURS},
)

THEMES = (DARK, LIGHT, MONO)
THEME_NAMES = tuple(t.name for t in THEMES)
