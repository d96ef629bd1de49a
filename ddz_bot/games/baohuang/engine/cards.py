"""The 168 cards of 保皇 (R-BH-DECK) as physical cards, and the two special ones.

Physical cards are the engine's ``Card`` ids of four decks with the 3s, 4s and 5s left out;
the rules only ever look at ranks (``Cards``). The emperor card (皇牌, the sceptre) is the big
joker of the first deck, the guard card (侍卫牌, the sword) the small joker of the first deck.
A ``Face`` is a rank and a suit without the deck: what the called-guard method names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ddz_bot.kernel import RANK_CHARS, Card, CardParseError, Rank, Suit

__all__ = [
    "DECKS",
    "DECK_SIZE",
    "EMPEROR_CARD",
    "GUARD_CARD",
    "HAND_SIZES",
    "NATURAL_RANKS",
    "RANK_OF",
    "Face",
    "bh_deck",
    "is_special",
]

#: Four decks of 54 cards, minus the 3s, 4s and 5s (R-BH-DECK).
DECKS: Final = 4
DECK_SIZE: Final = 168
#: Cards per seat in dealing order from the dealer (R-BH-DEAL).
HAND_SIZES: Final = (34, 34, 34, 33, 33)
#: The natural ranks of 保皇, low to high: 6 7 8 9 10 J Q K A 2.
NATURAL_RANKS: Final = tuple(range(Rank.SIX, Rank.TWO + 1))

#: 皇牌: the big joker with the sceptre.
EMPEROR_CARD: Final = Card.make(Rank.BIG_JOKER, deck=0)
#: 侍卫牌: the small joker with the sword (fixed-guard method).
GUARD_CARD: Final = Card.make(Rank.SMALL_JOKER, deck=0)

#: The rank of each card id of four decks (cheaper than ``Card.rank`` in hot paths).
RANK_OF: Final = tuple(int(Card(i).rank) for i in range(DECKS * 54))


_DECK: Final = tuple(Card(i) for i in range(DECKS * 54) if RANK_OF[i] >= Rank.SIX)


def bh_deck() -> list[Card]:
    """All 168 cards in id order (shuffle it yourself)."""
    return list(_DECK)


def is_special(card: int) -> bool:
    """The emperor card or the guard card: the cards a picture draws with a mark."""
    return card in (EMPEROR_CARD, GUARD_CARD)


@dataclass(frozen=True, slots=True, order=True)
class Face:
    """A natural rank and a suit (``Kh``): one of the 40 faces, four copies each (R-BH-CALL).

    ``str(face)`` is the rank character and the suit letter; ``Face.parse`` reads it back.
    """

    rank: Rank
    suit: Suit

    def __post_init__(self) -> None:
        if not Rank.SIX <= self.rank <= Rank.TWO:
            raise ValueError(f"no face of rank {self.rank!r} in 保皇")
        object.__setattr__(self, "rank", Rank(self.rank))
        object.__setattr__(self, "suit", Suit(self.suit))

    @classmethod
    def of(cls, card: Card) -> Face:
        suit = card.suit
        if suit is None:
            raise ValueError(f"a joker ({card}) has no face")
        return cls(card.rank, suit)

    @classmethod
    def parse(cls, text: str) -> Face:
        body = text.strip()
        if len(body) == 3 and body[:2] == "10":
            body = "T" + body[2]
        if len(body) != 2 or body[0].upper() not in RANK_CHARS or body[1].lower() not in "shcd":
            raise CardParseError(text, "not a face (rank and suit, like Kh)")
        rank = RANK_CHARS.index(body[0].upper())
        if not Rank.SIX <= rank <= Rank.TWO:
            raise CardParseError(text, "not a face of 保皇")
        return cls(Rank(rank), Suit("shcd".index(body[1].lower())))

    def copies(self) -> tuple[Card, ...]:
        """The four physical cards of this face, one per deck."""
        return tuple(Card.make(self.rank, self.suit, deck) for deck in range(DECKS))

    def __str__(self) -> str:
        return RANK_CHARS[self.rank] + self.suit.letter
