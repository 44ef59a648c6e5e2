import importlib.util

# asyncssh and textual-serve are project dependencies; without them these tests cannot run.
_missing = [m for m in ("asyncssh", "textual_serve") if importlib.util.find_spec(m) is None]
if _missing:
    print(f"tests/net skipped: {', '.join(_missing)} not installed (pip install -e .)")
    collect_ignore_glob = ["test_*.py"]


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def postgres_server():
    """One PostgreSQL per test worker, started on first use and stopped at the end."""
    from .postgres import SKIP_REASON, PostgresServer, find_bindir

    bindir = find_bindir()
    if bindir is None:
        pytest.skip(SKIP_REASON)
    if importlib.util.find_spec("psycopg") is None:
        pytest.skip("psycopg is not installed (pip install -e '.[test]'): PostgreSQL tests skipped")
    server = PostgresServer(bindir)
    try:
        server.start()
        yield server
    finally:
        server.cleanup()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A fresh, empty database of each kind the server supports."""
    if request.param == "sqlite":
        return str(tmp_path / "club.sqlite3")
    return request.getfixturevalue("postgres_server").new_database()


@pytest.fixture(autouse=True)
def _tests_act_as_the_serve_process(monkeypatch):
    """Tests talk to table servers directly, as many players from one process: where the serve
    process would put a session ticket in an app's environment, the client here gets one minted
    with the server's key (beside its socket) for the name the test gives, the key of
    DRAGON_TUI_KEY and a loopback address of that name's own (as if each player came from their
    own machine). A ticket in DRAGON_TUI_TICKET is used as it is."""
    import hashlib
    import os

    from dragon_tui.net import client
    from dragon_tui.net.identity import TICKET_ENV, Tickets

    def ticket_for(path, player):
        if os.environ.get(TICKET_ENV):
            return os.environ[TICKET_ENV]
        try:
            tickets = Tickets.load(path)
        except (OSError, ValueError):
            return None
        a, b, c = hashlib.sha256(player.encode()).digest()[:3]
        return tickets.issue(player, os.environ.get("DRAGON_TUI_KEY") or None, f"127.{a}.{b}.{c}")

    monkeypatch.setattr(client, "ticket_for", ticket_for)
