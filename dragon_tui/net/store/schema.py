"""The server's schema as numbered migrations, one list for SQLite and PostgreSQL alike.

Every statement here is written in the SQL both databases accept (TEXT, BIGINT, INTEGER,
DOUBLE PRECISION, composite primary keys, ``ON DELETE CASCADE``), so there is one schema and
one history of it. Keys are texts or composite keys, never auto-increment columns, because
those are spelt differently in the two. A migration is applied once, inside one transaction,
and recorded in ``schema_version``; a database newer than this code is refused.

Append a migration to change the schema; never edit one that has shipped.
"""

from __future__ import annotations

#: (version, statements). Version numbers start at 1 and have no gaps.
MIGRATIONS: list[tuple[int, list[str]]] = [
    (1, [
        # Who plays here. ``name`` is the name the player connects with (the SSH user name).
        """CREATE TABLE players (
            name TEXT PRIMARY KEY,
            created DOUBLE PRECISION NOT NULL,
            last_seen DOUBLE PRECISION NOT NULL
        )""",
        # The public keys a player has entered with (sha256 fingerprints, never the keys).
        """CREATE TABLE identities (
            fingerprint TEXT PRIMARY KEY,
            player TEXT NOT NULL REFERENCES players(name) ON DELETE CASCADE,
            added DOUBLE PRECISION NOT NULL
        )""",
        # One row per shared table. ``moves`` is the number of the last move written: a move
        # is written only by the statement that moves it from n-1 to n (see Store.append_move).
        """CREATE TABLE game_tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed BIGINT NOT NULL,
            host TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            moves INTEGER NOT NULL DEFAULT 0,
            turn_since DOUBLE PRECISION NOT NULL,
            move_limit DOUBLE PRECISION,
            limit_level TEXT,
            daily TEXT,
            is_over INTEGER NOT NULL DEFAULT 0,
            finished DOUBLE PRECISION,
            rated INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX game_tables_open ON game_tables (is_over, created)",
        """CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            level TEXT NOT NULL,
            player TEXT,
            token_hash TEXT,
            PRIMARY KEY (table_id, seat)
        )""",
        "CREATE INDEX seats_player ON seats (player)",
        # Every move with its number (1, 2, ...). ``timeout_level`` is set when the seat's time
        # ran out and a bot of that level played the move for it.
        """CREATE TABLE moves (
            table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            timeout_level TEXT,
            played DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (table_id, number)
        )""",
        # OpenSkill (Plackett-Luce) rating per player per game.
        """CREATE TABLE ratings (
            player TEXT NOT NULL,
            game TEXT NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            games INTEGER NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (player, game)
        )""",
        # Finished solitaire games, per seed (the seed fixes the deal).
        """CREATE TABLE high_scores (
            table_id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            seed BIGINT NOT NULL,
            player TEXT NOT NULL,
            score DOUBLE PRECISION NOT NULL,
            moves INTEGER NOT NULL,
            finished DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX high_scores_seed ON high_scores (game, seed, score)",
        # The daily deal's board: each player's first finished attempt at the day's deal.
        """CREATE TABLE daily_board (
            day TEXT NOT NULL,
            game TEXT NOT NULL,
            player TEXT NOT NULL,
            table_id TEXT NOT NULL,
            score DOUBLE PRECISION NOT NULL,
            moves INTEGER NOT NULL,
            finished DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (day, game, player)
        )""",
    ]),
    (2, [
        # Seeds of 128 bits (secret seeds of shared tables) do not fit a BIGINT: the seed is
        # kept as decimal text; ``seed`` keeps those that fit (older rows, chosen seeds).
        "ALTER TABLE game_tables ADD COLUMN seed_text TEXT",
        "UPDATE game_tables SET seed_text = CAST(seed AS TEXT)",
        "ALTER TABLE high_scores ADD COLUMN seed_text TEXT",
        "UPDATE high_scores SET seed_text = CAST(seed AS TEXT)",
        "CREATE INDEX high_scores_seed_text ON high_scores (game, seed_text, score)",
        # When something last happened at a table (a move, someone sitting down): abandoned
        # tables expire counting from it.
        "ALTER TABLE game_tables ADD COLUMN active DOUBLE PRECISION",
        "UPDATE game_tables SET active = turn_since",
        "CREATE INDEX game_tables_finished ON game_tables (is_over, finished)",
    ]),
    (3, [
        # The serve processes (nodes) sharing this database, with a heartbeat: a node not seen
        # for a while is dead, and its sessions no longer count.
        """CREATE TABLE nodes (
            id TEXT PRIMARY KEY,
            host TEXT NOT NULL,
            pid INTEGER NOT NULL,
            started DOUBLE PRECISION NOT NULL,
            seen DOUBLE PRECISION NOT NULL,
            draining INTEGER NOT NULL DEFAULT 0
        )""",
        # The app sessions running on every node, for the club-wide limit per player.
        """CREATE TABLE live_sessions (
            id TEXT PRIMARY KEY,
            node TEXT NOT NULL,
            player TEXT NOT NULL,
            started DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX live_sessions_player ON live_sessions (player)",
    ]),
    (4, [
        # Per seat: the moves made for it, and how many of those its stand-in bot made (the
        # seat's time ran out). Ratings count only games a person played (see ratings.py).
        "ALTER TABLE seats ADD COLUMN moves_made INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN stand_in_moves INTEGER NOT NULL DEFAULT 0",
        "UPDATE seats SET moves_made = (SELECT COUNT(*) FROM moves m WHERE m.table_id = seats.table_id"
        " AND m.seat = seats.seat)",
        "UPDATE seats SET stand_in_moves = (SELECT COUNT(*) FROM moves m WHERE m.table_id = seats.table_id"
        " AND m.seat = seats.seat AND m.timeout_level IS NOT NULL)",
    ]),
    (5, [
        # Finished games are kept (archived) with their moves. ``ending`` says how a game ended
        # other than by its rules (JSON: {"how": "forfeit", "seats": [...], "at": t}), or which
        # seats forfeited in a game that went on; ``result`` is the final rank per seat (JSON
        # list, 1 = best) once the game is over.
        "ALTER TABLE game_tables ADD COLUMN ending TEXT",
        "ALTER TABLE game_tables ADD COLUMN result TEXT",
    ]),
    (6, [
        # Every rating a player had in a game, after each rated table (``table_id``), so the
        # profile can draw its history; today's ratings start it.
        """CREATE TABLE rating_history (
            player TEXT NOT NULL,
            game TEXT NOT NULL,
            table_id TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (player, game, table_id)
        )""",
        "INSERT INTO rating_history (player, game, table_id, at, mu, sigma, games)"
        " SELECT player, game, '', updated, mu, sigma, games FROM ratings",
    ]),
    (7, [
        # A seat the host kept for a named player (an invitation): nobody else may sit there.
        "ALTER TABLE seats ADD COLUMN invited TEXT",
    ]),
    (8, [
        # A table opened by a seek ("any player, this game, this time"): the next matching seek
        # sits down at it instead of opening another.
        "ALTER TABLE game_tables ADD COLUMN seek INTEGER NOT NULL DEFAULT 0",
    ]),
    (9, [
        # Chat at a shared table, kept with the game (numbered 1, 2, ... per table; at most
        # chat.MAX_LINES). ``seat`` is the speaker's seat, NULL for a watcher.
        """CREATE TABLE chat_lines (
            table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            player TEXT NOT NULL,
            seat INTEGER,
            said DOUBLE PRECISION NOT NULL,
            text TEXT NOT NULL,
            PRIMARY KEY (table_id, number)
        )""",
        # Whom a player has muted for themselves (at most chat.MAX_MUTES names each).
        """CREATE TABLE chat_mutes (
            player TEXT NOT NULL,
            muted TEXT NOT NULL,
            added DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (player, muted)
        )""",
        # A rematch offered at a finished table: who offered, each person's answer (JSON
        # {player: true/false}), its state (open, agreed, declined) and the new table once made.
        """CREATE TABLE rematches (
            table_id TEXT PRIMARY KEY REFERENCES game_tables(id) ON DELETE CASCADE,
            by_player TEXT NOT NULL,
            answers TEXT NOT NULL,
            state TEXT NOT NULL,
            reason TEXT,
            new_table TEXT,
            at DOUBLE PRECISION NOT NULL
        )""",
    ]),
    (10, [
        # Time controls per turn with a bank (see table_rules.TimeControl): ``move_limit`` is now
        # the time per turn (a turn of several decisions by one seat is one turn), ``bank_limit``
        # the bank each seat starts with and the most it holds (NULL: none), and per seat the
        # time left in its bank (NULL: the full bank). ``turn_since`` is when the running turn
        # began. Tables of before keep their limit, per turn from now on, with no bank.
        "ALTER TABLE game_tables ADD COLUMN bank_limit DOUBLE PRECISION",
        "ALTER TABLE seats ADD COLUMN bank DOUBLE PRECISION",
        # Vacations: ``vacation_limit`` is each player's vacation a calendar year at the table
        # (seconds; NULL: none); per seat, since when its player is on vacation (NULL: not),
        # and how long they were in ``vacation_year``. ``turn_paused``: how long the running
        # turn's clock stood still for vacations that are over.
        "ALTER TABLE game_tables ADD COLUMN vacation_limit DOUBLE PRECISION",
        "ALTER TABLE game_tables ADD COLUMN turn_paused DOUBLE PRECISION NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN vacation_since DOUBLE PRECISION",
        "ALTER TABLE seats ADD COLUMN vacation_used DOUBLE PRECISION NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN vacation_year INTEGER NOT NULL DEFAULT 0",
    ]),
    (11, [
        # When the seat's latest vacation ended (NULL: none yet): the forfeit rule's week of
        # absence counts from a player's return, not from before a vacation they declared.
        "ALTER TABLE seats ADD COLUMN vacation_ended DOUBLE PRECISION",
    ]),
]

LATEST = MIGRATIONS[-1][0]
