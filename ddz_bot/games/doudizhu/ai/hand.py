"""Hand evaluation: split a hand into the fewest combos (手数) and estimate its strength.

Everything works on rank counts (a list of 15 ints, ``Cards.counts()``): a plan is what
a player would lead, one combo at a time, if nobody interfered. Its score weighs the
number of combos against how high they are, so that a lower score is a better hand; the
play policy compares the scores of what is left after each candidate play.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul
from typing import Final

from ddz_bot.games.doudizhu.engine import ComboKind
from ddz_bot.kernel import NUM_RANKS, SEQUENCE_TOP, Rank

__all__ = ["Part", "Plan", "bid_strength", "control_points", "plan_hand", "plan_score"]

K = ComboKind
_X: Final = int(Rank.SMALL_JOKER)
_D: Final = int(Rank.BIG_JOKER)
_TWO: Final = int(Rank.TWO)
_ACE: Final = int(Rank.ACE)
#: What one more combo in hand costs, in the units of ``Part.value``.
HAND_COST: Final = 7.0


@dataclass(frozen=True, slots=True)
class Part:
    """One combo of a plan: kind, main rank (top rank of a chain), chain length, ranks."""

    kind: ComboKind
    rank: int
    length: int
    ranks: tuple[int, ...]

    @property
    def value(self) -> float:
        """How good the combo is to hold: high combos take tricks back, bombs twice."""
        if self.kind is K.ROCKET:
            return 20.0
        if self.kind is K.BOMB:
            return self.rank - 10 + 14.0
        if self.kind in (K.STRAIGHT, K.PAIR_STRAIGHT, K.PLANE, K.PLANE_SINGLES, K.PLANE_PAIRS):
            return self.rank - 10 + 1.0
        return float(self.rank - 10)


@dataclass(frozen=True, slots=True)
class Plan:
    parts: tuple[Part, ...]
    score: float

    @property
    def hands(self) -> int:
        return len(self.parts)


_EMPTY: Final = Plan((), 0.0)
#: The memos are what playouts make fast, and what a full garbage collection must walk:
#: ``_SCORES`` and ``_OTHER_SCORES`` hold numbers only (the collector stops tracking such
#: tuples after one look), ``_MEMO`` whole plans (objects it tracks for good: kept small).
_MEMO: dict[tuple[int, ...], Plan] = {}
_MEMO_LIMIT: Final = 4_096
#: The chain a plan takes first (None: no chain): width (1 straight, 2 pair straight,
#: 3 plane), start, end, the plane's wings and their width.
Choice = tuple[int, int, int, tuple[int, ...], int] | None
_CHAIN_KIND: Final = {1: K.STRAIGHT, 2: K.PAIR_STRAIGHT, 3: K.PLANE}
_NO_TOP: Final = [0] * (NUM_RANKS - _TWO)
#: The best scores of bomb-free hands of ranks 3 to A with at most three cards a rank (every
#: classic hand once its bombs, 2s and jokers are out), indexed by the counts as base-4
#: digits: 4**12 entries of two bytes (32 MiB), made at the first score. Nothing is
#: evicted, so a long-running player stops paying for the hands it has met (the playouts'
#: and the samples' hands are new ones by the hundred a sample). The scores are whole
#: numbers (``HAND_COST`` and every part's value are), so a short holds them exactly; -1 is
#: a score not yet known.
_SCORES: array[int] | None = None
_LOW_RANKS: Final = _TWO
_POWERS: Final = [4**r for r in range(_LOW_RANKS)]
#: the index step of taking ``width`` cards of each rank from ``start`` to ``end``
_RUN: Final = {
    (width, start, end): width * sum(_POWERS[start : end + 1])
    for width in (1, 2, 3)
    for start in range(_LOW_RANKS)
    for end in range(start, _LOW_RANKS)
}
#: The hands outside ``_SCORES`` (a trio of 2s, which takes a kicker; two decks' counts of
#: four after a bomb), by their counts: rare, and bounded.
_OTHER_SCORES: dict[tuple[int, ...], int] = {}
_OTHER_LIMIT: Final = 100_000
#: ``_low``'s index of a hand outside ``_SCORES``
_UNINDEXED: Final = -1


def plan_score(counts: Sequence[int]) -> float:
    """The score of ``plan_hand`` without building its parts (the hot path: the policy
    asks it of every option, the samples of every play they read back)."""
    c = list(counts)
    fixed = 0.0
    most = max(c[:_TWO])
    if most >= 4 or c[_TWO] >= 4 or (c[_X] and c[_D]):
        fixed = _take_fixed(c, None)
        most = max(c[:_TWO])
    scores = _SCORES
    if most <= 3 and c[_TWO] != 3 and scores is not None:  # the commonest case, at once
        known = scores[_index(c)]
        if known >= 0:
            return fixed + _top_cost(c) + known
    low, top, index = _low(c)
    return fixed + top + _score_of(low, index)


def plan_hand(counts: Sequence[int]) -> Plan:
    """The best split of a hand into combos (memoised: playouts ask for the same hands)."""
    key = tuple(counts)
    plan = _MEMO.get(key)
    if plan is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        plan = _MEMO[key] = _plan(list(key))
    return plan


def _take_fixed(c: list[int], parts: list[Part] | None) -> float:
    """Take the rocket and the bombs out of ``c``; their cost."""
    cost = 0.0
    if c[_X] == 1 and c[_D] == 1:
        c[_X] = c[_D] = 0
        cost += HAND_COST - 20.0
        if parts is not None:
            parts.append(Part(K.ROCKET, _D, 1, (_X, _D)))
    for r in range(_X):
        if c[r] >= 4:
            c[r] -= 4
            cost += HAND_COST - (r + 4.0)
            if parts is not None:
                parts.append(Part(K.BOMB, r, 1, (r,) * 4))
    return cost


_TWO_COST: Final = HAND_COST + 10 - _TWO
_SMALL_JOKER_COST: Final = HAND_COST + 10 - _X
_BIG_JOKER_COST: Final = HAND_COST + 10 - _D


def _top_cost(c: Sequence[int]) -> float:
    """What the 2s and jokers of a hand without a trio of 2s cost: they are in no chain and,
    as singles or pairs, no trio's kicker, so each rank held is one combo of its own."""
    return (
        (_TWO_COST if c[_TWO] else 0.0)
        + (_SMALL_JOKER_COST if c[_X] else 0.0)
        + (_BIG_JOKER_COST if c[_D] else 0.0)
    )


