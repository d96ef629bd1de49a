"""PostgreSQL behind storage (asyncpg): a pool of connections, row locks where SQLite's single
writer made order free, and the checked start.

Each write is one transaction on a pooled connection at READ COMMITTED. A write that reads
rows it then changes (a balance, a table's version, a message id merged into others) locks
them first (``Dialect.for_update``), always in the same order (players by id), so two
settlements of different tables sharing a player both land, one after the other, each on the
other's balance. A table's save is a compare-and-set on its stored version in the statement
itself. A transaction the server ends as a deadlock or a serialization failure is run again
from its start (the work functions only compute from what they read in it).

A hand's move (a ``shared`` write, or ``write_one``) commits with ``synchronous_commit`` off
where ``moves_synchronous`` is ``NORMAL`` (the default), as SQLite commits it: a crash of the
bot loses nothing (the server has it), a crash of the server may take back the last moves of
a hand (at most three times its ``wal_writer_delay``), never beans, whose transactions wait
for their commit to be on the disk. (The connections default to the moves' setting; every
other transaction turns it on for itself in the round trip that begins it.)

The busiest writes, a move's save and a table's message ids, are one statement each
(``write_one``): one round trip, atomic by itself, no BEGIN and COMMIT around it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable, Coroutine, Iterable, Sequence
from typing import Any, Final, TypeVar
from urllib.parse import urlsplit

import asyncpg

from .backend import (
    POSTGRESQL,
    ConstraintError,
    Dialect,
    Row,
    Work,
    numbered_placeholders,
)
from .errors import (
    ConnectionLostError,
    DatabaseLockedError,
    DatabaseRefusedLoginError,
    DatabaseUnreachableError,
    NoSuchDatabaseError,
    SchemaTooNewError,
)
from .migrations import LATEST_VERSION, MIGRATIONS, POSTGRESQL_BASELINE

__all__ = ["PostgresBackend", "PostgresTransaction", "server_name"]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: the advisory lock every migration takes (two bots starting at once migrate one by one)
MIGRATION_LOCK: Final = 0x64647A_6D6967  # "ddz mig"
#: the advisory locks a bot holds for its life on the data it alone plays on: this class,
#: and the hash of the schema its data is in (one database may hold several bots' schemas)
HOLDER_LOCK: Final = 0x64647A  # "ddz"
#: a transaction ended by the server this way is run again, at most this many times
RETRIES: Final = 5
#: how long a close waits for the transactions in flight
CLOSE_SECONDS: Final = 5.0
#: how often a worker standing by tries to take the hold (the hand-over after a SIGTERM)
STANDBY_POLL: Final = 0.1
#: a connection whose locks say a process is alive (the holder's, a worker's): the server
#: probes it after 2 s of silence, every second, and drops it (releasing its locks) after 3
#: probes unanswered
KEEPALIVES: Final = {
    "tcp_keepalives_idle": "2",
    "tcp_keepalives_interval": "1",
    "tcp_keepalives_count": "3",
}
_HOLDER_SETTINGS: Final = {"application_name": "ddz-bot", **KEEPALIVES}
_HOLDER_QUERY: Final = (
    "SELECT a.application_name || ' pid ' || a.pid || ' from '"
    " || COALESCE(host(a.client_addr), 'local') || ' since '"
    " || to_char(a.backend_start, 'YYYY-MM-DD HH24:MI:SS')"
    " FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
    " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2"
    " AND l.classid = $1::int::oid"
    " AND l.objid = (hashtext(current_schema())::bigint & 4294967295)::oid LIMIT 1"
)
#: told, once, who holds the schema while this worker stands by
StandbyWatcher = Callable[[str], None]
_RETRIED = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
#: the connection went away mid-transaction (the server restarted or ended it, the network)
_LOST = (
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    asyncpg.AdminShutdownError,
    asyncpg.ConnectionFailureError,
    ConnectionError,
    OSError,
)


def server_name(url: str) -> str:
    """The database as messages name it: ``user@host:port/db``, never the password."""
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return f"postgresql://{user}{parts.hostname or 'localhost'}{port}{parts.path}"


def _rowcount(status: str) -> int:
    """The rows a statement changed, from its status (``UPDATE 3``, ``INSERT 0 1``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresTransaction:
    """Statements inside one transaction of one pooled connection."""

    dialect: Dialect = POSTGRESQL

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            rows: list[Row] = await self.conn.fetch(numbered_placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintError(str(error)) from error
        return rows

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            row: Row | None = await self.conn.fetchrow(numbered_placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintError(str(error)) from error
        return row

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            status: str = await self.conn.execute(numbered_placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintError(str(error)) from error
        return _rowcount(status)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = [tuple(row) for row in rows]
        if not batch:
            return
        try:
            await self.conn.executemany(numbered_placeholders(sql), batch)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintError(str(error)) from error


async def _to_its_end(write: Coroutine[Any, Any, T]) -> T:
    """``write`` run to its end even if the caller is cancelled meanwhile (the caller just
    stops waiting; the outcome is still collected, so nothing is logged as never retrieved)."""
    task = asyncio.ensure_future(write)
    task.add_done_callback(lambda done: done.cancelled() or done.exception())
    return await asyncio.shield(task)


async def _kept_as_is(conn: asyncpg.Connection) -> None:
    """A connection back in the pool needs no reset: nothing here leaves state in a session
    (settings are ``SET LOCAL``, locks end with their transaction, ``LISTEN`` is on the
    leases' connection of its own), and asyncpg rolls back a transaction left open before
    calling this. Its default reset is one more round trip to the server a query."""


def _start_refusal(name: str, error: BaseException) -> Exception | None:
    """What an error met while connecting means, as one named start error (or None)."""
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return NoSuchDatabaseError(name, str(error))
    if isinstance(
        error,
        (asyncpg.InvalidPasswordError, asyncpg.InvalidAuthorizationSpecificationError),
    ):
        return DatabaseRefusedLoginError(name, str(error))
    if isinstance(error, (OSError, socket.gaierror, asyncio.TimeoutError, TimeoutError)):
        return DatabaseUnreachableError(name, str(error) or type(error).__name__)
    if isinstance(error, asyncpg.CannotConnectNowError):
        return DatabaseUnreachableError(name, str(error))
    return None


class PostgresBackend:
    """One PostgreSQL database: a pool, the migrations at open, optionally held alone."""

    dialect: Dialect = POSTGRESQL

    def __init__(
        self,
        url: str,
        *,
        pool_size: int = 10,
        connect_timeout: float = 5.0,
        moves_synchronous: str = "NORMAL",
        exclusive: bool = False,
        standby: StandbyWatcher | None = None,
        on_lost_hold: Callable[[], None] | None = None,
    ) -> None:
        if moves_synchronous.upper() not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
            raise ValueError(f"unknown synchronous setting {moves_synchronous!r}")
        self.url = url
        self.name = server_name(url)
        self._pool_size = pool_size
        self._connect_timeout = connect_timeout
        self._moves_durable = moves_synchronous.upper() in {"FULL", "EXTRA"}
        self._settings = {"application_name": "ddz-bot"}
        if not self._moves_durable:
            self._settings["synchronous_commit"] = "off"
        #: hold the schema alone for the life of this object (one bot plays on it at a time)
        self._exclusive = exclusive
        #: with ``exclusive``: wait while another holds it (a worker standing by), told once
        #: who holds it; without, another holder refuses the start (``DatabaseLockedError``)
        self._standby = standby
        #: told if the hold is lost while open (the server or the network went away): this
        #: process must stop playing, another takes over
        self._on_lost_hold = on_lost_hold
        self._pool: asyncpg.Pool | None = None
        self._holder: asyncpg.Connection | None = None

    # -- life cycle -------------------------------------------------------------------------

    async def connect(self) -> None:
        if self._pool is not None:
            return
        try:
            pool = await asyncpg.create_pool(
                self.url,
                min_size=1,
                max_size=self._pool_size,
                timeout=self._connect_timeout,
                server_settings=self._settings,
                reset=_kept_as_is,
            )
        except Exception as error:
            refusal = _start_refusal(self.name, error)
            if refusal is None:
                raise
            raise refusal from None
        try:
            if self._exclusive:
                self._holder = await self._hold(pool)
            await self._migrate(pool)
        except BaseException:
            await self._release_holder()
            await pool.close()
            raise
        self._pool = pool

    async def _hold(self, pool: asyncpg.Pool) -> asyncpg.Connection:
        """A connection of its own holding the bot's lock: released with it, by any exit.
        Its keepalives make the server notice a holder whose machine is gone within about
        five seconds (and release the lock), as it notices a killed process at once."""
        conn: asyncpg.Connection = await asyncpg.connect(
            self.url, timeout=self._connect_timeout, server_settings=_HOLDER_SETTINGS
        )
        told = False
        try:
            while not await conn.fetchval(
                "SELECT pg_try_advisory_lock($1::int, hashtext(current_schema()))", HOLDER_LOCK
            ):
                holder = await pool.fetchval(_HOLDER_QUERY, HOLDER_LOCK) or "another connection"
                if self._standby is None:
                    raise DatabaseLockedError(self.name, holder)
                if not told:
                    self._standby(holder)
                    told = True
                await asyncio.sleep(STANDBY_POLL)
        except BaseException:
            await conn.close()
            raise
        if told:
            log.info("took over %s", self.name)
        if self._on_lost_hold is not None:
            lost = self._on_lost_hold
            conn.add_termination_listener(lambda _: self._pool is not None and lost())
        return conn

    @property
    def pool(self) -> asyncpg.Pool:
        """The open pool (for work on the whole database, such as ``copy-db``'s COPY)."""
        if self._pool is None:
            raise RuntimeError("the database is closed")
        return self._pool

    def holds(self) -> bool:
        """Whether this process holds the schema now (always, for a backend not exclusive)."""
        if not self._exclusive:
            return self._pool is not None
        return self._holder is not None and not self._holder.is_closed()

    async def _release_holder(self) -> None:
        holder, self._holder = self._holder, None
        if holder is not None:
            with contextlib.suppress(Exception):
                await holder.close()

    async def _migrate(self, pool: asyncpg.Pool) -> None:
        """Bring the schema up to date, each step in one transaction under one lock."""
        async with pool.acquire() as conn:
            while True:
                async with conn.transaction():
                    await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                    await conn.execute("SET LOCAL synchronous_commit TO on")
                    await conn.execute(
                        "CREATE TABLE IF NOT EXISTS ddz_schema (version INTEGER NOT NULL)"
                    )
                    version = await conn.fetchval("SELECT version FROM ddz_schema")
                    if version is None:
                        await conn.execute("INSERT INTO ddz_schema (version) VALUES (0)")
                        version = 0
                    if version > LATEST_VERSION:
                        raise SchemaTooNewError(self.name, version, LATEST_VERSION)
                    if version == LATEST_VERSION:
                        return
                    upto = max(version + 1, POSTGRESQL_BASELINE)
                    script = MIGRATIONS[upto - 1].postgresql
                    if script is None:
                        raise RuntimeError(f"migration {upto} has no PostgreSQL text")
                    await conn.execute(script)
                    await conn.execute("UPDATE ddz_schema SET version = $1", upto)

    async def close(self) -> None:
        """Close the pool once the transactions in flight are done (at most
        ``CLOSE_SECONDS``: a connection still held then is cut, and the server rolls back
        what it had not committed), then let go of the hold."""
        pool, self._pool = self._pool, None
        if pool is not None:
            try:
                await asyncio.wait_for(pool.close(), CLOSE_SECONDS)
            except TimeoutError:
                pool.terminate()
        await self._release_holder()

    # -- transactions -----------------------------------------------------------------------

    async def transact(self, work: Work[T], *, shared: bool = False) -> T:
        """``work`` as one transaction on a pooled connection (the module docstring); it runs
        to its end even if the caller is cancelled meanwhile."""
        if self._pool is None:
            raise RuntimeError("the database is closed")
        return await _to_its_end(self._run(self._pool, work, shared))

    async def _run(self, pool: asyncpg.Pool, work: Work[T], shared: bool) -> T:
        begin = "BEGIN"
        if not shared and not self._moves_durable:  # the connection's default is off
            begin = "BEGIN; SET LOCAL synchronous_commit TO on"
        async with pool.acquire() as conn:
            for attempt in range(RETRIES):
                await conn.execute(begin)
                try:
                    result = await work(PostgresTransaction(conn))
                    await conn.execute("COMMIT")
                except _RETRIED:
                    await conn.execute("ROLLBACK")
                    if attempt == RETRIES - 1:
                        raise
                    continue
                except _LOST as error:
                    raise ConnectionLostError(self.name, str(error)) from error
                except BaseException:
                    if not conn.is_closed():
                        with contextlib.suppress(Exception):
                            await conn.execute("ROLLBACK")
                    raise
                return result
        raise AssertionError("unreachable")

    async def write_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One statement as a change of its own: one round trip (the module docstring)."""
        if self._pool is None:
            raise RuntimeError("the database is closed")
        return await _to_its_end(self._one(self._pool, sql, params))

    async def _one(self, pool: asyncpg.Pool, sql: str, params: Sequence[Any]) -> Row | None:
        try:
            row: Row | None = await pool.fetchrow(numbered_placeholders(sql), *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise ConstraintError(str(error)) from error
        except _LOST as error:
            raise ConnectionLostError(self.name, str(error)) from error
        return row

    # -- reads ------------------------------------------------------------------------------

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        if self._pool is None:
            raise RuntimeError("the database is closed")
        rows: list[Row] = await self._pool.fetch(numbered_placeholders(sql), *params)
        return rows

    async def schema_version(self) -> int:
        return int((await self.fetchall("SELECT version FROM ddz_schema"))[0][0])

    async def integrity_check(self) -> list[str]:
        """The server's own count of pages that failed their checksum (with checksums on)."""
        rows = await self.fetchall(
            "SELECT COALESCE(checksum_failures, 0) FROM pg_stat_database"
            " WHERE datname = current_database()"
        )
        failures = int(rows[0][0]) if rows else 0
        return ["ok"] if failures == 0 else [f"{failures} page(s) failed their checksum"]
