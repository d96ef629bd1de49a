"""Migrations: from empty, from every earlier version, and a newer database refused."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from ddz_bot.storage import LATEST_VERSION, AILevel, Database, SchemaTooNewError
from ddz_bot.storage.core import migrate
from ddz_bot.storage.migrations import MIGRATIONS


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


async def test_empty_file_gets_the_whole_schema(db_path: Path) -> None:
    async with Database(db_path) as db:
        assert await db.schema_version() == LATEST_VERSION == len(MIGRATIONS)
    assert {
        "players",
        "ledger",
        "groups",
        "group_players",
        "hands",
        "hand_players",
        "tables",
        "hand_actions",
    } <= _tables(db_path)


async def test_missing_folder_is_created(tmp_path: Path) -> None:
    path = tmp_path / "data" / "nested" / "ddz.sqlite3"
    async with Database(path) as db:
        assert await db.get_player(1) is None
    assert path.is_file()


async def test_connection_settings(sqlite_db: Database) -> None:
    db = sqlite_db
    rows = await db._fetchall("PRAGMA journal_mode")
    assert rows[0][0] == "wal"
    assert (await db._fetchall("PRAGMA foreign_keys"))[0][0] == 1
    assert (await db._fetchall("PRAGMA busy_timeout"))[0][0] == 5000


async def test_reopening_applies_nothing_twice(db_path: Path) -> None:
    async with Database(db_path) as db:
        await db.ensure_player(1, "ann")
    async with Database(db_path) as db:
        assert await db.schema_version() == LATEST_VERSION
        player = await db.get_player(1)
        assert player is not None and player.beans == 10_000


async def _database_at(path: Path, version: int) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        assert migrate(conn, str(path), upto=version) == version
    finally:
        conn.close()


def _seed(path: Path, version: int) -> None:
    """Rows a bot of that version could have written."""
    with sqlite3.connect(path) as conn:
        if version >= 1:
            conn.execute(
                "INSERT INTO players (user_id, display_name, beans, created_at,"
                " last_seen_at) VALUES (7, 'old timer', 12345,"
                " '2025-01-01T00:00:00+00:00', '2025-01-01T00:00:00+00:00')"
            )
            conn.execute(
                "INSERT INTO ledger (user_id, delta, balance_after, reason, op_key,"
                " created_at) VALUES (7, 12345, 12345, 'initial', 'initial',"
                " '2025-01-01T00:00:00+00:00')"
            )
        if version >= 2:
            conn.execute(
                "INSERT INTO groups (chat_id, title, created_at, updated_at)"
                " VALUES (-5, 'old group', '2025-01-01T00:00:00+00:00',"
                " '2025-01-01T00:00:00+00:00')"
            )
            conn.execute(
                "INSERT INTO group_players (chat_id, user_id, first_played_at,"
                " last_played_at) VALUES (-5, 7, '2025-01-01T00:00:00+00:00',"
                " '2025-01-01T00:00:00+00:00')"
            )


@pytest.mark.parametrize("version", range(LATEST_VERSION))
async def test_upgrade_from_each_earlier_version_keeps_data(db_path: Path, version: int) -> None:
    await _database_at(db_path, version)
    _seed(db_path, version)
    async with Database(db_path) as db:
        assert await db.schema_version() == LATEST_VERSION
        if version >= 1:
            player = await db.get_player(7)
            assert player is not None and player.beans == 12_345
            assert await db.ledger_mismatches() == {}
            board = await db.leaderboard()
            assert [e.user_id for e in board.entries] == [7]
        if version >= 2:
            group = await db.get_group(-5)
            assert group is not None and group.title == "old group"
            assert group.ai_level is AILevel.HARD  # groups from before chose no level
            assert await db.group_player_ids(-5) == [7]


async def test_newer_database_is_refused_and_left_alone(db_path: Path) -> None:
    async with Database(db_path) as db:
        await db.ensure_player(1, "ann")
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    with pytest.raises(SchemaTooNewError, match=f"version {LATEST_VERSION + 1}") as info:
        await Database.open(db_path)
    assert info.value.found == LATEST_VERSION + 1 and info.value.known == LATEST_VERSION
    assert str(db_path) in str(info.value)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION + 1
        assert conn.execute("SELECT beans FROM players").fetchall() == [(10_000,)]


async def test_failed_migration_leaves_the_previous_version(
    db_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await _database_at(db_path, 1)
    second = MIGRATIONS[1]
    broken = (*MIGRATIONS[:1], replace(second, sqlite=second.sqlite + "\nTHIS IS NOT SQL;"))
    monkeypatch.setattr("ddz_bot.storage.sqlite_backend.MIGRATIONS", (*broken, *MIGRATIONS[2:]))
    with pytest.raises(sqlite3.OperationalError):
        await Database.open(db_path)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert "groups" not in _tables(db_path)


async def test_closed_database_refuses_work(db_path: Path) -> None:
    db = await Database.open(db_path)
    await db.close()
    with pytest.raises(RuntimeError, match="closed"):
        await db.ensure_player(1, "ann")
    with pytest.raises(RuntimeError, match="closed"):
        await db.get_player(1)
