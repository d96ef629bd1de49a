"""A tournament's plan: the stated tie rule, Swiss seating, the 50/30/20 prizes."""

from __future__ import annotations

import pytest

from ddz_bot.storage import Entrant, TournamentScore
from ddz_bot.tg.tournament import Terms
from ddz_bot.tg.tournament_command import parse_terms
from ddz_bot.tg.tournament_plan import boards, prizes, standings


def test_the_standings_break_ties_by_wins_then_fewer_hands_then_sign_up() -> None:
    entrants = [Entrant(u, f"p{u}", order) for order, u in enumerate((5, 6, 7, 8, 9), start=1)]
    scores = [
        TournamentScore(5, 10, 4, 2),
        TournamentScore(6, 10, 4, 3),  # as many points, more wins: ahead
        TournamentScore(7, 10, 3, 3),  # and fewer hands: ahead of that
        TournamentScore(8, 12, 4, 1),  # most points first of all
    ]  # 9 has played nothing yet
    assert [s.user_id for s in standings(entrants, scores)] == [8, 7, 6, 5, 9]
    tied = [TournamentScore(5, 1, 1, 1), TournamentScore(6, 1, 1, 1)]
    assert [s.user_id for s in standings(entrants[:2], tied)] == [5, 6]  # signed up first
    assert [s.place for s in standings(entrants, scores)] == [1, 2, 3, 4, 5]


def test_boards_seat_the_order_at_tables_of_the_games_size() -> None:
    assert boards([1, 2, 3, 4, 5, 6, 7], 3) == [[1, 2, 3], [4, 5, 6], [7]]
    assert boards([1, 2], 5) == [[1, 2]]
    with pytest.raises(ValueError):
        boards([1], 0)


def test_prizes_split_the_pool_50_30_20_and_what_nobody_holds_goes_first() -> None:
    assert prizes([1, 2, 3, 4], 400) == [(1, 200), (2, 120), (3, 80)]
    assert prizes([1, 2, 3], 101) == [(1, 51), (2, 30), (3, 20)]  # the rounding to the first
    assert prizes([1, 2], 100) == [(1, 70), (2, 30)]
    assert prizes([1, 2, 3], 0) == []
    assert sum(beans for _, beans in prizes([1, 2, 3, 4, 5], 997)) == 997


def test_the_tournament_command_reads_game_shape_and_fee() -> None:
    rules_of = {"pdk": "paodekuai", "斗地主": "classic"}
    assert parse_terms(["pdk", "3x2", "100"], "classic", rules_of) == Terms("paodekuai", 3, 2, 100)
    assert parse_terms(["斗地主", "2×1"], "paodekuai", rules_of) == Terms("classic", 2, 1, 0)
    assert parse_terms([], "classic", rules_of) == Terms("classic", 3, 2, 0)
    assert parse_terms(["chess"], "classic", rules_of) is None
    assert parse_terms(["11x1"], "classic", rules_of) is None  # at most 10 rounds
    assert parse_terms(["2x0"], "classic", rules_of) is None
