"""The throwaway PostgreSQL of the tests lives in the package (the cluster bench uses it too)."""

from dragon_tui.net.store.pgtemp import SKIP_REASON, PostgresServer, find_bindir  # noqa: F401
