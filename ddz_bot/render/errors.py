"""What every game's pictures share beyond drawing: the refusals of bad input and the
line of a result picture."""

from __future__ import annotations

from dataclasses import dataclass

from ddz_bot.kernel import Card, Cards

__all__ = ["NamesMismatch", "NoOutcome", "ResultLine", "SelectionNotInHand"]


class SelectionNotInHand(ValueError):
    """A selection holding cards the hand doesn't have."""

    def __init__(self, selected: Cards, hand: Cards) -> None:
        self.selected = selected
        super().__init__(f"selection {selected} is not in the hand {hand}")


class NoOutcome(ValueError):
    """A result picture asked for a hand that isn't over."""

    def __init__(self) -> None:
        super().__init__("the view has no outcome: the hand is not over")


class NamesMismatch(ValueError):
    """The names don't match the seats of the view."""

    def __init__(self, names: int, seats: int) -> None:
        super().__init__(f"{names} names for {seats} seats")


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One player's settlement. ``beans_after`` is the balance after it (it gives the
    title); ``cards_left`` overrides the hand shown in the view, if given."""

    seat: int
    name: str
    beans_delta: int
    points_delta: int
    beans_after: int
    cards_left: tuple[Card, ...] | None = None
