"""``python bot.py`` refuses a database it must not play on: one line, its own exit code, no
traceback, and the file's bytes as they were. One bot per database file: a second is refused
while the first runs, and a bot starts once the first is gone, even killed."""

from __future__ import annotations

import asyncio
import os
import queue
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from ddz_bot import database_start as codes
from ddz_bot.config import Settings
from ddz_bot.storage import LATEST_VERSION, Database
from ddz_bot.storage.errors import (
    DatabaseDamagedError,
    DatabaseLockedError,
    DatabaseUnreadableError,
    NoDatabaseFolderError,
    NotADatabaseError,
    SchemaTooNewError,
)

from .tg.fake_api import FakeBotAPI
from .tg.local_telegram import local_telegram

ROOT = Path(__file__).resolve().parents[1]


def _env(db: Path, **more: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "DDZ_BOT_TOKEN": "1:x",
        "DDZ_DB_PATH": str(db),
        "DDZ_AI_WORKERS": "0",
        "DDZ_API_URL": "http://127.0.0.1:9",
        **more,
    }


def _run(db: Path, *, cwd: Path, prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*prefix, sys.executable, str(ROOT / "bot.py")],
        cwd=cwd,
        env=_env(db),
        capture_output=True,
        text=True,
        timeout=60,
    )


async def _bot_database(path: Path) -> None:
    """A database as the bot leaves it, with enough rows to span many pages."""
    async with Database(path) as db:
        for user in range(1, 400):
            await db.ensure_player(user, f"player {user} " + "x" * 200)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def _damage_pages(path: Path) -> None:
    """Two pages in the middle overwritten, as a bad disk block would."""
    data = bytearray(path.read_bytes())
    pages = len(data) // 4096
    for page in (pages // 2, pages // 2 + 1):
        data[page * 4096 : (page + 1) * 4096] = random.Random(page).randbytes(4096)
    path.write_bytes(bytes(data))


def _newer_schema(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def _bad_file(kind: str, path: Path) -> None:
    if kind == "random bytes":
        path.write_bytes(random.Random(1).randbytes(50_000))
        return
    if kind == "text":
        path.write_text("beans: alice 1000, bob 2000\n" * 100, encoding="utf-8")
        return
    asyncio.run(_bot_database(path))
    if kind == "truncated":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2 + 1000])
    elif kind == "pages damaged":
        _damage_pages(path)
    elif kind == "newer schema":
        _newer_schema(path)


