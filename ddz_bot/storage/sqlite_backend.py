"""SQLite behind storage: one writer thread, one reader, the shared transaction of moves.

Writes: one ``sqlite3`` connection owned by one thread; every write is run there as one
``BEGIN IMMEDIATE`` transaction, in the order the writes were asked for. A whole transaction
is a single hand-off to that thread (``backend.drive``), so it is fast and can't be cut in
half by a cancelled caller. The busiest writes, a table's state and the ids of its messages
(hundreds a second with hundreds of tables), may share a transaction (``shared``): those asked
for while the thread is busy are written together when it is free, each in its own savepoint
(all of it or none of it, as alone), and each caller is answered once the transaction is
committed. Bean changes always have a transaction of their own.

Reads: a second, query-only aiosqlite connection; in WAL mode readers see the last committed
state and never block the writer (nor it them).

Durability: ``synchronous = FULL`` by default, so a commit is on the disk before anyone is
told. The moves of a hand (the shared writes) are committed with ``moves_synchronous``,
``NORMAL`` by default: a sync behind another program's writes took 100-400 ms on a busy disk;
a crash or a restart of the bot still loses no accepted move (the WAL is written before anyone
is told), a power cut may take back the last moves of a hand, never beans: a bean change
commits with ``synchronous`` (``FULL``), which syncs every move written before it too.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from .backend import (
    SQLITE,
    ConstraintError,
    Dialect,
    Row,
    Transaction,
    Work,
    drive,
)
from .errors import (
    DatabaseDamagedError,
    DatabaseUnreadableError,
    NoDatabaseFolderError,
    NotADatabaseError,
    SchemaTooNewError,
)
from .migrations import LATEST_VERSION, MIGRATIONS

__all__ = ["SqliteBackend", "SqliteTransaction", "migrate", "schema_version"]

T = TypeVar("T")


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
    for migration in MIGRATIONS[version:upto]:
        script = (
            f"BEGIN IMMEDIATE;\n{migration.sqlite}\n"
            f"PRAGMA user_version = {migration.number};\nCOMMIT;"
        )
        try:
            conn.executescript(script)
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        version = migration.number
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


class SqliteTransaction:
    """Statements on the writer's connection; every method returns without suspending."""

    dialect: Dialect = SQLITE

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return self.conn.execute(sql, tuple(params)).fetchall()
        except sqlite3.IntegrityError as error:
            raise ConstraintError(str(error)) from error

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            row: Row | None = self.conn.execute(sql, tuple(params)).fetchone()
        except sqlite3.IntegrityError as error:
            raise ConstraintError(str(error)) from error
        return row

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            return self.conn.execute(sql, tuple(params)).rowcount
        except sqlite3.IntegrityError as error:
            raise ConstraintError(str(error)) from error

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            self.conn.executemany(sql, [tuple(row) for row in rows])
        except sqlite3.IntegrityError as error:
            raise ConstraintError(str(error)) from error


_SharedWrite = tuple[Work[Any], "asyncio.Future[Any]"]


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
    tx = SqliteTransaction(conn)
    conn.execute("BEGIN IMMEDIATE")
    try:
        for work, _ in writes:
            conn.execute("SAVEPOINT shared_write")
            try:
                outcomes.append((drive(work(tx)), None))
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


def _run_transaction(conn: sqlite3.Connection, work: Work[T]) -> T:
    conn.execute("BEGIN IMMEDIATE")
    try:
        result: T = drive(work(SqliteTransaction(conn)))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


class SqliteBackend:
    """One SQLite file: the writer thread, the reader, the migrations at open."""

    dialect: Dialect = SQLITE

    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout_ms: int = 5_000,
        synchronous: str = "FULL",
        moves_synchronous: str = "NORMAL",
    ) -> None:
        for setting in (synchronous, moves_synchronous):
            if setting.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
                raise ValueError(f"unknown synchronous setting {setting!r}")
        self.path = Path(path)
        self.name = str(self.path)
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

    # -- life cycle -------------------------------------------------------------------------

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

    # -- transactions -----------------------------------------------------------------------

    async def transact(self, work: Work[T], *, shared: bool = False) -> T:
        """``work`` on the writer thread as one ``BEGIN IMMEDIATE`` transaction (the module
        docstring); ``shared`` may share it with other moves, as a savepoint of its own."""
        writer, thread = self._writer, self._write_thread
        if writer is None or thread is None:
            raise RuntimeError("the database is closed")
        loop = asyncio.get_running_loop()
        if shared:
            answer: asyncio.Future[T] = loop.create_future()
            with self._shared_lock:
                self._shared.append((work, answer))
                start = not self._sharing
                self._sharing = True
            if start:
                job = loop.run_in_executor(thread, self._write_shared, writer, loop)
                job.add_done_callback(lambda done: done.cancelled() or done.exception())
            return await asyncio.shield(answer)
        future = loop.run_in_executor(thread, _run_transaction, writer, work)
        # If nobody waits any more, still collect the outcome (no "never retrieved" noise).
        future.add_done_callback(lambda done: done.cancelled() or done.exception())
        return await asyncio.shield(future)

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

    async def write_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One statement, written as a move (``shared``)."""

        async def one(tx: Transaction) -> Row | None:
            return await tx.fetchone(sql, params)

        return await self.transact(one, shared=True)

    # -- reads ------------------------------------------------------------------------------

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        if self._reader is None:
            raise RuntimeError("the database is closed")
        return list(await self._reader.execute_fetchall(sql, tuple(params)))

    async def schema_version(self) -> int:
        return int((await self.fetchall("PRAGMA user_version"))[0][0])

    def holds(self) -> bool:
        """Open (the file's lock is the process's, ``guard.hold``, taken before)."""
        return self._writer is not None

    async def integrity_check(self) -> list[str]:
        """SQLite's own ``PRAGMA integrity_check``: ``['ok']`` when the file is sound."""
        return [str(r[0]) for r in await self.fetchall("PRAGMA integrity_check")]
