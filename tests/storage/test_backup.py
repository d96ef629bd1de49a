"""Backups: a whole, checked copy or none; the bot's own kept to the newest few; the
``backup`` command says in one line where it went or why it could not."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from ddz_bot.storage import Database
from ddz_bot.storage.backup import BackupError, backup, backup_into, prune, timed_name

ROOT = Path(__file__).resolve().parents[2]


async def _database(path: Path) -> None:
    async with Database(path) as db:
        for user in range(1, 30):
            await db.ensure_player(user, f"player {user}")


async def test_a_backup_holds_what_was_committed(db_path: Path, tmp_path: Path) -> None:
    async with Database(db_path) as db:  # open: the last commits are still in the WAL
        await db.ensure_player(7, "Alice")
        await db.adjust_beans(7, 250, key="gift")
        report = backup(db_path, tmp_path / "copy.sqlite3")
        beans = (await db.get_player(7)).beans  # type: ignore[union-attr]
    async with Database(report.path) as copy:
        player = await copy.get_player(7)
        assert player is not None and player.beans == beans
        assert await copy.ledger_mismatches() == {}
    assert report.size == report.path.stat().st_size
    assert not list(tmp_path.glob("*.part*"))


async def test_a_backup_never_overwrites_and_needs_a_database(
    db_path: Path, tmp_path: Path
) -> None:
    with pytest.raises(BackupError, match="no database"):
        backup(db_path, tmp_path / "copy.sqlite3")
    await _database(db_path)
    target = tmp_path / "copy.sqlite3"
    target.write_text("keep me", encoding="utf-8")
    with pytest.raises(BackupError, match="exists already"):
        backup(db_path, target)
    assert target.read_text(encoding="utf-8") == "keep me"


async def test_the_bots_own_backups_keep_the_newest(db_path: Path, tmp_path: Path) -> None:
    await _database(db_path)
    folder = tmp_path / "backups"
    folder.mkdir()
    start = datetime(2026, 1, 1, tzinfo=UTC)
    old = [folder / timed_name(start + timedelta(hours=6 * n)) for n in range(4)]
    for path in old:
        path.write_bytes(b"an older backup")
    (folder / "notes.txt").write_text("not a backup", encoding="utf-8")
    report = backup_into(db_path, folder, keep=2)
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [old[-1].name, report.path.name, "notes.txt"]
    )
    assert prune(folder, 1) == [old[-1]]


async def test_the_backup_command_says_where_it_went(db_path: Path, tmp_path: Path) -> None:
    await _database(db_path)
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "DDZ_DB_PATH": str(db_path)}
    target = tmp_path / "b.sqlite3"
    command = [sys.executable, str(ROOT / "bot.py"), "backup", str(target)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"backup of {db_path} written to {target}: ")
    conn = sqlite3.connect(target)
    assert conn.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 29
    conn.close()
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)
    assert again.returncode == 11 and len(again.stderr.strip().splitlines()) == 1
    assert "exists already" in again.stderr
