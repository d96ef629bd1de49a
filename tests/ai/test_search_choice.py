"""The rule that keeps or leaves the policy's choice after a decision's playouts."""

from __future__ import annotations

import doctest

from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.games.doudizhu.ai import search
from ddz_bot.games.doudizhu.ai.search import kept_choice


def test_the_search_examples_hold() -> None:
    assert doctest.testmod(search).failed == 0


def test_a_play_the_policy_scores_far_worse_needs_more_wins_to_be_played() -> None:
    # three samples' worth of margin: the pass won one sample more than the policy's play,
    # but the policy scores it two combos worse (keeping the lead costs the landlord)
    rates: list[float | None] = [0.5, 0.62]
    assert kept_choice(rates, [10.0, 24.0], 0.1, 0.0) == 1
    assert kept_choice(rates, [10.0, 24.0], 0.1, 1.0) == 0
    # a candidate not played out is never the choice, however it is scored
    assert kept_choice([0.1, None], [10.0, 0.0], 0.1, 1.0) == 0


@given(
    st.lists(
        st.tuples(st.floats(0.0, 1.0), st.floats(-50.0, 80.0)),
        min_size=2,
        max_size=6,
    ),
    st.floats(0.0, 0.5),
    st.floats(0.0, 3.0),
    st.floats(0.0, 3.0),
)
def test_more_trust_in_the_policy_never_moves_the_choice_further_from_it(
    candidates: list[tuple[float, float]], margin: float, gap: float, more: float
) -> None:
    rates: list[float | None] = [rate for rate, _ in candidates]
    scores = [score for _, score in candidates]

    def worse(i: int) -> float:  # combos the policy scored the candidate below its choice
        return min(3.0, max(0.0, (scores[i] - scores[0]) / 7.0))

    before = kept_choice(rates, scores, margin, gap)
    after = kept_choice(rates, scores, margin, gap + more)
    assert worse(after) <= worse(before)
