"""Connections, the single write path, migrations and time: what every part of storage shares.

Writes: one ``sqlite3`` connection owned by one thread; every write is a plain function run
there as one ``BEGIN IMMEDIATE`` transaction, in the order the writes were asked for. A whole
transaction is a single hand-off to that thread, so it is fast and can't be cut in half by a
cancelled caller. The busiest writes, a table's state and the ids of its messages (hundreds a
second with hundreds of tables), may share a transaction (``shared``): those asked for while
the thread is busy are written together when it is free, each in its own savepoint (all of it
or none of it, as alone), and each caller is answered once the transaction is committed. Bean
changes always have a transaction of their own.

Reads: a second, query-only aiosqlite connection; in WAL mode readers see the last committed
state and never block the writer (nor it them).

Durability: ``synchronous = FULL`` by default, so a commit is on the disk before anyone is
told (``NORMAL`` under WAL may lose the last commits to a power cut, never to a crash).
Shared transactions make the cost one sync per batch: ``bench/durability_bench.py moves``
measured no difference in a save's p99 at 500 tables (README, "The data"). The moves of a
hand (the shared writes) are committed with ``moves_synchronous``, ``NORMAL`` by default: a
person who typed a play waits for its commit, and a sync behind another program's writes
took 100-400 ms on a busy disk; a crash or a restart of the bot still loses no accepted move
(the WAL is written before anyone is told), a power cut may take back the last moves of a
hand, never beans: a bean change commits with ``synchronous`` (``FULL``), which syncs every
move written before it too.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self, TypeVar
from zoneinfo import ZoneInfo

import aiosqlite

from .errors import (
    DatabaseDamagedError,
    DatabaseUnreadableError,
    NoDatabaseFolderError,
    NotADatabaseError,
    SchemaTooNewError,
    StorageError,
)
from .migrations import LATEST_VERSION, MIGRATIONS
from .models import EconomySettings

__all__ = ["DEFAULT_PATH", "StoreCore", "dump_json", "migrate", "schema_version"]

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


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, path: str, upto: int = LATEST_VERSION) -> int:
    """Bring the schema up to ``upto``, one transaction per migration; returns the version.

    ``conn`` must be in autocommit mode (``isolation_level=None``). A database newer than
    this code is refused before anything is written.
    """
    version = schema_version(conn)
    if version > LATEST_VERSION:
        raise SchemaTooNewError(path, version, LATEST_VERSION)
    for number in range(version + 1, upto + 1):
        script = (
            f"BEGIN IMMEDIATE;\n{MIGRATIONS[number - 1]}\nPRAGMA user_version = {number};\nCOMMIT;"
        )
        try:
            conn.executescript(script)
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        version = number
    return version


def _refused(path: str, error: sqlite3.Error) -> None:
    """Raise what an error met while opening a database means, as one named error; an
    error that is none of them (a full disk) is left to raise as it is."""
    text = str(error)
    if "not a database" in text:
        raise NotADatabaseError(path, text) from None
    if "malformed" in text or "corrupt" in text:
        raise DatabaseDamagedError(path, text) from None
    if "unable to open" in text or "readonly" in text:
        raise DatabaseUnreadableError(path, text) from None


_SharedWrite = tuple[Callable[[sqlite3.Connection], Any], "asyncio.Future[Any]"]


def _answer(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)


def _run_shared(
    conn: sqlite3.Connection, writes: list[_SharedWrite]
) -> list[tuple[Any, Exception | None]]:
    """``writes`` in one transaction, each in a savepoint: one that raises is undone alone.
    Returns each one's result or exception; if the commit fails, it raises."""
    outcomes: list[tuple[Any, Exception | None]] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for work, _ in writes:
            conn.execute("SAVEPOINT shared_write")
            try:
                outcomes.append((work(conn), None))
            except Exception as error:
                conn.execute("ROLLBACK TO shared_write")
                outcomes.append((None, error))
            conn.execute("RELEASE shared_write")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return outcomes


