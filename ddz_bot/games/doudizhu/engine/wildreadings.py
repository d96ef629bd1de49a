"""Every reading of a set of cards holding wildcards (癞子): each way the wildcards may stand
in, one canonical stand-in per reading (``catalogue.classify`` puts it behind its answer)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Final

from ddz_bot.kernel import Cards, Rank

from .combos import Combo, Reading, natural_readings, preferred_stand_in, reading_order, wild_combo
from .rules import RuleSet

__all__ = ["wild_readings"]

_TWO: Final = int(Rank.TWO)


@lru_cache(maxsize=1 << 15)
def wild_readings(cards: Cards, wild: int, rules: RuleSet) -> tuple[Combo, ...]:
    """Every reading of ``cards``, some of them but not all wildcards (of rank ``wild``):
    each way the wildcards may stand in, one canonical stand-in per reading (memoised: a
    hand is looked at many times in a turn)."""
    counts = cards.counts()
    n_wild = counts[wild]
    naturals = counts[:]
    naturals[wild] = 0
    found: dict[Reading, tuple[int, ...]] = {}
    limit = rules.max_of_a_rank
    for stand_in in combinations_with_replacement(range(_TWO + 1), n_wild):
        target = naturals[:]
        for rank in stand_in:
            target[rank] += 1
        if any(target[rank] > limit for rank in stand_in):
            continue
        for reading in natural_readings(target, rules):
            best = found.get(reading)
            if best is None or preferred_stand_in(stand_in, best, wild):
                found[reading] = stand_in
    return tuple(
        wild_combo(kind, rank, length, cards, found[(kind, rank, length)], wild, rules)
        for kind, rank, length in sorted(found, key=reading_order)
    )