def _low(c: list[int]) -> tuple[list[int], float, int]:
    """What the search of a bomb-free hand ``c`` looks at (the hand without its 2s and
    jokers, unless the 2s are a trio), what the rest costs, and its index in ``_SCORES``."""
    if c[_TWO] == 3:
        return c[:], 0.0, _UNINDEXED
    low = c[:_TWO] + _NO_TOP
    index = _index(c) if max(low) <= 3 else _UNINDEXED
    return low, _top_cost(c), index


def _index(c: Sequence[int]) -> int:
    """The counts of ranks 3 to A as base-4 digits (each at most 3): ``_SCORES``'s index."""
    index: int = sum(map(mul, c, _POWERS))
    return index


def _plan(counts: list[int]) -> Plan:
    if not any(counts):
        return _EMPTY
    parts: list[Part] = []
    c = counts[:]
    fixed = _take_fixed(c, parts)
    low, top, index = _low(c)
    best, choice = _search(low, index)
    score = fixed + top + best
    while True:
        if choice is None:
            break
        width, start, end, wings, wing_width = choice
        kind = _CHAIN_KIND[width]
        ranks = [r for r in range(start, end + 1) for _ in range(width)]
        index = _without_wings(_without(index, width, start, end), wings, wing_width)
        for hand in (c, low):
            for r in range(start, end + 1):
                hand[r] -= width
            for r in wings:
                hand[r] -= wing_width
        for r in wings:
            ranks.extend([r] * wing_width)
        if wings:
            kind = K.PLANE_SINGLES if wing_width == 1 else K.PLANE_PAIRS
        parts.append(Part(kind, end, end - start + 1, tuple(sorted(ranks))))
        choice = _search(low, index)[1]
    parts.extend(_base_parts(c))
    return Plan(tuple(parts), score)