def _run_transaction(conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = work(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


class StoreCore:
    """Opening, closing and the transaction helpers the query mixins build on."""

    def __init__(
        self,
        path: str | Path = DEFAULT_PATH,
        *,
        economy: EconomySettings | None = None,
        clock: Clock | None = None,
        busy_timeout_ms: int = 5_000,
        synchronous: str = "FULL",
        moves_synchronous: str = "NORMAL",
    ) -> None:
        for setting in (synchronous, moves_synchronous):
            if setting.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
                raise ValueError(f"unknown synchronous setting {setting!r}")
        self.path = Path(path)
        self.economy = economy or EconomySettings()
        self.timezone = ZoneInfo(self.economy.timezone)
        self._clock: Clock = clock or _utc_now
        self._busy_timeout_ms = int(busy_timeout_ms)
        self._synchronous = synchronous.upper()
        #: the shared writes' (a hand's moves; the module docstring)
        self._moves_synchronous = moves_synchronous.upper()
        self._writer: sqlite3.Connection | None = None
        self._write_thread: ThreadPoolExecutor | None = None
        self._shared: list[_SharedWrite] = []  # shared writes waiting for the writer thread
        self._shared_lock = threading.Lock()
        self._sharing = False  # the writer thread has a job writing them
        self._reader: aiosqlite.Connection | None = None
        #: Ranked (human) players; only a new player changes it, and every new player is
        #: written through this object, so the cache is exact for this process.
        self._ranked_total: int | None = None
        self._new_players = 0  # bumped with each new player: a count older than it is stale
        #: told after every write transaction: its seconds (from being asked for to its
        #: answer, a wait for the writer thread included) and whether the database failed
        #: it (a refusal the write raises on purpose, a ``StorageError``, is no failure)
        self.transaction_observer: Callable[[float, bool], None] | None = None

    # -- life cycle -------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | Path = DEFAULT_PATH, **options: Any) -> Self:
        """Open (creating if needed) and migrate the database at ``path``."""
        store = cls(path, **options)
        await store.connect()
        return store

    def _pragmas(self) -> list[str]:
        return [
            f"PRAGMA busy_timeout = {self._busy_timeout_ms}",
            "PRAGMA foreign_keys = ON",
            f"PRAGMA synchronous = {self._synchronous}",
        ]

    def _open_writer(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error as error:
            _refused(str(self.path), error)
            raise
        try:
            conn.row_factory = sqlite3.Row
            for pragma in self._pragmas():
                conn.execute(pragma)
            conn.execute("PRAGMA journal_mode = WAL")
            migrate(conn, str(self.path))
        except sqlite3.DatabaseError as error:
            conn.close()
            _refused(str(self.path), error)
            raise
        except BaseException:
            conn.close()
            raise
        return conn

    async def connect(self) -> None:
        if self._writer is not None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            why = error.strerror or str(error)
            raise NoDatabaseFolderError(str(self.path), why) from None
        loop = asyncio.get_running_loop()
        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ddz-db-writer")
        try:
            writer = await loop.run_in_executor(thread, self._open_writer)
        except BaseException:
            thread.shutdown(wait=True)
            raise
        try:
            reader = await aiosqlite.connect(self.path, isolation_level=None)
            try:
                reader.row_factory = sqlite3.Row
                for pragma in [*self._pragmas(), "PRAGMA query_only = ON"]:
                    await reader.execute(pragma)
            except BaseException:
                await reader.close()
                raise
        except BaseException:
            await loop.run_in_executor(thread, writer.close)
            thread.shutdown(wait=True)
            raise
        self._writer, self._write_thread, self._reader = writer, thread, reader

    async def close(self) -> None:
        """Close both connections; writes already asked for are finished first."""
        writer, thread, reader = self._writer, self._write_thread, self._reader
        self._writer = self._write_thread = self._reader = None
        if reader is not None:
            await reader.close()
        if writer is not None and thread is not None:
            await asyncio.get_running_loop().run_in_executor(thread, writer.close)
            thread.shutdown(wait=True)

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

    async def _transact(
        self, work: Callable[[sqlite3.Connection], T], *, shared: bool = False
    ) -> T:
        """Run ``work`` on the writer thread as one ``BEGIN IMMEDIATE`` transaction: committed
        if it returns, rolled back if it raises. Once asked for, the transaction runs to its
        end even if the caller is cancelled meanwhile (the caller just stops waiting).
        ``shared``: it may share the transaction with other shared writes (the module
        docstring), as a savepoint of its own."""
        writer, thread = self._writer, self._write_thread
        if writer is None or thread is None:
            raise RuntimeError("the database is closed")
        loop = asyncio.get_running_loop()
        began = time.perf_counter()
        if shared:
            answer: asyncio.Future[T] = loop.create_future()
            with self._shared_lock:
                self._shared.append((work, answer))
                start = not self._sharing
                self._sharing = True
            if start:
                job = loop.run_in_executor(thread, self._write_shared, writer, loop)
                job.add_done_callback(lambda done: done.cancelled() or done.exception())
            waited = asyncio.shield(answer)
        else:
            future = loop.run_in_executor(thread, _run_transaction, writer, work)
            # If nobody waits any more, still collect the outcome (no "never retrieved" noise).
            future.add_done_callback(lambda done: done.cancelled() or done.exception())
            waited = asyncio.shield(future)
        observer = self.transaction_observer
        try:
            result = await waited
        except Exception as error:
            if observer is not None:
                observer(time.perf_counter() - began, not isinstance(error, StorageError))
            raise
        if observer is not None:
            observer(time.perf_counter() - began, False)
        return result

    def _write_shared(self, conn: sqlite3.Connection, loop: asyncio.AbstractEventLoop) -> None:
        """On the writer thread: the shared writes waiting, together, until none waits."""
        while True:
            with self._shared_lock:
                writes, self._shared = self._shared, []
                if not writes:
                    self._sharing = False
                    return
            try:
                outcomes = self._run_moves(conn, writes)
            except BaseException as error:  # the commit failed: none of them was written
                for _, future in writes:
                    loop.call_soon_threadsafe(_answer, future, None, error)
                continue
            for (_, future), (result, failed) in zip(writes, outcomes, strict=True):
                loop.call_soon_threadsafe(_answer, future, result, failed)

    def _run_moves(
        self, conn: sqlite3.Connection, writes: list[_SharedWrite]
    ) -> list[tuple[Any, Exception | None]]:
        """``_run_shared`` committed with ``moves_synchronous`` (the module docstring)."""
        if self._moves_synchronous == self._synchronous:
            return _run_shared(conn, writes)
        conn.execute(f"PRAGMA synchronous = {self._moves_synchronous}")
        try:
            return _run_shared(conn, writes)
        finally:
            conn.execute(f"PRAGMA synchronous = {self._synchronous}")

    async def ping(self) -> None:
        """A trivial read through the reader connection (one that opens the file, not only
        the connection): raises if the database does not answer, so a health check can tell."""
        await self._fetchall("SELECT 1 FROM sqlite_master LIMIT 1")

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
