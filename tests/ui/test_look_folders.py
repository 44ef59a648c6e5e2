"""A game's look is one folder, ``ui/games/<id>/``: the rest of ``ui/`` names no game, finds
each game's stylesheet beside its board module, and puts each game's colours in every theme."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import dragon_tui.ui
from dragon_tui.games import CATALOG
from dragon_tui.ui.styles import game_stylesheet
from dragon_tui.ui.themes import DARK, LIGHT, MONO, game_colours

UI = Path(dragon_tui.ui.__file__).parent


def look_package(entry) -> str:
    return entry.board_module.rpartition(".")[0]


def test_no_module_outside_a_games_look_folder_names_a_game():
    ids = re.compile(r"\b(" + "|".join(entry.id for entry in CATALOG) + r")\b", re.IGNORECASE)
    shared = [path for path in sorted(UI.rglob("*")) if path.suffix in (".py", ".tcss")
              and (path.relative_to(UI).parts[0] != "games" or path.parent == UI / "games")]
    assert UI / "themes.py" in shared and UI / "games" / "__init__.py" in shared
    named = [f"{path.relative_to(UI)}:{number}: {line.strip()}" for path in shared
             for number, line in enumerate(path.read_text().splitlines(), 1) if ids.search(line)]
    assert named == []


def test_each_built_in_game_looks_from_its_own_folder():
    for entry in CATALOG:
        assert look_package(entry) == f"dragon_tui.ui.games.{entry.id}"
        assert game_stylesheet(entry.id) == UI / "games" / entry.id / "board.tcss"
        assert importlib.import_module(entry.board_module).Board


def test_every_games_colours_are_in_every_theme():
    for entry in CATALOG:
        both, dark, light = game_colours(look_package(entry))
        assert both or dark, entry.id
        assert set(dark) == set(light), entry.id  # a colour that differs by background has both
        assert DARK.variables.items() >= (both | dark).items()
        assert LIGHT.variables.items() >= (both | light).items()
        assert all(MONO.variables[name] == MONO.foreground for name in both | dark)
    assert (DARK.variables["board-ink"], LIGHT.variables["board-ink"], MONO.variables["board-ink"]) == (
        "colour", "colour", "mono")


def test_a_look_without_colours_of_its_own_adds_none():
    assert game_colours("tests.example_game") == ({}, {}, {})
    assert game_colours("no_such_package.anywhere") == ({}, {}, {})
