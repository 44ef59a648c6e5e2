"""Carcassonne's colours: theme variables (``carc-*``) its ink reads (``ink.py``).
``ui/themes.py`` puts them in every theme (the monochrome one sets each to its foreground)."""

#: The same on dark and light backgrounds.
COLOURS = {
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
