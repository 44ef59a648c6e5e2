"""How each game looks, one folder a game: ``ui/games/<game id>/`` holds its board
(``board.py``, which exports ``Board``; the registry's ``board_module``), the widgets only that
board uses, its stylesheet (``board.tcss``, beside the board module) and its theme colours
(``colours.py``, which ``ui/themes.py`` reads). Nothing outside a game's folder names the
game: what every board shares is in ``ui/board_base.py`` and ``ui/widgets/``.

The contract, so the shared game screen can host any game:

* ``Board(table, id=...)`` — the table gives seat names and the game; the board must not
  change it.
* reactives ``view`` (the ``State`` as the viewing seat may see it, or None) and
  ``offered`` (the actions on offer to the person at the keyboard), bound by the screen
  with ``data_bind``; the board repaints from them in ``watch_`` methods and never computes
  rules beyond reading the state.
* A board that lets the player pick by pointing (a cursor on a grid) posts
  ``ActionList.Chosen(action)`` with one of ``offered``.
* Its own rules, if any, live in a stylesheet beside the board module: its name with
  ``.tcss`` (``ui/styles.py`` finds it; shared rules are in ``ui/stylesheets/``).
"""
