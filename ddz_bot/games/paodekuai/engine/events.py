"""What happened in a 跑得快 hand: the events ``PdkGame.apply`` returns.

Events are told to the whole table, so none names a card still held. The shared
``Passed``, ``TimedOut``, ``AutoPlayChanged`` and ``Escaped`` serve as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ddz_bot.kernel import NOTATION, Event, Passed
from ddz_bot.kernel import HandFinished as SharedHandFinished
from ddz_bot.kernel import PhaseChanged as SharedPhaseChanged
from ddz_bot.kernel import Played as SharedPlayed

from .cards import PLAYERS
from .combos import PdkCombo
from .views import PdkOutcome

__all__ = [
    "SEAT_ONE_CARD_LEFT",
    "SEAT_PASSED",
    "SEAT_TRICK_WON",
    "BombStood",
    "HandDealt",
    "HandFinished",
    "OneCardLeft",
    "PdkEvent",
    "PhaseChanged",
    "Played",
    "TrickWon",
]


@dataclass(frozen=True, slots=True)
class PdkEvent(Event):
    notation: ClassVar[tuple[type, ...]] = (*NOTATION, PdkCombo)


@dataclass(frozen=True, slots=True)
class PhaseChanged(SharedPhaseChanged):
    name: ClassVar[str] = "pdk_phase"


@dataclass(frozen=True, slots=True)
class HandDealt(PdkEvent):
    """Every seat got ``cards_each`` cards; ``leader`` leads (the ♠3's holder in a table's
    first hand, ``spade_three`` True: R-PDK-FIRST)."""

    cards_each: int
    leader: int
    spade_three: bool
    name: ClassVar[str] = "pdk_dealt"


@dataclass(frozen=True, slots=True)
class Played(SharedPlayed[PdkCombo]):
    name: ClassVar[str] = "pdk_played"
    notation: ClassVar[tuple[type, ...]] = PdkEvent.notation


@dataclass(frozen=True, slots=True)
class OneCardLeft(PdkEvent):
    """报单: the seat holds one card now (R-PDK-WARN)."""

    seat: int
    name: ClassVar[str] = "one_card"


@dataclass(frozen=True, slots=True)
class TrickWon(PdkEvent):
    """Both others passed: ``seat`` leads the next trick (R-PDK-TRICK)."""

    seat: int
    name: ClassVar[str] = "pdk_trick_won"


@dataclass(frozen=True, slots=True)
class BombStood(PdkEvent):
    """``seat``'s bomb won its trick: 10 points from each other seat (R-PDK-SCORE)."""

    seat: int
    rank: int
    name: ClassVar[str] = "bomb_stood"


@dataclass(frozen=True, slots=True)
class HandFinished(SharedHandFinished[PdkOutcome]):
    name: ClassVar[str] = "pdk_finished"
    notation: ClassVar[tuple[type, ...]] = PdkEvent.notation


# the events that name only a seat, made once (frozen values: one serves every hand)
SEAT_PASSED: tuple[Passed, ...] = tuple(Passed(s) for s in range(PLAYERS))
SEAT_TRICK_WON: tuple[TrickWon, ...] = tuple(TrickWon(s) for s in range(PLAYERS))
SEAT_ONE_CARD_LEFT: tuple[OneCardLeft, ...] = tuple(OneCardLeft(s) for s in range(PLAYERS))
