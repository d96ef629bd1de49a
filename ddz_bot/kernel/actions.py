"""What players send to a hand (actions) and why a hand may refuse one (``IllegalAction``),
as every game shares them: the action base, the refusals any game can give, the actions every
game knows (deal, play, pass, time-out, escape, 托管) and the registry that reads an action
back from its plain dict.

Actions are small frozen values that print, compare and round-trip through plain dicts
(``to_dict``/``action_from_dict``), so that the ordered list of a hand's actions can be stored
and replayed. A game reads its own actions back with its ``ActionReader``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Protocol

from .cards import Cards, parse_cards

__all__ = [
    "SHARED_ACTIONS",
    "SHARED_REFUSALS",
    "Action",
    "ActionReader",
    "AlreadyAnswered",
    "AutoPlay",
    "BadSeat",
    "CardsNotInHand",
    "Deal",
    "DoesNotBeat",
    "EmptyPlay",
    "Escape",
    "GameOver",
    "IllegalAction",
    "MustLead",
    "NotACombo",
    "NotYourTurn",
    "Pass",
    "Play",
    "PlayReading",
    "Readable",
    "Timeout",
    "WrongPhase",
    "action_from_dict",
    "need_phase",
    "need_turn",
]

_set = object.__setattr__  # frozen dataclasses are filled in this way

#: How a play with wildcards reads (R-LZ-CHOICE): the kind of combination (a game's own
#: ``StrEnum`` value), its rank and its length.
PlayReading = tuple[str, int, int]


class Readable(Protocol):
    """A combination a game listed itself: its cards and how they read."""

    @property
    def cards(self) -> Cards: ...
    @property
    def kind(self) -> str: ...
    @property
    def rank(self) -> int: ...
    @property
    def length(self) -> int: ...


# --------------------------------------------------------------------------- errors


class IllegalAction(ValueError):
    """An action the hand refuses; the hand is left unchanged.

    ``code`` is a stable key the bot translates; ``str(error)`` is a short English reason.
    """

    code: ClassVar[str] = "illegal"

    def __init_subclass__(cls, code: str = "", **kwargs: Any) -> None:
        """A refusal is declared with its code: ``class X(IllegalAction, code="x")``."""
        super().__init_subclass__(**kwargs)
        if code:
            cls.code = code

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class WrongPhase(IllegalAction, code="wrong_phase"): ...


class GameOver(WrongPhase, code="game_over"): ...


class NotYourTurn(IllegalAction, code="not_your_turn"): ...


class BadSeat(IllegalAction, code="bad_seat"): ...


class AlreadyAnswered(IllegalAction, code="already_answered"): ...


class EmptyPlay(IllegalAction, code="empty_play"): ...


class CardsNotInHand(IllegalAction, code="not_in_hand"): ...


class NotACombo(IllegalAction, code="not_a_combo"): ...


class DoesNotBeat(IllegalAction, code="does_not_beat"): ...


class MustLead(IllegalAction, code="must_lead"): ...


# --------------------------------------------------------------------------- checks


def need_phase(phase: StrEnum, *phases: StrEnum) -> None:
    """``WrongPhase`` unless ``phase`` is one of ``phases``."""
    if phase not in phases:
        names = " or ".join(p.value for p in phases)
        raise WrongPhase(f"that is only possible while {names}, not {phase.value}")


def need_turn(turn: int | None, seat: int) -> None:
    """``NotYourTurn`` unless ``turn`` is ``seat``."""
    if turn != seat:
        who = "nobody's" if turn is None else f"seat {turn}'s"
        raise NotYourTurn(f"it is {who} turn, not seat {seat}'s")


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``seat`` is who acts (``None`` for the table itself)."""

    type: ClassVar[str] = "action"

    @property
    def actor(self) -> int | None:
        return getattr(self, "seat", None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        seat = self.actor
        if seat is not None:
            out["seat"] = seat
        return out

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Action:
        return cls(seat=int(data["seat"]))  # type: ignore[call-arg]


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Deal the next step (the bot sends it when a 明牌 window closes)."""

    type: ClassVar[str] = "deal"

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Action:
        return cls()


def _to_reading(value: Readable | tuple[Any, ...] | list[Any] | None) -> PlayReading | None:
    if value is None:
        return None
    if not isinstance(value, tuple | list):
        return (value.kind, value.rank, value.length)
    kind, rank, length = value
    if isinstance(kind, str) and type(rank) is int and type(length) is int:
        return (kind, rank, length)  # already a reading
    return (str(kind), int(rank), int(length))


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Put down cards (ranks; the hand picks the physical cards). ``reading`` chooses how a
    play with wildcards reads (R-LZ-CHOICE): a combination or ``(kind, rank, length)``."""

    seat: int
    cards: Cards
    reading: PlayReading | None = field(default=None)
    type: ClassVar[str] = "play"

    def __post_init__(self) -> None:
        cards = self.cards
        if isinstance(cards, str):
            cards = parse_cards(cards)
        elif not isinstance(cards, Cards):
            cards = Cards(cards)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "reading", _to_reading(self.reading))

    @classmethod
    def of(cls, seat: int, combo: Readable, with_reading: bool) -> Play:
        """The play of a combo the engine listed itself (``Game.legal_actions``): its
        fields are already in shape, so nothing is converted (a hand lists hundreds)."""
        play = object.__new__(cls)
        _set(play, "seat", seat)
        _set(play, "cards", combo.cards)
        _set(play, "reading", (combo.kind, combo.rank, combo.length) if with_reading else None)
        return play

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "seat": self.seat, "cards": str(self.cards)}
        if self.reading is not None:
            kind, rank, length = self.reading
            out["reading"] = [str(kind), rank, length]
        return out

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Action:
        return cls(
            int(data["seat"]), parse_cards(str(data["cards"])), _to_reading(data.get("reading"))
        )

    def __str__(self) -> str:
        return f"Play(seat={self.seat}, {self.cards or '-'})"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """不出."""

    seat: int
    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Timeout(Action):
    """The seat's time ran out: the default action is taken for it (R-AFK). ``play``, if
    given, is the AI's move in place of the default (it still counts as a time-out)."""

    seat: int
    play: Play | None = None
    type: ClassVar[str] = "timeout"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if self.play is not None:
            out["play"] = self.play.to_dict()
        return out

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Action:
        seat, play = int(data["seat"]), data.get("play")
        if play is None:
            return cls(seat)
        return cls(
            seat,
            Play(
                int(play["seat"]), parse_cards(str(play["cards"])), _to_reading(play.get("reading"))
            ),
        )


