"""How good a 保皇 hand is, and the decisions that follow from it alone.

A hand goes out one play per natural rank it holds (jokers hang on a set or go alone), so its
worth is the number of its sets, each weighed by how likely the other hands can top it with
natural cards, against the jokers it holds to win the lead back. ``hand_value`` is that sum
(higher is better; a hand that is out is worth ``OUT``). The throne, the called guard and the
declarations compare it with thresholds measured in the arena.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ddz_bot.games.baohuang.engine import Meld

from .memory import BIG, SIX, SMALL, TWO, beat_chance, unseen_counts

__all__ = [
    "OUT",
    "Thresholds",
    "ValueWeights",
    "hand_value",
    "opening_value",
]

#: the worth of an empty hand: going out beats any other value
OUT = 100.0


@dataclass(frozen=True, slots=True)
class ValueWeights:
    """What each set costs, what its being topped costs on top, and what a joker is worth
    for winning the lead back."""

    set_cost: float = 1.0
    topped_cost: float = 1.5
    big_credit: float = 1.3
    small_credit: float = 0.9


OPENING = ValueWeights()


def hand_value(
    counts: Sequence[int], topped: Callable[[int, int], float], weights: ValueWeights = OPENING
) -> float:
    """The hand's worth: minus a cost per set (more if ``topped(rank, n)`` says others can
    beat it with natural cards), plus the jokers. 0 cards: ``OUT``."""
    sets = 0.0
    cards = 0
    for rank in range(SIX, TWO + 1):
        held = counts[rank]
        if held:
            cards += held
            sets += weights.set_cost + weights.topped_cost * topped(rank, held)
    jokers = counts[SMALL] + counts[BIG]
    if cards + jokers == 0:
        return OUT
    value = -sets + weights.big_credit * counts[BIG] + weights.small_credit * counts[SMALL]
    if cards == 0:
        value -= weights.set_cost  # jokers alone still take a play
    return value


def opening_value(counts: Sequence[int]) -> float:
    """``hand_value`` before any card is played, with the other four seats equal."""
    unseen = unseen_counts([rank for rank, n in enumerate(counts) for _ in range(n)], [])
    others = dict.fromkeys(range(1, 5), sum(unseen) // 4)

    def topped(rank: int, held: int) -> float:
        natural = list(unseen)
        natural[SMALL] = natural[BIG] = 0
        return beat_chance(Meld(rank, held, 0, 0), natural, others, {})

    return hand_value(counts, topped)


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The opening values above which a decision is taken (tuned in the arena)."""

    take_throne: float = -22.0  # 登基 (贴牌 counted): the emperor leads, has a partner
    hidden_solo: float = -20.0  # holding both cards: take the throne alone
    open_solo: float = -12.5  # 明独保 / 抢独: out first against four
    open_guard: float = -22.0  # 明保: the score doubles, and the emperor learns the partner
    revolt: float = -22.0  # 造反: doubles only if the rebels win; costs nothing otherwise
