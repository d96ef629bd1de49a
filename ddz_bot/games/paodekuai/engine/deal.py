"""A chosen deal (tests, puzzles, the gallery): hands by seat laid out as the deck deals them."""

from __future__ import annotations

from collections.abc import Sequence

from ddz_bot.kernel import Card, Cards

from .cards import PLAYERS, deck_for
from .rules import PdkRules

__all__ = ["arrange_deal"]


def arrange_deal(hands: Sequence[str | Cards | Sequence[Card]], rules: PdkRules) -> list[Card]:
    """The deck that deals ``hands`` (ranks, or physical cards, by seat); ``ValueError``
    when they are not the deck's cards shared out in full."""
    pool = deck_for(rules)
    chosen: list[Card] = []
    for hand in hands:
        if isinstance(hand, str):
            hand = Cards.parse(hand)
        if len(hand) != rules.hand_size:
            raise ValueError(f"跑得快 deals {rules.hand_size} cards to each seat, not {len(hand)}")
        for item in hand:
            physical = isinstance(item, Card)
            card = next((c for c in pool if (c == item if physical else c.rank == item)), None)
            if card is None:
                raise ValueError(f"{Cards([item])}: none left in the deck to deal")
            pool.remove(card)
            chosen.append(card)
    if len(hands) != PLAYERS:
        raise ValueError(f"跑得快 deals to {PLAYERS} seats, not {len(hands)}")
    return chosen
