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
