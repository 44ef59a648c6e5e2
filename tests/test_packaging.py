"""An installed copy (``pip install .``, not only ``pip install -e .``) carries its stylesheets.

The .tcss files are package data: the shared ones in ``ui/stylesheets/``, each game's own
beside its board module. Setuptools' ``build_py`` (what a wheel is made of, less the metadata)
runs on a copy of the package, and the app then starts from that build alone, with no
checkout beside it: every stylesheet it names must be there.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The package as setuptools builds it for a wheel, from a copy of the sources."""
    tmp = tmp_path_factory.mktemp("packaging")
    src, lib = tmp / "src", tmp / "lib"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "dragon_tui", src / "dragon_tui", ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q", "build_py",
                    "--build-lib", str(lib)], cwd=src, check=True, capture_output=True)
    return lib


def test_every_stylesheet_is_package_data(built):
    in_tree = {p.relative_to(ROOT).as_posix() for p in (ROOT / "dragon_tui").rglob("*.tcss")}
    in_build = {p.relative_to(built).as_posix() for p in (built / "dragon_tui").rglob("*.tcss")}
    assert in_tree and in_build == in_tree


@pytest.mark.ui
def test_an_installed_copy_loads_every_stylesheet_it_names(built, tmp_path):
    code = (
        "import asyncio, dragon_tui\n"
        "from dragon_tui.app import DragonApp\n"
        "from dragon_tui.games import GAMES\n"
        "from dragon_tui.session import Seat, Table\n"
        "from dragon_tui.ui.styles import game_stylesheet\n"
        f"assert dragon_tui.__file__.startswith({str(built)!r}), dragon_tui.__file__\n"
        "async def main():\n"
        "    for game_id in GAMES:\n"
        "        seats = [Seat('Ana')] + [Seat(f'Bot {i}', 'bot', 'random') for i in range(1, GAMES[game_id].min_players)]\n"
        "        app = DragonApp(table=Table(game_id, seats, 3), bot_delay=5, autosave=False)\n"
        "        async with app.run_test(size=(100, 30)) as pilot:\n"
        "            await pilot.pause()\n"
        "            files = {path for path, variable in app.stylesheet.source if not variable}\n"
        "            assert str(game_stylesheet(game_id)) in files, game_id\n"
        "            assert len(files) == 3 and all(path.startswith(dragon_tui.__path__[0]) for path in files), files\n"
        "asyncio.run(main())\n"
    )
    env = os.environ | {"PYTHONPATH": str(built), "DRAGON_TUI_HOME": str(tmp_path)}
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
