"""The ``dragon-tui`` command: start the app, go straight into a game, load a file, bench."""

from __future__ import annotations

import argparse
import os
import sys

from . import __version__
from .ai.levels import LEVELS
from .games import CATALOG


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dragon-tui",
        description="Five dragon-themed tabletop games for the terminal.",
        epilog=f"Games: {', '.join(entry.id for entry in CATALOG)}. "
        "'dragon-tui bench' prints speed figures; 'dragon-tui screenshots [DIR]' draws every screen as SVG; "
        "'dragon-tui serve --ssh PORT | --web PORT' serves the app (see 'dragon-tui serve --help'); "
        "'dragon-tui arena GAME --seats hard,greedy' plays bots against each other; "
        "'dragon-tui review FILE' shows the hard bot's review of a saved game.",
    )
    parser.add_argument("game", nargs="?", help="start this game at once (one of the games listed below), or 'bench'")
    parser.add_argument("--version", action="version", version=f"dragon-tui {__version__}")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for dice and shuffles: any whole number from -2**63 to below 2**512, each one "
                        "its own deal, shown when the game ends (default: random)")
    parser.add_argument("--daily", action="store_true", help="use today's shared seed (the same for everybody)")
    parser.add_argument("--players", type=int, default=None, help="number of seats (default: the fewest)")
    parser.add_argument("--bots", default="greedy", type=str.lower,
                        help=f"level of the bot seats: {', '.join(LEVELS)} (default: greedy)")
    parser.add_argument("--hotseat", action="store_true", help="every seat a person (pass the keyboard)")
    parser.add_argument("--load", metavar="FILE", help="open a saved game file")
    parser.add_argument("--theme", default=None, choices=["dragon-dark", "dragon-light", "dragon-mono"],
                        help="colour theme for this run (default: the one chosen last time, else dragon-dark)")
    parser.add_argument("--games", default=None, help="bench: comma-separated game ids")
    parser.add_argument("--quick", action="store_true", help="bench: fewer games, for a fast look")
    parser.add_argument("--cluster", action="store_true",
                        help="bench: only the shared-table round trip, one node against two nodes on PostgreSQL")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["screenshots"]:
        from .devtools.screenshots import main as screenshots

        return screenshots(argv[1:])
    if argv[:1] == ["serve"]:
        from .net.cli import main as serve

        return serve(argv[1:])
    if argv[:1] == ["arena"]:
        from .devtools.arena import main as arena

        return arena(argv[1:])
    if argv[:1] == ["review"]:
        return review_main(argv[1:])
    args = build_parser().parse_args(argv)
    if args.game == "bench" and args.cluster:
        from .devtools.net_bench import cluster_figures

        print("shared-table action round trip (loopback; a throwaway PostgreSQL with fsync on):")
        for name, value in cluster_figures().items():
            print(f"  {name}: {value}")
        return 0
    if args.game == "bench":
        from .devtools.bench import run_bench

        return run_bench(games=args.games.split(",") if args.games else None, quick=args.quick)
    problem = _check_args(args)
    if problem:
        print(f"dragon-tui: {problem}", file=sys.stderr)
        return 2
    under_web_driver = bool(os.environ.get("TEXTUAL_DRIVER"))
    if not under_web_driver and (not sys.stdin.isatty() or not sys.stdout.isatty()):
        print(
            "dragon-tui needs a terminal: run it in a terminal window "
            "(over SSH, connect with 'ssh -t').",
            file=sys.stderr,
        )
        return 2
    from .collector import pause_for_startup, resume_after_startup

    # Paused while the app is imported and its first screen built; the app resumes it once that
    # screen is drawn (DragonApp.on_mount), and at the latest it resumes here.
    pause_for_startup()
    try:
        return _play(args)
    finally:
        resume_after_startup()


