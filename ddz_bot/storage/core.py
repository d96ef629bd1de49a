"""Connections, the single write path, migrations and time: what every part of storage shares.

One writer connection runs every write as one ``BEGIN IMMEDIATE`` transaction, serialised by
an ``asyncio.Lock``; a second, query-only connection serves reads. In WAL mode readers see the
last committed state and never block the writer (nor it them).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from datetime import UTC, date, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self
from zoneinfo import ZoneInfo

import aiosqlite

from .errors import SchemaTooNewError
from .migrations import LATEST_VERSION, MIGRATIONS
from .models import EconomySettings

__all__ = ["DEFAULT_PATH", "StoreCore", "dump_json", "migrate", "schema_version"]

DEFAULT_PATH = Path("data/ddz.sqlite3")

Clock = Callable[[], datetime]


def _utc_now() -> datetime:
    return datetime.now(UTC)


def to_text(moment: datetime) -> str:
    """Timestamps are stored as ISO 8601 in UTC, so text order is time order."""
    if moment.tzinfo is None:
        raise ValueError(f"timestamp {moment!r} has no time zone")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_text(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, Iterable) and not isinstance(value, (str, bytes)):
        return list(value)
    raise TypeError(f"{type(value).__name__} can't be stored as JSON")


def dump_json(value: Any) -> str:
    """JSON text as stored: compact, Chinese kept readable, mappings and tuples accepted."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=_jsonable)


async def schema_version(conn: aiosqlite.Connection) -> int:
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def migrate(conn: aiosqlite.Connection, path: str, upto: int = LATEST_VERSION) -> int:
    """Bring the schema up to ``upto``, one transaction per migration; returns the version.

    A database newer than this code is refused before anything is written.
    """
    version = await schema_version(conn)
    if version > LATEST_VERSION:
        raise SchemaTooNewError(path, version, LATEST_VERSION)
    for number in range(version + 1, upto + 1):
        script = (f"BEGIN IMMEDIATE;\n{MIGRATIONS[number - 1]}\n"
                  f"PRAGMA user_version = {number};\nCOMMIT;")
        try:
            await conn.executescript(script)
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                await conn.execute("ROLLBACK")
            raise
        version = number
    return version


class StoreCore:
    """Opening, closing and the transaction helpers the query mixins build on."""

    def __init__(
        self,
        path: str | Path = DEFAULT_PATH,
        *,
        economy: EconomySettings | None = None,
        clock: Clock | None = None,
        busy_timeout_ms: int = 5_000,
        synchronous: str = "NORMAL",
    ) -> None:
        if synchronous.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
            raise ValueError(f"unknown synchronous setting {synchronous!r}")
        self.path = Path(path)
        self.economy = economy or EconomySettings()
        self.timezone = ZoneInfo(self.economy.timezone)
        self._clock: Clock = clock or _utc_now
        self._busy_timeout_ms = busy_timeout_ms
        self._synchronous = synchronous.upper()
        self._writer: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()
        #: Ranked (human) players; only a new player changes it, and every new player is
        #: written through this object, so the cache is exact for this process.
        self._ranked_total: int | None = None
        self._new_players = 0  # bumped with each new player: a count older than it is stale

    # -- life cycle -------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | Path = DEFAULT_PATH, **options: Any) -> Self:
        """Open (creating if needed) and migrate the database at ``path``."""
        store = cls(path, **options)
        await store.connect()
        return store

    async def connect(self) -> None:
        if self._writer is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        writer = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            await self._configure(writer)
            await writer.execute("PRAGMA journal_mode = WAL")
            await migrate(writer, str(self.path))
            reader = await aiosqlite.connect(self.path, isolation_level=None)
        except BaseException:
            await writer.close()
            raise
        try:
            await self._configure(reader)
            await reader.execute("PRAGMA query_only = ON")
        except BaseException:
            await reader.close()
            await writer.close()
            raise
        self._writer, self._reader = writer, reader

    async def _configure(self, conn: aiosqlite.Connection) -> None:
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute(f"PRAGMA synchronous = {self._synchronous}")

    async def close(self) -> None:
        writer, reader = self._writer, self._reader
        self._writer = self._reader = None
        if reader is not None:
            await reader.close()
        if writer is not None:
            async with self._write_lock:
                await writer.close()

    async def __aenter__(self) -> Self:
        await self.connect()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # -- transactions -----------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction on the writer: committed if the block ends
        normally, rolled back if it raises (or is cancelled)."""
        async with self._write_lock:
            conn = self._writer
            if conn is None:
                raise RuntimeError("the database is closed")
            # Statements run in order on the connection's thread, even those whose caller
            # was cancelled while waiting: so the ROLLBACK below always comes after them,
            # and a cancelled BEGIN or COMMIT never leaves a transaction open.
            try:
                await conn.execute("BEGIN IMMEDIATE")
                yield conn
                await asyncio.shield(conn.execute("COMMIT"))
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    await asyncio.shield(conn.execute("ROLLBACK"))
                raise

    def _read_conn(self) -> aiosqlite.Connection:
        if self._reader is None:
            raise RuntimeError("the database is closed")
        return self._reader

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        return list(await self._read_conn().execute_fetchall(sql, tuple(params)))

    async def _fetchone(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    # -- time -------------------------------------------------------------------------------

    def _now(self) -> datetime:
        return self._clock()

    def _now_text(self) -> str:
        return to_text(self._now())

    def _today(self) -> date:
        """The calendar day in the bot's time zone (daily bonus and relief count by it)."""
        return self._now().astimezone(self.timezone).date()

    async def schema_version(self) -> int:
        return int((await self._fetchall("PRAGMA user_version"))[0][0])
