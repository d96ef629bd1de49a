"""A table's save names the version it was read at: two handles on one file, interleaved,
never both win (compare and set); the refused save writes nothing, not even its action."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ddz_bot.storage import Database
from ddz_bot.storage.errors import StaleTableError

from .conftest import FakeClock


async def test_a_save_from_an_older_version_is_refused_and_writes_nothing(
    db_path: Path, clock: FakeClock
) -> None:
    async with Database(db_path, clock=clock) as first, Database(db_path, clock=clock) as second:
        saved = await first.save_table_state(
            "t1", chat_id=-1, state={"turn": 0}, hand_id="h1", expected_version=0
        )
        read = await second.load_table("t1")
        assert read is not None and read.version == saved.version == 1

        await first.save_table_state(
            "t1",
            chat_id=-1,
            state={"turn": 1},
            hand_id="h1",
            action={"seat": 0, "play": "pass"},
            expected_version=1,
        )
        with pytest.raises(StaleTableError, match="read at version 1 but is at version 2"):
            await second.save_table_state(
                "t1",
                chat_id=-1,
                state={"turn": 1, "timed_out": 0},
                hand_id="h1",
                action={"seat": 0, "timeout": True},
                expected_version=read.version,
            )
        now = await second.load_table("t1")
        assert now is not None and now.version == 2 and now.state == {"turn": 1}
        assert [a.action for a in await second.hand_actions("h1")] == [{"seat": 0, "play": "pass"}]

        # read again, the second handle's save goes through
        again = await second.save_table_state(
            "t1", chat_id=-1, state={"turn": 2}, hand_id="h1", expected_version=now.version
        )
        assert again.version == 3


async def test_a_new_table_is_not_saved_over_one_that_exists(db_path: Path) -> None:
    async with Database(db_path) as first, Database(db_path) as second:
        await first.save_table_state("t1", chat_id=-1, state={"a": 1}, expected_version=0)
        with pytest.raises(StaleTableError, match="version 1"):
            await second.save_table_state("t1", chat_id=-2, state={"b": 2}, expected_version=0)
        stored = await second.load_table("t1")
        assert stored is not None and stored.chat_id == -1


async def test_a_table_closed_meanwhile_is_not_saved_again(db_path: Path) -> None:
    async with Database(db_path) as first, Database(db_path) as second:
        await first.save_table_state("t1", chat_id=-1, state={"a": 1}, expected_version=0)
        assert await first.close_table("t1")
        with pytest.raises(StaleTableError, match="gone"):
            await second.save_table_state("t1", chat_id=-1, state={"a": 2}, expected_version=1)
        assert await second.load_table("t1") is None


async def test_a_refused_save_leaves_the_others_of_its_transaction_alone(db_path: Path) -> None:
    """Saves may share a transaction: the stale one is undone alone."""
    async with Database(db_path) as db:
        await db.save_table_state("t1", chat_id=-1, state={"a": 1}, expected_version=0)
        await db.save_table_state("t2", chat_id=-2, state={"b": 1}, expected_version=0)
        results = await asyncio.gather(
            db.save_table_state("t1", chat_id=-1, state={"a": 2}, expected_version=5),
            db.save_table_state("t2", chat_id=-2, state={"b": 2}, expected_version=1),
            return_exceptions=True,
        )
        assert isinstance(results[0], StaleTableError)
        t1, t2 = await db.load_table("t1"), await db.load_table("t2")
        assert t1 is not None and t1.state == {"a": 1}
        assert t2 is not None and t2.state == {"b": 2} and t2.version == 2
