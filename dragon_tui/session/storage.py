"""Where games are kept: the autosaves, named saves, atomic writes.

Every unfinished game has its own autosave in ``autosaves/`` (earlier versions kept one
``autosave.json``, which :func:`list_autosaves` moves in there). Everything lives under one folder, the user data directory from platformdirs, or the
folder named by ``DRAGON_TUI_HOME`` (tests and shared servers set it). Writes go to a
temporary file that is flushed, synced and renamed over the old one, so a crash or a
dropped SSH connection leaves either the old save or the new one, never half of one. A
write that fails (a full or read-only disk) raises :class:`SaveWriteError` and leaves the last
good file in place.

Reads never trust the file: only a regular file is opened (never a device, FIFO or folder, and
opening does not block), at most :data:`MAX_SAVE_BYTES` are read, and the JSON goes through the
same validator as the table server's socket lines (:mod:`dragon_tui.engine.untrusted`).
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from ..engine import SaveFileError
from ..engine.untrusted import UntrustedJSONError, loads

#: The single autosave of versions before per-game autosaves; moved into AUTOSAVES on sight.
AUTOSAVE_NAME = "autosave.json"
AUTOSAVES = "autosaves"
#: At most this many unfinished games are kept; starting one more abandons the oldest (the
#: app asks first). A bound on what one player (a remote one too) can make the server keep.
MAX_AUTOSAVES = 20
#: What a save file says it is: the table writes these, the table and the Continue list check them.
SAVE_FORMAT = "dragon-tui-save"
SAVE_VERSION = 1
#: A save is a seed and a move list, with the final position: a few hundred KB at the very most.
MAX_SAVE_BYTES = 1 << 20


class SaveWriteError(OSError):
    """A save could not be written (full or read-only disk, no permission). The previous file
    at that path is untouched; ``str()`` is a sentence for the player."""

    def __init__(self, path: Path, cause: OSError) -> None:
        super().__init__(cause.errno, f"Could not write {Path(path).name}: {cause.strerror or cause}")
        self.path = Path(path)
        self.cause = cause

    def __str__(self) -> str:
        return str(self.args[1])


def data_dir() -> Path:
    """The data folder, private to this user (0700 whatever the umask): it holds saves, and
    for a server its database with every hidden hand. A folder of ours found open to others
    is closed. Raises OSError when it cannot be made (see :func:`data_dir_problem`)."""
    path = data_root()
    if not path.is_dir():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.mkdir(mode=0o700, exist_ok=True)
    private_folder(path)
    return path


def data_root() -> Path:
    """Where the data folder is meant to be, without touching the disk."""
    return Path(os.environ.get("DRAGON_TUI_HOME") or user_data_dir("dragon-tui", appauthor=False))


def data_dir_problem() -> str | None:
    """A sentence for the player when the data folder cannot hold games (it is a file, lies
    under something that is not a folder, or may not be written), else None. The app then plays
    without saving rather than stopping: a game is still worth playing."""
    root = data_root()
    try:
        for folder in (data_dir(), saves_dir(), autosaves_dir()):
            if not os.access(folder, os.W_OK | os.X_OK):
                raise PermissionError(13, "Permission denied")
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        if isinstance(exc, FileExistsError) or (root.exists() and not root.is_dir()):
            reason = "it is a file, not a folder"
        return f"Games are not saved this run: the data folder {root} cannot be used ({reason})."
    return None


def private_folder(path: Path) -> None:
    """Take group and other permissions off ``path`` when it is this user's own folder."""
    try:
        info = os.stat(path)
        if info.st_uid == os.getuid() and info.st_mode & 0o077:
            os.chmod(path, info.st_mode & 0o700)
    except OSError:
        pass  # not ours to change (or gone): the files inside are still created private


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def legacy_autosave_path() -> Path:
    """Where versions before per-game autosaves kept their one autosave."""
    return data_dir() / AUTOSAVE_NAME


def autosaves_dir() -> Path:
    path = data_dir() / AUTOSAVES
    path.mkdir(parents=True, exist_ok=True)
    return path


def new_autosave_path(game_id: str) -> Path:
    """A file of its own for a new game's autosave: the game, the time, and a random tail (two
    games started in the same second never share a file)."""
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())  # the tail: secrets.token_hex(3), without loading secrets
    return autosaves_dir() / f"{slug(game_id)}-{stamp}-{os.urandom(3).hex()}.json"


def migrate_legacy_autosave() -> Path | None:
    """Move an old ``autosave.json`` (a regular file, never a link) into the autosaves folder,
    keeping its date; returns its new path, or None when there was none."""
    old = legacy_autosave_path()
    try:
        info = old.lstat()
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    import time

    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(info.st_mtime))
    new = autosaves_dir() / f"earlier-{stamp}.json"
    try:
        os.replace(old, new)
    except OSError:
        return None
    return new


def list_autosaves() -> list[Path]:
    """Every autosave, newest first (regular files only), after moving in an old single one.
    None when the data folder cannot be made (the app has said so: see data_dir_problem)."""
    try:
        migrate_legacy_autosave()
        return _newest_first(autosaves_dir())
    except OSError:
        return []


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all at once, or raise :class:`SaveWriteError` leaving the old
    file as it was."""
    try:
        _write_atomic(Path(path), text)
    except SaveWriteError:
        raise
    except OSError as exc:
        raise SaveWriteError(path, exc) from exc


def _write_atomic(path: Path, text: str) -> None:
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


def read_limited(path: Path, limit: int = MAX_SAVE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Devices, FIFOs, sockets and
    folders are refused without reading (the open does not block on a FIFO)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveFileError(f"{Path(path).name} is not a save file.")
        if info.st_size > limit:
            raise SaveFileError(f"{Path(path).name} is too large to be a save ({info.st_size // 1024} KB).")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while we read
            raise SaveFileError(f"{Path(path).name} is too large to be a save.")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_json(path: Path) -> dict[str, Any]:
    """Read a save file, turning every way it can be wrong into one readable SaveFileError."""
    name = Path(path).name
    try:
        data = read_limited(Path(path))
    except FileNotFoundError:
        raise SaveFileError(f"There is no save file at {path}.") from None
    except IsADirectoryError:
        raise SaveFileError(f"{name} is not a save file.") from None
    except OSError as exc:
        raise SaveFileError(f"{path} cannot be read: {exc.strerror or exc}.") from None
    try:
        doc = loads(data.decode("utf-8"), MAX_SAVE_BYTES)
    except UnicodeDecodeError:
        raise SaveFileError(f"{name} is not a Dragon TUI save (not text).") from None
    except UntrustedJSONError as exc:
        raise SaveFileError(f"{name} is not a Dragon TUI save ({exc}).") from None
    if not isinstance(doc, dict):
        raise SaveFileError(f"{name} is not a Dragon TUI save.")
    return doc


def slug(name: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", name.strip()).strip("-.")
    return cleaned[:60] or "game"


def named_save_path(name: str) -> Path:
    return saves_dir() / f"{slug(name)}.json"


def list_saves() -> list[Path]:
    """The player's named saves, newest first (regular files only); none when the data folder
    cannot be made."""
    try:
        return _newest_first(saves_dir())
    except OSError:
        return []


def _newest_first(folder: Path) -> list[Path]:
    found = []
    for path in folder.glob("*.json"):
        try:
            info = path.lstat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode):
            found.append((info.st_mtime, path))
    return [path for _, path in sorted(found, key=lambda item: item[0], reverse=True)]

