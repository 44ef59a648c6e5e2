"""A game is one plugin: everything about one game lives in its two folders,
``dragon_tui/games/<id>/`` (its rules, data, bots' tuning, chart measures, help) and
``dragon_tui/ui/games/<id>/`` (its board, widgets, stylesheet, colours). No other module of the
package names a game: the registry finds the games, and everything else asks it."""

import ast
from pathlib import Path

import dragon_tui
from dragon_tui.games import GAMES

PACKAGE = Path(dragon_tui.__file__).parent


def _own_folder(path: Path, game_id: str) -> bool:
    parts = path.relative_to(PACKAGE).parts
    return parts[:2] == ("games", game_id) or parts[:3] == ("ui", "games", game_id)


def game_ids_named() -> list[str]:
    """Every string in the package's code (not its docstrings' prose) that is a game's id,
    outside that game's folders."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value.removeprefix("game:")
                if text in GAMES and not _own_folder(path, text):
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} names {text!r}")
    return found


def test_no_module_outside_a_games_folders_names_it():
    found = game_ids_named()
    assert not found, "game ids named outside their game's folders:\n" + "\n".join(found)


def _game_folders() -> list[Path]:
    return sorted(p.parent for p in (PACKAGE / "games").glob("*/descriptor.py"))


def test_every_game_has_the_same_pieces_under_the_same_names():
    """The naming table (docs/ARCHITECTURE.md): the descriptor, the GAME with its OPTIONS, the
    rules' state, the bots' tuning, the help, and each game's look beside them."""
    folders = _game_folders()
    assert {f.name for f in folders} == set(GAMES)
    for folder in folders:
        for piece in ("descriptor.py", "game.py", "rules.py", "bots.py", "heuristics.py", "data.py", "help.md"):
            assert (folder / piece).exists(), f"{folder.name} has no {piece}"
        assert (PACKAGE / "ui" / "games" / folder.name / "board.py").exists()


def test_every_game_declares_its_rule_options_in_one_way_and_imports_relatively():
    for folder in _game_folders():
        tree = ast.parse((folder / "game.py").read_text())
        declared = {t.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                    for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
                    if isinstance(t, ast.Name)}
        assert "OPTIONS" in declared, f"{folder.name}/game.py does not declare OPTIONS"
        for path in folder.glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("dragon_tui"):
                    raise AssertionError(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} imports absolutely")
