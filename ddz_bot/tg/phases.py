"""The phases of a table and the one table of moves between them.

A table opens as a lobby, is dealt, played, finished (its result offers another hand for a
while) and closed. Every change of phase goes through ``advance``, which refuses a move this
table does not list: a reader finds here, in one place, every way a table can go.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["TRANSITIONS", "PhaseError", "TablePhase", "allowed", "next_phase"]


class TablePhase(StrEnum):
    """Where a table is in its life (saved with it)."""

    LOBBY = "lobby"  # seats before a hand
    DEALING = "dealing"  # the seats are filled and the hand is being dealt (not saved)
    PLAYING = "playing"  # a hand in play, or over and owed its settlement
    FINISHED = "finished"  # settled: the result's Again / Leave work until the idle time
    CLOSED = "closed"  # gone from memory and from the database's open tables


#: phase -> the phases a table may go to from there
TRANSITIONS: Final[dict[TablePhase, frozenset[TablePhase]]] = {
    TablePhase.LOBBY: frozenset({TablePhase.DEALING, TablePhase.CLOSED}),
    TablePhase.DEALING: frozenset({TablePhase.PLAYING}),
    TablePhase.PLAYING: frozenset({TablePhase.FINISHED, TablePhase.CLOSED}),
    TablePhase.FINISHED: frozenset({TablePhase.CLOSED}),
    TablePhase.CLOSED: frozenset(),
}


class PhaseError(RuntimeError):
    """A move between phases that ``TRANSITIONS`` does not list (a bug, never a player's)."""


def allowed(current: TablePhase, wanted: TablePhase) -> bool:
    return wanted in TRANSITIONS[current]


def next_phase(current: TablePhase, wanted: TablePhase) -> TablePhase:
    """``wanted`` if a table may go there from ``current``; ``PhaseError`` otherwise."""
    if not allowed(current, wanted):
        raise PhaseError(f"a table can't go from {current} to {wanted}")
    return wanted
