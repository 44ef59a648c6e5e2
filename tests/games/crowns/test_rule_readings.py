"""The readings of the German sheet an audit questioned, each from the sheet's words.

Quotes are from ``shared/seeds/batalla_de_coronas.de.txt``; the digital edition is the Board
Game Arena implementation (Fearinn/batalladecoronas).
"""

import pytest

from dragon_tui.engine import Action, IllegalAction
from dragon_tui.games.crowns import GAME, data

from .helpers import act, duel, kinds


# ------------------------------------------------------------------ activations are optional
@pytest.mark.parametrize(
    ("advisor", "chair", "phase", "quote"),
    [
        ("commander", 1, "commander", "Die Kommandantin kann entweder"),
        ("priestess", 2, "priestess", "Er kann dem Gegner eine der drei Schäden in der Kirche zufügen"),
        ("smith", 3, "activation", "Der Schmied kann nachher in der Kaufphase einmal ... verdoppeln"),
        ("summoner", 5, "activation", "Der Beschwörer kann den Drachenstein auf das nächste Banner ziehen"),
        ("head", 6, "head", "Das Oberhaupt kann einen anderen Berater auf einem Stuhl aktivieren"),
    ],
)
def test_every_activation_that_says_kann_may_be_declined(advisor, chair, phase, quote):
    # "kann": the advisor may act; the player may also let it rest.
    s = duel(rolls=[chair, 1 if chair != 1 else 2])
    if advisor == "head":
        s.chairs[0][3] = "treasurer"  # somebody for the Head to call
    s.chairs[0][chair - 1] = advisor
    act(s, "roll")
    act(s, "die", 0)
    assert s.phase == phase
    skip = [a for a in s.legal_actions() if a.kind == "skip"]
    assert len(skip) == 1 and data.ADVISOR_BY_ID[advisor].name in skip[0].describe()
    assert s.action_key(skip[0]) == "n"
    before = {k: v for k, v in s.to_json()["data"].items() if k not in ("phase", "pending", "activating")}
    s.apply(skip[0])
    after = {k: v for k, v in s.to_json()["data"].items() if k not in ("phase", "pending", "activating")}
    assert after == before and s.phase == "arm"
    assert s.log[-1] == f"{{p0}} lets the {data.ADVISOR_BY_ID[advisor].name} rest."


def test_using_an_advisor_is_the_other_choice():
    s = duel(rolls=[5, 2])
    s.chairs[0][4] = "summoner"
    act(s, "roll")
    act(s, "die", 0)
    assert [a.kind for a in s.legal_actions()] == ["use", "skip"]
    act(s, "use", "summoner")
    assert s.dragon[0] == 1 and s.phase == "arm"


def test_a_newly_seated_advisor_and_the_heads_pick_may_be_declined_too():
    s = duel(rolls=[4, 4])
    act(s, "roll")
    act(s, "seat", "summoner")
    assert s.phase == "activation" and "skip" in kinds(s)
    act(s, "skip")
    assert s.dragon[0] == 0 and s.phase == "arm"
    h = duel(rolls=[2, 1])
    h.chairs[0][1], h.chairs[0][3] = "head", "summoner"
    act(h, "roll")
    act(h, "die", 0)
    act(h, "activate", "summoner")  # the Head calls the Summoner ...
    act(h, "skip")  # ... who may still rest
    assert h.dragon[0] == 0 and h.phase == "arm"


def test_an_advisor_with_nothing_to_do_asks_nothing():
    s = duel(rolls=[3, 1])
    s.chairs[0][2] = "smith"
    s.smith_token[0] = True  # the digital edition: "cannot if you already hold it"
    act(s, "roll")
    act(s, "die", 0)
    assert s.phase == "arm" and "skip" not in kinds(s)


# --------------------------------------------------------------------------- the dragon
def test_the_dragon_burns_up_to_four_shields_as_its_player_chooses():
    # "Erreicht der Drachenstein schließlich das Drachenfeld, kann dein Drache angreifen und bis
    # zu vier gegnerische Schilde zerstören."
    s = duel()
    s.phase, s.gold[0], s.dragon[0], s.shields[1] = "arm", 6, 4, 5
    act(s, "buy_dragon")
    assert s.phase == "dragon" and s.current_player == 0
    assert [a.args[0] for a in s.legal_actions() if a.kind == "burn"] == [4, 3, 2, 1, 0]
    act(s, "burn", 2)
    assert s.shields[1] == 3 and s.dragon[0] == 0 and s.gems_won[0] == 0 and s.phase == "arm"


