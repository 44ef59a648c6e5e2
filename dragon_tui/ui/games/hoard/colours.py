"""Dragon's Hoard's colours: the sheep, as theme variables its palette reads (``hoard-red`` ...:
``cards.py``). ``ui/themes.py`` puts them in every theme (the monochrome one sets each to its
foreground)."""

#: On the dark theme.
ON_DARK = {
    "hoard-red": "#F0624D", "hoard-blue": "#5B9BF0", "hoard-yellow": "#F2D04B", "hoard-purple": "#C08CF5",
    "hoard-orange": "#F5973A",
}
#: On the light theme.
ON_LIGHT = {
    "hoard-red": "#B3261E", "hoard-blue": "#1D5C9B", "hoard-yellow": "#8A6A00", "hoard-purple": "#7B3FB0",
    "hoard-orange": "#B35A00",
}
