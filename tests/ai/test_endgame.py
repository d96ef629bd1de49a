"""The exact end: perfect play on known hands, a bounded number of positions, and the
search taking the play that wins when the end is small."""

from __future__ import annotations

import random

import pytest

from ddz_bot.games.doudizhu.ai.endgame import Endgame, TooLarge
from ddz_bot.games.doudizhu.ai.search import SearchConfig, search_play
from ddz_bot.games.doudizhu.ai.situation import Situation
from ddz_bot.games.doudizhu.engine import CLASSIC
from ddz_bot.kernel import Cards

from .helpers import cards


def _counts(text: str) -> list[int]:
    return Cards.parse(text).counts()


def _solve(hands: list[str], turn: int = 0, landlord: int = 0) -> bool:
    solver = Endgame(CLASSIC, landlord, lambda: False)
    return solver.landlord_wins([_counts(h) for h in hands], turn, None, None)


def test_the_landlord_wins_by_leading_the_card_nobody_tops_first() -> None:
    assert _solve(["35", "4", "4"])  # the 5 first, then the 3


def test_a_farmer_who_leads_his_last_card_wins() -> None:
    assert not _solve(["35", "6", "4"], turn=1)


def test_a_farmer_leads_what_the_landlord_cant_top_before_his_last_card() -> None:
    assert not _solve(["4", "37", "5"], turn=1)  # the 7, then the 3 (the 3 first loses)


def test_a_bomb_takes_the_lead_back() -> None:
    assert _solve(["3333K", "778", "5"], turn=1)  # on the 77 the bomb, then the K


def test_a_large_end_gives_up_within_its_positions() -> None:
    solver = Endgame(CLASSIC, 0, lambda: False)
    hands = [_counts("3579JKA"), _counts("468TQA2"), _counts("3579JK2")]
    with pytest.raises(TooLarge):
        solver.landlord_wins(hands, 0, None, None, nodes=50)


def test_the_search_plays_a_small_end_exactly() -> None:
    # the unseen cards are the farmers' two fours: every sample is the true deal
    situation = Situation(
        rules=CLASSIC,
        seat=0,
        hand=cards("35"),
        landlord=0,
        card_counts=(2, 1, 1),
        to_beat=None,
        to_beat_seat=None,
        unseen=_counts("44"),
    )
    config = SearchConfig(budget=0.05, ceiling=1.0, max_samples=4, endgame=16)
    play, _, samples = search_play(situation, random.Random(1), config)
    assert samples and play is not None and str(play) == "5"
