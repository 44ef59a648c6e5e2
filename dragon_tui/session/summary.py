""""Since your last turn": what the other seats did while a person waited, in a few lines.

Built only from what that person may read: each move through ``Table.visible_move`` (another
seat's secret choice reads as what everybody saw happen), the public log lines of moves that
revealed something (a roll, a card turned up), and the scores as the person's own view shows
them. So nothing here is hidden from the person it is written for. No Textual here.
"""

from __future__ import annotations

from .table import HIDDEN_MOVE

#: At most this many moves are listed (the newest; the older ones are counted).
MAX_MOVES = 6
#: A move's label or log line is cut to this many characters.
MAX_TEXT = 90


def _cut(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def since_last_turn(table, seat: int) -> tuple[str, ...]:
    """Lines telling ``seat`` what happened since its last decision (empty when nobody else
    has played since then). The moves since the start count when it has not decided yet."""
    moves = table.moves
    last = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].seat == seat), -1)
    since = range(last + 1, len(moves))
    if not any(moves[i].seat != seat for i in since):
        return ()
    # A shared table's past positions are fetched from its server one by one: there the
    # summary lists the moves only (no network round trip while the screen is drawn).
    local = not getattr(table, "is_remote", False)
    lines: list[str] = []
    # Too many moves: keep those that revealed something (a roll, a card), then the newest.
    revealed = [i for i in since if moves[i].revealed][-MAX_MOVES:]
    rest = [i for i in since if i not in revealed][::-1][: MAX_MOVES - len(revealed)]
    shown = sorted(revealed + rest)
    for i in shown:
        move = table.visible_move(i, seat)
        if move.action.kind == HIDDEN_MOVE:  # a secret choice: what everybody saw, names included
            lines.append(_cut(table.text(move.action.describe())))
            continue
        text = f"{table.names[move.seat]}: {table.text(move.action.describe())}"
        if local and move.revealed:  # what came to light, from the move's public log lines
            before, after = table.states[i].log, table.states[i + 1].log
            new = after[len(before):]
            if new:
                text += " → " + table.text(new[0])
        lines.append(_cut(text))
    if len(since) > len(shown):
        left = len(since) - len(shown)
        lines.append(f"… and {left} more move{'' if left == 1 else 's'} (see the log)")
    if not local:
        return tuple(lines)
    before = table.states[last + 1].view(seat).scores()
    now = table.state.view(seat).scores()
    changed = [f"{table.names[s]} {_number(before[s])}→{_number(now[s])}"
               for s in range(len(now)) if now[s] != before[s]]
    if changed:  # first: the lines may be cut at the bottom on a small terminal
        lines.insert(0, "Scored: " + ", ".join(changed))
    return tuple(lines)