def _without(index: int, width: int, start: int, end: int) -> int:
    """The index of a hand once a chain is taken from it."""
    return index if index == _UNINDEXED else index - _RUN[width, start, end]


def _without_wings(index: int, wings: tuple[int, ...], wing_width: int) -> int:
    """The index of a hand once a plane's wings are taken from it."""
    if index != _UNINDEXED:
        for r in wings:
            index -= wing_width * _POWERS[r]
    return index


def _score_of(c: list[int], index: int) -> int:
    """The best score of a bomb-free hand ``c`` as ``_low`` gives it, remembered."""
    if index != _UNINDEXED:
        global _SCORES
        scores = _SCORES
        if scores is None:
            scores = _SCORES = array("h", [-1]) * 4**_LOW_RANKS
        known = scores[index]
        if known < 0:
            known = scores[index] = _search(c, index)[0]
        return known
    key = tuple(c)
    found = _OTHER_SCORES.get(key)
    if found is None:
        if len(_OTHER_SCORES) >= _OTHER_LIMIT:
            _OTHER_SCORES.clear()
        found = _OTHER_SCORES[key] = _search(c, index)[0]
    return found


def _search(c: list[int], index: int) -> tuple[int, Choice]:
    """The best score of a bomb-free hand and the chain to take first: no chain (trios,
    pairs and singles as they are) or each chain worth trying, then the best of the rest.
    ``c`` is changed and restored."""
    best = int(_base_score(c))
    choice: Choice = None
    for kind, width, start, end in _chains(c, index):
        for r in range(start, end + 1):
            c[r] -= width
        rest = _without(index, width, start, end)
        chain_cost = int(HAND_COST) - (end - 10 + 1)
        total = _score_of(c, rest) + chain_cost
        if total < best:
            best, choice = total, (width, start, end, (), 0)
        if kind is K.PLANE:
            k = end - start + 1
            for wing_width, top in ((1, _TWO), (2, _ACE)):
                wings = tuple(r for r in range(top) if c[r] == wing_width)[:k]
                if len(wings) < k:
                    continue
                for r in wings:
                    c[r] -= wing_width
                total = _score_of(c, _without_wings(rest, wings, wing_width)) + chain_cost
                for r in wings:
                    c[r] += wing_width
                if total < best:
                    best, choice = total, (width, start, end, wings, wing_width)
        for r in range(start, end + 1):
            c[r] += width
    return best, choice


#: the kinds of chain: their width and their shortest length
_CHAIN_SHAPES: Final = ((K.STRAIGHT, 1, 5), (K.PAIR_STRAIGHT, 2, 3), (K.PLANE, 3, 2))
#: every other bit of an index: the low bit of each rank's base-4 digit
_LOW_BITS: Final = sum(1 << (2 * r) for r in range(_LOW_RANKS))
#: by width and a mask of the ranks held at least that many times (bit 2r for rank r), the
#: runs of them long enough for a chain (``_runs``)
_RUNS: Final[dict[tuple[int, int], tuple[tuple[int, int], ...]]] = {}


def _chains(c: list[int], index: int) -> list[tuple[ComboKind, int, int, int]]:
    """Chains worth trying: straights, pair straights and planes starting where a run
    starts or where the count rises (starting elsewhere only strands cards)."""
    if index == _UNINDEXED:
        masks = [0, 0, 0, 0]
        for r in range(SEQUENCE_TOP + 1):
            for width in range(1, min(c[r], 3) + 1):
                masks[width] |= 1 << (2 * r)
    else:
        low_bits, high_bits = index & _LOW_BITS, (index >> 1) & _LOW_BITS
        masks = [0, low_bits | high_bits, high_bits, low_bits & high_bits]
    out: list[tuple[ComboKind, int, int, int]] = []
    for kind, width, shortest in _CHAIN_SHAPES:
        mask = masks[width]
        if not mask:
            continue
        runs = _RUNS.get((width, mask))
        if runs is None:
            runs = _RUNS[width, mask] = _runs(mask, shortest)
        for low, high in runs:
            for start in range(low, high - shortest + 2):
                if start != low and c[start] <= c[start - 1]:
                    continue
                for end in range(start + shortest - 1, high + 1):
                    out.append((kind, width, start, end))
    return out


