"""From a finished hand to beans: the engine's scoring, written by storage in one transaction.

``settle_hand`` is idempotent (storage keys the settlement by the hand id), so a restart that
finds a finished but unsettled hand simply settles it again: beans move once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ddz_bot.games.doudizhu.engine import WILDCARD_FACTOR, Game, HandOutcome, Role, settle
from ddz_bot.kernel import Settlement
from ddz_bot.render import ResultLine

from ..i18n import t
from ..storage import (
    Database,
    HandRecord,
    HandResult,
    Holdings,
    LedgerChange,
    Reason,
    SettlementOutcome,
)
from ..storage import Role as StoredRole
from .games import HostedGame
from .present import grouped_cards_text, multiplier_text, remember_result
from .table import Table

__all__ = [
    "Applied",
    "SettleHand",
    "Settled",
    "applied_result",
    "ledger_changes",
    "settle_hand",
    "settle_in_storage",
]


@dataclass(frozen=True, slots=True)
class Settled:
    """What the group is told: text lines and one picture line a seat."""

    text: list[str]
    pictures: list[ResultLine]


#: a game's way to settle its finished hand through storage and say the result
SettleHand = Callable[[Database, Table, HostedGame], Awaitable[Settled]]


async def settle_hand(db: Database, table: Table, game: HostedGame) -> Settled:
    """Settle the 斗地主 hand in storage; return the result lines for the group.

    The engine's scoring runs inside storage's transaction, on the beans and points the
    players hold at that moment (a /daily claimed a second ago counts, and no balance read
    earlier can make the write fail)."""
    assert isinstance(game, Game)
    outcome = game.outcome()
    assert outcome is not None
    users = [s.user_id for s in table.seats]
    now = datetime.now(UTC)
    result: dict[str, Any] = {
        "winner_role": outcome.winner_role.value if outcome.winner_role else None,
        "winners": list(outcome.winners),
        "landlord": outcome.landlord,
        "spring": outcome.spring,
        "anti_spring": outcome.anti_spring,
        "multiplier": outcome.multiplier,
        "base": outcome.base,
        "escaped": outcome.escaped,
        "log": game.log,
        "start": game.start_dict(),
    }
    record = HandRecord(
        room=game.room.key,
        rules=game.rules.to_dict(),
        seats=users,
        result=result,
        multipliers=[
            {"reason": i.reason, "factor": i.factor, "seat": i.seat, "detail": i.detail}
            for i in game.multiplier_items()
        ],
        started_at=datetime.fromtimestamp(table.created_at, tz=UTC),
        finished_at=now,
        chat_id=table.chat_id,
        table_id=str(table.id),
    )

    def scored(beans: list[int], points: list[int]) -> Settlement:
        return settle(outcome, game.room, beans, points)

    def won(seat: int) -> bool:
        return seat != outcome.escaped if outcome.escaped is not None else seat in outcome.winners

    applied = await settle_in_storage(
        db, table, users, record, result, scored, won, lead=outcome.landlord
    )
    lines = result_lines(table, game, outcome, applied.balances, applied.bean_changes)
    return Settled(lines, applied.pictures)


async def settle_in_storage(
    db: Database,
    table: Table,
    users: Sequence[int],
    record: HandRecord,
    result: dict[str, Any],
    scored: Callable[[list[int], list[int]], Settlement],
    won: Callable[[int], bool],
    *,
    lead: int | None,
) -> Applied:
    """Any game's settlement through storage's one path (keyed by the hand, applied once):
    ``scored`` is the game's scoring on the beans and points the players hold inside the
    transaction, ``won`` whether a seat won, ``lead`` the seat stored as the landlord's side
    (the emperor in 保皇). ``result`` (the hand's record) keeps the points as settled and the
    balances right after the hand: a result shown again after a restart says these."""
    computed: list[tuple[list[LedgerChange], dict[int, int]]] = []

    def compute(holdings: Mapping[int, Holdings]) -> tuple[list[LedgerChange], list[HandResult]]:
        settlement = scored([holdings[u].beans for u in users], [holdings[u].points for u in users])
        result["points"] = list(settlement.points)
        result["balances_after"] = list(settlement.balances)
        changes = ledger_changes(users, settlement)
        results = [
            HandResult(
                user,
                StoredRole.LANDLORD if seat == lead else StoredRole.FARMER,
                won(seat),
                settlement.points[seat],
            )
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
    balances then; remembered for the players' final panels."""
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
    remember_result(table, pictures)
    return Applied(bean_changes, balances, pictures)


def ledger_changes(users: Sequence[int], settlement: Settlement) -> list[LedgerChange]:
    """A settlement's changes by seat as ledger rows by user: one row per user and reason,
    none for nothing (storage keys a hand's rows by user and reason)."""
    by_user: dict[tuple[int, Reason], int] = {}
    for change in settlement.changes:
        key = (users[change.seat], Reason(change.reason))
        by_user[key] = by_user.get(key, 0) + change.amount
    return [LedgerChange(user, delta, reason) for (user, reason), delta in by_user.items() if delta]


def _full_claims(outcome: HandOutcome, game: Game) -> dict[int, int]:
    """The beans each seat would move without any cap (R-BEANS, R-LZ-SCORE's x1/4): what a
    line compares with to say it was capped."""
    coefficient = game.room.coefficient
    num, den = WILDCARD_FACTOR if outcome.wildcard else (1, 1)
    claims = {f: stake * coefficient * num // den for f, stake in outcome.stakes.items()}
    if outcome.landlord is not None:
        claims[outcome.landlord] = sum(claims.values())
    return claims


def result_lines(
    table: Table,
    game: Game,
    outcome: HandOutcome,
    balances: Mapping[int, int],
    changes: list[LedgerChange],
) -> list[str]:
    lang = table.lang
    lines = []
    if outcome.escaped is not None:
        lines.append(
            t(
                lang,
                "escaped",
                name=table.seats[outcome.escaped].name,
                beans=-sum(
                    c.delta for c in changes if c.user_id == table.seats[outcome.escaped].user_id
                ),
            )
        )
    else:
        landlord = "" if outcome.landlord is None else table.seats[outcome.landlord].name
        key = "result_landlord" if outcome.winner_role is Role.LANDLORD else "result_farmers"
        lines.append(t(lang, key, name=landlord))
    if outcome.spring:
        lines.append(t(lang, "result_spring"))
    if outcome.anti_spring:
        lines.append(t(lang, "result_anti_spring"))
    if outcome.escaped is None:
        lines.append(multiplier_text(game, table.names(), lang))
    claims = _full_claims(outcome, game) if outcome.escaped is None else {}
    for index, seat in enumerate(table.seats):
        mine = [c for c in changes if c.user_id == seat.user_id]
        line = t(
            lang,
            "result_line",
            name=seat.name,
            delta=sum(c.delta for c in mine),
            balance=balances.get(seat.user_id, 0),
        )
        notes = []
        moved = abs(sum(c.delta for c in mine if Reason(c.reason) is Reason.SETTLE))
        if index in claims and moved < claims[index]:
            notes.append(t(lang, "result_note_capped"))  # R-CAP-LOSER / R-CAP-WINNER
        fee = -sum(c.delta for c in mine if Reason(c.reason) is Reason.FEE)
        if fee:
            notes.append(t(lang, "result_note_fee", fee=fee))
        lines.append(" · ".join([line, *notes]))
    if outcome.escaped is None:
        for index, seat in enumerate(table.seats):
            rest = game.hand(index)
            if rest and index not in outcome.winners:
                lines.append(
                    t(
                        lang,
                        "result_cards_left",
                        name=seat.name,
                        cards=grouped_cards_text(rest, lang),
                    )
                )
    return lines
