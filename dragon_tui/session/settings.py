"""The player's settings between runs (the theme; the bell on your turn): one small JSON file.

It lives in the platformdirs config folder, or beside the saves when ``DRAGON_TUI_HOME`` is
set (tests, and ``dragon-tui serve``, which gives every remote player a folder of their own:
one player's theme is never another's). It is written atomically (``storage.write_atomic``)
and read like any file from outside: at most :data:`MAX_SETTINGS_BYTES`, through the untrusted
JSON reader. A damaged file is ignored with a one-line message and replaced on the next
change, never a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

from ..engine import SaveFileError
from ..engine.untrusted import UntrustedJSONError, loads
from . import storage

SETTINGS_NAME = "settings.json"
MAX_SETTINGS_BYTES = 16 * 1024
#: What may be kept, and the type each must have; anything else in the file is dropped.
KNOWN = {"theme": str, "bell": bool}


def settings_path() -> Path:
    home = os.environ.get("DRAGON_TUI_HOME")
    folder = Path(home) if home else Path(user_config_dir("dragon-tui", appauthor=False))
    return folder / SETTINGS_NAME


def load_settings() -> tuple[dict[str, Any], str | None]:
    """The saved settings, and a sentence for the player when the file was damaged (then the
    settings are empty: the defaults apply)."""
    path = settings_path()
    try:
        data = storage.read_limited(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return {}, None
    except (OSError, SaveFileError) as exc:
        return {}, f"Your settings could not be read ({exc}); the defaults apply."
    try:
        doc = loads(data.decode("utf-8"), MAX_SETTINGS_BYTES)
    except (UnicodeDecodeError, UntrustedJSONError):
        return {}, f"Your settings file {path.name} is damaged; the defaults apply (it is rewritten on the next change)."
    if not isinstance(doc, dict):
        return {}, f"Your settings file {path.name} is damaged; the defaults apply (it is rewritten on the next change)."
    return {k: v for k, v in doc.items() if k in KNOWN and isinstance(v, KNOWN[k])}, None


def settings_document(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in settings.items() if k in KNOWN and isinstance(v, KNOWN[k])}

