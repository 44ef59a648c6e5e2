"""One board widget per game: ``dragon_tui.ui.boards.<game id>`` exports ``Board``.

The contract, so the shared game screen can host any game:

* ``Board(table, id=...)`` — the table gives seat names and the game; the board must not
  change it.
* reactives ``view`` (the ``State`` as the viewing seat may see it, or None) and
  ``offered`` (the actions on offer to the person at the keyboard), bound by the screen
  with ``data_bind``; the board repaints from them in ``watch_`` methods and never computes
  rules beyond reading the state.
* A board that lets the player pick by pointing (a cursor on a grid) posts
  ``ActionList.Chosen(action)`` with one of ``offered``.
* Styles live in ``styles/<game id>.tcss``.
"""
