"""From a finished hand to beans: the engine's scoring, written by storage in one transaction.

``settle_hand`` is idempotent (storage keys the settlement by the hand id), so a restart that
finds a finished but unsettled hand simply settles it again: beans move once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ddz_bot.kernel import Settlement
from ddz_bot.render import ResultLine

from ..storage import (
    Database,
    HandRecord,
    HandResult,
    Holdings,
    LedgerChange,
    Reason,
    SettlementOutcome,
)
from . import clock
from .games import HostedGame
from .table import Table

__all__ = [
    "Applied",
    "SettleHand",
    "Settled",
    "applied_result",
    "hand_record",
    "ledger_changes",
    "settle_in_storage",
    "won_by_score",
]


@dataclass(frozen=True, slots=True)
class Settled:
    """What the group is told: text lines and one picture line a seat."""

    text: list[str]
    pictures: list[ResultLine]


#: a game's way to settle its finished hand through storage and say the result
SettleHand = Callable[[Database, Table, HostedGame], Awaitable[Settled]]


def hand_record(
    table: Table,
    game: HostedGame,
    *,
    name: str,
    rules: Mapping[str, Any],
    result: dict[str, Any],
    multipliers: Sequence[Mapping[str, Any]] = (),
) -> HandRecord:
    """A finished hand's record for storage: what the game tells of it (its ``name``, the
    ``rules`` played, the ``result`` and the itemised ``multipliers``) with what the table
    knows (the room, who sat where, when and in which chat)."""
    return HandRecord(
        game=name,
        room=game.room.key,
        rules=dict(rules),
        seats=[seat.user_id for seat in table.seats],
        result=result,
        multipliers=[dict(item) for item in multipliers],
        started_at=datetime.fromtimestamp(table.created_at, tz=UTC),
        finished_at=datetime.fromtimestamp(clock.now(), tz=UTC),  # seasons count by it
        chat_id=table.chat_id,
        table_id=str(table.id),
    )


def won_by_score(scores: Sequence[int], escaped: int | None) -> Callable[[int], bool]:
    """Whether a seat won, in a game scored seat by seat: its score rose, or, when someone
    escaped, it stayed."""
    if escaped is not None:
        return lambda seat: seat != escaped
    return lambda seat: scores[seat] > 0


async def settle_in_storage(
    db: Database,
    table: Table,
    users: Sequence[int],
    record: HandRecord,
    scored: Callable[[list[int], list[int]], Settlement],
    won: Callable[[int], bool],
    *,
    role: Callable[[int], str],
) -> Applied:
    """Any game's settlement through storage's one path (keyed by the hand, applied once):
    ``scored`` is the game's scoring on the beans and points the players hold inside the
    transaction, ``won`` whether a seat won, ``role`` a seat's role in the game's own words
    (storage keeps it as given; '' in a game without sides). Storage adds to the hand's
    record the points as settled and the balances right after the hand (a result shown
    again after a restart says these): ``record`` is whole when it is handed over."""
    computed: list[tuple[list[LedgerChange], dict[int, int]]] = []

    def compute(holdings: Mapping[int, Holdings]) -> tuple[list[LedgerChange], list[HandResult]]:
        settlement = scored([holdings[u].beans for u in users], [holdings[u].points for u in users])
        changes = ledger_changes(users, settlement)
        results = [
            HandResult(user, role(seat), won(seat), settlement.points[seat])
            for seat, user in enumerate(users)
        ]
        computed.append((changes, dict(enumerate(settlement.points))))
        return changes, results

    settled = await db.settle_hand(table.hand_id, record, compute)
    return await applied_result(db, table, users, settled, computed)


@dataclass(frozen=True, slots=True)
class Applied:
    """What a settlement moved, as the result shows it: the ledger rows, the balances right
    after the hand, one picture line a seat."""

    bean_changes: list[LedgerChange]
    balances: dict[int, int]
    pictures: list[ResultLine]


async def applied_result(
    db: Database,
    table: Table,
    users: Sequence[int],
    settled: SettlementOutcome,
    computed: Sequence[tuple[list[LedgerChange], dict[int, int]]],
) -> Applied:
    """The result of a hand just settled (``computed`` holds what the settlement function
    returned), or, when it was settled before a restart, what was applied then and the
    balances then (the finished table keeps the picture lines: ``Table.settled``)."""
    bean_changes: list[LedgerChange] = []
    points: dict[int, int] = {}
    balances = dict(settled.balances)
    if settled.applied:
        bean_changes, points = computed[-1]
    else:
        stored = await db.get_hand(table.hand_id)
        if stored is not None:
            bean_changes = list(stored.bean_changes)
            stored_points = stored.result.get("points")
            if isinstance(stored_points, list) and len(stored_points) == len(users):
                points = dict(enumerate(int(p) for p in stored_points))
            after = stored.result.get("balances_after")
            if isinstance(after, list) and len(after) == len(users):
                balances = {user: int(b) for user, b in zip(users, after, strict=True)}
    pictures = [
        ResultLine(
            seat,
            s.name,
            sum(c.delta for c in bean_changes if c.user_id == s.user_id),
            points.get(seat, 0),
            balances.get(s.user_id, 0),
        )
        for seat, s in enumerate(table.seats)
    ]
    return Applied(bean_changes, balances, pictures)


def ledger_changes(users: Sequence[int], settlement: Settlement) -> list[LedgerChange]:
    """A settlement's changes by seat as ledger rows by user: one row per user and reason,
    none for nothing (storage keys a hand's rows by user and reason)."""
    by_user: dict[tuple[int, Reason], int] = {}
    for change in settlement.changes:
        key = (users[change.seat], Reason(change.reason))
        by_user[key] = by_user.get(key, 0) + change.amount
    return [LedgerChange(user, delta, reason) for (user, reason), delta in by_user.items() if delta]
