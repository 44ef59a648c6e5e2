"""Packages the top-level ``styles/`` folder as ``dragon_tui/styles`` in wheels.

DESIGN.md keeps the .tcss files at the top of the repository; this hook copies them into
the built package so that ``pip install .`` (not only ``pip install -e .``) finds them.
"""

from pathlib import Path
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithStyles(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "dragon_tui" / "styles"
        target.mkdir(parents=True, exist_ok=True)
        for sheet in Path(__file__).parent.joinpath("styles").glob("*.tcss"):
            shutil.copy2(sheet, target / sheet.name)


setup(cmdclass={"build_py": BuildWithStyles})
