"""The economy every game shares: the rooms (场次) a table sits in, what a settled hand does
to each seat's beans and points (``Settlement``, one ``BeanChange`` a ledger row), the fee a
room takes and how capped winnings are shared (R-FEE, R-CAP-WINNER).

Pure arithmetic: a game's scoring computes its scores and hands them here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = [
    "DEFAULT_ROOM",
    "ROOMS",
    "BeanChange",
    "BeanReason",
    "Room",
    "Settlement",
    "capped_deltas",
    "points_by_score",
    "room_by_key",
    "room_from_dict",
    "room_to_dict",
    "settled",
    "settled_nothing",
    "share_capped",
    "take_fees",
]


@dataclass(frozen=True, slots=True)
class Room:
    """A room (场次): coefficient N, fee A, initial multiplier, minimum beans to sit and
    the doubling threshold of R-DBL-COND."""

    key: str
    coefficient: int
    fee: int
    initial_multiplier: int
    min_beans: int
    double_threshold: int


ROOMS: tuple[Room, ...] = (
    Room("novice", 10, 0, 1, 0, 1_000),
    Room("beginner", 100, 5, 1, 1_000, 5_000),
    Room("intermediate", 1_000, 50, 1, 20_000, 50_000),
    Room("advanced", 10_000, 500, 1, 200_000, 500_000),
)
DEFAULT_ROOM = ROOMS[1]


def room_by_key(key: str) -> Room:
    for room in ROOMS:
        if room.key == key:
            return room
    raise ValueError(f"unknown room {key!r}; one of {', '.join(r.key for r in ROOMS)}")


def room_to_dict(room: Room) -> dict[str, Any]:
    return {
        "key": room.key,
        "coefficient": room.coefficient,
        "fee": room.fee,
        "initial_multiplier": room.initial_multiplier,
        "min_beans": room.min_beans,
        "double_threshold": room.double_threshold,
    }


def room_from_dict(data: dict[str, Any]) -> Room:
    return Room(
        str(data["key"]),
        int(data["coefficient"]),
        int(data["fee"]),
        int(data["initial_multiplier"]),
        int(data["min_beans"]),
        int(data["double_threshold"]),
    )


class BeanReason(StrEnum):
    """Why a hand moves a seat's beans: one ledger row each (storage keeps the same values)."""

    SETTLE = "settle"
    FEE = "fee"
    ESCAPE = "escape"


@dataclass(frozen=True, slots=True)
class BeanChange:
    """One ledger line: ``amount`` beans (signed) for ``seat``, because of ``reason``."""

    seat: int
    amount: int
    reason: BeanReason

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "amount": self.amount, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a hand does to each seat's beans and points, in either game.

    ``changes``, ``deltas``, ``balances``, ``points`` and ``fees`` mean the same in 斗地主
    (``settle``) and in 保皇 (``baohuang.bh_settle``): signed changes, a gain above 0 and a
    loss below. ``scores`` is each game's own score and does not: read ``deltas`` or
    ``points`` for who won or lost, never the sign of ``scores``.

    * 斗地主: the unsigned X (积分) of each seat, winner or loser (R-STAKE): a farmer's pair
      stake, the landlord's the sum of both; after an escape the escapee's penalty score
      (R-ESCAPE) and 0 for the others. Who won is ``HandOutcome.winners``.
    * 保皇: the signed hand score of each seat, doubling included, the five adding up to 0
      (R-BH-SCORE, R-BH-SOLO-SCORE, R-BH-DOUBLE); after an escape -40 for the escapee and
      +10 for each other seat (R-BH-ESCAPE). Winners are the seats above 0.

    An aborted hand settles zeros everywhere, without fees.
    """

    changes: tuple[BeanChange, ...]
    deltas: tuple[int, ...]  # net bean change per seat
    balances: tuple[int, ...]  # beans after the hand
    scores: tuple[int, ...]  # the game's own score per seat: see above
    points: tuple[int, ...]  # points change per seat (R-POINTS, R-BH-BEANS)
    fees: int  # beans the system took

    def to_dict(self) -> dict[str, Any]:
        return {
            "changes": [c.to_dict() for c in self.changes],
            "deltas": list(self.deltas),
            "balances": list(self.balances),
            "scores": list(self.scores),
            "points": list(self.points),
            "fees": self.fees,
        }


def settled(
    changes: Sequence[BeanChange],
    deltas: Sequence[int],
    held: Sequence[int],
    scores: Sequence[int],
    points: Sequence[int],
    fees: int,
) -> Settlement:
    """A settlement from what the game worked out: each seat's balance is what it ``held``
    and its delta."""
    balances = tuple(h + d for h, d in zip(held, deltas, strict=True))
    return Settlement(tuple(changes), tuple(deltas), balances, tuple(scores), tuple(points), fees)


def settled_nothing(held: Sequence[int]) -> Settlement:
    """An aborted hand: zeros everywhere, no fee."""
    zeros = (0,) * len(held)
    return Settlement((), zeros, tuple(held), zeros, zeros, 0)


def points_by_score(scores: Sequence[int], points: Sequence[int] | None) -> tuple[int, ...]:
    """Points move by the score, a loss never below 0 points held (R-POINTS); all of the
    score when what is held is not known."""
    if points is None:
        return tuple(scores)
    return tuple(s if s >= 0 else -min(-s, max(p, 0)) for s, p in zip(scores, points, strict=True))


def share_capped(total: int, claims: dict[int, int]) -> dict[int, int]:
    """Share ``total`` beans in proportion to ``claims`` (by seat), whole beans rounded
    down, the remainder one bean at a time to the earlier seats (R-CAP-WINNER)."""
    claimed = sum(claims.values())
    if total >= claimed:
        return dict(claims)
    if claimed <= 0 or total <= 0:
        return {seat: 0 for seat in claims}
    shares = {seat: total * claim // claimed for seat, claim in claims.items()}
    left = total - sum(shares.values())
    while left > 0:
        for seat in sorted(claims):
            if left and shares[seat] < claims[seat]:
                shares[seat] += 1
                left -= 1
    return shares


def capped_deltas(
    scores: Sequence[int], coefficient: int, held: Sequence[int], *, cap_winners: bool = True
) -> list[int]:
    """The beans each seat's score moves at ``coefficient``, zero-sum: a loser pays at most
    what it holds (R-CAP-LOSER), a winner wins at most what it brought where ``cap_winners``
    (R-CAP-WINNER); a total cut short is shared in proportion to the claims."""
    owed = {s: min(-x * coefficient, held[s]) for s, x in enumerate(scores) if x < 0}
    won = {
        s: min(x * coefficient, held[s]) if cap_winners else x * coefficient
        for s, x in enumerate(scores)
        if x > 0
    }
    total = min(sum(owed.values()), sum(won.values()))
    deltas = [0] * len(held)
    for seat, amount in share_capped(total, owed).items():
        deltas[seat] = -amount
    for seat, amount in share_capped(total, won).items():
        deltas[seat] = amount
    return deltas


def take_fees(
    room: Room,
    held: Sequence[int],
    deltas: list[int],
    changes: list[BeanChange],
    seats: Sequence[int] | range,
) -> int:
    """R-FEE: the fee from each seat after settlement, never below 0."""
    taken = 0
    for seat in seats:
        fee = min(room.fee, held[seat] + deltas[seat])
        if fee > 0:
            deltas[seat] -= fee
            changes.append(BeanChange(seat, -fee, BeanReason.FEE))
            taken += fee
    return taken
