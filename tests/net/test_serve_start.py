"""``dragon-tui serve``'s first lines are its own: the SSH library's import-time warning about
DSA keys (from the cryptography library) is dropped, narrowly; other warnings still show."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import warnings

import pytest

from dragon_tui.net.cli import quiet_ssh_library

pytestmark = pytest.mark.net


def test_serve_starts_with_its_own_lines(tmp_path):
    env = dict(os.environ, DRAGON_TUI_HOME=str(tmp_path), PYTHONWARNINGS="")
    server = subprocess.Popen([sys.executable, "-m", "dragon_tui.net", "--ssh", "127.0.0.1:0", "--no-warm"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    lines = []
    try:
        end = time.monotonic() + 20
        while time.monotonic() < end:
            line = server.stdout.readline()
            if not line:
                break
            lines.append(line)
            if line.startswith("SSH:"):
                break
    finally:
        server.send_signal(signal.SIGINT)
        try:
            rest, _ = server.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            rest, _ = server.communicate()
    text = "".join(lines) + rest
    assert any(line.startswith("SSH:") for line in lines), text
    assert lines[0].startswith("Database:"), text
    assert "Warning" not in text and "DSA" not in text, text


def test_only_the_dsa_warning_is_dropped():
    from cryptography.utils import CryptographyDeprecationWarning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        quiet_ssh_library()
        warnings.warn("DSA is deprecated and support will be removed", CryptographyDeprecationWarning)
        warnings.warn("Something else is deprecated", CryptographyDeprecationWarning)
        warnings.warn("DSA is deprecated", UserWarning)
    assert [str(w.message) for w in caught] == ["Something else is deprecated", "DSA is deprecated"]
