"""The points of a 跑得快 hand and the beans they move (R-PDK-SCORE, R-PDK-BEANS,
R-PDK-ESCAPE).

Each loser pays the winner a point a card left (nothing for exactly one card, double when
shut), every bomb that stood takes 10 from each other seat, and the three scores add up to
zero. Beans are the points times the room's coefficient with the engine's caps and fee:
losers pay at most what they hold, winners win at most what they brought, a cut payment is
shared in proportion to the claims, and only the fees leave the table.
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
    take_fees,
)

from .cards import PLAYERS
from .views import BombItem, PdkOutcome

__all__ = [
    "BOMB_POINTS",
    "bomb_points",
    "card_points",
    "escape_points",
    "escaped_outcome",
    "loser_pays",
    "pdk_settle",
    "won_outcome",
]

#: R-PDK-SCORE: what a bomb that stood takes from each other seat
BOMB_POINTS: Final = 10


def loser_pays(cards_left: int, shut: bool) -> int:
    """R-PDK-SCORE: a point a card, nothing for exactly one card, double when shut."""
    if cards_left == 1:
        return 0
    return cards_left * (2 if shut else 1)


def card_points(winner: int, cards_left: Sequence[int], shut: Sequence[bool]) -> tuple[int, ...]:
    """Each seat's points from the cards left: the losers pay the winner."""
    out = [0] * len(cards_left)
    for seat, left in enumerate(cards_left):
        if seat != winner:
            pay = loser_pays(left, shut[seat])
            out[seat] -= pay
            out[winner] += pay
    return tuple(out)


def bomb_points(bombs: Sequence[BombItem], players: int = PLAYERS) -> tuple[int, ...]:
    """Each seat's points from the bombs that stood: 10 from each other seat a bomb."""
    out = [0] * players
    for bomb in bombs:
        for seat in range(players):
            if seat != bomb.seat:
                out[seat] -= BOMB_POINTS
                out[bomb.seat] += BOMB_POINTS
    return tuple(out)


def escape_points(runner: int, hand_size: int, players: int = PLAYERS) -> tuple[int, ...]:
    """R-PDK-ESCAPE: the escapee pays each other seat as if shut with a full hand."""
    each = loser_pays(hand_size, True)
    return tuple(-each * (players - 1) if seat == runner else each for seat in range(players))


def won_outcome(
    winner: int, cards_left: Sequence[int], played_any: Sequence[bool], bombs: Sequence[BombItem]
) -> PdkOutcome:
    """The outcome of a hand played out: the losers' cards, the shut, the bombs that stood."""
    shut = tuple(not played for played in played_any)
    cards = card_points(winner, cards_left, shut)
    bomb = bomb_points(bombs, len(cards_left))
    scores = tuple(c + b for c, b in zip(cards, bomb, strict=True))
    return PdkOutcome(
        Termination.WON, winner, tuple(cards_left), shut, tuple(bombs), cards, bomb, scores
    )


def escaped_outcome(runner: int, cards_left: Sequence[int], hand_size: int) -> PdkOutcome:
    """The outcome of a hand ``runner`` left: only the escape penalty is scored."""
    n = len(cards_left)
    zeros = (0,) * n
    return PdkOutcome(
        Termination.ESCAPED,
        None,
        tuple(cards_left),
        (False,) * n,
        (),
        zeros,
        zeros,
        escape_points(runner, hand_size, n),
        escaped=runner,
    )


def pdk_settle(
    outcome: PdkOutcome, room: Room, balances: Sequence[int], points: Sequence[int] | None = None
) -> Settlement:
    """The beans and points a finished hand moves: the shared ``Settlement``, one ledger line a
    change, beans conserved but for the fees (taken from every seat, or from the escapee)."""
    n = len(balances)
    held = [max(int(b), 0) for b in balances]
    scores = outcome.scores
    escaped = outcome.termination is Termination.ESCAPED
    reason = BeanReason.ESCAPE if escaped else BeanReason.SETTLE
    # R-CAP-LOSER, R-CAP-WINNER; after an escape R-CAP-LOSER only: the others share what the
    # escapee can pay
    deltas = capped_deltas(scores, room.coefficient, held, cap_winners=not escaped)
    changes = [BeanChange(s, d, reason) for s, d in enumerate(deltas) if d]
    fee_seats = [outcome.escaped] if escaped and outcome.escaped is not None else range(n)
    fees = take_fees(room, held, deltas, changes, fee_seats)
    return settled(changes, deltas, held, scores, points_by_score(scores, points), fees)


def balances_of(balances: Sequence[int] | None) -> list[int]:
    """The balances a settlement starts from (none given: zero each)."""
    out = [0] * PLAYERS if balances is None else [int(b) for b in balances]
    if len(out) != PLAYERS:
        raise ValueError(f"跑得快 needs {PLAYERS} balances, got {len(out)}")
    return out