@dataclass(frozen=True, slots=True)
class Escape(Action):
    """The seat left the hand (逃跑, R-ESCAPE): the hand ends at once."""

    seat: int
    type: ClassVar[str] = "escape"


@dataclass(frozen=True, slots=True)
class AutoPlay(Action):
    """托管 on or off for a seat."""

    seat: int
    on: bool = True
    type: ClassVar[str] = "auto_play"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "on": self.on}

    @classmethod
    def _from_fields(cls, data: dict[str, Any]) -> Action:
        return cls(int(data["seat"]), bool(data["on"]))


#: the actions every game knows
SHARED_ACTIONS: tuple[type[Action], ...] = (Deal, Play, Pass, Timeout, Escape, AutoPlay)
#: the refusals any game may give
SHARED_REFUSALS: tuple[type[IllegalAction], ...] = (
    IllegalAction,
    WrongPhase,
    GameOver,
    NotYourTurn,
    BadSeat,
    AlreadyAnswered,
    EmptyPlay,
    CardsNotInHand,
    NotACombo,
    DoesNotBeat,
    MustLead,
)


class ActionReader:
    """Reads a game's actions back from their plain dicts (``Action.to_dict()``): the shared
    actions and the game's own (``own``), each game holding its reader (no registry filled
    at import time). Two classes claiming one ``type`` are a ``ValueError``."""

    def __init__(self, own: Iterable[type[Action]] = ()) -> None:
        kinds: dict[str, type[Action]] = {}
        for cls in (*SHARED_ACTIONS, *own):
            known = kinds.get(cls.type)
            if known is not None and known is not cls:
                raise ValueError(f"the action type {cls.type!r} is taken by {known.__name__}")
            kinds[cls.type] = cls
        self.kinds: Mapping[str, type[Action]] = kinds

    def __call__(self, data: dict[str, Any]) -> Action:
        """Read back ``Action.to_dict()``; ``ValueError`` on anything else."""
        try:
            cls = self.kinds[str(data["type"])]
            return cls._from_fields(data)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not an action: {data!r}") from exc


#: reads the shared actions (a game reads its own with its own ``ActionReader``)
action_from_dict = ActionReader()
