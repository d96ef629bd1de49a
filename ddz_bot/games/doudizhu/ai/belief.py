"""How likely the enemies are simple players, from what they did this hand.

A simple player (RLCard's rule agent, ``search._simple_play``) follows with the lowest combo
of the kind on the table whoever played it, its partner too, and passes only without one; a
player who plans its hand (people, the policy, ``normal_v1``) lets its partner's play
stand more often than not, and passes on an enemy's play it could beat when beating costs
its plan. ``sampler.plays_simply`` rules a seat out by a contradiction, but a planner's
plays contradict a simple player's only once the cards that would show it are played: a
`normal_v1` farmer is read as simple at 93% of the landlord's decisions of the first 15
cards played. So this weighs every answer as evidence, a likelihood ratio of the two
styles (naive Bayes), pooled over the enemies (a side's seats are taken to be of one kind).

The ratios are measured, the frequencies of each answer in the landlord's view over 150
deals (seed 5, ``normal`` as the landlord; the follows of a single and the leads over
another 150, seed 9) against RLCard's rule agent and against ``normal_v1``: a farmer
topping its partner's play 72% of the times it answered it against 26%, following the
landlord's play 56% against 49%; of the follows on the landlord's single, 70% against 36%
one rank above it, 20% against 23% two, 7% against 17% three, 3% against 24% further; of
their leads, a trio alone 5% against none, a trio or a plane with kickers or four with two
none of 376 against 13%.
"""

from __future__ import annotations

import math
from typing import Final

from ddz_bot.games.doudizhu.engine import ComboKind

from .situation import Observed, Situation

__all__ = ["simple_belief"]

#: log-likelihood ratios (simple : planner) of an enemy's answer to a play of its partner
#: (topped it without a bomb, passed) and of the other side (followed without a bomb, passed)
_TOPPED_PARTNER: Final = math.log(0.72 / 0.26)
_PASSED_PARTNER: Final = math.log(0.28 / 0.74)
_FOLLOWED_ENEMY: Final = math.log(0.56 / 0.49)
_PASSED_ENEMY: Final = math.log(0.44 / 0.51)
#: a follow on the other side's single, by how many ranks above it (the last: or more)
_SINGLE_ABOVE: Final = (math.log(0.70 / 0.36), math.log(0.20 / 0.23), math.log(0.07 / 0.17))
_SINGLE_FAR: Final = math.log(0.03 / 0.24)
#: a lead of a trio alone; of a combo with kickers (none seen of a simple player: 1% taken)
_TRIO_LED: Final = math.log(0.05 / 0.005)
_KICKERS_LED: Final = math.log(0.01 / 0.13)
_WITH_KICKERS: Final = frozenset(
    {
        ComboKind.TRIO_SINGLE,
        ComboKind.TRIO_PAIR,
        ComboKind.PLANE_SINGLES,
        ComboKind.PLANE_PAIRS,
        ComboKind.FOUR_TWO_SINGLES,
        ComboKind.FOUR_TWO_PAIRS,
    }
)


def simple_belief(situation: Situation, enemies: list[int], prior: float = 0.0) -> float:
    """The probability that ``enemies`` (one side, the seat's enemies) play as simple
    players, from ``prior`` (log odds) and each of their answers this hand seen by the
    seat: to a partner's play (topped or passed on) and to the other side's (followed or
    passed on). A contradiction is not weighed here (``sampler.plays_simply``)."""
    odds = prior
    for seat in enemies:
        on_enemy = len(situation.passed_on.get(seat, []))
        passes = sum(1 for who, _, _ in situation.passes if who == seat)
        odds += on_enemy * _PASSED_ENEMY + max(0, passes - on_enemy) * _PASSED_PARTNER
        for seen in situation.observed:
            if seen.seat == seat:
                odds += _answer(seen, enemies)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, odds))))


def _answer(seen: Observed, enemies: list[int]) -> float:
    """The log-likelihood ratio (simple : planner) of one play of an enemy's."""
    play, faced = seen.play, seen.faced
    if faced is None:
        if play.kind is ComboKind.TRIO:
            return _TRIO_LED
        return _KICKERS_LED if play.kind in _WITH_KICKERS else 0.0
    if play.is_bomb or seen.faced_seat is None:
        return 0.0
    if seen.faced_seat in enemies:  # its partner's (a seat doesn't top itself)
        return _TOPPED_PARTNER
    if faced.kind is ComboKind.SINGLE and play.kind is ComboKind.SINGLE:
        above = play.rank - faced.rank
        return _SINGLE_ABOVE[above - 1] if above <= len(_SINGLE_ABOVE) else _SINGLE_FAR
    return _FOLLOWED_ENEMY
