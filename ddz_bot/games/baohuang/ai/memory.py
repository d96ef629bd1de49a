"""Card memory for 保皇: which cards are still out there, and how likely a play is to stand.

A seat sees its own hand and every card played (``PublicView.played``); the rest of the 168
cards are in the other hands. The seeds' advice (记牌与算牌) is to know, at every play, how
many cards above it are left and who could hold them: ``beat_chance`` answers that from the
unseen counts and the other seats' card counts, weighting each seat by how likely it is to be
an opponent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from math import comb

from ddz_bot.games.baohuang.engine import Meld
from ddz_bot.kernel import NUM_RANKS, Rank

__all__ = [
    "BIG",
    "SIX",
    "SMALL",
    "TWO",
    "beat_chance",
    "full_counts",
    "unseen_counts",
]

SIX = int(Rank.SIX)
TWO = int(Rank.TWO)
SMALL = int(Rank.SMALL_JOKER)
BIG = int(Rank.BIG_JOKER)
_COPIES = 16  # of each natural rank (R-BH-DECK)
_JOKERS = 4  # of each joker


def full_counts() -> list[int]:
    """Rank counts of the 168-card pack."""
    counts = [0] * NUM_RANKS
    for rank in range(SIX, TWO + 1):
        counts[rank] = _COPIES
    counts[SMALL] = counts[BIG] = _JOKERS
    return counts


def unseen_counts(hand: Iterable[int], played: Iterable[int]) -> list[int]:
    """Rank counts of the cards in the other hands: the pack minus this hand and the plays."""
    counts = full_counts()
    for rank in hand:
        counts[rank] -= 1
    for rank in played:
        counts[rank] -= 1
    return [max(0, n) for n in counts]


@cache
def _at_least(total: int, share: float, need: int) -> float:
    """P(Binomial(total, share) >= need): a seat holding ``need`` of ``total`` unseen cards."""
    if need <= 0:
        return 1.0
    if need > total:
        return 0.0
    below = sum(comb(total, k) * share**k * (1.0 - share) ** (total - k) for k in range(need))
    return max(0.0, 1.0 - below)


@cache
def _exactly(total: int, share: float, k: int) -> float:
    if k < 0 or k > total:
        return 0.0
    return float(comb(total, k) * share**k * (1.0 - share) ** (total - k))


def _seat_beats(meld: Meld, unseen: Sequence[int], share: float, cards: int) -> float:
    """The chance one seat holding ``share`` of the unseen cards (``cards`` in hand) can beat
    ``meld`` under R-BH-BEAT: as many cards, each higher, big jokers for its small jokers."""
    if meld.big or cards < meld.size:
        return 0.0
    share = round(min(1.0, max(0.0, share)), 2)
    if share == 0.0:
        return 0.0
    need = meld.size
    jokers = unseen[SMALL] + unseen[BIG]
    big_enough = _at_least(unseen[BIG], share, meld.small) if meld.small else 1.0
    if big_enough == 0.0:
        return 0.0
    low = SMALL if meld.rank is None else meld.rank + 1
    higher = [unseen[rank] for rank in range(low, TWO + 1)] if meld.rank is not None else []
    # enough jokers alone beat any play without a big joker; otherwise a higher rank fills up
    chance = _at_least(jokers, share, need)
    for held_jokers in range(min(jokers, need - 1) + 1):
        weight = _exactly(jokers, share, held_jokers)
        if weight == 0.0:
            continue
        none_fits = 1.0
        for copies in higher:
            none_fits *= 1.0 - _at_least(copies, share, need - held_jokers)
        chance += weight * (1.0 - none_fits)
    return min(1.0, chance * big_enough)


def beat_chance(
    meld: Meld,
    unseen: Sequence[int],
    card_counts: Mapping[int, int],
    opponent_weight: Mapping[int, float],
) -> float:
    """How likely some opponent can beat ``meld``: each seat of ``card_counts`` (the other
    seats still holding cards) holds its share of the unseen cards; ``opponent_weight`` is the
    chance that seat is an opponent (1 for a known one, 0 for a known partner)."""
    total = sum(unseen)
    if total == 0 or meld.big:
        return 0.0
    stands = 1.0
    for seat, cards in card_counts.items():
        weight = opponent_weight.get(seat, 1.0)
        if weight <= 0.0 or cards <= 0:
            continue
        stands *= 1.0 - weight * _seat_beats(meld, unseen, cards / total, cards)
    return 1.0 - stands
