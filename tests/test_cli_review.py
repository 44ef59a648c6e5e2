"""``dragon-tui review FILE``: one clear line, never a traceback, for every file it cannot review."""

import json
import os
import sys

import pytest

from dragon_tui.cli import main
from dragon_tui.session import Seat, Table


@pytest.fixture
def terminal(monkeypatch):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("dragon-tui: cannot review") or err.startswith("dragon-tui: ")
    return err


def saved(tmp_path, moves=4):
    table = Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "greedy")], 3)
    for _ in range(moves):
        table.apply(table.state.legal_actions()[0])
    path = tmp_path / "game.json"
    table.save(path)
    return path


@pytest.mark.parametrize("content", ["{{{", "[]", json.dumps({"format": "dragon-tui-save", "version": 1})])
def test_a_damaged_file_is_one_line(tmp_path, terminal, capsys, content):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["review", str(bad)]) == 2
    assert "cannot review" in one_line_error(capsys)


def test_moves_that_do_not_replay_are_one_line(tmp_path, terminal, capsys):
    path = saved(tmp_path)
    doc = json.loads(path.read_text())
    doc["moves"][1]["kind"] = "nonsense"
    path.write_text(json.dumps(doc))
    assert main(["review", str(path)]) == 2
    assert "do not replay" in one_line_error(capsys)


def test_a_folder_a_missing_file_and_a_device_are_one_line(tmp_path, terminal, capsys):
    for target in (tmp_path, tmp_path / "missing.json", "/dev/zero"):
        assert main(["review", str(target)]) == 2
        one_line_error(capsys)


def test_a_huge_file_is_refused_without_reading_it(tmp_path, terminal, capsys):
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(64 << 20)  # sparse: 64 MB without writing them
    assert main(["review", str(big)]) == 2
    assert "too large" in one_line_error(capsys)


def test_a_seat_that_is_not_there_is_one_line(tmp_path, terminal, capsys):
    path = saved(tmp_path)
    assert main(["review", str(path), "--seat", "3"]) == 2
    assert "from 1 to 2" in one_line_error(capsys)


def test_a_game_without_moves_has_nothing_to_review(tmp_path, terminal, capsys):
    path = saved(tmp_path, moves=0)
    assert main(["review", str(path)]) == 2
    assert "no moves" in one_line_error(capsys)


def test_without_a_terminal_it_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    path = saved(tmp_path)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    assert main(["review", str(path)]) == 2
    assert "needs a terminal" in capsys.readouterr().err


async def test_the_review_opens_on_the_app():
    """What ``dragon-tui review FILE`` starts: the app showing that game's review."""
    from dragon_tui.app import DragonApp
    from dragon_tui.ui.screens.menu import MenuScreen
    from dragon_tui.ui.screens.review import ReviewScreen

    table = Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "greedy")], 3)
    for _ in range(6):
        table.apply(table.state.legal_actions()[0])
    app = DragonApp(autosave=False, review=table, review_seat=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.seat == 1
        assert app.screen_stack == [app.screen]  # the first screen: no menu, no empty screen under it
        await pilot.press("x")
        await app.workers.wait_for_complete()
        await pilot.pause()
        app.pop_screen()  # closing the review opens the menu in its place
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.screen_stack == [app.screen]


def test_an_unfinished_game_with_hidden_hands_reviews_only_the_persons_seat(tmp_path, terminal, capsys):
    table = Table("hoard", [Seat("Ana"), Seat("Bot", "bot", "greedy")], 3)
    for _ in range(3):
        table.apply(table.state.legal_actions()[0])
    path = tmp_path / "hoard.json"
    table.save(path)
    assert main(["review", str(path), "--seat", "2"]) == 2
    assert "own decisions" in one_line_error(capsys)