BAD_FILES = {
    "random bytes": NotADatabaseError,
    "text": NotADatabaseError,
    "truncated": NotADatabaseError,
    "pages damaged": DatabaseDamagedError,
    "newer schema": SchemaTooNewError,
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_bad_file_is_refused_in_one_line_and_left_as_it_was(kind: str, tmp_path: Path) -> None:
    db = tmp_path / "ddz.sqlite3"
    _bad_file(kind, db)
    before = db.read_bytes()
    result = _run(db, cwd=tmp_path)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == codes.EXIT_CODES[BAD_FILES[kind]], result.stderr
    assert len(lines) == 1 and str(db) in lines[0] and "Traceback" not in result.stderr
    assert db.read_bytes() == before


def test_a_damaged_file_points_at_the_restore_steps(tmp_path: Path) -> None:
    db = tmp_path / "ddz.sqlite3"
    _bad_file("pages damaged", db)
    result = _run(db, cwd=tmp_path)
    assert "damaged" in result.stderr and "restore" in result.stderr


def test_a_folder_that_cant_be_made_is_refused(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be", encoding="utf-8")
    result = _run(tmp_path / "data" / "ddz.sqlite3", cwd=tmp_path)
    assert result.returncode == codes.EXIT_CODES[NoDatabaseFolderError]
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def _without_root_powers() -> tuple[str, ...]:
    """As root, permissions bind only without the capabilities that override them."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: permissions can't be made to bind")
    caps = "-dac_override,-dac_read_search"
    return (setpriv, f"--inh-caps={caps}", f"--bounding-set={caps}")


def test_an_unreadable_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "ddz.sqlite3"
    asyncio.run(_bot_database(db))
    before = db.read_bytes()
    folder.chmod(0)
    try:
        result = _run(db, cwd=tmp_path, prefix=_without_root_powers())
    finally:
        folder.chmod(0o755)
    assert result.returncode == codes.EXIT_CODES[DatabaseUnreadableError], result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert str(db) in result.stderr and db.read_bytes() == before


class _SlowPolls(FakeBotAPI):
    """Holds each poll a moment, as Telegram's long polling does (the bot doesn't spin)."""

    def _api_getUpdates(self, params: dict[str, Any], files: dict[str, Any]) -> Any:
        threading.Event().wait(0.1)
        return super()._api_getUpdates(params, files)


class _Bot:
    """A bot running as a process of its own; its log read line by line."""

    def __init__(self, db: Path, api_url: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "bot.py")],
            cwd=db.parent,
            env=_env(db, DDZ_API_URL=api_url),
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        assert self.process.stderr is not None
        threading.Thread(target=self._read, args=(self.process.stderr,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)

    def wait_ready(self) -> None:
        """Until it says it is ready (it has the database and takes updates)."""
        said = []
        while True:
            line = self.lines.get(timeout=60)
            said.append(line)
            assert "Traceback" not in line, "".join(said)
            if "ready as @" in line:
                return

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)


@pytest.fixture
def bots() -> Iterator[list[_Bot]]:
    started: list[_Bot] = []
    yield started
    for one in started:
        if one.process.poll() is None:
            one.kill()


def test_one_bot_per_database_and_a_killed_one_leaves_it_free(
    tmp_path: Path, bots: list[_Bot]
) -> None:
    db = tmp_path / "ddz.sqlite3"
    with local_telegram(_SlowPolls()) as local:
        first = _Bot(db, local.url)
        bots.append(first)
        first.wait_ready()

        second = _run(db, cwd=tmp_path)
        assert second.returncode == codes.EXIT_CODES[DatabaseLockedError]
        line = second.stderr.strip()
        assert len(line.splitlines()) == 1 and str(db) in line
        assert f"pid {first.process.pid}" in line and "Traceback" not in line

        first.kill()
        third = _Bot(db, local.url)
        bots.append(third)
        third.wait_ready()
        assert third.process.poll() is None


class _Jobs:
    """Stands in for the job queue: keeps what was scheduled."""

    def __init__(self) -> None:
        self.repeating: list[tuple[Any, float, float]] = []

    def run_repeating(self, callback: Any, *, interval: float, first: float, name: str) -> None:
        self.repeating.append((callback, interval, first))


class _Application:
    def __init__(self) -> None:
        self.job_queue = _Jobs()


def test_the_bot_keeps_its_own_backups_when_told_where(tmp_path: Path) -> None:
    db = tmp_path / "ddz.sqlite3"
    asyncio.run(_bot_database(db))
    settings = Settings(
        token="1:x", db_path=db, backup_dir=tmp_path / "backups", backup_every=3600, backup_keep=2
    )
    application = _Application()
    codes.schedule_backups(application, settings)
    [(job, interval, first)] = application.job_queue.repeating
    assert interval == first == 3600
    for day in range(1, 4):
        asyncio.run(job(None))
        if day < 3:  # names are by the second: the one just made is moved back in time
            [made] = (tmp_path / "backups").glob("ddz-20[1-9]*.sqlite3")
            made.rename(made.with_name(f"ddz-2000010{day}-000000.sqlite3"))
    kept = sorted(path.name for path in (tmp_path / "backups").iterdir())
    assert len(kept) == 2 and kept[0] == "ddz-20000102-000000.sqlite3"
    conn = sqlite3.connect(tmp_path / "backups" / kept[-1])
    assert conn.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 399
    conn.close()


def test_no_backups_unless_told_where(tmp_path: Path) -> None:
    application = _Application()
    codes.schedule_backups(application, Settings(token="1:x", db_path=tmp_path / "d"))
    assert application.job_queue.repeating == []
