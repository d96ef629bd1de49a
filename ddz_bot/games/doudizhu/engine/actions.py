"""斗地主's own actions (明牌, bidding, 抢地主, 加倍) and refusals, on the kernel's action base.

``read_action`` reads them (and the kernel's shared ones) back from their plain dicts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ddz_bot.kernel import Action, ActionReader, AlreadyAnswered, IllegalAction

__all__ = [
    "OWN_ACTIONS",
    "OWN_REFUSALS",
    "AlreadyShown",
    "BadReading",
    "Bid",
    "BidTooLow",
    "Call",
    "CannotGrab",
    "Decline",
    "Double",
    "DoubleNotAllowed",
    "Grab",
    "NoDouble",
    "NoGrab",
    "NoShow",
    "ShowCards",
    "read_action",
]


# --------------------------------------------------------------------------- errors


class AlreadyShown(AlreadyAnswered, code="already_shown"): ...


class CannotGrab(IllegalAction, code="cannot_grab"): ...


class BidTooLow(IllegalAction, code="bid_too_low"): ...


class DoubleNotAllowed(IllegalAction, code="double_not_allowed"): ...


class BadReading(IllegalAction, code="bad_reading"): ...


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class ShowCards(Action):
    """明牌: before the deal (x5), during it (x4/x3), or the landlord after the bottom (x2)."""

    seat: int
    type: ClassVar[str] = "show"


@dataclass(frozen=True, slots=True)
class NoShow(Action):
    """The landlord keeps the hand hidden after taking the bottom cards."""

    seat: int
    type: ClassVar[str] = "no_show"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """叫地主."""

    seat: int
    type: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """不叫 (call-and-grab) or pass (points bidding)."""

    seat: int
    type: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Grab(Action):
    """抢地主."""

    seat: int
    type: ClassVar[str] = "grab"


@dataclass(frozen=True, slots=True)
class NoGrab(Action):
    """不抢."""

    seat: int
    type: ClassVar[str] = "no_grab"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """叫分: 1, 2 or 3."""

    seat: int
    points: int
    type: ClassVar[str] = "bid"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "points": self.points}

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Action:
        return cls(int(data["seat"]), int(data["points"]))


@dataclass(frozen=True, slots=True)
class Double(Action):
    """加倍."""

    seat: int
    type: ClassVar[str] = "double"


@dataclass(frozen=True, slots=True)
class NoDouble(Action):
    """不加倍."""

    seat: int
    type: ClassVar[str] = "no_double"


#: 斗地主's own actions and refusals (the kernel has the shared ones)
OWN_ACTIONS: tuple[type[Action], ...] = (
    ShowCards,
    NoShow,
    Call,
    Decline,
    Grab,
    NoGrab,
    Bid,
    Double,
    NoDouble,
)
OWN_REFUSALS: tuple[type[IllegalAction], ...] = (
    AlreadyShown,
    CannotGrab,
    BidTooLow,
    DoubleNotAllowed,
    BadReading,
)
#: reads a 斗地主 hand's actions back from their plain dicts
read_action = ActionReader(OWN_ACTIONS)
