"""What a hand asks of its seats, and how it ended: the small values every game shares.

They live apart from the protocol (``protocol.py``) so that a game's modules can use them
without importing the protocol, which names the games' action, event and settlement types.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["DecisionKind", "Termination", "TimeLimit", "Waiting"]


class DecisionKind(StrEnum):
    """What a seat is asked to decide (a panel shows the matching buttons)."""

    SHOW = "show"  # 明牌: before or while dealing, or the landlord after the bottom cards
    BID = "bid"  # 叫地主 / 抢地主 / 叫分
    DOUBLE = "double"  # 加倍
    PLAY = "play"  # play or pass
    THRONE = "throne"  # 保皇: take the throne or yield it
    CALL_GUARD = "call_guard"  # 保皇, called-guard method: name the guard's card
    DECLARE = "declare"  # 保皇: 明独保 / 明保 / 造反 / 抢独 before the first play


class TimeLimit(StrEnum):
    """Which of the table's clocks a decision runs on (a group's settings give the seconds)."""

    BID = "bid"  # bidding, 明牌 after the bottom, the throne, declarations
    DOUBLE = "double"  # 加倍
    PLAY = "play"  # play or pass


@dataclass(frozen=True, slots=True)
class Waiting:
    """Who must act now: the seats the hand waits on (several at once while doubling), the kind
    of decision, and the clock it runs on. A game waiting on nobody returns ``None``."""

    seats: tuple[int, ...]
    kind: DecisionKind
    limit: TimeLimit

    def __contains__(self, seat: object) -> bool:
        return seat in self.seats


class Termination(StrEnum):
    """How a hand ended (``Outcome.termination``)."""

    WON = "won"  # played out: a side won (or, in 保皇, the places decide)
    ESCAPED = "escaped"  # a player left the hand: only the escape penalty is settled
    ABORTED = "aborted"  # redeals ran out or the table closed it: nothing is settled