def _runs(mask: int, shortest: int) -> tuple[tuple[int, int], ...]:
    """The runs of consecutive ranks in ``mask`` (bit 2r for rank r) at least ``shortest``
    long, as (lowest, highest)."""
    runs: list[tuple[int, int]] = []
    r = 0
    while r <= SEQUENCE_TOP:
        if not mask >> (2 * r) & 1:
            r += 1
            continue
        low = r
        while r <= SEQUENCE_TOP and mask >> (2 * r) & 1:
            r += 1
        if r - low >= shortest:
            runs.append((low, r - 1))
    return tuple(runs)


def _base_score(c: Sequence[int]) -> float:
    """No chains left: trios, pairs and singles, trios taking the lowest kickers."""
    singles: list[int] = []
    pairs: list[int] = []
    trios: list[int] = []
    by_count: tuple[list[int], ...] = ([], singles, pairs, trios)  # ranks held n times
    for r, n in enumerate(c):
        if 0 < n < 4:
            by_count[n].append(r)
    score = 0.0
    si = pi = 0
    for t in trios:
        score += HAND_COST + 10 - t
        if (
            si < len(singles)
            and singles[si] < _TWO
            and (pi >= len(pairs) or singles[si] <= pairs[pi] + 2)
        ):
            si += 1
        elif pi < len(pairs) and pairs[pi] < _ACE:
            pi += 1
    for r in singles[si:]:
        score += HAND_COST + 10 - r
    for r in pairs[pi:]:
        score += HAND_COST + 10 - r
    return score


def _base_parts(c: Sequence[int]) -> list[Part]:
    singles = [r for r in range(NUM_RANKS) if c[r] == 1]
    pairs = [r for r in range(NUM_RANKS) if c[r] == 2]
    trios = [r for r in range(NUM_RANKS) if c[r] == 3]
    parts: list[Part] = []
    for t in trios:
        if singles and singles[0] < _TWO and (not pairs or singles[0] <= pairs[0] + 2):
            s = singles.pop(0)
            parts.append(Part(K.TRIO_SINGLE, t, 1, tuple(sorted((t, t, t, s)))))
        elif pairs and pairs[0] < _ACE:
            p = pairs.pop(0)
            parts.append(Part(K.TRIO_PAIR, t, 1, tuple(sorted((t, t, t, p, p)))))
        else:
            parts.append(Part(K.TRIO, t, 1, (t, t, t)))
    parts.extend(Part(K.PAIR, p, 1, (p, p)) for p in pairs)
    parts.extend(Part(K.SINGLE, s, 1, (s,)) for s in singles)
    return parts


def control_points(counts: Sequence[int]) -> float:
    """Cards that win tricks back: jokers, 2s, bombs (the usual 大王4 小王3 二2 炸弹6 count)."""
    points = 0.0
    if counts[_X] and counts[_D]:
        points += 8
    else:
        points += 4 * counts[_D] + 3 * counts[_X]
    points += 2 * min(counts[_TWO], 3)
    points += 6 * sum(1 for r in range(_X) if counts[r] >= 4)
    points += 0.5 * min(counts[_ACE], 3)
    return points


def bid_strength(counts: Sequence[int]) -> float:
    """How much a hand wants to be the landlord: control points, less a penalty for a
    hand that breaks into many combos. About 7 is worth a call."""
    hands = plan_hand(counts).hands
    return control_points(counts) - 0.7 * max(0, hands - 6)
