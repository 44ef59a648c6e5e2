"""The command line's words on player counts and seeds, and the seed range it takes."""

import pytest

from dragon_tui import cli
from dragon_tui.engine.rng import MAX_SEED


def problem(*argv: str) -> str | None:
    return cli._check_args(cli.build_parser().parse_args(list(argv)))


def test_the_solitaire_is_for_one_player_in_those_words(capsys):
    assert cli.main(["court", "--players", "2"]) == 2
    err = capsys.readouterr().err
    assert err == "dragon-tui: The Court of Xiang Chi is played alone (one player), not by 2.\n"
    assert problem("crowns", "--players", "3") == "Batalla de Coronas takes 2 players, not 3."
    assert problem("hoard", "--players", "5") == "Dragon's Hoard takes 2 to 4 players, not 5."


@pytest.mark.parametrize("seed", ["-1", "12345678901234567890123", str(-(1 << 63)), str(MAX_SEED)])
def test_any_seed_a_save_can_hold_is_taken_and_deals_its_own_game(seed):
    assert problem("crowns", "--seed", seed) is None
    table = cli._table_from_args(cli.build_parser().parse_args(["crowns", "--seed", seed]))
    assert table.seed == int(seed)


@pytest.mark.parametrize("seed", [str(-(1 << 63) - 1), str(MAX_SEED + 1)])
def test_a_seed_past_the_range_says_what_a_seed_may_be(seed, capsys):
    assert cli.main(["crowns", "--seed", seed]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dragon-tui: --seed is a whole number of at least -2**63 and below 2**512")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_help_says_what_a_seed_may_be():
    assert "whole number from -2**63 to below 2**512" in " ".join(cli.build_parser().format_help().split())
