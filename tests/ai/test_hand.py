"""The plan of a hand: its score is the same by the fast path as by the plan itself."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.games.doudizhu.ai import hand
from ddz_bot.games.doudizhu.ai.hand import HAND_COST, plan_hand, plan_score
from ddz_bot.kernel import Cards, Rank

ONE_DECK = [r for r in range(13) for _ in range(4)] + [13, 14]


def _counts(cards: list[int]) -> list[int]:
    counts = [0] * 15
    for r in cards:
        counts[r] += 1
    return counts


@given(st.lists(st.sampled_from(range(54)), min_size=1, max_size=20, unique=True))
def test_a_hands_score_is_its_plans_score(picked: list[int]) -> None:
    counts = _counts([ONE_DECK[i] for i in picked])
    hand._MEMO.clear()  # the plan is built, not looked up from the score's path
    assert plan_score(counts) == plan_hand(counts).score


@given(st.lists(st.sampled_from(range(108)), min_size=1, max_size=33, unique=True))
def test_two_decks_hands_score_is_their_plans_score(picked: list[int]) -> None:
    counts = _counts([(ONE_DECK * 2)[i] for i in picked])
    hand._MEMO.clear()
    assert plan_score(counts) == plan_hand(counts).score


def test_a_straight_and_a_two_score_as_two_combos() -> None:
    # 34567 is one combo (cost HAND_COST less its value), the 2 another
    counts = Cards.parse("345672").counts()
    straight = HAND_COST - (Rank.SEVEN - 10 + 1.0)
    two = HAND_COST - (Rank.TWO - 10)
    assert plan_score(counts) == straight + two
    assert plan_hand(counts).hands == 2


def test_a_trio_of_twos_takes_the_lowest_single() -> None:
    counts = Cards.parse("2223K").counts()
    assert plan_hand(counts).hands == 2  # 2223 and K
    assert plan_score(counts) == plan_hand(counts).score
