"""What happened in a hand (events): the base every game's events share, and the events
every game has (passed, trick won, timed out, 托管, escaped, redealt, aborted, a new phase, a
play, the end). A game whose words for the last three differ names its own (``name``) and the
values they write in its notation (``notation``), and declares nothing else.

A game's ``apply`` returns a list of events for every accepted action. Each event has a
stable ``name`` and a ``to_dict`` of plain data for logs.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from enum import Enum, StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from .cards import Card, Cards

__all__ = [
    "NOTATION",
    "Aborted",
    "AutoPlayChanged",
    "Escaped",
    "Event",
    "HandFinished",
    "Passed",
    "PhaseChanged",
    "Played",
    "Redealt",
    "TimedOut",
    "TrickWon",
    "plain",
]


#: the values written in their own notation in an event's plain data (``Cards``: ``3334``)
NOTATION: tuple[type, ...] = (Card, Cards)


def plain(value: Any, notation: tuple[type, ...] = NOTATION) -> Any:
    """Plain data (str, int, bool, None, lists, dicts) for logs: the ``notation`` types (cards
    by default) as their notation, else a value's own ``to_dict`` where it has one, enums as
    their value, containers and dataclasses member by member."""
    if isinstance(value, notation):
        return str(value)
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict) and not isinstance(value, type):
        return to_dict()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [plain(v, notation) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v, notation) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name), notation) for f in fields(value)}
    return value


@dataclass(frozen=True, slots=True)
class Event:
    name: ClassVar[str] = "event"
    #: what this game's events write in its notation (a game adds its own values: melds...)
    notation: ClassVar[tuple[type, ...]] = NOTATION

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.name}
        for f in fields(self):
            out[f.name] = plain(getattr(self, f.name), self.notation)
        return out


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


ComboT = TypeVar("ComboT")
OutcomeT = TypeVar("OutcomeT")


@dataclass(frozen=True, slots=True)
class PhaseChanged(Event):
    """The hand moved to ``phase`` (the game's own); ``turn`` decides first in it."""

    phase: StrEnum
    turn: int | None
    name: ClassVar[str] = "phase"


@dataclass(frozen=True, slots=True)
class Played(Event, Generic[ComboT]):
    """``seat`` played ``cards`` as ``combo`` (the game's reading of them); it holds
    ``cards_left``."""

    seat: int
    combo: ComboT
    cards: tuple[Card, ...]
    cards_left: int
    name: ClassVar[str] = "played"


@dataclass(frozen=True, slots=True)
class HandFinished(Event, Generic[OutcomeT]):
    """The hand is over: its ``outcome`` (the game's)."""

    outcome: OutcomeT
    name: ClassVar[str] = "finished"
