"""The plays a Hint button steps through, from the AI's point of view of a seat."""

from __future__ import annotations

from collections.abc import Sequence

from ddz_bot.kernel import Action, Cards, Play

from ..engine import SeatView
from .players import PdkAI

__all__ = ["hints"]


def hints(view: SeatView, legal: Sequence[Action]) -> list[Cards]:
    """The plays a Hint button steps through: the AI's choice first, then the rest from the
    lowest (the order a time-out would take them)."""
    plays = [a.cards for a in legal if isinstance(a, Play)]
    if not plays:
        return []
    first = PdkAI("hard").act(view, legal)
    rest = sorted(plays, key=lambda c: (len(c) == 4 and len(set(c)) == 1, c[-1], len(c), c))
    if isinstance(first, Play):
        rest.remove(first.cards)
        return [first.cards, *rest]
    return rest
