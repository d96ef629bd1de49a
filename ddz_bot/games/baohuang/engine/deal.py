"""A chosen deal (tests, puzzles, replays of a known deal): hands by seat, turned into the
order in which R-BH-DEAL hands out the cards, one at a time from the dealer."""

from __future__ import annotations

from collections.abc import Sequence

from ddz_bot.kernel import Card, Cards, Rank, parse_cards, rank_name

from .cards import EMPEROR_CARD, GUARD_CARD, HAND_SIZES, RANK_OF, bh_deck

__all__ = ["arrange_deal"]

_PLAYERS = len(HAND_SIZES)


def arrange_deal(
    hands: Sequence[str | Cards | Sequence[Card]],
    dealer: int = 0,
    emperor_card: int | None = None,
    guard_card: int | None = None,
) -> list[Card]:
    """The 168-card deck that deals ``hands`` (by seat: ranks, or physical cards) from
    ``dealer``. The sceptre goes to ``emperor_card``'s seat and the sword to ``guard_card``'s
    (by default the first seat holding a big / small joker); ``ValueError`` on a bad deal."""
    if len(hands) != _PLAYERS:
        raise ValueError(f"a deal of 保皇 has {_PLAYERS} hands, not {len(hands)}")
    pool = bh_deck()
    physical: list[list[Card] | None] = []
    ranks: list[Cards | None] = []
    for spec in hands:
        if isinstance(spec, str | Cards):
            ranks.append(parse_cards(spec) if isinstance(spec, str) else spec)
            physical.append(None)
        else:
            cards = [Card(c) for c in spec]
            for card in cards:
                if card not in pool:
                    raise ValueError(f"{card} is dealt twice or is not a card of 保皇")
                pool.remove(card)
            physical.append(cards)
            ranks.append(None)
    for seat, wanted in enumerate(ranks):
        size = HAND_SIZES[(seat - dealer) % _PLAYERS]
        got = len(wanted) if wanted is not None else len(physical[seat] or [])
        if got != size:
            raise ValueError(f"seat {seat} is dealt {size} cards from seat {dealer}, not {got}")

    def first_with(rank: int) -> int | None:
        return next((s for s, w in enumerate(ranks) if w is not None and rank in w), None)

    special: dict[int, list[Card]] = {}
    for card, chosen in ((EMPEROR_CARD, emperor_card), (GUARD_CARD, guard_card)):
        if card not in pool:
            continue  # dealt as a physical card
        holder = first_with(RANK_OF[card]) if chosen is None else chosen
        held = None if holder is None else ranks[holder]
        if holder is None or held is None or RANK_OF[card] not in held:
            raise ValueError(f"seat {holder} has no {rank_name(RANK_OF[card])} to be {card}")
        pool.remove(card)
        special.setdefault(holder, []).append(card)
    by_rank: dict[int, list[Card]] = {}
    for card in pool:
        by_rank.setdefault(RANK_OF[card], []).append(card)
    dealt: list[list[Card]] = []
    for seat, wanted in enumerate(ranks):
        if wanted is None:
            dealt.append(list(physical[seat] or []))
            continue
        cards = list(special.get(seat, []))
        need = list(wanted)
        for card in cards:
            need.remove(RANK_OF[card])
        for rank in need:
            if rank < Rank.SIX or not by_rank.get(rank):
                raise ValueError(f"the deal has too many {rank_name(rank)}")
            cards.append(by_rank[rank].pop(0))
        dealt.append(cards)
    deck: list[Card] = []
    for i in range(sum(HAND_SIZES)):
        seat = (dealer + i) % _PLAYERS
        deck.append(dealt[seat][i // _PLAYERS])
    return deck
