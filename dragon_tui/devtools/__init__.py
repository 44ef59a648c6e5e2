"""The workshop: tools for the people who build Dragon TUI, not for players.

Everything here is reached through ``dragon-tui bench|arena|screenshots`` or run as
``python -m dragon_tui.devtools.<tool>``; nothing in the game, the app or the server imports it.

- ``bench``, ``bench_ui``, ``net_bench``: the figures ``dragon-tui bench`` prints (engines, the app's
  key-to-paint and start-up, SSH and the shared tables);
- ``arena``: bots against bots, seats rotated, with Wilson intervals;
- ``screenshots``: the README's pictures, and the settling helpers the UI tests share;
- ``compare_trees``, ``same_behaviour``: two checkouts side by side (speed; observable behaviour);
- ``decision_times``: seconds per bot decision; ``rate_levels``: the bot levels on the club's rating scale.

(The saves the replay tests load are written by ``tests/engine/make_replay_saves.py``, beside them.)

See docs/performance.md for how they are used.
"""
