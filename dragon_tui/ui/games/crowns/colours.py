"""Batalla de Coronas' colours: theme variables its stylesheet uses (``$crowns-commander`` ...).
``ui/themes.py`` puts them in every theme (the monochrome one sets each to its foreground)."""

#: The same on dark and light backgrounds.
COLOURS = {
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
