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


def pytest_configure(config):
    """With ``-n`` and no ``--dist`` of one's own, xdist's work-stealing: a worker that runs out
    of tests takes some of the other's, instead of waiting while the last long ones run there.
    (Set here, not in addopts, so that ``-p no:xdist`` still works.)"""
    if getattr(config.option, "dist", None) == "load" and not any(
            arg.startswith("--dist") for arg in config.invocation_params.args):
        config.option.dist = "worksteal"


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config):
    """``-n auto``: two workers a core. About a third of the suite waits rather than computes
    (real servers on loopback, pilots waiting for a frame, subprocesses starting), so a second
    worker per core fills those waits: on two cores the whole run takes 3 min 11 s with four
    workers, 4 min 52 s with two. ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still overrides it."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    return 2 * (os.cpu_count() or 1)


def pytest_collection_modifyitems(config, items):
    """Markers by what a test needs, so a run can leave out what it cannot afford:
    ``net`` for everything in tests/net (real servers and clients on loopback), ``pg`` for
    the tests there that use the PostgreSQL the suite starts, ``ui`` for a test that boots
    the app (a pilot test is a coroutine, a snapshot test asks for ``snap_compare``).
    ``slow`` and ``perf`` are set on the tests themselves."""
    import inspect

    root = config.rootpath / "tests"
    for item in items:
        try:
            folder = item.path.relative_to(root).parts[0]
        except ValueError:
            continue
        if folder == "net":
            item.add_marker(pytest.mark.net)
            params = getattr(getattr(item, "callspec", None), "params", {})
            if "postgres_server" in item.fixturenames or params.get("db_url") == "postgresql":
                item.add_marker(pytest.mark.pg)
        elif folder == "ui":
            function = getattr(item, "function", None)
            if "snap_compare" in item.fixturenames or inspect.iscoroutinefunction(function):
                item.add_marker(pytest.mark.ui)
