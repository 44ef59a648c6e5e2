"""Pebbles: the example game that docs/adding-a-game.md walks through, and that the
conformance kit (tests/conformance/) plays next to the five real games.

A pile of pebbles lies between two or three players. On your turn you take one, two or
three of them. Each player was dealt a secret lucky number (1-3) at the start: taking exactly
your lucky number scores a star and shows the number to everyone. Whoever takes the last
pebble scores three. Most points wins; ties share the win.

The lucky numbers are the hidden element: ``view`` blanks the ones a seat may not see, and
``determinize`` deals them again for a bot that must guess.
"""

from __future__ import annotations

from dragon_tui.engine import Action, Game, Rng, RuleOption, State

LAST_PEBBLE = 3


class PebblesState(State):
    game_id = "pebbles"

    def setup(self) -> None:
        self.pile = int(self.options["pile"])
        self.lucky: list[int | None] = [self.rng.randint(1, 3) for _ in range(self.num_players)]
        self.shown = [False] * self.num_players
        #: The amounts each seat has taken (public): one taken without a star is not its number.
        self.taken: list[list[int]] = [[] for _ in range(self.num_players)]
        self.stars = [0] * self.num_players
        self.took_last: int | None = None
        self.active = 0
        self.turn = 1
        self.log.append(f"{self.pile} pebbles on the table.")

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.active

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    def _legal_actions(self) -> list[Action]:
        return [Action("take", (n,), f"Take {n}") for n in (1, 2, 3) if n <= self.pile]

    def _apply(self, action: Action) -> None:
        seat, (n,) = self.active, action.args
        self.pile -= n
        if n not in self.taken[seat]:
            self.taken[seat].append(n)
        line = f"{{p{seat}}} takes {n}"
        if n == self.lucky[seat]:
            self.stars[seat] += 1
            line += " — their lucky number: a star"
            if not self.shown[seat]:
                self.shown[seat] = True
                self.reveal()  # a secret came into play: undo stops here
        self.log.append(line + ".")
        if self.pile == 0:
            self.took_last = seat
            self.log.append(f"{{p{seat}}} takes the last pebble.")
        else:
            self.active = (seat + 1) % self.num_players
            self.turn += 1

    def scores(self) -> list[float]:
        return [self.stars[s] + (LAST_PEBBLE if self.took_last == s else 0) for s in range(self.num_players)]

    def score_breakdown(self) -> list[dict[str, float]]:
        return [{"Stars": self.stars[s], "Last pebble": LAST_PEBBLE if self.took_last == s else 0,
                 "Score": score} for s, score in enumerate(self.scores())]

    def phase_label(self) -> str:
        return "Game over" if self.is_over else f"{{p{self.active}}}: take 1-{min(3, self.pile)} pebbles"

    def action_key(self, action: Action) -> str | None:
        return str(action.args[0])

    def view(self, seat: int | None) -> State:
        state = super().view(seat)  # a copy with the dice's future blanked
        state.lucky = [n if s == seat or self.shown[s] else None for s, n in enumerate(self.lucky)]
        return state

    def determinize(self, seat: int, rng: Rng) -> State:
        """Deal the unknown lucky numbers again, each from those its seat's history allows: a
        seat that took an amount without scoring a star does not hold that number."""
        state = super().determinize(seat, rng)  # a copy with fresh dice
        state.lucky = [
            n if s == seat or self.shown[s] else rng.choice([k for k in (1, 2, 3) if k not in self.taken[s]])
            for s, n in enumerate(self.lucky)
        ]
        return state


def heuristic(state: State, seat: int) -> float:
    """The greedy bot's measure: my score against the best rival's."""
    scores = state.scores()
    return scores[seat] - max(score for s, score in enumerate(scores) if s != seat)


GAME = Game(
    id="pebbles",
    title="Pebbles",
    min_players=2,
    max_players=3,
    state_class=PebblesState,
    options=(RuleOption("pile", "Pebbles", 15, ((15, "15"), (21, "21")), "How many pebbles start on the table."),),
    hidden_information=True,
    heuristic=heuristic,
    help_package="tests.example_game",
)
