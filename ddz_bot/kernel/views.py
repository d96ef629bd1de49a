"""What every game's public view of a hand begins with (``TableView``): its rules, the room,
the phase, a row a seat and whose turn it is. A game's ``PublicView`` adds its own after."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .economy import Room

__all__ = ["TableView", "gainers"]

RulesT = TypeVar("RulesT")
PhaseT = TypeVar("PhaseT")
SeatT = TypeVar("SeatT")


@dataclass(frozen=True, slots=True)
class TableView(Generic[RulesT, PhaseT, SeatT]):
    rules: RulesT
    room: Room
    phase: PhaseT
    seats: tuple[SeatT, ...]
    turn: int | None  # whose decision it is (``None``: everyone's at once, or nobody's)

    def after(self, seat: int) -> list[SeatT]:
        """The other seats in playing order, from the one after ``seat``."""
        count = len(self.seats)
        return [self.seats[(seat + step) % count] for step in range(1, count)]


def gainers(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats whose score rose."""
    return tuple(seat for seat, score in enumerate(scores) if score > 0)
