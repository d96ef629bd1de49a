"""What happened in a hand (events): what the bot and the renderer narrate.

``Game.apply`` returns a list of these for every accepted action. Each event has a
stable ``name`` and a ``to_dict`` of plain data for logs.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .cards import Card, Cards
from .combos import Combo
from .views import HandOutcome, Phase, ShowKind

__all__ = [
    "Aborted",
    "AutoPlayChanged",
    "BidPlaced",
    "Called",
    "Dealt",
    "Declined",
    "Doubled",
    "Escaped",
    "Event",
    "Grabbed",
    "HandFinished",
    "LandlordChosen",
    "NotGrabbed",
    "Passed",
    "PhaseChanged",
    "Played",
    "Redealt",
    "ShowedCards",
    "TimedOut",
    "TrickWon",
    "WildcardDrawn",
]


def _plain(value: Any) -> Any:
    if isinstance(value, Combo):
        return value.to_dict()
    if isinstance(value, Cards):
        return str(value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Phase):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, HandOutcome):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if hasattr(value, "value"):
        return value.value
    return value


@dataclass(frozen=True, slots=True)
class Event:
    name: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.name}
        for f in fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


@dataclass(frozen=True, slots=True)
class PhaseChanged(Event):
    phase: Phase
    turn: int | None
    name: ClassVar[str] = "phase"


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


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    combo: Combo
    cards: tuple[Card, ...]
    cards_left: int
    name: ClassVar[str] = "played"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int
    name: ClassVar[str] = "passed"


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """Everyone else passed: ``seat`` leads the next trick."""

    seat: int
    name: ClassVar[str] = "trick_won"


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """The seat's time ran out; the events that follow show the default action taken."""

    seat: int
    name: ClassVar[str] = "timed_out"


@dataclass(frozen=True, slots=True)
class AutoPlayChanged(Event):
    seat: int
    on: bool
    name: ClassVar[str] = "auto_play"


@dataclass(frozen=True, slots=True)
class Escaped(Event):
    seat: int
    name: ClassVar[str] = "escaped"


@dataclass(frozen=True, slots=True)
class Redealt(Event):
    """Nobody called: new cards (``redeals`` so far in this hand)."""

    redeals: int
    name: ClassVar[str] = "redealt"


@dataclass(frozen=True, slots=True)
class Aborted(Event):
    reason: str
    name: ClassVar[str] = "aborted"


@dataclass(frozen=True, slots=True)
class HandFinished(Event):
    outcome: HandOutcome
    name: ClassVar[str] = "finished"
