"""What every part of storage shares: the backend it writes through, JSON and time.

The queries are written once (``backend.py``): a write is ``async def work(tx)``, run by the
backend as one transaction, on SQLite's writer thread or on a PostgreSQL connection of the
pool. Timestamps are stored as ISO 8601 text in UTC on both engines, so text order is time
order and a row copies from one engine to the other unchanged.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Coroutine, Iterable, Mapping
from datetime import UTC, date, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self, TypeVar
from zoneinfo import ZoneInfo

from .backend import Backend, Dialect, Row, TransactionObserver, Work
from .errors import ConnectionLostError, StorageError
from .models import EconomySettings
from .sqlite_backend import SqliteBackend, migrate, schema_version

__all__ = [
    "DEFAULT_PATH",
    "StoreCore",
    "dump_json",
    "from_text",
    "is_database_url",
    "migrate",
    "schema_version",
    "to_text",
]

DEFAULT_PATH = Path("data/ddz.sqlite3")

Clock = Callable[[], datetime]
T = TypeVar("T")


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


def is_database_url(target: str | Path) -> bool:
    """A PostgreSQL server's URL rather than an SQLite file's path."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def _backend_for(target: str | Path | Backend, options: dict[str, Any]) -> Backend:
    if not isinstance(target, (str, Path)):
        return target
    if is_database_url(target):
        from .postgres_backend import PostgresBackend

        return PostgresBackend(str(target), **options)
    return SqliteBackend(target, **options)


class StoreCore:
    """Opening, closing and the transaction helpers the query parts build on.

    ``target``: an SQLite file's path (the default), a ``postgresql://`` URL, or a backend.
    The remaining keywords are the backend's (``synchronous`` for SQLite, ``pool_size`` for
    PostgreSQL, ...)."""

    def __init__(
        self,
        target: str | Path | Backend = DEFAULT_PATH,
        *,
        economy: EconomySettings | None = None,
        clock: Clock | None = None,
        **options: Any,
    ) -> None:
        self.backend = _backend_for(target, options)
        self.dialect: Dialect = self.backend.dialect
        self.economy = economy or EconomySettings()
        self.timezone = ZoneInfo(self.economy.timezone)
        self._clock: Clock = clock or _utc_now
        #: Ranked (human) players; only a new player changes it, and every new player is
        #: written through this object, so the cache is exact for this process (another
        #: process on the same PostgreSQL database makes it stale: it is kept on SQLite only).
        self._ranked_total: int | None = None
        self._new_players = 0  # bumped with each new player: a count older than it is stale
        #: told after every write transaction: its seconds (from being asked for to its
        #: answer, a wait for the writer thread or a pooled connection included) and whether
        #: the database failed it (a refusal the write raises on purpose, a ``StorageError``,
        #: is no failure)
        self.transaction_observer: TransactionObserver | None = None

    @property
    def path(self) -> Path:
        """The SQLite file (a PostgreSQL database has none)."""
        if isinstance(self.backend, SqliteBackend):
            return self.backend.path
        raise AttributeError(f"{self.backend.name} is no file")

    # -- life cycle -------------------------------------------------------------------------

    @classmethod
    async def open(cls, target: str | Path | Backend = DEFAULT_PATH, **options: Any) -> Self:
        """Open (creating if needed) and migrate the database at ``target``."""
        store = cls(target, **options)
        await store.connect()
        return store

    async def connect(self) -> None:
        await self.backend.connect()

    async def close(self) -> None:
        """Close the database; writes already asked for are finished first."""
        await self.backend.close()

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

    # -- transactions and reads -------------------------------------------------------------

    async def _transact(self, work: Work[T], *, shared: bool = False) -> T:
        """``work`` as one transaction: committed if it returns, rolled back if it raises;
        once asked for it runs to its end even if the caller is cancelled meanwhile.
        ``shared``: a hand's move, which the backend may batch or commit less strictly."""
        return await self._observed(self.backend.transact(work, shared=shared))

    async def _write_one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        """One statement that is a whole change by itself (``Backend.write_one``)."""
        return await self._observed(self.backend.write_one(sql, tuple(params)))

    async def _observed(self, write: Coroutine[Any, Any, T]) -> T:
        observer = self.transaction_observer
        if observer is None:
            return await write
        began = time.perf_counter()
        try:
            result = await write
        except Exception as error:
            refused = isinstance(error, StorageError) and not isinstance(error, ConnectionLostError)
            observer(time.perf_counter() - began, not refused)
            raise
        observer(time.perf_counter() - began, False)
        return result

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return await self.backend.fetchall(sql, tuple(params))

    async def _fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    def holds(self) -> bool:
        """Whether this process holds its data now: open, and on PostgreSQL still holding the
        schema (a worker standing by, or one whose hold was lost, does not)."""
        return self.backend.holds()

    async def ping(self) -> None:
        """Raise unless the database answers a read of its data now (``/healthz``)."""
        await self._fetchall("SELECT 1 FROM players LIMIT 1")

    # -- time -------------------------------------------------------------------------------

    def _now(self) -> datetime:
        return self._clock()

    def _now_text(self) -> str:
        return to_text(self._now())

    def _today(self) -> date:
        """The calendar day in the bot's time zone (daily bonus and relief count by it)."""
        return self._now().astimezone(self.timezone).date()

    async def schema_version(self) -> int:
        return await self.backend.schema_version()

    async def integrity_check(self) -> list[str]:
        """The engine's own check: ``['ok']`` when the database is sound."""
        return await self.backend.integrity_check()
