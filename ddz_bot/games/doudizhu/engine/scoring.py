"""Settlement of a finished hand: beans and points, caps, fees, escape penalties.

Pure arithmetic on a ``HandOutcome``, the room and the players' balances. Beans are
whole numbers; every change is listed with its reason (``settle``, ``fee``,
``escape``) so that storage can write one ledger row each; the sum of all changes is
minus the fees taken (nothing else leaves or enters the table).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ddz_bot.kernel import (
    BeanChange,
    BeanReason,
    Room,
    Settlement,
    Termination,
    settled,
    settled_nothing,
    share_capped,
    take_fees,
)

from .views import HandOutcome, Role

__all__ = [
    "WILDCARD_CAP",
    "WILDCARD_FACTOR",
    "escape_score",
    "settle",
]

#: R-LZ-SCORE: a wildcard hand's bean result is x0.25 (rounded down), capped per hand.
WILDCARD_FACTOR: Final = (1, 4)
WILDCARD_CAP: Final = 10_000


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
        return settled_nothing(held)
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
    fees = take_fees(room, held, deltas, changes, range(n))
    scores = [0] * n
    for f in farmers:
        scores[f] = outcome.stakes.get(f, 0)
    scores[landlord] = sum(scores[f] for f in farmers)
    winners = set(outcome.winners)
    losers = set(range(n)) - winners
    return settled(changes, deltas, held, scores, _points(scores, winners, points, losers), fees)


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
    fees = take_fees(room, held, deltas, changes, [runner])
    scores = [0] * n
    scores[runner] = score
    return settled(changes, deltas, held, scores, _points(scores, set(), points, {runner}), fees)
