"""What the score charts plot for Batalla de Coronas (read by ``dragon_tui.session.charts``
through the registry): gems taken, and the castle — shields left (the rival's swords must
break through them). Only public counts are read."""

MEASURES = (("Gems taken", lambda s: s.gems_won), ("Castle: shields", lambda s: s.shields))
