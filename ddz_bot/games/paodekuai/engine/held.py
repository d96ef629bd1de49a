"""A seat's cards as a hand keeps them: the physical cards in id order, their ranks and the
count of each rank, in step. Every decision reads the ranks and counts, so a play takes its
cards from all three at once instead of rebuilding two of them from the cards."""

from __future__ import annotations

from bisect import bisect_left

from ddz_bot.kernel import Card, Cards

from .cards import TOP_RANK

__all__ = ["Spans", "count_ranks", "find_cards", "take_cards"]

#: where cards lie in a hand: (start, count) by rank, ranks ascending
Spans = list[tuple[int, int]]

_new = tuple.__new__


def count_ranks(ranks: Cards) -> list[int]:
    """How many cards of each rank (3 to 2)."""
    counts = [0] * (TOP_RANK + 1)
    for rank in ranks:
        counts[rank] += 1
    return counts


def find_cards(ranks: Cards, cards: Cards) -> Spans | None:
    """Where ``cards`` (not empty) lie in a hand of ``ranks``: the first cards of each rank,
    so the lowest ids (the ♠3 first); ``None`` when the hand lacks some."""
    rank, n = cards[0], len(cards)
    if rank == cards[-1]:  # one rank: a single, a pair, a bomb
        at = bisect_left(ranks, rank)
        return [(at, n)] if ranks[at + n - 1 : at + n] == (rank,) else None
    spans: Spans = []
    i = 0
    while i < n:
        rank = cards[i]
        k = cards.count(rank)
        at = bisect_left(ranks, rank)
        if ranks[at + k - 1 : at + k] != (rank,):
            return None
        spans.append((at, k))
        i += k
    return spans


def take_cards(
    hand: list[Card], ranks: Cards, counts: list[int], spans: Spans
) -> tuple[list[Card], list[Card], Cards]:
    """Take the cards at ``spans``: those taken, the cards left and their ranks (``counts``
    is updated in place)."""
    if len(spans) == 1:
        at, k = spans[0]
        end = at + k
        counts[ranks[at]] -= k
        return hand[at:end], hand[:at] + hand[end:], _new(Cards, ranks[:at] + ranks[end:])
    picked: list[Card] = []
    rest: list[Card] = []
    left: list[int] = []
    done = 0
    for at, k in spans:
        counts[ranks[at]] -= k
        picked += hand[at : at + k]
        rest += hand[done:at]
        left += ranks[done:at]
        done = at + k
    return picked, rest + hand[done:], _new(Cards, (*left, *ranks[done:]))
