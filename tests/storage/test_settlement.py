"""A hand's settlement: atomic, keyed by the hand, never below zero."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from ddz_bot.storage import (
    BadChangeError,
    Database,
    HandResult,
    Holdings,
    InsufficientBeansError,
    LedgerChange,
    Reason,
    UnknownPlayerError,
    changes_by_user,
)

from .conftest import FARMER, LANDLORD, hand_record, landlord_wins, seat_players


async def _beans(db: Database, *users: int) -> list[int]:
    found = []
    for user in users:
        player = await db.get_player(user)
        assert player is not None
        found.append(player.beans)
    return found


async def test_settlement_moves_beans_points_and_records(db: Database) -> None:
    await seat_players(db, 1, 2, 3)
    changes, results = landlord_wins(1, [2, 3], stake=600, fee=5)
    outcome = await db.apply_settlement("h1", changes, results, hand_record([1, 2, 3]))
    assert outcome.applied and str(outcome) == "hand h1: applied"
    assert outcome.balances == {1: 11_195, 2: 9_395, 3: 9_395}
    assert outcome.points == {1: 2, 2: 0, 3: 0}  # points never go below 0
    assert await _beans(db, 1, 2, 3) == [11_195, 9_395, 9_395]
    landlord = await db.get_player(1)
    farmer = await db.get_player(2)
    assert landlord is not None and farmer is not None
    assert (landlord.record("doudizhu", LANDLORD), landlord.streak, landlord.best_streak) == (
        (1, 0),
        1,
        1,
    )
    assert (farmer.record("doudizhu", FARMER), farmer.streak, farmer.win_rate) == ((0, 1), 0, 0.0)
    rows = await db.ledger(1)
    assert [(e.reason, e.delta, e.balance_after, e.hand_id) for e in rows[:2]] == [
        (Reason.FEE, -5, 11_195, "h1"),
        (Reason.SETTLE, 1_200, 11_200, "h1"),
    ]
    hand = await db.get_hand("h1")
    assert hand is not None
    assert hand.seats == [1, 2, 3] and hand.room == "beginner" and hand.chat_id == -100
    assert hand.multipliers == [["grab", 2], ["bomb", 2]]
    assert hand.bean_changes == changes
    assert await db.ledger_mismatches() == {}


async def test_settlement_applied_twice_moves_beans_once(db: Database) -> None:
    await seat_players(db, 1, 2, 3)
    changes, results = landlord_wins(1, [2, 3], stake=100)
    record = hand_record([1, 2, 3])
    first = await db.apply_settlement("h1", changes, results, record)
    second = await db.apply_settlement("h1", changes, results, record)
    assert not second.applied and str(second) == "hand h1: already applied"
    assert second.balances == first.balances == {1: 10_200, 2: 9_900, 3: 9_900}
    landlord = await db.get_player(1)
    assert landlord is not None and landlord.wins == 1 and landlord.points == 2


async def test_concurrent_duplicate_settlements_move_beans_once(db: Database) -> None:
    await seat_players(db, 1, 2, 3)
    changes, results = landlord_wins(1, [2, 3], stake=100)
    record = hand_record([1, 2, 3])
    outcomes = await asyncio.gather(
        *(db.apply_settlement("h1", changes, results, record) for _ in range(10))
    )
    assert sum(o.applied for o in outcomes) == 1
    assert await _beans(db, 1, 2, 3) == [10_200, 9_900, 9_900]
    assert await db.ledger_mismatches() == {}


async def test_two_connections_to_one_database_still_settle_once(
    db: Database, db_target: Path | str
) -> None:
    await seat_players(db, 1, 2, 3)
    changes, results = landlord_wins(1, [2, 3], stake=100)
    record = hand_record([1, 2, 3])
    async with Database(db_target) as other:
        outcomes = await asyncio.gather(
            *(d.apply_settlement("h1", changes, results, record) for d in (db, other) * 3)
        )
    assert sum(o.applied for o in outcomes) == 1
    assert await _beans(db, 1, 2, 3) == [10_200, 9_900, 9_900]


async def test_a_negative_balance_refuses_the_whole_settlement(db: Database) -> None:
    await seat_players(db, 1, 2, 3)
    changes, results = landlord_wins(1, [2, 3], stake=10_001)
    with pytest.raises(InsufficientBeansError, match="player 2 holds 10000"):
        await db.apply_settlement("h1", changes, results, hand_record([1, 2, 3]))
    assert await _beans(db, 1, 2, 3) == [10_000, 10_000, 10_000]
    assert await db.get_hand("h1") is None
    assert [len(await db.ledger(u)) for u in (1, 2, 3)] == [1, 1, 1]
    landlord = await db.get_player(1)
    assert landlord is not None and landlord.wins == 0 and landlord.records == ()
    # The hand id is not burnt: a corrected settlement still applies.
    changes, results = landlord_wins(1, [2, 3], stake=10_000)
    assert (await db.apply_settlement("h1", changes, results, hand_record([1, 2, 3]))).applied


async def test_taking_exactly_everything_is_allowed(db: Database) -> None:
    await seat_players(db, 1, 2, 3)
    changes, results = landlord_wins(1, [2, 3], stake=10_000)
    outcome = await db.apply_settlement("h1", changes, results, hand_record([1, 2, 3]))
    assert outcome.balances == {1: 30_000, 2: 0, 3: 0}


async def test_unknown_player_refuses_the_settlement(db: Database) -> None:
    await seat_players(db, 1, 2)
    changes, results = landlord_wins(1, [2, 3], stake=100)
    with pytest.raises(UnknownPlayerError, match="3"):
        await db.apply_settlement("h1", changes, results, hand_record([1, 2, 3]))
    assert await _beans(db, 1, 2) == [10_000, 10_000]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ([LedgerChange(9, 100)], "user 9 has no seat"),
        ([LedgerChange(1, 100), LedgerChange(1, 5)], "two changes"),
    ],
)
async def test_malformed_settlements_are_refused(
    db: Database, changes: list[LedgerChange], message: str
) -> None:
    await seat_players(db, 1, 2, 3)
    with pytest.raises(BadChangeError, match=message):
        await db.apply_settlement("h1", changes, [], hand_record([1, 2, 3]))
    with pytest.raises(BadChangeError, match="needs a hand id"):
        await db.apply_settlement("", [], [], hand_record([1, 2, 3]))
    with pytest.raises(BadChangeError, match="sits twice"):
        await db.apply_settlement("h1", [], [], hand_record([1, 1, 3]))
    with pytest.raises(BadChangeError, match="two results"):
        await db.apply_settlement(
            "h1", [], [HandResult(1, FARMER, True)] * 2, hand_record([1, 2, 3])
        )
    assert await db.get_hand("h1") is None


def test_bean_changes_print_and_parse_back() -> None:
    change = LedgerChange(42, -6050, Reason.ESCAPE)
    assert str(change) == "42:-6050:escape"
    assert LedgerChange.parse(str(change)) == change
    with pytest.raises(BadChangeError, match="daily"):
        LedgerChange(1, 5, Reason.DAILY)
    with pytest.raises(BadChangeError, match="'42:x'"):
        LedgerChange.parse("42:x")


async def test_escape_penalty_and_streaks(db: Database) -> None:
    await seat_players(db, 1, 2, 3)
    for number in range(3):
        changes, results = landlord_wins(1, [2, 3], stake=100)
        await db.apply_settlement(f"win{number}", changes, results, hand_record([1, 2, 3]))
    escape = [
        LedgerChange(1, -2_000, Reason.ESCAPE),
        LedgerChange(2, 1_000, Reason.ESCAPE),
        LedgerChange(3, 1_000, Reason.ESCAPE),
    ]
    results = [
        HandResult(1, LANDLORD, False, -40),
        HandResult(2, FARMER, True, 20),
        HandResult(3, FARMER, True, 20),
    ]
    outcome = await db.apply_settlement("escape", escape, results, hand_record([1, 2, 3]))
    assert outcome.balances == {1: 8_600, 2: 10_700, 3: 10_700}
    landlord = await db.get_player(1)
    assert landlord is not None
    assert (landlord.streak, landlord.best_streak, landlord.record("doudizhu")) == (0, 3, (3, 1))
    assert landlord.points == 0  # 6 - 40, floored at 0
    assert landlord.win_rate == 0.75
    assert await db.ledger_mismatches() == {}


async def test_hand_without_a_group_or_results(db: Database) -> None:
    await seat_players(db, 1, 2, 3)
    outcome = await db.apply_settlement("quiet", [], [], hand_record([1, 2, 3], chat_id=None))
    assert outcome.applied and outcome.balances == {1: 10_000, 2: 10_000, 3: 10_000}
    assert await db.recent_hands(user_id=1) == []  # nobody had a result
    assert [h.hand_id for h in await db.recent_hands()] == ["quiet"]


async def test_settle_hand_computes_from_the_balances_inside_the_transaction(db: Database) -> None:
    await seat_players(db, 1, 2, 3)
    await db.adjust_beans(2, -9_700, key="lost elsewhere")  # 300 left
    seen: list[dict[int, int]] = []

    def compute(
        holdings: Mapping[int, Holdings],
    ) -> tuple[list[LedgerChange], list[HandResult]]:
        seen.append({u: h.beans for u, h in holdings.items()})
        paid = {f: min(500, holdings[f].beans) for f in (2, 3)}  # R-CAP-LOSER
        changes = [LedgerChange(1, sum(paid.values()))]
        changes += [LedgerChange(f, -p) for f, p in paid.items()]
        return changes, landlord_wins(1, [2, 3], stake=0)[1]

    outcome = await db.settle_hand("h1", hand_record([1, 2, 3]), compute)
    assert seen == [{1: 10_000, 2: 300, 3: 10_000}]
    assert outcome.balances == {1: 10_800, 2: 0, 3: 9_500}
    again = await db.settle_hand("h1", hand_record([1, 2, 3]), compute)
    assert not again.applied and len(seen) == 1  # not even computed the second time


async def test_settle_hand_writes_nothing_when_compute_fails(db: Database) -> None:
    await seat_players(db, 1, 2, 3)

    def broken(holdings: Mapping[int, Holdings]) -> tuple[list[LedgerChange], list[HandResult]]:
        raise ValueError("no landlord")

    with pytest.raises(ValueError, match="no landlord"):
        await db.settle_hand("h1", hand_record([1, 2, 3]), broken)
    assert await db.get_hand("h1") is None
    changes, results = landlord_wins(1, [2, 3], stake=100)
    assert (await db.apply_settlement("h1", changes, results, hand_record([1, 2, 3]))).applied


@dataclass(frozen=True)
class _SeatChange:
    seat: int
    amount: int
    reason: str


def test_seat_changes_become_user_changes() -> None:
    seats = [42, 7, 9]
    changes = changes_by_user(seats, [_SeatChange(0, 1_200, "settle"), _SeatChange(2, -5, "fee")])
    assert changes == [LedgerChange(42, 1_200), LedgerChange(9, -5, Reason.FEE)]
    with pytest.raises(BadChangeError, match="seats"):
        changes_by_user(seats, [_SeatChange(3, 1, "settle")])
    with pytest.raises(BadChangeError):
        changes_by_user(seats, [_SeatChange(0, 1, "bonus")])
