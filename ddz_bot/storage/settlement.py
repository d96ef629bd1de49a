"""A hand's settlement: beans, points, records and history in one idempotent transaction."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .backend import Row, Transaction
from .core import StoreCore, dump_json, to_text
from .errors import BadChangeError, InsufficientBeansError, UnknownPlayerError
from .models import (
    HAND_REASONS,
    HandRecord,
    HandResult,
    Holdings,
    LedgerChange,
    Reason,
    SettlementOutcome,
)

__all__ = ["SettleFunction", "SettlementMixin"]

#: Given each seated player's beans and points as they are inside the transaction, returns
#: the hand's bean changes and results (e.g. by calling the engine's scoring).
SettleFunction = Callable[
    [Mapping[int, Holdings]], tuple[Sequence[LedgerChange], Sequence[HandResult]]
]


def _check_record(hand_id: str, record: HandRecord) -> None:
    if not hand_id:
        raise BadChangeError("a settlement needs a hand id")
    if len(set(record.seats)) != len(record.seats):
        raise BadChangeError(f"hand {hand_id}: a user sits twice in {list(record.seats)}")


def _check(
    hand_id: str, changes: Sequence[LedgerChange], results: Sequence[HandResult], record: HandRecord
) -> None:
    seats = set(record.seats)
    keys = [(c.user_id, Reason(c.reason)) for c in changes]
    if len(set(keys)) != len(keys):
        raise BadChangeError(f"hand {hand_id}: one player has two changes of the same reason")
    for change in changes:
        if change.user_id not in seats:
            raise BadChangeError(f"hand {hand_id}: user {change.user_id} has no seat")
        if Reason(change.reason) not in HAND_REASONS:
            raise BadChangeError(f"hand {hand_id}: {change.reason!r} is no hand reason")
    result_users = [r.user_id for r in results]
    if len(set(result_users)) != len(result_users):
        raise BadChangeError(f"hand {hand_id}: a player has two results")
    for result in results:
        if result.user_id not in seats:
            raise BadChangeError(f"hand {hand_id}: user {result.user_id} has no seat")


class SettlementMixin(StoreCore):
    async def apply_settlement(
        self,
        hand_id: str,
        changes: Sequence[LedgerChange],
        results: Sequence[HandResult],
        record: HandRecord,
    ) -> SettlementOutcome:
        """Apply a finished hand: bean changes (ledger rows keyed by the hand), points (never
        below 0), wins, losses and streaks, the hand record, and group membership.

        Keyed by ``hand_id``: a second call (even a concurrent one) changes nothing and
        reports ``applied=False``. A change that would make a balance negative raises
        ``InsufficientBeansError`` and nothing is written. Returns balances and points of
        everyone seated.
        """
        _check_record(hand_id, record)
        _check(hand_id, changes, results, record)
        return await self.settle_hand(hand_id, record, lambda _: (changes, results))

    async def settle_hand(
        self, hand_id: str, record: HandRecord, compute: SettleFunction
    ) -> SettlementOutcome:
        """Like ``apply_settlement``, but the changes are computed by ``compute`` from the
        balances read inside the same transaction, so a player who lost beans at another
        table a moment ago is settled on what they hold now. ``compute`` is not called at
        all when the hand was already settled; if it raises, nothing is written. It runs on
        the writer's thread inside the transaction: it must be quick and pure (the engine's
        ``scoring.settle`` is), touching neither the event loop nor the database."""
        _check_record(hand_id, record)
        now = self._now_text()
        seats = list(record.seats)

        async def write(tx: Transaction) -> SettlementOutcome:
            rows, settled = await _seated(tx, hand_id, seats)
            if settled:
                return SettlementOutcome(
                    hand_id,
                    False,
                    {u: rows[u]["beans"] for u in seats},
                    {u: rows[u]["points"] for u in seats},
                )
            changes, results = compute(
                {u: Holdings(int(rows[u]["beans"]), int(rows[u]["points"])) for u in seats}
            )
            _check(hand_id, changes, results, record)
            beans = {u: int(rows[u]["beans"]) for u in seats}
            ledger_rows = _ledger_rows(hand_id, changes, beans, now)
            player_rows, points = _player_rows(seats, rows, results, beans, now)
            await tx.executemany(
                "INSERT INTO ledger (user_id, delta, balance_after, reason, hand_id, op_key,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                ledger_rows,
            )
            await tx.executemany(
                "UPDATE players SET beans = ?, points = ?, streak = ?, best_streak = ?,"
                " last_seen_at = ? WHERE user_id = ?",
                player_rows,
            )
            await tx.executemany(
                "INSERT INTO player_records (user_id, game, role, wins, losses)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, game, role) DO UPDATE SET"
                " wins = player_records.wins + excluded.wins,"
                " losses = player_records.losses + excluded.losses",
                [(r.user_id, record.game, r.role, int(r.won), int(not r.won)) for r in results],
            )
            await _record_hand(tx, hand_id, record, changes, results, rows, points, now)
            return SettlementOutcome(hand_id, True, beans, points)

        return await self._transact(write)


async def _seated(tx: Transaction, hand_id: str, seats: list[int]) -> tuple[dict[int, Row], bool]:
    """The seated players' rows, locked until the transaction ends (in the order of their
    ids, so two settlements sharing players never wait on each other in a circle), and
    whether the hand is settled already (read after the locks: a settlement of the same
    hand that held them is seen); ``UnknownPlayerError`` for a seat nobody registered."""
    marks = ",".join("?" * len(seats))
    rows = {
        r["user_id"]: r
        for r in await tx.fetchall(
            "SELECT user_id, beans, points, is_ai, streak, best_streak FROM players"
            f" WHERE user_id IN ({marks}) ORDER BY user_id{tx.dialect.for_update}",
            seats,
        )
    }
    for user in seats:
        if user not in rows:
            raise UnknownPlayerError(user)
    settled = await tx.fetchone("SELECT 1 FROM hands WHERE hand_id = ?", (hand_id,))
    return rows, settled is not None


def _ledger_rows(
    hand_id: str, changes: Sequence[LedgerChange], beans: dict[int, int], now: str
) -> list[tuple[Any, ...]]:
    """One ledger row a change, ``beans`` moved along; ``InsufficientBeansError`` for a
    balance that would go below zero."""
    rows = []
    for change in changes:
        if change.delta == 0:
            continue
        after = beans[change.user_id] + change.delta
        if after < 0:
            raise InsufficientBeansError(change.user_id, beans[change.user_id], change.delta)
        beans[change.user_id] = after
        rows.append(
            (
                change.user_id,
                change.delta,
                after,
                Reason(change.reason).value,
                hand_id,
                hand_id,
                now,
            )
        )
    return rows


def _player_rows(
    seats: list[int],
    rows: dict[int, Row],
    results: Sequence[HandResult],
    beans: dict[int, int],
    now: str,
) -> tuple[list[tuple[Any, ...]], dict[int, int]]:
    """Each seat's new balance, points (never below 0) and streaks, and the points after the
    hand (its wins and losses are the records' rows)."""
    points = {u: int(rows[u]["points"]) for u in seats}
    player_rows = []
    by_user = {r.user_id: r for r in results}
    for user in seats:
        result = by_user.get(user)
        streak, best = int(rows[user]["streak"]), int(rows[user]["best_streak"])
        if result is not None:
            points[user] = max(0, points[user] + result.points_delta)
            streak = streak + 1 if result.won else 0
            best = max(best, streak)
        player_rows.append((beans[user], points[user], streak, best, now, user))
    return player_rows, points


async def _record_hand(
    tx: Transaction,
    hand_id: str,
    record: HandRecord,
    changes: Sequence[LedgerChange],
    results: Sequence[HandResult],
    rows: dict[int, Row],
    points: dict[int, int],
    now: str,
) -> None:
    """The hand's record, each seat's part in it, and the group's count of hands played."""
    seats = list(record.seats)
    finished = to_text(record.finished_at)
    delta_of: dict[int, int] = {}
    for change in changes:
        delta_of[change.user_id] = delta_of.get(change.user_id, 0) + change.delta
    # the record as settled: each seat's points and balance right after the hand (a result
    # shown again after a restart says these), added here, where they are known
    points_of = {r.user_id: r.points_delta for r in results}
    result = {
        **record.result,
        "points": [points_of.get(u, 0) for u in seats],
        "balances_after": [int(rows[u]["beans"]) + delta_of.get(u, 0) for u in seats],
    }
    await tx.execute(
        "INSERT INTO hands (hand_id, game, table_id, chat_id, room, rules, seats, result,"
        " multipliers, bean_changes, started_at, finished_at, settled_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            hand_id,
            record.game,
            record.table_id,
            record.chat_id,
            record.room,
            dump_json(record.rules),
            dump_json(seats),
            dump_json(result),
            dump_json(record.multipliers),
            dump_json([str(c) for c in changes]),
            to_text(record.started_at),
            finished,
            now,
        ),
    )
    await tx.executemany(
        "INSERT INTO hand_players (hand_id, user_id, role, won, beans_delta,"
        " points_delta, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (
                hand_id,
                r.user_id,
                r.role,
                int(r.won),
                delta_of.get(r.user_id, 0),
                points[r.user_id] - int(rows[r.user_id]["points"]),
                finished,
            )
            for r in results
        ],
    )
    if record.chat_id is not None:
        await tx.executemany(
            "INSERT INTO group_players (chat_id, user_id, hands, first_played_at,"
            " last_played_at) VALUES (?, ?, 1, ?, ?) ON CONFLICT (chat_id, user_id)"
            " DO UPDATE SET hands = group_players.hands + 1,"
            " last_played_at = excluded.last_played_at",
            [(record.chat_id, u, now, now) for u in seats if not rows[u]["is_ai"]],
        )
