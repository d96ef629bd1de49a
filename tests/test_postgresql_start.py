"""``python bot.py`` on PostgreSQL refuses what it can't play on in one line, with its own exit
code and no traceback: a server that doesn't answer, a login it refuses, no such database, a
schema newer than the bot; ``copy-db`` refuses a target that
holds data. The password of the URL is never printed."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from ddz_bot import database_start as codes
from ddz_bot.storage import LATEST_VERSION, Database
from ddz_bot.storage.errors import (
    DatabaseRefusedLoginError,
    DatabaseUnreachableError,
    NoSuchDatabaseError,
    SchemaTooNewError,
)

from .postgres import fresh_schema
from .storage.old_databases import V5_12A2C8C, load

ROOT = Path(__file__).resolve().parents[1]


def _run(*arguments: str, url: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "DDZ_BOT_TOKEN": "1:x",
        "DDZ_DATABASE_URL": url,
        "DDZ_AI_WORKERS": "0",
        "DDZ_API_URL": "http://127.0.0.1:9",
    }
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *arguments],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _one_line(result: subprocess.CompletedProcess[str]) -> str:
    text = result.stderr.strip()
    assert len(text.splitlines()) == 1 and "Traceback" not in text, result.stderr
    return text


@pytest.fixture
async def url() -> AsyncIterator[str]:
    async with fresh_schema() as schema_url:
        yield schema_url


def _with(url: str, **parts: str) -> str:
    return urlunsplit(urlsplit(url)._replace(**parts))


def test_a_server_that_does_not_answer(tmp_path: Path) -> None:
    result = _run(url="postgresql://ddz:secret@127.0.0.1:9/ddz", cwd=tmp_path)
    assert result.returncode == codes.EXIT_CODES[DatabaseUnreachableError] == 12
    line = _one_line(result)
    assert "doesn't answer" in line and "secret" not in line


async def test_a_login_the_server_refuses(url: str, tmp_path: Path) -> None:
    parts = urlsplit(url)
    refused = _with(url, netloc=f"nobody_here:secret@{parts.hostname}:{parts.port or 5432}")
    result = _run(url=refused, cwd=tmp_path)
    assert result.returncode == codes.EXIT_CODES[DatabaseRefusedLoginError] == 13
    line = _one_line(result)
    assert "refused the login" in line and "secret" not in line


async def test_no_such_database(url: str, tmp_path: Path) -> None:
    result = _run(url=_with(url, path="/no_such_ddz_database", query=""), cwd=tmp_path)
    assert result.returncode == codes.EXIT_CODES[NoSuchDatabaseError] == 14
    assert "createdb" in _one_line(result)


async def test_a_schema_newer_than_the_bot(url: str, tmp_path: Path) -> None:
    async with Database(url) as db:
        await db.ensure_player(1, "ann")
    connection = await asyncpg.connect(url)
    try:
        await connection.execute("UPDATE ddz_schema SET version = $1", LATEST_VERSION + 1)
    finally:
        await connection.close()
    result = _run(url=url, cwd=tmp_path)
    assert result.returncode == codes.EXIT_CODES[SchemaTooNewError] == 8
    assert f"schema version {LATEST_VERSION + 1}" in _one_line(result)
    connection = await asyncpg.connect(url)
    try:  # nothing was changed
        assert await connection.fetchval("SELECT version FROM ddz_schema") == LATEST_VERSION + 1
        assert await connection.fetchval("SELECT beans FROM players") == 10_000
    finally:
        await connection.close()


async def test_copy_db_copies_once_and_refuses_a_target_with_data(url: str, tmp_path: Path) -> None:
    source = tmp_path / "old.sqlite3"
    load(V5_12A2C8C, source)
    before = source.read_bytes()
    copied = _run("copy-db", str(source), url, url=url, cwd=tmp_path)
    assert copied.returncode == 0, copied.stderr
    assert copied.stdout.strip().endswith("done") and "5 players holding 50960 beans" in (
        copied.stdout
    )
    again = _run("copy-db", str(source), url, url=url, cwd=tmp_path)
    assert again.returncode == codes.COPY_FAILED
    assert "already holds data" in _one_line(again)
    assert source.read_bytes() == before  # the source is read from a copy, never migrated
    async with Database(url) as db:
        assert await db.ledger_mismatches() == {}
        assert len(await db.load_open_tables(finished=True)) == 3
