"""The check at start: a large file has the tables the bot plays on checked before it
starts and its archive of finished hands after, in the background; damage in the archive
is found then. The lock: one holder at a time, free again once released."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ddz_bot.storage import Database
from ddz_bot.storage.errors import DatabaseDamagedError, DatabaseLockedError
from ddz_bot.storage.guard import check, check_whole, hold


async def _with_archive(path: Path) -> None:
    """A database whose last pages are all finished hands' actions."""
    async with Database(path) as db:
        await db.ensure_player(1, "Alice")
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(
            "INSERT INTO hand_actions (hand_id, seq, action, created_at) VALUES (?, ?, ?, '')",
            [(f"h{n // 32:05d}", n % 32, '{"play":"33344"}' * 8) for n in range(20_000)],
        )
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def _damage_last_pages(path: Path) -> None:
    data = bytearray(path.read_bytes())
    end = len(data) - 4096
    data[end - 8192 : end] = b"\xa5" * 8192
    path.write_bytes(bytes(data))


async def test_damage_in_the_archive_is_found_by_the_whole_check(tmp_path: Path) -> None:
    path = tmp_path / "ddz.sqlite3"
    await _with_archive(path)
    _damage_last_pages(path)
    report = check(path, whole_up_to=0)  # "large": the archive is left for later
    assert not report.whole and not report.new
    with pytest.raises(DatabaseDamagedError, match="damaged"):
        check_whole(path)
    with pytest.raises(DatabaseDamagedError):
        check(path)  # small enough to be checked whole at start


async def test_a_whole_file_passes_both_checks(tmp_path: Path) -> None:
    path = tmp_path / "ddz.sqlite3"
    await _with_archive(path)
    assert check(path).whole
    assert check_whole(path) >= 0


def test_the_lock_has_one_holder_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "data" / "ddz.sqlite3"
    first = hold(path)
    with pytest.raises(DatabaseLockedError, match="in use by another bot"):
        hold(path)
    first.release()
    hold(path).release()
