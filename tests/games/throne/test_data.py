"""The designed card list and board agree with every number the rulebook states."""

from dragon_tui.games.throne import GAME
from dragon_tui.games.throne.data import (
    CARDS,
    CLAN_COLOURS,
    CLANS,
    GUILD_CLAN,
    GUILDS,
    KINGDOM_CLAN,
    KINGDOMS,
    PARLIAMENT_SPACES,
    RESOURCE_TOTALS,
    STOCKS_BY_PLAYERS,
    card,
    card_by_name,
    guild_clans,
)


def colour_of_kingdom(name):
    return CLAN_COLOURS[KINGDOM_CLAN[KINGDOMS.index(name)]]


def colour_of_guild(name):
    return CLAN_COLOURS[GUILD_CLAN[GUILDS.index(name)]]


def test_names_and_colours():
    assert KINGDOMS == ("Troll", "Dwarf", "Human", "Goblin", "Elf", "Kobold")
    assert GUILDS == ("Merchant", "Cleric", "Soldier", "Shepherd", "Sorcerer", "Royal")
    assert dict(zip(CLANS, CLAN_COLOURS)) == {
        "Ha'wa": "orange", "Ka'yu": "green", "Ma'ji": "blue",
        "U'siku": "purple", "Vu'ur": "red", "Ze'me": "yellow",
    }
    assert colour_of_kingdom("Elf") == "green" and colour_of_kingdom("Kobold") == "purple"
    assert colour_of_kingdom("Goblin") == "yellow"
    assert colour_of_guild("Soldier") == "red" and colour_of_guild("Cleric") == "orange"
    assert colour_of_guild("Royal") == "purple" and colour_of_guild("Sorcerer") == "green"
    # Each clan colour is shared by exactly one Kingdom and one Guild.
    assert sorted(KINGDOM_CLAN) == list(range(6)) and sorted(GUILD_CLAN) == list(range(6))
    # Elf Soldier guild -> Vu'ur (red guild) or Ka'yu (green kingdom), the control example.
    assert set(guild_clans(4 * 6 + 2)) == {CLANS.index("Vu'ur"), CLANS.index("Ka'yu")}


def test_card_counts():
    citizens = [c for c in CARDS if c.kind == "citizen" and not c.starter]
    dragons = [c for c in CARDS if c.kind == "dragon" and not c.starter]
    starters = [c for c in CARDS if c.starter]
    favors = [c for c in CARDS if c.kind == "favor"]
    assert len(citizens) == 36 and len(dragons) == 36 and len(starters) == 40 and len(favors) == 36
    assert {(c.kingdom, c.guild) for c in citizens} == {(k, g) for k in range(6) for g in range(6)}
    assert all(sum(1 for d in dragons if d.clan == clan) == 6 for clan in range(6))
    assert all(sum(1 for f in favors if f.guild == g) == 6 for g in range(6))
    assert all(c.cost >= 1 for c in citizens + dragons)
    assert all(d.feed >= 1 for d in dragons)
    assert len({c.name for c in citizens + dragons}) == 72


def test_rulebook_numbers():
    assert card(card_by_name("Human Royal", starter=True)).produce == (0, 2, 1)
    assert card(card_by_name("Goblin Clergy", starter=True)).produce == (0, 0, 1)
    scrub = card(card_by_name("Scrub Dragon", starter=True))
    assert scrub.produce == (2, 0, 0) and scrub.feed == 1
    assert card(card_by_name("Goblin Cleric")).produce == (0, 0, 1)
    pyrite = card(card_by_name("Pyrite Dragon"))
    assert pyrite.produce == (3, 0, 0) and pyrite.feed == 1
    assert card(card_by_name("Goblin Shepherd")).cost == 4
    assert card(card_by_name("Zephyr Dragon")).cost == 2
    armadillo = card(card_by_name("Armadillo Dragon"))
    assert armadillo.cost == 8 and armadillo.prestige == 1
    assert card(card_by_name("Spark Dragon")).cost == 4
    assert card(card_by_name("Copper Dragon")).cost >= 6
    assert card(card_by_name("Elf Soldier")).cost == 6
    pine = card(card_by_name("Pine Dragon"))
    assert CLAN_COLOURS[pine.clan] == "green" and pine.feed == 2
    for name in ("Malachite Dragon", "Elf Shepherd", "Dwarf Royal"):
        card_by_name(name)
    assert CLAN_COLOURS[card(card_by_name("U'siku Dragon")).clan] == "purple"
    # The sample round: no prestige moves for the Spark, the Elf Soldier or the dismissals.
    for name in ("Spark Dragon", "Elf Soldier", "Elf Shepherd", "Malachite Dragon"):
        assert card(card_by_name(name)).prestige == 0
    assert card(card_by_name("Human Royal", starter=True)).prestige == 0


def test_stocks_and_track():
    assert RESOURCE_TOTALS == (35, 35, 25) and sum(RESOURCE_TOTALS) == 95
    assert STOCKS_BY_PLAYERS[4] == RESOURCE_TOTALS
    for n, stock in STOCKS_BY_PLAYERS.items():
        assert all(stock[r] <= RESOURCE_TOTALS[r] and stock[r] >= 3 * n for r in range(3))
    assert PARLIAMENT_SPACES == (6, 13, 21, 30, 40, 50)


def test_game_object():
    assert GAME.id == "throne" and (GAME.min_players, GAME.max_players) == (2, 4)
    assert GAME.hidden_information and GAME.heuristic is not None
    text = GAME.help_markdown()
    assert "Rule decisions" in text and "Enter" in text
    for opt in GAME.options:
        assert opt.default in [c[0] for c in opt.choices]


def test_the_generated_card_table_is_what_the_rules_compute():
    """tables.py (literal data, for start-up) holds exactly the cards, texts and tables
    data.py and board.py compute; if this fails, run ``python -m dragon_tui.games.throne.make_tables``."""
    from dragon_tui.games.throne import data, make_tables

    computed = data.compute_cards()
    assert len(computed) == data.NUM_CARDS
    assert data.CARDS == computed
    assert all(type(c) is data.Card for c in data.CARDS)
    assert [c.text() for c in data.CARDS] == [c.compute_text() for c in computed]
    assert (data.IS_DRAGON, data.IS_RECRUIT, data.IS_FAVOR) == data.compute_card_facts(computed)
    assert data.ROW_OR_COLUMN == data.compute_row_or_column()
    assert data.GUILDS_OF_CLAN == data.compute_guilds_of_clan()
    from dragon_tui.games.throne import board

    assert board.PRICES == board.compute_recruit_prices()
    assert board.FEEDS == board.compute_feeds()
    # And the file is exactly what the generator writes now.
    assert make_tables.TARGET.read_text(encoding="utf-8") == make_tables.source()


def test_card_texts_read_as_before():
    """The texts a player reads, spelled out for one card of each kind."""
    assert card(card_by_name("Troll Merchant")).text() == "Troll Merchant, +3g, cost 4i"
    assert card(card_by_name("Human Royal", starter=True)).text() == "Human Royal (starter), +2g +1s"
    assert card(card_by_name("Scrub Dragon", starter=True)).text() == "Scrub Dragon (starter), +2i eats 1s"
    assert card(data_favor()).text() == "Merchant Favor"


def data_favor():
    from dragon_tui.games.throne.data import favor_ids

    return favor_ids(0)[0]
