"""What happened in a 保皇 hand: the events ``BaoHuangGame.apply`` returns.

Events are told to the whole table, so none carries a hidden card or the hidden guard: the
cards they name are face up (played, attached to the throne offer, taken with it), and the
guard is named only by ``GuardRevealed``. The engine's ``Passed``, ``TrickWon``, ``TimedOut``,
``AutoPlayChanged``, ``Escaped``, ``Redealt`` and ``Aborted`` are reused as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ddz_bot.kernel import NOTATION, Card, Event, PhaseChanged
from ddz_bot.kernel import HandFinished as SharedHandFinished

from .cards import Face
from .melds import Meld
from .views import BaoHuangOutcome, Declaration, Place, Solo

__all__ = [
    "Declared",
    "GuardCalled",
    "GuardRevealed",
    "HandDealt",
    "HandFinished",
    "PhaseChanged",
    "Played",
    "SoloGrabbed",
    "SoloRevealed",
    "ThroneOffered",
    "ThroneTaken",
    "ThroneYielded",
    "WentOut",
]


@dataclass(frozen=True, slots=True)
class BaoHuangEvent(Event):
    notation: ClassVar[tuple[type, ...]] = (*NOTATION, Face, Meld)


@dataclass(frozen=True, slots=True)
class HandDealt(BaoHuangEvent):
    """All 168 cards dealt from ``dealer`` (R-BH-DEAL): ``counts`` per seat."""

    dealer: int
    counts: tuple[int, ...]
    deal: int  # 0 for the first deal, then the redeal's number
    name: ClassVar[str] = "bh_dealt"


@dataclass(frozen=True, slots=True)
class ThroneOffered(BaoHuangEvent):
    """The emperor card reaches ``seat`` (offer ``number``, 1 to 10) with ``attached``."""

    seat: int
    number: int
    attached: tuple[Card, ...]
    must_take: bool = False
    name: ClassVar[str] = "throne_offered"


@dataclass(frozen=True, slots=True)
class ThroneYielded(BaoHuangEvent):
    """让位: ``attached`` is the card the seat added (贴牌), face up; ``None`` for the first."""

    seat: int
    attached: Card | None
    name: ClassVar[str] = "throne_yielded"


@dataclass(frozen=True, slots=True)
class ThroneTaken(BaoHuangEvent):
    """登基: ``cards`` are the emperor card and the attached cards the seat takes."""

    seat: int
    cards: tuple[Card, ...]
    name: ClassVar[str] = "throne_taken"


@dataclass(frozen=True, slots=True)
class GuardCalled(BaoHuangEvent):
    """Called method: ``seat`` takes the throne naming ``face`` (特画)."""

    seat: int
    face: Face
    name: ClassVar[str] = "guard_called"


@dataclass(frozen=True, slots=True)
class Declared(BaoHuangEvent):
    seat: int
    declaration: Declaration
    name: ClassVar[str] = "declared"


@dataclass(frozen=True, slots=True)
class SoloGrabbed(BaoHuangEvent):
    """抢独: ``seat`` becomes the emperor of an open solo in place of ``previous``."""

    seat: int
    previous: int
    name: ClassVar[str] = "solo_grabbed"


@dataclass(frozen=True, slots=True)
class GuardRevealed(BaoHuangEvent):
    """The table learns who the guard is; ``reason``: guard_card | open_guard | revolt."""

    seat: int
    reason: str
    name: ClassVar[str] = "guard_revealed"


@dataclass(frozen=True, slots=True)
class SoloRevealed(BaoHuangEvent):
    """The table learns the emperor plays alone; ``reason``: guard_card | revolt."""

    seat: int
    solo: Solo
    reason: str
    name: ClassVar[str] = "solo_revealed"


@dataclass(frozen=True, slots=True)
class Played(BaoHuangEvent):
    seat: int
    meld: Meld
    cards: tuple[Card, ...]
    cards_left: int
    name: ClassVar[str] = "bh_played"


@dataclass(frozen=True, slots=True)
class WentOut(BaoHuangEvent):
    """The seat played its last card and takes ``place`` (R-BH-PLACES)."""

    seat: int
    place: Place
    name: ClassVar[str] = "went_out"


@dataclass(frozen=True, slots=True)
class HandFinished(SharedHandFinished[BaoHuangOutcome]):
    name: ClassVar[str] = "bh_finished"
    notation: ClassVar[tuple[type, ...]] = BaoHuangEvent.notation
