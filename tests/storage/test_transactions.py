"""The write path: reads never wait for it, a cancelled write leaves nothing half done."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_bot.storage import (
    AlreadyClaimedError,
    Database,
    InsufficientBeansError,
    ReliefRefusedError,
)
from ddz_bot.storage.backend import Transaction

from .conftest import FakeClock, hand_record, landlord_wins, seat_players
from .ledger_checks import assert_books_balance, books_balance


async def test_reads_go_on_while_a_write_is_open(sqlite_db: Database) -> None:
    db = sqlite_db
    await db.ensure_player(1, "ann")
    started, release = threading.Event(), threading.Event()

    async def slow_write(tx: Transaction) -> None:  # on SQLite's writer thread: it may block
        await tx.execute("UPDATE players SET display_name = 'uncommitted' WHERE user_id = 1")
        started.set()
        assert release.wait(10)

    writing = asyncio.create_task(db._transact(slow_write))
    assert await asyncio.to_thread(started.wait, 10)
    player = await asyncio.wait_for(db.get_player(1), timeout=5)
    assert player is not None and player.display_name == "ann"  # the last committed state
    release.set()
    await writing
    player = await db.get_player(1)
    assert player is not None and player.display_name == "uncommitted"


async def test_reads_go_on_while_a_write_is_open_on_postgresql(pg_db: Database) -> None:
    """The same on PostgreSQL, where the write runs on the loop (SQLite's writer thread:
    the test above)."""
    db = pg_db
    await db.ensure_player(1, "ann")
    started, release = asyncio.Event(), asyncio.Event()

    async def slow_write(tx: Transaction) -> None:
        await tx.execute("UPDATE players SET display_name = 'uncommitted' WHERE user_id = 1")
        started.set()
        await release.wait()

    writing = asyncio.create_task(db._transact(slow_write))
    await asyncio.wait_for(started.wait(), 10)
    player = await asyncio.wait_for(db.get_player(1), timeout=5)
    assert player is not None and player.display_name == "ann"  # the last committed state
    release.set()
    await writing
    player = await db.get_player(1)
    assert player is not None and player.display_name == "uncommitted"


async def test_writes_wait_for_each_other_in_order(sqlite_db: Database) -> None:
    """SQLite's one writer: writes happen in the order asked (PostgreSQL runs them side by
    side, each locking the rows it changes)."""
    db = sqlite_db
    await db.ensure_player(1, "ann")
    names = [f"name {n}" for n in range(20)]
    await asyncio.gather(*(db.ensure_player(1, name) for name in names))
    player = await db.get_player(1)
    assert player is not None and player.display_name == names[-1]


async def test_a_failed_write_is_rolled_back_whole(db: Database) -> None:
    await db.ensure_player(1, "ann")

    async def half_then_fail(tx: Transaction) -> None:
        await tx.execute("UPDATE players SET display_name = 'half' WHERE user_id = 1")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await db._transact(half_then_fail)
    player = await db.get_player(1)
    assert player is not None and player.display_name == "ann"


async def test_a_write_whose_caller_is_cancelled_is_done_whole(
    db_target: Path | str, clock: FakeClock
) -> None:
    """Once a write has been asked for, cancelling the caller (a handler timing out, say)
    doesn't cut it in half: it still ends, committed as a whole."""
    db = await Database.open(db_target, clock=clock)
    await seat_players(db, 1, 2, 3)
    changes, results = landlord_wins(1, [2, 3], stake=100)
    for steps in range(12):  # cancel after 0, 1, 2, ... turns of the event loop
        task = asyncio.create_task(
            db.apply_settlement(f"h{steps}", changes, results, hand_record([1, 2, 3]))
        )
        for _ in range(steps):
            await asyncio.sleep(0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    assert (await db.apply_settlement("after", changes, results, hand_record([1, 2, 3]))).applied
    await db.close()  # the writes asked for are finished first
    db = await Database.open(db_target, clock=clock)
    settled = {h.hand_id for h in await db.recent_hands(limit=100)}
    assert settled == {"after"} | {f"h{n}" for n in range(1, 12)}  # h0 never started
    player = await db.get_player(1)
    assert player is not None and player.beans == 10_000 + 200 * len(settled)
    assert player.record("doudizhu", "landlord") == (len(settled), 0)
    await books_balance(db)
    await db.close()


_operation = st.one_of(
    st.tuples(st.just("settle"), st.integers(0, 5), st.integers(1, 6_000)),
    st.tuples(st.just("daily"), st.integers(0, 5), st.integers(0, 2)),
    st.tuples(st.just("relief"), st.integers(0, 5), st.integers(0, 0)),
    st.tuples(st.just("admin"), st.integers(0, 5), st.integers(-8_000, 8_000)),
)


@settings(max_examples=25, deadline=None)
@given(st.lists(_operation, min_size=1, max_size=25))
def test_any_run_of_operations_keeps_the_books(operations: list[tuple[str, int, int]]) -> None:
    """Whatever is asked, in whatever order: balances equal ledgers and never go negative."""

    async def run(path: Path) -> None:
        clock = FakeClock()
        async with Database(path, clock=clock) as db:
            await seat_players(db, 1, 2, 3, 4, 5, 6)
            for number, (kind, who, amount) in enumerate(operations):
                user = who + 1
                try:
                    if kind == "settle":
                        farmers = [u for u in (1, 2, 3, 4, 5, 6) if u != user][:2]
                        changes, results = landlord_wins(user, farmers, stake=amount, fee=5)
                        await db.apply_settlement(
                            f"h{number % 4}", changes, results, hand_record([user, *farmers])
                        )
                    elif kind == "daily":
                        clock.advance(days=amount)
                        await db.claim_daily(user)
                    elif kind == "relief":
                        await db.claim_relief(user)
                    else:
                        await db.adjust_beans(user, amount, key=f"k{number % 3}")
                except (InsufficientBeansError, AlreadyClaimedError, ReliefRefusedError):
                    pass
            assert await db.ledger_mismatches() == {}
        assert_books_balance(path)

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder) / "ddz.sqlite3"))


async def test_a_hands_moves_wait_for_no_sync_and_a_bean_change_after_them_does(
    db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move's commit waits for no fsync (a crash still loses none: the WAL is written
    first); what is written after it, a bean change among them, is synced as before, and
    the moves written before it with it."""
    from ddz_bot.storage import sqlite_backend

    synced: list[int] = []
    shared = sqlite_backend._run_shared

    def watched(
        conn: sqlite3.Connection, writes: list[sqlite_backend._SharedWrite]
    ) -> Sequence[object]:
        synced.append(int(conn.execute("PRAGMA synchronous").fetchone()[0]))
        return shared(conn, writes)

    monkeypatch.setattr(sqlite_backend, "_run_shared", watched)
    async with Database(db_path, clock=clock) as db:
        await db.save_table_state("t1", chat_id=-100, hand_id="h1", state={}, action={"bid": 1})

        async def setting(tx: Transaction) -> int:
            row = await tx.fetchone("PRAGMA synchronous")
            assert row is not None
            return int(row[0])

        after = await db._transact(setting)
    assert synced == [1]  # NORMAL
    assert after == 2  # FULL
    async with Database(db_path, clock=clock) as db:  # and the move is there after a restart
        assert [t.version for t in await db.load_open_tables()] == [1]
