"""Ranks, cards and card sets, with the text notation players type and read.

Two kinds of value live here:

* ``Card``: one physical card (rank, suit, deck), an ``int`` id so that a whole
  deal serialises as a list of small numbers. Suits only matter to pictures.
* ``Cards``: a multiset of *ranks*, always sorted ascending. This is what the
  rules look at; ``str(Cards)`` is the canonical notation (``33344``, ``TJQKA``,
  ``XD``) and ``parse_cards`` reads it back, together with the forgiving forms
  people type (``10jqka``, ``3 3 3 4 4``, ``小王 大王``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

__all__ = [
    "NUM_RANKS",
    "RANK_CHARS",
    "SEQUENCE_TOP",
    "Card",
    "CardParseError",
    "Cards",
    "Rank",
    "Suit",
    "format_cards",
    "from_hex",
    "full_deck",
    "parse_cards",
    "rank_name",
    "to_hex",
]

#: One character a rank, low to high. ``T`` is ten, ``X`` the small joker, ``D`` the big one.
RANK_CHARS: Final = "3456789TJQKA2XD"
NUM_RANKS: Final = 15


class Rank(IntEnum):
    """Ranks in playing order; the value is the index in ``RANK_CHARS``."""

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12
    SMALL_JOKER = 13
    BIG_JOKER = 14

    @property
    def char(self) -> str:
        return RANK_CHARS[self]

    @property
    def is_joker(self) -> bool:
        return self >= Rank.SMALL_JOKER


#: The highest rank a sequence (straight, pair straight, plane) may reach: ace.
SEQUENCE_TOP: Final = int(Rank.ACE)

_RANK_DISPLAY: Final = (
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "J",
    "Q",
    "K",
    "A",
    "2",
    "小王",
    "大王",
)


def rank_name(rank: int) -> str:
    """How a rank is written for people: ``10`` rather than ``T``, jokers in Chinese."""
    return _RANK_DISPLAY[rank]


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        return "♠♥♣♦"[self]

    @property
    def letter(self) -> str:
        return "shcd"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_CARDS_PER_DECK: Final = 54
#: each card's name by its id, worked out on first use (``Card.__str__``)
_CARD_NAMES: dict[int, str] = {}


class Card(int):
    """One physical card. The id is ``deck * 54 + index``; index ``rank * 4 + suit`` for
    the 52 suited cards, 52 for the small joker and 53 for the big joker.

    ``str(card)`` is rank then suit letter (``Ts``, ``3h``), ``X``/``D`` for jokers, with a
    trailing ``'`` for the second deck; ``Card.parse(str(c)) == c``.
    """

    __slots__ = ()

    @classmethod
    def make(cls, rank: int, suit: int | None = None, deck: int = 0) -> Card:
        if rank == Rank.SMALL_JOKER:
            index = 52
        elif rank == Rank.BIG_JOKER:
            index = 53
        else:
            if suit is None:
                raise ValueError(f"a {RANK_CHARS[rank]} needs a suit")
            index = rank * 4 + suit
        return cls(deck * _CARDS_PER_DECK + index)

    @property
    def deck(self) -> int:
        return int(self) // _CARDS_PER_DECK

    @property
    def rank(self) -> Rank:
        index = int(self) % _CARDS_PER_DECK
        if index >= 52:
            return Rank(index - 52 + Rank.SMALL_JOKER)
        return Rank(index // 4)

    @property
    def suit(self) -> Suit | None:
        index = int(self) % _CARDS_PER_DECK
        return None if index >= 52 else Suit(index % 4)

    def __str__(self) -> str:
        name = _CARD_NAMES.get(self)
        if name is None:  # worked out once a card: views and frames name cards by the hundred
            suit = self.suit
            text = RANK_CHARS[self.rank] + ("" if suit is None else suit.letter)
            name = _CARD_NAMES[int(self)] = text + "'" * self.deck
        return name

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        deck = len(text) - len(text.rstrip("'"))
        body = text.rstrip("'")
        if not body or body[0] not in RANK_CHARS:
            raise CardParseError(text, "not a card")
        rank = RANK_CHARS.index(body[0])
        if rank >= Rank.SMALL_JOKER:
            if len(body) != 1:
                raise CardParseError(text, "not a card")
            return cls.make(rank, deck=deck)
        if len(body) != 2 or body[1] not in "shcd":
            raise CardParseError(text, "not a card")
        return cls.make(rank, "shcd".index(body[1]), deck)


def to_hex(cards: Iterable[int]) -> str:
    """Card ids as stored: a byte a card, in hex (card ids are ints below 256)."""
    return bytes(cards).hex()


def from_hex(text: str) -> list[Card]:
    return list(map(Card, bytes.fromhex(text)))


def full_deck(decks: int = 1) -> list[Card]:
    """Every card of ``decks`` decks, in id order (shuffle it yourself)."""
    return [Card(i) for i in range(decks * _CARDS_PER_DECK)]


class Cards(tuple[int, ...]):
    """A multiset of ranks, sorted ascending. Immutable, hashable, cheap.

    ``str`` gives the canonical notation; ``Cards.parse``/``parse_cards`` read it back.
    """

    __slots__ = ()

    def __new__(cls, ranks: Iterable[int] = ()) -> Cards:
        return tuple.__new__(cls, sorted(int(r) for r in ranks))

    @classmethod
    def presorted(cls, ranks: Sequence[int]) -> Cards:
        """Wrap ``ranks`` as they are, for hot paths: it trusts its input to be ranks (ints
        from 0 to ``NUM_RANKS - 1``) already sorted ascending, and checks nothing."""
        return tuple.__new__(cls, ranks)

    @classmethod
    def from_counts(cls, counts: Sequence[int]) -> Cards:
        out: list[int] = []
        for rank, n in enumerate(counts):
            if n:
                out.extend([rank] * n)
        return tuple.__new__(cls, out)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Cards:
        """The ranks of physical cards."""
        return cls(card.rank for card in cards)

    @classmethod
    def parse(cls, text: str) -> Cards:
        """``parse_cards``: the canonical notation and the forgiving forms people type."""
        return parse_cards(text)

    def counts(self) -> list[int]:
        """How many cards of each rank: a list of ``NUM_RANKS`` ints."""
        out = [0] * NUM_RANKS
        for rank in self:
            out[rank] += 1
        return out

    def contains(self, other: Iterable[int]) -> bool:
        """True if every card of ``other`` can be taken from this multiset."""
        mine = self.counts()
        for rank in other:
            mine[rank] -= 1
            if mine[rank] < 0:
                return False
        return True

    def remove(self, other: Iterable[int]) -> Cards:
        """This multiset without ``other``; ``ValueError`` if a card is missing."""
        mine = self.counts()
        for rank in other:
            mine[rank] -= 1
            if mine[rank] < 0:
                raise ValueError(f"{RANK_CHARS[rank]} is not in {self}")
        return Cards.from_counts(mine)

    def __add__(self, other: tuple[int, ...]) -> Cards:  # type: ignore[override]
        return Cards(tuple(self) + tuple(other))

    def __str__(self) -> str:
        return "".join(RANK_CHARS[r] for r in self)

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"


class CardParseError(ValueError):
    """Text that doesn't read as cards. ``token`` is the part that failed."""

    def __init__(self, token: str, reason: str = "not a card") -> None:
        self.token = token
        self.reason = reason
        super().__init__(f"{token!r}: {reason}")