def test_the_dragon_never_offers_more_than_the_rival_has_and_may_spare_them():
    s = duel()
    s.phase, s.gold[0], s.dragon[0], s.shields[1] = "arm", 6, 4, 2
    act(s, "buy_dragon")
    burns = [a for a in s.legal_actions() if a.kind == "burn"]
    assert [a.args[0] for a in burns] == [2, 1, 0]
    assert "takes a gem" in burns[0].describe()
    act(s, "burn", 0)
    assert s.shields[1] == 2 and s.gems_won[0] == 0 and s.dragon[0] == 0
    with pytest.raises(IllegalAction):
        s.apply(Action("burn", (1,)))  # the choice is over


def test_the_dragon_takes_a_gem_from_a_castle_without_shields_at_once():
    s = duel()
    s.phase, s.gold[0], s.dragon[0], s.shields[1] = "arm", 6, 4, 0
    act(s, "buy_dragon")
    assert s.gems_won[0] == 1 and s.phase == "arm" and s.dragon[0] == 0


def test_the_last_dragon_step_costs_six_gold():
    # "Den Drachenstein auf das nächste Banner/Drachenfeld ziehen für den dort angegebenen
    # Goldpreis": the printed prices are 2, 3, 4, 5 and, for the dragon field, 6.
    assert data.DRAGON_PRICES[-1] == 6 and len(data.DRAGON_PRICES) == data.DRAGON_FIELD
    s = duel()
    s.phase, s.gold[0], s.dragon[0] = "arm", 5, 4
    assert "buy_dragon" not in kinds(s)
    with pytest.raises(IllegalAction, match="costs 6 gold and you have 5"):
        s.apply(Action("buy_dragon"))
    s.gold[0] = 6
    offered = next(a for a in s.legal_actions() if a.kind == "buy_dragon")
    assert "dragon field for 6 gold" in offered.describe()
    s.apply(offered)
    assert s.gold[0] == 0


def test_a_gem_burnt_by_the_dragon_moves_the_crown_and_cross_by_default():
    # The sheet: when a castle's defence "auf null Schilde" sinks, the loser gives up a gem,
    # "Er erhält das Kreuz. Der Angreifer erhält die Kronenmünze" — all three together; the
    # digital edition's dragonRage takes its gem through the same claimGem (crown and cross).
    s = duel()
    s.phase, s.gold[0], s.dragon[0], s.shields[1] = "arm", 6, 4, 3
    s.crown_holder, s.cross_holder = 1, 0
    act(s, "buy_dragon")
    act(s, "burn", 3)
    assert s.gems_won[0] == 1 and s.crown_holder == 0 and s.cross_holder == 1


def test_option_keeps_the_tokens_to_battles():
    s = duel(dragon_tokens=False)
    s.phase, s.gold[0], s.dragon[0], s.shields[1] = "arm", 6, 4, 3
    act(s, "buy_dragon")
    act(s, "burn", 3)
    assert s.gems_won[0] == 1 and s.crown_holder is None and s.cross_holder is None


# ---------------------------------------------------------------------------- the council
def test_five_councillors_and_the_head_fill_six_chairs():
    # "Mit 5 Ratsherren ..." and the note: "Der Rat wird paritätisch besetzt. 2 Herren/3 Damen
    # oder 3 Herren/2 Damen. Das Oberhaupt ist divers und gleicht das Verhältnis aus." — five
    # councillors plus the Head: six advisors, six chairs. No five-chair variant.
    assert "council_seats" not in {o.key for o in GAME.options}
    with pytest.raises(ValueError):
        GAME.resolve_options({"council_seats": 5})
    assert len(data.ADVISORS) == data.CHAIRS == 6
    s = duel(rolls=[6, 3])
    s.chairs[0][:5] = ["commander", "priestess", "smith", "treasurer", "summoner"]
    act(s, "roll")
    act(s, "die", 0)
    assert s.phase == "seat" and [a.args for a in s.legal_actions() if a.kind == "seat"] == [("head",)]
    act(s, "seat", "head")
    assert None not in s.chairs[0]


def test_help_states_each_decision():
    text = GAME.help_markdown()
    for words in ("bis zu vier", "decline", "2 Herren/3 Damen", "A gem taken by the dragon", "| n |"):
        assert words in text
