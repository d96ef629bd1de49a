"""A 保皇 play as a value (R-BH-COMBO): cards of at most one natural rank, with or without jokers.

``Meld`` is what the table shows as "the play to beat": a set (套牌) ``JJJJJ``, jokers alone
(王牌) ``XXD``, or a joker-hung set (王挂牌) ``777XD``. It prints in the engine's notation and
parses back; ``Meld.of`` names the bad input when cards are not one play.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ddz_bot.kernel import RANK_CHARS, Cards, Rank, parse_cards

__all__ = ["Meld", "MeldKind", "NotAMeld", "meld_of"]

_SMALL = int(Rank.SMALL_JOKER)
_BIG = int(Rank.BIG_JOKER)
_SIX = int(Rank.SIX)


class NotAMeld(ValueError):
    """Cards that are not one 保皇 play (empty, two natural ranks, or a rank not in the deck)."""

    def __init__(self, cards: object, reason: str) -> None:
        self.cards = cards
        self.reason = reason
        super().__init__(f"{cards}: {reason}")


class MeldKind(StrEnum):
    """The three shapes of R-BH-COMBO."""

    SET = "set"  # 套牌: one natural rank, no joker
    JOKERS = "jokers"  # 王牌: jokers alone
    HUNG = "hung"  # 王挂牌: one natural rank with jokers


@dataclass(frozen=True, slots=True)
class Meld:
    """``count`` cards of the natural ``rank`` (``None`` and 0 for jokers alone), with ``small``
    small jokers and ``big`` big jokers."""

    rank: int | None
    count: int
    small: int
    big: int

    @classmethod
    def of(cls, cards: Cards) -> Meld:
        """The play these cards make; ``NotAMeld`` if they are none."""
        meld = meld_of(cards)
        if meld is None:
            if not cards:
                raise NotAMeld(cards, "no cards")
            raise NotAMeld(cards, "cards of two natural ranks are never one play")
        return meld

    @classmethod
    def parse(cls, text: str) -> Meld:
        return cls.of(parse_cards(text))

    @property
    def cards(self) -> Cards:
        natural = [] if self.rank is None else [self.rank] * self.count
        return Cards.presorted([*natural, *[_SMALL] * self.small, *[_BIG] * self.big])

    @property
    def size(self) -> int:
        return self.count + self.small + self.big

    @property
    def jokers(self) -> int:
        return self.small + self.big

    @property
    def kind(self) -> MeldKind:
        if self.rank is None:
            return MeldKind.JOKERS
        return MeldKind.HUNG if self.jokers else MeldKind.SET

    @property
    def has_six(self) -> bool:
        """Holds a 6 (R-BH-SIX)."""
        return self.rank == _SIX

    def to_dict(self) -> dict[str, Any]:
        return {"cards": str(self), "kind": self.kind.value}

    def __str__(self) -> str:
        return str(self.cards)

    def __repr__(self) -> str:
        return f"Meld({str(self)!r})"


def meld_of(cards: Cards) -> Meld | None:
    """The play ``cards`` (sorted ranks) make, or ``None`` if they make none."""
    if not cards:
        return None
    small = big = 0
    rank: int | None = None
    count = 0
    for r in cards:
        if r == _BIG:
            big += 1
        elif r == _SMALL:
            small += 1
        elif r < _SIX or r > _BIG:
            return None
        elif rank is None:
            rank, count = r, 1
        elif r == rank:
            count += 1
        else:
            return None
    return Meld(rank, count, small, big)


def meld_text(rank: int | None, count: int, small: int, big: int) -> str:
    """The notation of a meld given by its counts (for messages)."""
    natural = "" if rank is None else RANK_CHARS[rank] * count
    return natural + "X" * small + "D" * big
