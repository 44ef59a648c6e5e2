"""The Princes panels painted directly from a Scene (no app): what each line says."""

from dragon_tui.games.throne import data
from dragon_tui.ui.games.throne.guilds import GuildGrid
from dragon_tui.ui.games.throne.style import Palette, Scene
from dragon_tui.ui.games.throne.track import ScoreTrack

from .positions import throne_table

MONO = {"board-ink": "mono", "throne-guard": "",
        **{f"throne-player-{n}": "" for n in range(1, 5)}, **{f"throne-clan-{n}": "" for n in range(1, 7)}}


def scene(view, viewer=0):
    return Scene(view, ["Ana", "Bo", "Cy", "Di"][:view.num_players], Palette(MONO), viewer=viewer)


def test_track_markers_on_neighbouring_spaces_never_read_as_one_number():
    view = throne_table(4, seed=5).state.view(0)
    view.score = [1, 0, 1, 2]
    rows = ScoreTrack().paint(scene(view), 40).plain.split("\n")
    # One row per player, their digit over their space.
    for seat, score in enumerate(view.score):
        assert rows[seat].index(str(seat + 1)) == score
        assert rows[seat].strip() == str(seat + 1)
    assert not any(pair in row for row in rows[:4] for pair in ("21", "12", "13", "31", "24", "42"))


def test_prospects_show_the_players_cost_and_what_a_dragon_eats():
    table = throne_table(2, seed=3)
    view = table.state.view(0)
    dragon = next(c for c in range(len(data.CARDS)) if data.card(c).is_dragon and data.card(c).feed >= 2
                  and not data.card(c).starter)
    view.prospects[2] = [dragon]
    row = GuildGrid().paint(scene(view), 116).plain.split("\n")[2 + 2]
    cost = view.recruit_cost(0, dragon, 2)
    assert f"{cost}g {data.card(dragon).name.replace(' Dragon', ' Dr.')}" in row
    assert f"eats {view.feed_of(0, dragon)}s" in row
    head = GuildGrid().paint(scene(view), 116).plain.split("\n")[1]
    assert "Ana's cost" in head


def test_the_hand_title_counts_cards_in_words():
    from dragon_tui.ui.games.throne.hand import HandPanel

    view = throne_table(2, seed=3).state.view(0)
    view.hand[0] = view.hand[0][:1]
    assert HandPanel().title(scene(view)) == "Ana's hand · 1 card"
    view.hand[0] = []
    assert HandPanel().title(scene(view)) == "Ana's hand · 0 cards"


def test_only_the_score_track_and_the_guild_grid_paint_to_their_width():
    """The others' lines are the same at any width (the stylesheet cuts them), so the first
    layout's new width does not repaint them (``Painter.BY_WIDTH``). The guild grid words its
    prospects for the room left on each line (never cut mid-word)."""
    from dragon_tui.ui.games.throne.hand import HandPanel
    from dragon_tui.ui.games.throne.houses import ClanHouses
    from dragon_tui.ui.games.throne.players import PlayersPanel

    for players in (2, 4):
        for compact in (False, True):
            view = throne_table(players, seed=3).state.view(0)
            sc = scene(view)
            sc.compact = compact
            for panel in (PlayersPanel(), HandPanel(), ClanHouses()):
                assert not panel.BY_WIDTH
                assert panel.paint(sc, 30) == panel.paint(sc, 80) == panel.paint(sc, 200)
            assert ScoreTrack.BY_WIDTH and GuildGrid.BY_WIDTH
            assert ScoreTrack().paint(sc, 30) != ScoreTrack().paint(sc, 80)


async def test_a_panel_shows_what_textual_makes_of_its_lines_span_for_span():
    """``as_content`` converts each style once; the result is ``Content.from_rich_text``'s."""
    from textual.content import Content

    from dragon_tui.session import Seat, Table
    from dragon_tui.ui.widgets.fast_strips import as_content
    from dragon_tui.ui.games.throne.style import ThronePanel

    from ..apps import app_with, settle

    for theme in ("dragon-dark", "dragon-light"):
        app = app_with(Table("throne", [Seat("Ana"), Seat("Bot", "bot", "random")], 7), theme=theme)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            panels = list(app.screen.query(ThronePanel))
            assert len(panels) == 5
            for panel in panels:
                text = panel._shown
                ours, textuals = as_content(text, app), Content.from_rich_text(text, console=app.console)
                assert ours.plain == textuals.plain and ours._spans == textuals._spans
                assert len(ours._spans) == len(text._spans) > 0
                assert panel.visual.plain == text.plain and panel.visual._spans == ours._spans
