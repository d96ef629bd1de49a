"""Settlement of a finished hand: beans and points, caps, fees, escape penalties.

Pure arithmetic on a ``HandOutcome``, the room and the players' balances. Beans are
whole numbers; every change is listed with its reason (``settle``, ``fee``,
``escape``) so that storage can write one ledger row each; the sum of all changes is
minus the fees taken (nothing else leaves or enters the table).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from .decisions import Termination
from .rules import Room
from .titles import TITLES, Title, next_title, title_for
from .views import HandOutcome, Role

__all__ = [
    "TITLES",
    "WILDCARD_CAP",
    "WILDCARD_FACTOR",
    "BeanChange",
    "BeanReason",
    "Settlement",
    "Title",
    "escape_score",
    "next_title",
    "settle",
    "share_capped",
    "title_for",
]

#: R-LZ-SCORE: a wildcard hand's bean result is x0.25 (rounded down), capped per hand.
WILDCARD_FACTOR: Final = (1, 4)
WILDCARD_CAP: Final = 10_000


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


def escape_score(*, landlord: bool, base: int, multiplier: int, landlord_known: bool = True) -> int:
    """R-ESCAPE: the penalty score of an escapee (before the room coefficient).

    ``multiplier`` is M, the hand's multiplier from game actions only, counting every
    bomb dealt. Before the landlord is known everyone counts as a farmer with c = 1.
    """
    if landlord and landlord_known:
        c = 2
        return base * 20 * c if multiplier < 10 else 4 * base * multiplier * c
    return base * 10 if multiplier < 10 else 2 * base * multiplier


def _points(
    scores: list[int], winners: set[int], points: Sequence[int] | None, losers: set[int]
) -> tuple[int, ...]:
    out = []
    for seat, x in enumerate(scores):
        if seat in winners:
            out.append(x)
        elif seat in losers:
            held = None if points is None else points[seat]
            out.append(-x if held is None else -min(x, max(held, 0)))
        else:
            out.append(0)
    return tuple(out)


def settle(
    outcome: HandOutcome, room: Room, balances: Sequence[int], points: Sequence[int] | None = None
) -> Settlement:
    """Settle a finished hand (R-STAKE, R-BEANS, R-CAP-LOSER, R-CAP-WINNER, R-FEE,
    R-POINTS, R-ESCAPE, R-LZ-SCORE). ``points``: the players' points, for the floor at 0."""
    n = len(balances)
    held = [max(int(b), 0) for b in balances]
    if outcome.termination is Termination.ABORTED:
        zeros = (0,) * n
        return Settlement((), zeros, tuple(held), zeros, zeros, 0)
    if outcome.termination is Termination.ESCAPED:
        return _settle_escape(outcome, room, held, points)
    landlord = outcome.landlord
    if landlord is None:
        raise ValueError("a finished hand without a landlord can't be settled")
    farmers = [s for s in range(n) if s != landlord]
    claims = {f: outcome.stakes.get(f, 0) * room.coefficient for f in farmers}
    if outcome.wildcard:
        num, den = WILDCARD_FACTOR
        claims = share_capped(WILDCARD_CAP, {f: c * num // den for f, c in claims.items()})
    paid: dict[int, int]
    if outcome.winner_role is Role.LANDLORD:
        owed = {f: min(c, held[f]) for f, c in claims.items()}  # R-CAP-LOSER
        paid = share_capped(held[landlord], owed)  # R-CAP-WINNER
        sign = {f: -1 for f in farmers}
    else:
        won = {f: min(c, held[f]) for f, c in claims.items()}  # R-CAP-WINNER
        paid = share_capped(held[landlord], won)  # R-CAP-LOSER, shared in proportion
        sign = {f: 1 for f in farmers}
    changes: list[BeanChange] = []
    deltas = [0] * n
    total = sum(paid.values())
    deltas[landlord] = -sum(sign[f] * paid[f] for f in farmers)
    for f in farmers:
        deltas[f] = sign[f] * paid[f]
    for seat in range(n):
        if deltas[seat]:
            changes.append(BeanChange(seat, deltas[seat], BeanReason.SETTLE))
    assert sum(deltas) == 0 and total >= 0
    fees = _take_fees(room, held, deltas, changes, range(n))
    scores = [0] * n
    for f in farmers:
        scores[f] = outcome.stakes.get(f, 0)
    scores[landlord] = sum(scores[f] for f in farmers)
    winners = set(outcome.winners)
    losers = set(range(n)) - winners
    return Settlement(
        tuple(changes),
        tuple(deltas),
        tuple(h + d for h, d in zip(held, deltas, strict=True)),
        tuple(scores),
        _points(scores, winners, points, losers),
        fees,
    )


def _take_fees(
    room: Room,
    held: list[int],
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


def _settle_escape(
    outcome: HandOutcome, room: Room, held: list[int], points: Sequence[int] | None
) -> Settlement:
    n = len(held)
    runner = outcome.escaped
    assert runner is not None
    score = escape_score(
        landlord=runner == outcome.landlord,
        base=outcome.base,
        multiplier=outcome.multiplier,
        landlord_known=outcome.landlord is not None,
    )
    others = [s for s in range(n) if s != runner]
    paid = min(score * room.coefficient, held[runner])  # R-CAP-LOSER
    share, left = divmod(paid, len(others))
    deltas = [0] * n
    changes: list[BeanChange] = []
    if paid:
        deltas[runner] = -paid
        changes.append(BeanChange(runner, -paid, BeanReason.ESCAPE))
    for seat in others:
        gain = share + (1 if left > 0 else 0)
        left -= 1 if left > 0 else 0
        if gain:
            deltas[seat] = gain
            changes.append(BeanChange(seat, gain, BeanReason.ESCAPE))
    fees = _take_fees(room, held, deltas, changes, [runner])
    scores = [0] * n
    scores[runner] = score
    return Settlement(
        tuple(changes),
        tuple(deltas),
        tuple(h + d for h, d in zip(held, deltas, strict=True)),
        tuple(scores),
        _points(scores, set(), points, {runner}),
        fees,
    )
