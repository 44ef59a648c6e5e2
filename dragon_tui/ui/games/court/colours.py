"""The Court of Xiang Chi's colours: the four clans and a warning, as theme variables its card
ink reads (``court-sun`` ...: ``cards.py``). ``ui/themes.py`` puts them in every theme (the
monochrome one sets each to its foreground)."""

#: On the dark theme.
ON_DARK = {
    "court-sun": "#F2C14E", "court-moon": "#9DB4FF", "court-earth": "#7BC96F", "court-fire": "#FF6B4A",
    "court-warn": "#E9B44C",
}
#: On the light theme.
ON_LIGHT = {
    "court-sun": "#8A5A00", "court-moon": "#2F4FB0", "court-earth": "#2E7D32", "court-fire": "#B3261E",
    "court-warn": "#A86A00",
}
