import importlib.util

# asyncssh and textual-serve are project dependencies; without them these tests cannot run.
_missing = [m for m in ("asyncssh", "textual_serve") if importlib.util.find_spec(m) is None]
if _missing:
    print(f"tests/net skipped: {', '.join(_missing)} not installed (pip install -e .)")
    collect_ignore_glob = ["test_*.py"]
