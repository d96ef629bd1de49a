"""Comparing 保皇 plays: R-BH-BEAT, and 烤牌 (R-BH-ROAST) when the table allows it.

R-BH-BEAT, with both plays sorted high to low, asks each card to beat the card in the same
place; for plays of one natural rank and jokers that reduces to counts: the play on the
table holds no big joker, the answer has a big joker for each of its small jokers, and the
answer's natural rank (if any) is higher. 烤牌 splits the answer into groups, one per card of
the play; which splits exist depends only on the counts, so it is a small search on counts.
"""

from __future__ import annotations

from functools import cache

from ddz_bot.kernel import Cards

from .melds import Meld, meld_of
from .rules import BaoHuangRules

__all__ = ["bh_beats", "meld_beats", "roast_fits"]

_DEFAULT = BaoHuangRules()


def bh_beats(play: Cards, previous: Cards, rules: BaoHuangRules = _DEFAULT) -> bool:
    """True if ``play`` beats ``previous`` (R-BH-COMBO, R-BH-BEAT, R-BH-ROAST); False if
    either is not a play."""
    mine, theirs = meld_of(play), meld_of(previous)
    if mine is None or theirs is None:
        return False
    return meld_beats(mine, theirs, rules.roast)


def meld_beats(play: Meld, previous: Meld, roast: bool = False) -> bool:
    """``bh_beats`` on plays already read."""
    if roast and previous.jokers:
        if play.count and (previous.rank is None or play.rank is None):
            return False
        if play.count and play.rank <= previous.rank:  # type: ignore[operator]
            return False
        return roast_fits(
            play.count, play.small, play.big, previous.count, previous.small, previous.big
        )
    return (
        play.size == previous.size
        and previous.big == 0
        and play.big >= previous.small
        and (play.count == 0 or (previous.rank is not None and play.rank > previous.rank))  # type: ignore[operator]
    )


@cache
def roast_fits(n: int, x: int, d: int, tn: int, tx: int, td: int) -> bool:
    """R-BH-ROAST on counts: can ``n`` higher naturals, ``x`` small and ``d`` big jokers be
    split into one group per card of a play of ``tn`` naturals, ``tx`` small and ``td`` big
    jokers? A natural falls to one higher card (a joker included), a small joker to one big
    joker or two small ones, a big joker to two big jokers or three small ones. The answer's
    naturals can only take natural groups; the caller checks that their rank is higher."""
    if n > tn:
        return False
    free = tn - n  # natural groups left for single jokers
    for big_by_big in range(td + 1):
        for small_by_big in range(tx + 1):
            a = d - small_by_big - 2 * big_by_big  # big jokers left for natural groups
            if 0 <= a <= free:
                b = free - a
                if x == b + 2 * (tx - small_by_big) + 3 * (td - big_by_big):
                    return True
    return False
