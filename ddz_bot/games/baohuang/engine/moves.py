"""Every legal 保皇 play from a hand (``bh_moves``), generated from counts.

A hand of 34 cards may hold 16 of a rank and 8 jokers, so its distinct plays run to
hundreds; enumerating physical cards would be hopeless. A play is fixed by four counts
(rank, how many of it, small jokers, big jokers), so the ``Cards`` of every count shape are
built once, and a hand's moves are picked from that table by its rank counts: leading takes
whole cached rows, following walks the few shapes that can beat the play on the table.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from ddz_bot.kernel import Cards, Rank

from .beats import roast_fits
from .melds import meld_of
from .rules import BaoHuangRules

__all__ = ["bh_moves"]

_DEFAULT = BaoHuangRules()
_SIX: Final = int(Rank.SIX)
_TWO: Final = int(Rank.TWO)
_SMALL: Final = int(Rank.SMALL_JOKER)
_BIG: Final = int(Rank.BIG_JOKER)
_MAX_OF_RANK: Final = 16
_MAX_JOKERS: Final = 4  # of each kind
_W: Final = _MAX_JOKERS + 1  # a joker mix (x, d) is index x * _W + d


def _build() -> list[list[list[Cards]]]:
    table: list[list[list[Cards]]] = []
    for rank in range(_TWO + 1):
        rows = []
        for n in range(_MAX_OF_RANK + 1):
            rows.append(
                [
                    Cards.presorted([rank] * n + [_SMALL] * x + [_BIG] * d)
                    for x in range(_W)
                    for d in range(_W)
                ]
            )
        table.append(rows)
    return table


#: _TABLE[rank][n][x * 5 + d]: the Cards of n cards of rank, x small and d big jokers.
_TABLE: Final = _build()
_JOKERS_ONLY: Final = _TABLE[0][0]


@cache
def _lead_row(rank: int, held: int, small: int, big: int) -> tuple[Cards, ...]:
    """Every play of 1..held cards of ``rank`` with any of the jokers held."""
    rows = _TABLE[rank]
    return tuple(
        rows[n][x * _W + d]
        for n in range(1, held + 1)
        for x in range(small + 1)
        for d in range(big + 1)
    )


@cache
def _joker_row(small: int, big: int) -> tuple[Cards, ...]:
    return tuple(
        _JOKERS_ONLY[x * _W + d] for x in range(small + 1) for d in range(big + 1) if x or d
    )


@cache
def _follow_shapes(
    tn: int, tx: int, td: int, small: int, big: int, roast: bool
) -> tuple[tuple[int, int], ...]:
    """The (naturals, joker-mix index) shapes that beat a play of ``tn`` naturals, ``tx``
    small and ``td`` big jokers, with ``small``/``big`` jokers in hand (the naturals' rank is
    checked by the caller)."""
    shapes: list[tuple[int, int]] = []
    if roast and (tx or td):
        for x in range(small + 1):
            for d in range(big + 1):
                for n in range(tn + 1):
                    if (n or x or d) and roast_fits(n, x, d, tn, tx, td):
                        shapes.append((n, x * _W + d))
        return tuple(shapes)
    if td:
        return ()
    size = tn + tx
    for d in range(tx, min(big, size) + 1):
        for x in range(min(small, size - d) + 1):
            shapes.append((size - d - x, x * _W + d))
    return tuple(shapes)


def bh_moves(hand: Cards, previous: Cards | None, rules: BaoHuangRules = _DEFAULT) -> list[Cards]:
    """Every distinct legal play from ``hand`` against ``previous`` (``None`` when leading):
    R-BH-COMBO, R-BH-BEAT, R-BH-ROAST and R-BH-SIX. The pass is not a move."""
    counts = [0] * (_BIG + 1)
    for rank in hand:
        counts[rank] += 1
    small, big = counts[_SMALL], counts[_BIG]
    if small > _MAX_JOKERS or big > _MAX_JOKERS:
        raise ValueError(f"{hand}: 保皇 has four jokers of each kind")
    out: list[Cards] = []
    if previous is None:
        for rank in range(_SIX, _TWO + 1):
            held = counts[rank]
            if held:
                if rank == _SIX and rules.six:
                    # 憋6: a 6 goes only in the play that empties the hand
                    if held + small + big == len(hand):
                        out.append(_TABLE[rank][held][small * _W + big])
                    continue
                out.extend(_lead_row(rank, held, small, big))
        if small or big:
            out.extend(_joker_row(small, big))
        return out
    theirs = meld_of(previous)
    if theirs is None:
        return out
    shapes = _follow_shapes(theirs.count, theirs.small, theirs.big, small, big, rules.roast)
    low = _BIG if theirs.rank is None else theirs.rank + 1
    for n, mix in shapes:
        if n == 0:
            out.append(_JOKERS_ONLY[mix])
            continue
        for rank in range(low, _TWO + 1):
            if counts[rank] >= n:
                out.append(_TABLE[rank][n][mix])
    return out
