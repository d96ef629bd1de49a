"""How many plays a hand needs to run out: a quick split of its rank counts into combos.

The split is greedy but shaped by what 跑得快 rewards: bombs kept whole, airplanes and trios
with the lowest loose cards as wings, straights only where they swallow loose cards, runs of
pairs, then pairs and singles. The AI compares hands by this cost; lower runs out faster.
"""

from __future__ import annotations

from typing import Final

from ddz_bot.kernel import SEQUENCE_TOP

__all__ = ["plan_cost"]

_ACE: Final = SEQUENCE_TOP
#: a bomb is a play, but one that wins its trick and 10 points from each seat
_BOMB_COST: Final = 0.25
#: a loose low card is worse than a loose high one: it may never win a trick
_LOOSE: Final = 0.04


def _take_straights(c: list[int]) -> int:
    """Straights that swallow at least three loose cards; how many were taken."""
    taken = 0
    while True:
        best: tuple[int, int, int] | None = None  # (loose swallowed, low, high)
        low = None
        for r in range(_ACE + 2):
            if r <= _ACE and 1 <= c[r] <= 2:
                low = r if low is None else low
                continue
            if low is not None and r - low >= 5:
                loose = sum(1 for x in range(low, r) if c[x] == 1)
                if loose >= 3 and (best is None or loose > best[0]):
                    best = (loose, low, r - 1)
            low = None
        if best is None:
            return taken
        for x in range(best[1], best[2] + 1):
            c[x] -= 1
        taken += 1


def _take_pair_runs(c: list[int]) -> int:
    taken = 0
    run = 0
    for r in range(_ACE + 2):
        if r <= _ACE and c[r] == 2:
            run += 1
            continue
        if run >= 2:
            for x in range(r - run, r):
                c[x] = 0
            taken += 1
        run = 0
    return taken


def plan_cost(counts: list[int] | tuple[int, ...], top: int = 12) -> float:
    """Roughly how many plays the hand needs (lower is better), loose low cards weighing a
    little more than high ones. ``counts`` by rank from 3 to 2."""
    c = list(counts)
    cost = 0.0
    for r, n in enumerate(c):
        if n == 4:
            cost += _BOMB_COST
            c[r] = 0
    trios = [r for r, n in enumerate(c) if n == 3]
    groups: list[int] = []  # wings each trio group wants
    i = 0
    while i < len(trios):
        j = i
        while j + 1 < len(trios) and trios[j + 1] == trios[j] + 1 and trios[j + 1] <= _ACE:
            j += 1
        groups.append(2 * (j - i + 1))
        for r in trios[i : j + 1]:
            c[r] = 0
        i = j + 1
    cost += _take_straights(c) + _take_pair_runs(c)
    for wings in groups:
        cost += 1
        while wings > 0:
            loose = next((r for r in range(len(c)) if c[r] == 1), None)
            if loose is not None and loose < top - 2:
                c[loose] = 0
                wings -= 1
                continue
            pair = next((r for r in range(len(c)) if c[r] == 2), None)
            if pair is not None and wings >= 2 and pair < top - 2:
                c[pair] = 0
                wings -= 2
                continue
            break
    for r, n in enumerate(c):
        if n:
            cost += 1 + _LOOSE * (top - r)
    return cost
