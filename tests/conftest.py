import os

import pytest

# Snapshots are compared cell by cell: a colour-less environment would change every one.
os.environ.pop("NO_COLOR", None)
os.environ.pop("TEXTUAL_THEME", None)

@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Every test gets its own save folder, so no test sees another's autosave."""
    home = tmp_path / "dragon-home"
    monkeypatch.setenv("DRAGON_TUI_HOME", str(home))
    return home
