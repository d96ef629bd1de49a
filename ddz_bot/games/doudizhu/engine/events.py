"""What happened in a hand of 斗地主 (events): what the bot and the renderer narrate.

``Game.apply`` returns a list of these for every accepted action, with the kernel's shared
events (passed, trick won, timed out, 托管, escaped, redealt, aborted; a new phase, a play and
the end under the kernel's own names: ``phase``, ``played``, ``finished``). Each event has a
stable ``name`` and a ``to_dict`` of plain data for logs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ddz_bot.kernel import Card, Event, HandFinished, PhaseChanged, Played

from .views import ShowKind

__all__ = [
    "BidPlaced",
    "Called",
    "Dealt",
    "Declined",
    "Doubled",
    "Grabbed",
    "HandFinished",
    "LandlordChosen",
    "NotGrabbed",
    "PhaseChanged",
    "Played",
    "ShowedCards",
    "WildcardDrawn",
]


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A dealing step: ``step`` 1 (the first cards) or 2 (the rest); ``cards_each`` in hand."""

    step: int
    cards_each: int
    name: ClassVar[str] = "dealt"


@dataclass(frozen=True, slots=True)
class ShowedCards(Event):
    """A seat shows its hand (明牌), when and for which factor."""

    seat: int
    kind: ShowKind
    factor: int
    hand: tuple[Card, ...]
    name: ClassVar[str] = "showed"


@dataclass(frozen=True, slots=True)
class Called(Event):
    seat: int
    name: ClassVar[str] = "called"


@dataclass(frozen=True, slots=True)
class Declined(Event):
    seat: int
    name: ClassVar[str] = "declined"


@dataclass(frozen=True, slots=True)
class Grabbed(Event):
    seat: int
    name: ClassVar[str] = "grabbed"


@dataclass(frozen=True, slots=True)
class NotGrabbed(Event):
    seat: int
    name: ClassVar[str] = "not_grabbed"


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    seat: int
    points: int
    name: ClassVar[str] = "bid"


@dataclass(frozen=True, slots=True)
class LandlordChosen(Event):
    seat: int
    bottom: tuple[Card, ...]
    base: int
    name: ClassVar[str] = "landlord"


@dataclass(frozen=True, slots=True)
class WildcardDrawn(Event):
    rank: int
    name: ClassVar[str] = "wildcard"


@dataclass(frozen=True, slots=True)
class Doubled(Event):
    seat: int
    doubled: bool
    name: ClassVar[str] = "doubled"
