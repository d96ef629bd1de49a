"""A tournament's plan, pure: who stands where, who sits at which board, who gets which prize.

The order of the standings (the stated tie rule): more points, then more hands won, then
fewer hands played, then who signed up first. Round 1 seats people in the order they signed
up; every later round seats them by the standings after the rounds before (Swiss: the
leaders meet), so the last round's first board is the final table of the leaders. A board
of the game's size at a time; the AI fills the last one. The seating is a function of what
is stored (the entrants and the counted hands), so a restart seats everyone again the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..storage import Entrant, TournamentScore

__all__ = ["PRIZE_SHARES", "Standing", "boards", "prizes", "standings"]

#: the pool's shares, in per cent, of the first three places
PRIZE_SHARES: Final = (50, 30, 20)


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's place so far."""

    place: int
    user_id: int
    name: str
    points: int
    hands: int
    wins: int


def standings(entrants: Sequence[Entrant], scores: Sequence[TournamentScore]) -> list[Standing]:
    """Every entrant in the order of the standings (the tie rule in the module docstring)."""
    by_user = {s.user_id: s for s in scores}

    def key(entrant: Entrant) -> tuple[int, int, int, int]:
        score = by_user.get(entrant.user_id)
        points, wins, hands = (score.points, score.wins, score.hands) if score else (0, 0, 0)
        return (-points, -wins, hands, entrant.order)

    ordered = sorted(entrants, key=key)
    out = []
    for place, entrant in enumerate(ordered, start=1):
        score = by_user.get(entrant.user_id)
        out.append(
            Standing(
                place,
                entrant.user_id,
                entrant.name,
                score.points if score else 0,
                score.hands if score else 0,
                score.wins if score else 0,
            )
        )
    return out


def boards(order: Sequence[int], size: int) -> list[list[int]]:
    """People (user ids, in seating order) at boards of ``size``; the last may be short
    (the AI fills it)."""
    if size < 1:
        raise ValueError(f"a board of {size} seats")
    return [list(order[i : i + size]) for i in range(0, len(order), size)]


def prizes(places: Sequence[int], pool: int) -> list[tuple[int, int]]:
    """(user, beans) for the first three of ``places`` (user ids, best first): 50/30/20 of
    the pool; a place nobody holds and what rounding leaves go to the first."""
    if not places or pool <= 0:
        return []
    amounts = [pool * share // 100 for share in PRIZE_SHARES]
    held = min(len(places), len(amounts))
    amounts[0] += pool - sum(amounts[:held])
    return [(places[i], amounts[i]) for i in range(held) if amounts[i] > 0]