_WORDS: Final = {
    "10": "T",
    "小王": "X",
    "大王": "D",
    "小鬼": "X",
    "大鬼": "D",
    "王炸": "XD",
    "火箭": "XD",
    "双王": "XD",
    "雙王": "XD",
    "joker": "XD",
    "jokers": "XD",
    "rocket": "XD",
    "smalljoker": "X",
    "bigjoker": "D",
    "sj": "X",
    "bj": "D",
}
_SEPARATORS: Final = re.compile(r"[\s,，、;；+/|]+")
_TOKEN: Final = re.compile(r"10|小王|大王|小鬼|大鬼|王炸|火箭|双王|雙王|[a-z]+|.", re.IGNORECASE)
_SINGLE: Final = {c: c for c in RANK_CHARS} | {
    "t": "T",
    "j": "J",
    "q": "Q",
    "k": "K",
    "a": "A",
    "x": "X",
    "d": "D",
}


def parse_cards(text: str) -> Cards:
    """Read cards as people type them.

    Accepts the canonical notation and its forgiving forms: any case, ``10`` for ten,
    spaces, commas and ``+`` between cards, ``小王``/``大王``, ``joker`` for both jokers,
    and the full-width letters and digits of Chinese and Japanese keyboards (``３３３``).
    Raises ``CardParseError`` (a ``ValueError``) naming the first token it can't read.
    """
    ranks: list[int] = []
    text = unicodedata.normalize("NFKC", text)  # full-width forms read as their ASCII
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        lowered = chunk.lower()
        if lowered in _WORDS:
            ranks.extend(RANK_CHARS.index(c) for c in _WORDS[lowered])
            continue
        for match in _TOKEN.finditer(chunk):
            token = match.group(0)
            key = token.lower()
            if key in _WORDS:
                ranks.extend(RANK_CHARS.index(c) for c in _WORDS[key])
            elif len(token) == 1 and (token in _SINGLE or key in _SINGLE):
                ranks.append(RANK_CHARS.index(_SINGLE.get(token) or _SINGLE[key]))
            elif token.isalpha() and token.isascii():
                # a run of letters like "tjqka": each letter must be a rank
                for letter in token:
                    mapped = _SINGLE.get(letter.lower())
                    if mapped is None:
                        raise CardParseError(token)
                    ranks.append(RANK_CHARS.index(mapped))
            else:
                raise CardParseError(token)
    return Cards(ranks)


def format_cards(cards: Iterable[int]) -> str:
    """The canonical notation: ranks ``3456789TJQKA2XD`` ascending."""
    return "".join(RANK_CHARS[r] for r in sorted(int(c) for c in cards))
