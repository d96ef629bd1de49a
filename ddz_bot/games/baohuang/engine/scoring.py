"""The score of a 保皇 hand (points) and the beans it moves.

Points follow the places (R-BH-SCORE, R-BH-SOLO-SCORE), doubled by 明保 and by a successful
revolt (R-BH-DOUBLE); every seat's score is an exact integer and the five sum to zero. Beans
are the score times the room's coefficient, with the engine's caps and fee (R-BH-BEANS):
losers pay at most what they hold, winners win at most what they brought, a cut payment is
shared in proportion to the claims (``share_capped``), and only the fees leave the table.
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
    capped_deltas,
    points_by_score,
    settled,
    settled_nothing,
    take_fees,
)

from .views import BaoHuangOutcome, FactorReason, ScoreFactor, Solo

__all__ = [
    "ESCAPE_PENALTY",
    "PLAYERS",
    "bh_settle",
    "guard_score",
    "place_scores",
    "score_factors",
]

PLAYERS: Final = 5
#: R-BH-ESCAPE: the points an escapee loses, shared by the four others.
ESCAPE_PENALTY: Final = 40


def guard_score(emperor_place: int, guard_place: int) -> int:
    """R-BH-SCORE: g = 6 - (E + G); the emperor scores 2g, each rebel -g."""
    return 6 - (emperor_place + guard_place)


def place_scores(
    places: Sequence[int], emperor: int, guard: int | None, solo: Solo | None
) -> tuple[int, ...]:
    """Each seat's score from the places before any doubling (R-BH-SCORE, R-BH-SOLO-SCORE).

    ``places`` lists seats in the order they went out; seats not in it count as behind.
    """

    def place(seat: int) -> int:
        return places.index(seat) + 1 if seat in places else PLAYERS

    if solo is Solo.OPEN:
        each = -6 if places and places[0] == emperor else 6
    elif solo is Solo.HIDDEN:
        e = place(emperor)
        each = -3 if e == 1 else 0 if e == 2 else 3
    else:
        if guard is None:
            raise ValueError("a hand with a guard needs the guard's seat")
        g = guard_score(place(emperor), place(guard))
        scores = [-g] * PLAYERS
        scores[emperor], scores[guard] = 2 * g, g
        return tuple(scores)
    scores = [each] * PLAYERS
    scores[emperor] = -4 * each
    return tuple(scores)


def score_factors(
    base: Sequence[int],
    emperor: int,
    guard: int | None,
    open_guard: bool,
    revolts: Sequence[int],
) -> tuple[ScoreFactor, ...]:
    """R-BH-DOUBLE: 明保 x2; a revolt x2 when it succeeds (the rebels' score is positive)."""
    factors: list[ScoreFactor] = []
    if open_guard and guard is not None:
        factors.append(ScoreFactor(FactorReason.OPEN_GUARD, 2, guard))
    rebels = [s for s in range(PLAYERS) if s not in (emperor, guard)]
    if revolts and base[rebels[0]] > 0:
        factors.append(ScoreFactor(FactorReason.REVOLT, 2))
    return tuple(factors)


def bh_settle(
    outcome: BaoHuangOutcome,
    room: Room,
    balances: Sequence[int],
    points: Sequence[int] | None = None,
) -> Settlement:
    """The beans and points a finished hand moves (R-BH-BEANS, R-BH-ESCAPE): the engine's
    ``Settlement``, one ledger line per change, beans conserved apart from the fees."""
    n = len(balances)
    held = [max(int(b), 0) for b in balances]
    if outcome.termination is Termination.ABORTED:
        return settled_nothing(held)
    deltas = [0] * n
    changes: list[BeanChange] = []
    scores = outcome.scores
    if outcome.termination is Termination.ESCAPED:
        runner = outcome.escaped
        assert runner is not None
        others = [s for s in range(n) if s != runner]
        paid = min(ESCAPE_PENALTY * room.coefficient, held[runner])  # R-CAP-LOSER
        share, left = divmod(paid, len(others))
        if paid:
            deltas[runner] = -paid
            changes.append(BeanChange(runner, -paid, BeanReason.ESCAPE))
        for i, seat in enumerate(others):
            gain = share + (1 if i < left else 0)
            if gain:
                deltas[seat] = gain
                changes.append(BeanChange(seat, gain, BeanReason.ESCAPE))
        fees = take_fees(room, held, deltas, changes, range(runner, runner + 1))
    else:
        deltas = capped_deltas(scores, room.coefficient, held)  # R-CAP-LOSER, R-CAP-WINNER
        changes += (BeanChange(s, d, BeanReason.SETTLE) for s, d in enumerate(deltas) if d)
        assert sum(deltas) == 0
        fees = take_fees(room, held, deltas, changes, range(n))
    return settled(changes, deltas, held, scores, points_by_score(scores, points), fees)
