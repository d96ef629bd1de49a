"""PostgreSQL with several connections at once, as several bot processes would use it: what
SQLite's single writer gave for free must hold by row locks and compare-and-set.

Each test opens several ``Database`` objects (each a pool of its own) on one fresh schema.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator

import asyncpg
import pytest

from ddz_bot.storage import (
    Database,
    InsufficientBeansError,
    LedgerChange,
    Reason,
)
from ddz_bot.storage.backend import Transaction
from ddz_bot.storage.errors import ConnectionLostError, StaleTableError
from ddz_bot.storage.settlement import SettleFunction
from tests.postgres import fresh_schema

from .conftest import FakeClock, hand_record, landlord_wins, seat_players
from .ledger_checks import books_balance

CONNECTIONS = 4


@pytest.fixture
async def url() -> AsyncIterator[str]:
    async with fresh_schema() as schema_url:
        yield schema_url


@pytest.fixture
async def databases(url: str, clock: FakeClock) -> AsyncIterator[list[Database]]:
    opened = [await Database.open(url, clock=clock, pool_size=4) for _ in range(CONNECTIONS)]
    try:
        yield opened
    finally:
        for database in opened:
            await database.close()


async def test_many_settlements_sharing_players_all_land_once(
    databases: list[Database],
) -> None:
    """Sixty hands at six tables of three among nine players, each hand settled three times
    at once from different connections: every hand moves beans once, and every balance is
    the sum of its ledger."""
    first = databases[0]
    players = list(range(1, 10))
    await seat_players(first, *players)
    tables = [players[i : i + 3] for i in range(0, 9, 3)] + [[1, 4, 7], [2, 5, 8], [3, 6, 9]]
    hands = []
    for number in range(60):
        seats = tables[number % len(tables)]
        landlord, *farmers = seats[number % 3 :] + seats[: number % 3]
        changes, results = landlord_wins(landlord, farmers, stake=10 + number, fee=3)
        hands.append((f"h{number}", changes, results, hand_record(seats)))
    attempts = [
        database.apply_settlement(*hand)
        for hand, database in zip(hands * 3, itertools.cycle(databases), strict=False)
    ]
    outcomes = await asyncio.gather(*attempts)
    applied = sorted(o.hand_id for o in outcomes if o.applied)
    assert applied == sorted(h[0] for h in hands)  # each hand once, whichever connection won
    expected = dict.fromkeys(players, 10_000)
    for _, changes, _, _ in hands:
        for change in changes:
            expected[change.user_id] += change.delta
    for user in players:
        player = await first.get_player(user)
        assert player is not None and player.beans == expected[user]
    ledger_rows = await first._fetchall("SELECT COUNT(*) FROM ledger WHERE hand_id IS NOT NULL")
    assert int(ledger_rows[0][0]) == sum(len(h[1]) for h in hands)
    await books_balance(first)


async def test_a_balance_never_goes_below_zero_when_two_tables_take_it_at_once(
    databases: list[Database],
) -> None:
    """Two tables settle at once, each taking 6,000 of one player's 10,000: each is computed
    on the balance left by the other, so the second pays what is left, never more."""
    first = databases[0]
    await seat_players(first, 1, 2, 3, 4, 5)

    def takes_what_is_held(loser: int, winner: int) -> SettleFunction:
        def compute(holdings):  # type: ignore[no-untyped-def]
            paid = min(6_000, holdings[loser].beans)
            return [LedgerChange(loser, -paid), LedgerChange(winner, paid)], []

        return compute

    await asyncio.gather(
        databases[1].settle_hand("a", hand_record([1, 2, 3]), takes_what_is_held(1, 2)),
        databases[2].settle_hand("b", hand_record([1, 4, 5]), takes_what_is_held(1, 4)),
    )
    loser, two, four = [await first.get_player(u) for u in (1, 2, 4)]
    assert loser is not None and two is not None and four is not None
    assert loser.beans == 0
    assert sorted([two.beans - 10_000, four.beans - 10_000]) == [4_000, 6_000]
    await books_balance(first)


async def test_a_fixed_change_that_would_overdraw_is_refused_whole(
    databases: list[Database],
) -> None:
    await seat_players(databases[0], 1, 2, 3, 4, 5)
    first = landlord_wins(2, [1, 3], stake=6_000)
    second = landlord_wins(4, [1, 5], stake=6_000)
    outcomes = await asyncio.gather(
        databases[1].apply_settlement("a", *first, hand_record([2, 1, 3])),
        databases[2].apply_settlement("b", *second, hand_record([4, 1, 5])),
        return_exceptions=True,
    )
    refused = [o for o in outcomes if isinstance(o, InsufficientBeansError)]
    assert len(refused) == 1 and refused[0].user_id == 1
    player = await databases[0].get_player(1)
    assert player is not None and player.beans == 4_000
    await books_balance(databases[0])


async def test_of_two_saves_from_one_version_exactly_one_lands(
    databases: list[Database],
) -> None:
    first = databases[0]
    saved = await first.save_table_state(
        "t1", chat_id=-100, hand_id="h1", state={"n": 0}, expected_version=0
    )
    for round_ in range(10):
        version = saved.version
        outcomes = await asyncio.gather(
            *(
                database.save_table_state(
                    "t1",
                    chat_id=-100,
                    hand_id="h1",
                    state={"n": round_, "by": index},
                    action={"move": round_, "by": index},
                    expected_version=version,
                )
                for index, database in enumerate(databases)
            ),
            return_exceptions=True,
        )
        landed = [o for o in outcomes if not isinstance(o, BaseException)]
        stale = [o for o in outcomes if isinstance(o, StaleTableError)]
        assert len(landed) == 1 and len(stale) == CONNECTIONS - 1
        saved = landed[0]
        assert saved.version == version + 1
    actions = await first.hand_actions("h1")
    assert [a.action["move"] for a in actions] == list(range(10))  # one per round, in order


async def test_two_new_tables_of_one_id_one_refused(databases: list[Database]) -> None:
    outcomes = await asyncio.gather(
        *(
            database.save_table_state("t9", chat_id=-100, state={}, expected_version=0)
            for database in databases
        ),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert sum(isinstance(o, StaleTableError) for o in outcomes) == CONNECTIONS - 1


async def test_a_connection_killed_mid_transaction_leaves_nothing_written(
    url: str, databases: list[Database]
) -> None:
    """The server ends a connection in the middle of a settlement (as when its bot's machine
    goes): nothing of it is written, and the hand settles whole afterwards."""
    first = databases[0]
    await seat_players(first, 1, 2, 3)
    inside, hold = asyncio.Event(), asyncio.Event()
    pids: list[int] = []

    async def half_written(tx: Transaction) -> None:
        await tx.execute(
            "INSERT INTO ledger (user_id, delta, balance_after, reason, hand_id, op_key,"
            " created_at) VALUES (1, 500, 10500, 'settle', 'h1', 'h1', 'now')"
        )
        await tx.execute("UPDATE players SET beans = 10500 WHERE user_id = 1")
        row = await tx.fetchone("SELECT pg_backend_pid()")
        assert row is not None
        pids.append(int(row[0]))
        inside.set()
        await hold.wait()

    writing = asyncio.create_task(databases[1]._transact(half_written))
    await asyncio.wait_for(inside.wait(), 10)
    admin = await asyncpg.connect(url)
    try:
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", pids[0])
    finally:
        await admin.close()
    hold.set()
    with pytest.raises(ConnectionLostError):
        await writing
    player = await first.get_player(1)
    assert player is not None and player.beans == 10_000
    assert [e.reason for e in await first.ledger(1)] == [Reason.INITIAL]
    changes, results = landlord_wins(1, [2, 3], stake=100)
    outcome = await databases[1].apply_settlement("h1", changes, results, hand_record([1, 2, 3]))
    assert outcome.applied and outcome.balances[1] == 10_200
    await books_balance(first)
