"""What the score charts plot for Princes of the Dragon Throne (read by
``dragon_tui.session.charts`` through the registry): the Lo'en (prestige) track during play.
The end scoring's bonuses are not on the track, so the last point is the track, not the final
total. Only public counts are read."""

MEASURES = (("Lo'en track", lambda s: s.score),)
