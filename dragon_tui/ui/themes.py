"""The three themes: dark (default), light, and a monochrome one for colour-blind players
and terminals without colour — every meaning on the boards is also carried by a letter or
a symbol, so nothing is lost in it."""

from textual.theme import Theme

#: Board colours, as theme variables the .tcss files use (``$crowns-commander`` ...). The
#: colour themes share them; the monochrome theme sets every one to its foreground, so the
#: boards carry meaning by letters, symbols and bold alone there.
BOARD_COLOURS = {
    "board-ink": "colour",
    "crowns-commander": "#4F8FE8",
    "crowns-priestess": "#F2F2F2",
    "crowns-smith": "#9A9A9A",
    "crowns-treasurer": "#E8C547",
    "crowns-summoner": "#E4572E",
    "crowns-head": "#B07CE8",
    "crowns-gems": "#59CD90",
    "crowns-swords": "#E4572E",
    "crowns-shields": "#4F8FE8",
    "carc-city": "#E0B070", "carc-city-bg": "#7A4A22", "carc-field": "#8DC26F", "carc-field-bg": "#2F5A2A",
    # Every other tile (a checkerboard) is clearly darker, so tile edges show.
    "carc-city-shaded": "#C89A58", "carc-city-shaded-bg": "#553014",
    "carc-field-shaded": "#76A85A", "carc-field-shaded-bg": "#1B3A18",
    "carc-road": "#F4EEDC", "carc-mark": "#FFE08A", "carc-monastery": "#FFFFFF", "carc-monastery-bg": "#8B1E3F",
    "carc-ink-dark": "#000000", "carc-ink-light": "#FFFFFF", "carc-highlight": "#FFD75F", "carc-cursor": "#FFFFFF",
    "carc-fairy": "#FF7FD0", "carc-fairy-bg": "#3A0D2E", "carc-princess": "#F2C14E", "carc-last": "#3F8EFC",
    "carc-dragon": "#B3261E",
    "carc-player-1": "#E4572E", "carc-player-2": "#3F8EFC", "carc-player-3": "#F2C14E", "carc-player-4": "#B07CE8",
    "carc-player-5": "#EEEEEE",  # red, blue, yellow, purple, white: the meeples read R B Y P W
}
#: Colours that differ between dark and light backgrounds: sheep (Hoard), players, clans and
#: the King's Guard (Princes).
ON_DARK = {
    "hoard-red": "#F0624D", "hoard-blue": "#5B9BF0", "hoard-yellow": "#F2D04B", "hoard-purple": "#C08CF5",
    "hoard-orange": "#F5973A",
    "throne-player-1": "#4FC3F7", "throne-player-2": "#F06292", "throne-player-3": "#AED581",
    "throne-player-4": "#FFB74D",
    # Ha'wa orange, Ka'yu green, Ma'ji blue, U'siku purple, Vu'ur red, Ze'me yellow.
    "throne-clan-1": "#F5973A", "throne-clan-2": "#59CD90", "throne-clan-3": "#5B9BF0", "throne-clan-4": "#C08CF5",
    "throne-clan-5": "#F0624D", "throne-clan-6": "#F2D04B",
    "throne-guard": "#C9C9C9",
    "court-sun": "#F2C14E", "court-moon": "#9DB4FF", "court-earth": "#7BC96F", "court-fire": "#FF6B4A",
    "court-warn": "#E9B44C",
}
ON_LIGHT = {
    "hoard-red": "#B3261E", "hoard-blue": "#1D5C9B", "hoard-yellow": "#8A6A00", "hoard-purple": "#7B3FB0",
    "hoard-orange": "#B35A00",
    "throne-player-1": "#0B6E99", "throne-player-2": "#AD1457", "throne-player-3": "#33691E",
    "throne-player-4": "#A35200",
    "throne-clan-1": "#B35A00", "throne-clan-2": "#2E7D32", "throne-clan-3": "#1D5C9B", "throne-clan-4": "#7B3FB0",
    "throne-clan-5": "#B3261E", "throne-clan-6": "#8A6A00",
    "throne-guard": "#5A5A5A",
    "court-sun": "#8A5A00", "court-moon": "#2F4FB0", "court-earth": "#2E7D32", "court-fire": "#B3261E",
    "court-warn": "#A86A00",
}
#: The monochrome theme: ``board-ink: mono`` tells the boards to draw with bold and dim
#: instead of colours; every colour variable is still defined (as the foreground).
MONO_BOARD = {name: "#FFFFFF" for name in (*BOARD_COLOURS, *ON_DARK)} | {"board-ink": "mono"}

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
