"""Errors shared by every rules engine."""


class IllegalAction(Exception):
    """An action the rules do not allow right now.

    Raised before anything changes, so the state is exactly as it was; the message is
    written for the player ("You cannot buy a shield: it costs 3 gold and you have 2").
    """


class SaveFileError(Exception):
    """A save file that cannot be read: missing, not JSON, another game's, or too new."""
