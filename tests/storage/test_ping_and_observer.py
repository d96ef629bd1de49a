"""What a host's health check and metrics read of the database: ``ping`` answers while the
database is open and raises once it is closed; every write transaction is reported with its
time and whether the database failed it (a refusal on purpose is no failure)."""

from __future__ import annotations

import pytest

from ddz_bot.storage import AlreadyClaimedError, Database
from ddz_bot.storage.backend import Transaction


async def test_ping_answers_while_open_and_raises_once_closed(db: Database) -> None:
    await db.ping()
    await db.close()
    with pytest.raises(RuntimeError):
        await db.ping()


async def test_every_write_transaction_is_reported_with_its_time_and_outcome(
    db: Database,
) -> None:
    seen: list[tuple[float, bool]] = []
    db.transaction_observer = lambda seconds, failed: seen.append((seconds, failed))
    await db.ensure_player(1, "Alice")
    await db.claim_daily(1)
    with pytest.raises(AlreadyClaimedError):  # refused on purpose: not a database failure
        await db.claim_daily(1)

    async def broken(tx: Transaction) -> None:
        await tx.execute("INSERT INTO no_such_table VALUES (1)")

    with pytest.raises(Exception, match="no_such_table"):
        await db._transact(broken)
    assert [failed for _, failed in seen][-4:] == [False, False, False, True]
    assert all(seconds >= 0 for seconds, _ in seen)
