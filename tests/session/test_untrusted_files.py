"""Save files from anywhere, at the file level: reads of save files are bounded and
never follow a device or FIFO; damaged or hostile saves give a SaveFileError; a write that
fails raises SaveWriteError and keeps the last good file."""

from __future__ import annotations

import json
import os
import threading
import time

import pytest

from dragon_tui.engine import SaveFileError
from dragon_tui.session import Seat, Table, storage


def load_within(path, seconds: float = 5.0) -> Exception | None:
    """Table.load(path) in a thread, bounded in time: its exception (None if it loaded)."""
    box: list = []

    def run() -> None:
        try:
            Table.load(path)
            box.append(None)
        except Exception as exc:  # noqa: BLE001 - the test inspects it
            box.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert box, f"loading {path} did not return within {seconds} s"
    return box[0]


def a_save() -> dict:
    table = Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "greedy")], 7)
    table.apply(table.state.legal_actions()[0])
    return table.to_json()


# ---------------------------------------------------------------- finding 2
def test_devices_fifos_folders_and_huge_files_are_refused_without_reading_them(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nobody writes: opening it for reading would block for ever
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (storage.MAX_SAVE_BYTES + 1))
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    start = time.monotonic()
    for path in ("/dev/zero", "/dev/urandom", fifo, tmp_path, big, link):
        error = load_within(path)
        assert isinstance(error, SaveFileError), (path, error)
        assert "not a save file" in str(error) or "too large" in str(error), str(error)
    assert time.monotonic() - start < 5


# ---------------------------------------------------------------- finding 17
@pytest.mark.parametrize("damage", ["deep", "seed-inf", "seed-huge", "bot-level", "seat-kind", "nan"])
def test_hostile_saves_give_a_message_not_a_crash(tmp_path, damage):
    path = tmp_path / "save.json"
    doc = a_save()
    text = json.dumps(doc)
    if damage == "deep":
        text = '{"format": "dragon-tui-save", "x": ' + "[" * 100000 + "]" * 100000 + "}"
    elif damage == "seed-inf":
        text = text.replace(f'"seed": {doc["seed"]}', '"seed": 1e999')
    elif damage == "seed-huge":
        text = text.replace(f'"seed": {doc["seed"]}', '"seed": ' + "7" * 5000)
    elif damage == "bot-level":
        text = text.replace('"level": "greedy"', '"level": "grandmaster"', 1)
        text = text.replace('"kind": "bot", "level": "greedy"', '"kind": "bot", "level": "grandmaster"')
    elif damage == "seat-kind":
        text = text.replace('"kind": "bot"', '"kind": "wizard"')
    elif damage == "nan":
        text = text.replace(f'"seed": {doc["seed"]}', '"seed": NaN')
    assert text != json.dumps(doc)
    path.write_text(text)
    error = load_within(path)
    assert isinstance(error, SaveFileError), error
    if damage == "bot-level":
        assert "bot level" in str(error) and "grandmaster" in str(error)


def test_an_intact_save_still_loads(tmp_path):
    path = tmp_path / "save.json"
    path.write_text(json.dumps(a_save()))
    assert load_within(path) is None


# ---------------------------------------------------------------- finding 16
def test_a_failed_autosave_keeps_the_last_good_one_and_the_game_goes_on(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    table = Table("crowns", [Seat("Ana"), Seat("Ben")], 7)
    table.autosave_to = folder / "autosave.json"
    table.apply(table.state.legal_actions()[0])
    good = table.autosave_to.read_text()
    assert table.save_error is None
    # the folder becomes unwritable (here: it turns into a file, which even root cannot write into)
    folder.rename(tmp_path / "data-away")
    folder.write_text("")
    with pytest.raises(storage.SaveWriteError):
        storage.write_json(folder / "autosave.json", {})
    table.apply(table.state.legal_actions()[0])  # no exception: the game goes on in memory
    assert isinstance(table.save_error, storage.SaveWriteError) and len(table.moves) == 2
    folder.unlink()
    (tmp_path / "data-away").rename(folder)
    assert table.autosave_to.read_text() == good  # the last good autosave, untouched
    table.apply(table.state.legal_actions()[0])  # room again: saving resumes
    assert table.save_error is None and len(json.loads(table.autosave_to.read_text())["moves"]) == 3
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
