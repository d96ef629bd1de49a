"""What players send to a 保皇 hand beyond the engine's own actions, and why it may refuse.

The kernel's ``Deal``, ``Play``, ``Pass``, ``Timeout``, ``AutoPlay`` and ``Escape`` serve 保皇
as they are; the throne, the called guard and the declarations are its own actions, which
``read_action`` reads back. Every refusal is an ``IllegalAction`` with a code of its own; the
kernel's codes are reused where they mean the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ddz_bot.kernel import Action, ActionReader, IllegalAction

from .cards import Face
from .views import Declaration

__all__ = [
    "OWN_ACTIONS",
    "OWN_REFUSALS",
    "AutoPlayLocked",
    "CallGuard",
    "CannotCall",
    "CannotDeclare",
    "Declare",
    "MustTakeThrone",
    "SixLast",
    "TakeThrone",
    "WrongMethod",
    "YieldThrone",
    "read_action",
]


class WrongMethod(IllegalAction, code="wrong_method"):
    """A throne action of the other guard method (登基 in the called method, or a call in the
    fixed one)."""


class CannotCall(IllegalAction, code="cannot_call"):
    """The named card can't be called: a 2, or fewer than three copies held (R-BH-CALL)."""


class MustTakeThrone(IllegalAction, code="must_take"):
    """Called method, second round: a holder who can call a guard must take the throne."""


class CannotDeclare(IllegalAction, code="cannot_declare"):
    """A declaration the seat's role (or the table's options) doesn't allow (R-BH-DECLARE)."""


class SixLast(IllegalAction, code="six_last"):
    """憋6 (R-BH-SIX): a play with a 6 must empty the hand."""


class AutoPlayLocked(IllegalAction, code="auto_locked"):
    """The seat went on auto-play four times this hand: its owner can't take it back."""


@dataclass(frozen=True, slots=True)
class TakeThrone(Action):
    """登基 (fixed-guard method): take the emperor card and every attached card."""

    seat: int
    type: ClassVar[str] = "take_throne"


@dataclass(frozen=True, slots=True)
class YieldThrone(Action):
    """让位: hand the emperor card to the 上家 (attaching a card if it was handed to you)."""

    seat: int
    type: ClassVar[str] = "yield_throne"


@dataclass(frozen=True, slots=True)
class CallGuard(Action):
    """Take the throne naming a face of which you hold three copies (four: hidden solo)."""

    seat: int
    face: Face
    type: ClassVar[str] = "call_guard"

    def __post_init__(self) -> None:
        if isinstance(self.face, str):
            object.__setattr__(self, "face", Face.parse(self.face))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "face": str(self.face)}

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Action:
        return cls(int(data["seat"]), Face.parse(str(data["face"])))


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """A word in the declaration round: 明独保, 明保, 造反, 抢独, or nothing."""

    seat: int
    declaration: Declaration = Declaration.NOTHING
    type: ClassVar[str] = "declare"

    def __post_init__(self) -> None:
        if not isinstance(self.declaration, Declaration):
            object.__setattr__(self, "declaration", Declaration(self.declaration))

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "declaration": self.declaration.value}

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Action:
        return cls(int(data["seat"]), Declaration(str(data["declaration"])))


#: 保皇's own actions and refusals (the kernel has the shared ones)
OWN_ACTIONS: tuple[type[Action], ...] = (TakeThrone, YieldThrone, CallGuard, Declare)
OWN_REFUSALS: tuple[type[IllegalAction], ...] = (
    WrongMethod,
    CannotCall,
    MustTakeThrone,
    CannotDeclare,
    SixLast,
    AutoPlayLocked,
)
#: reads a 保皇 hand's actions back from their plain dicts
read_action = ActionReader(OWN_ACTIONS)