def _play(args) -> int:
    """Open the app on the table the arguments ask for (none: the menu)."""
    table = None
    try:
        table = _table_from_args(args)
    except (KeyError, ValueError) as exc:
        print(f"dragon-tui: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # SaveFileError: a message, never a traceback
        from .engine import SaveFileError

        if isinstance(exc, SaveFileError):
            print(f"dragon-tui: cannot load {args.load}: {exc}", file=sys.stderr)
            return 2
        raise
    from .app import DragonApp

    app = DragonApp(table=table, theme=args.theme)
    app.run()
    return app.return_code or 0  # a crash exits non-zero (Textual sets 1), never 0


def review_main(argv: list[str]) -> int:
    """``dragon-tui review FILE [--seat N]``: the bot's review of a saved game, with its charts."""
    parser = argparse.ArgumentParser(
        prog="dragon-tui review",
        description="The hard bot's review of a saved game from one seat's point of view: the decisions "
        "where it would have chosen otherwise, with its estimate of both (win chance, or expected points "
        "in the solitaire), and charts of the scores and win chances over the game.")
    parser.add_argument("file", help="a saved game (a named save or the autosave)")
    parser.add_argument("--seat", type=int, default=None,
                        help="the seat to review, 1 for the first (default: the first person's seat)")
    parser.add_argument("--theme", default=None, choices=["dragon-dark", "dragon-light", "dragon-mono"],
                        help="this run only (default: the theme chosen last time)")
    args = parser.parse_args(argv)
    from pathlib import Path

    from .engine import SaveFileError
    from .session import Table

    try:
        table = Table.load(Path(args.file).expanduser())
    except SaveFileError as exc:
        print(f"dragon-tui: cannot review {args.file}: {exc}", file=sys.stderr)
        return 2
    if args.seat is not None and not 1 <= args.seat <= len(table.seats):
        print(f"dragon-tui: --seat is a seat number from 1 to {len(table.seats)}.", file=sys.stderr)
        return 2
    from .ai.review import reviewable_seats

    allowed = reviewable_seats(table)
    if not allowed or (args.seat is not None and args.seat - 1 not in allowed):
        print("dragon-tui: before the game is over only a person's own decisions can be reviewed "
              "(its hidden cards are still secret).", file=sys.stderr)
        return 2
    if not table.moves:
        print(f"dragon-tui: {args.file} has no moves to review yet.", file=sys.stderr)
        return 2
    if not os.environ.get("TEXTUAL_DRIVER") and (not sys.stdin.isatty() or not sys.stdout.isatty()):
        print("dragon-tui needs a terminal: run it in a terminal window.", file=sys.stderr)
        return 2
    from .app import DragonApp

    app = DragonApp(theme=args.theme, autosave=False, review=table,
                    review_seat=None if args.seat is None else args.seat - 1)
    app.run()
    return app.return_code or 0


def _check_args(args) -> str | None:
    """One line saying what is wrong with the command line, before any game starts (a bad
    bot level used to start the game, autosave it, then crash on the bot's first turn)."""
    if args.bots not in LEVELS:
        return f"unknown bot level '{args.bots}' (levels: {', '.join(LEVELS)})."
    if args.players is not None and args.game and not args.load:
        from .games import GAMES

        game = GAMES.get(args.game)
        if game is not None and not game.min_players <= args.players <= game.max_players:
            if game.max_players == 1:
                return f"{game.title} is played alone (one player), not by {args.players}."
            span = (f"{game.min_players}" if game.min_players == game.max_players
                    else f"{game.min_players} to {game.max_players}")
            return f"{game.title} takes {span} players, not {args.players}."
    if args.seed is not None:
        from .engine.rng import MAX_SEED

        if not -(1 << 63) <= args.seed <= MAX_SEED:
            return SEED_RULE
    return None


#: What a seed may be (the range a save file holds); any such number deals a game of its own.
SEED_RULE = ("--seed is a whole number of at least -2**63 and below 2**512 (any such number, negative "
             "or long, deals a game of its own; the game-over screen and the save show it).")


def _table_from_args(args):
    from .games import get_game, is_playable
    from .session import Seat, Table, fresh_seed

    if args.load:
        from pathlib import Path

        return Table.load(Path(args.load).expanduser())
    if not args.game:
        return None
    game = get_game(args.game)
    if not is_playable(game.id):
        raise ValueError(f"{game.title} is not playable yet.")
    players = game.min_players if args.players is None else args.players
    from .session.seating import default_name

    seats = [Seat(default_name(0))]
    for i in range(1, players):
        seats.append(Seat(default_name(i)) if args.hotseat else Seat(default_name(i, "bot"), "bot", args.bots))
    if args.daily:
        from .session import highscores  # (and datetime): only the daily deal needs them

        seed = highscores.daily_seed()
    else:
        seed = args.seed if args.seed is not None else fresh_seed(game.id)
    return Table(game.id, seats, seed)


if __name__ == "__main__":
    sys.exit(main())
