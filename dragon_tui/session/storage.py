"""Where games are kept: the autosave, named saves, atomic writes.

Everything lives under one folder, the user data directory from platformdirs, or the
folder named by ``DRAGON_TUI_HOME`` (tests and shared servers set it). Writes go to a
temporary file that is flushed, synced and renamed over the old one, so a crash or a
dropped SSH connection leaves either the old save or the new one, never half of one.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from ..engine import SaveFileError

AUTOSAVE_NAME = "autosave.json"


def data_dir() -> Path:
    root = os.environ.get("DRAGON_TUI_HOME") or user_data_dir("dragon-tui", appauthor=False)
    path = Path(root)
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_json(path: Path, doc: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(doc, indent=1, sort_keys=True))


def read_json(path: Path) -> dict[str, Any]:
    """Read a save file, turning every way it can be wrong into one readable SaveFileError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFileError(f"There is no save file at {path}.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"{path} cannot be read: {exc}.") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{Path(path).name} is not a Dragon TUI save (damaged JSON at line {exc.lineno}).") from None
    if not isinstance(doc, dict):
        raise SaveFileError(f"{Path(path).name} is not a Dragon TUI save.")
    return doc


def slug(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", name.strip()).strip("-.")
    return cleaned[:60] or "game"


def named_save_path(name: str) -> Path:
    return saves_dir() / f"{slug(name)}.json"


def list_saves() -> list[Path]:
    return sorted(saves_dir().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
