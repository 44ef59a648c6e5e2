"""Princes of the Dragon Throne's colours: players, clans and the King's Guard, as theme
variables its palette reads (``throne-player-1`` ...: ``style.py``). ``ui/themes.py`` puts them
in every theme (the monochrome one sets each to its foreground)."""

#: On the dark theme.
ON_DARK = {
    "throne-player-1": "#4FC3F7", "throne-player-2": "#F06292", "throne-player-3": "#AED581",
    "throne-player-4": "#FFB74D",
    # Ha'wa orange, Ka'yu green, Ma'ji blue, U'siku purple, Vu'ur red, Ze'me yellow.
    "throne-clan-1": "#F5973A", "throne-clan-2": "#59CD90", "throne-clan-3": "#5B9BF0", "throne-clan-4": "#C08CF5",
    "throne-clan-5": "#F0624D", "throne-clan-6": "#F2D04B",
    "throne-guard": "#C9C9C9",
}
#: On the light theme.
ON_LIGHT = {
    "throne-player-1": "#0B6E99", "throne-player-2": "#AD1457", "throne-player-3": "#33691E",
    "throne-player-4": "#A35200",
    "throne-clan-1": "#B35A00", "throne-clan-2": "#2E7D32", "throne-clan-3": "#1D5C9B", "throne-clan-4": "#7B3FB0",
    "throne-clan-5": "#B3261E", "throne-clan-6": "#8A6A00",
    "throne-guard": "#5A5A5A",
}
