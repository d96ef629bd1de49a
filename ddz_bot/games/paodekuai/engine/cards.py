"""跑得快's decks (R-PDK-DECK): the 48-card deck and the 45-card one of the ``cards15`` option.

Cards are the shared physical ``Card`` values (rank, suit) and plays the shared rank
multisets ``Cards``, in the shared notation ``3456789TJQKA2``; 跑得快 has no jokers.
"""

from __future__ import annotations

from typing import Final

from ddz_bot.kernel import Card, Cards, Rank, Suit, full_deck

from .rules import PdkRules

__all__ = [
    "PLAYERS",
    "RANK_OF",
    "SPADE_THREE",
    "TOP_RANK",
    "deck_for",
    "max_of_rank",
    "ranks_of",
]

PLAYERS: Final = 3
#: the highest rank of 跑得快 (2); jokers are not in its decks
TOP_RANK: Final = int(Rank.TWO)
#: who holds it leads a table's first hand, and plays it in the first play (R-PDK-FIRST)
SPADE_THREE: Final = Card.make(Rank.THREE, Suit.SPADES)

#: the rank of each card id, read without building an enum (hot paths)
RANK_OF: Final = tuple(int(c.rank) for c in full_deck())

_OUT_16: Final = frozenset(
    {
        Card.make(Rank.TWO, Suit.HEARTS),
        Card.make(Rank.TWO, Suit.CLUBS),
        Card.make(Rank.TWO, Suit.DIAMONDS),
        Card.make(Rank.ACE, Suit.SPADES),
    }
)
_OUT_15: Final = _OUT_16 | {
    Card.make(Rank.ACE, Suit.CLUBS),
    Card.make(Rank.ACE, Suit.DIAMONDS),
    Card.make(Rank.KING, Suit.SPADES),
}


def ranks_of(cards: list[Card] | tuple[Card, ...]) -> Cards:
    """The ranks of cards sorted by id (so by rank): no sorting, no enum."""
    return Cards.presorted([RANK_OF[c] for c in cards])


def deck_for(rules: PdkRules) -> list[Card]:
    """The deck in id order: 48 cards (45 with ``cards15``), no joker."""
    return list(_DECK_15 if rules.cards15 else _DECK_16)


def _deck(out: frozenset[Card]) -> tuple[Card, ...]:
    return tuple(c for c in full_deck() if RANK_OF[c] <= Rank.TWO and c not in out)


_DECK_16: Final = _deck(_OUT_16)
_DECK_15: Final = _deck(_OUT_15)

_MAX_16: Final = (4,) * 11 + (3, 1)
_MAX_15: Final = (4,) * 10 + (3, 1, 1)


def max_of_rank(rules: PdkRules) -> tuple[int, ...]:
    """How many cards of each rank (3 to 2) the deck holds."""
    return _MAX_15 if rules.cards15 else _MAX_16
