"""What storage asks of a database engine: transactions, reads and the few words of SQL that
differ between SQLite and PostgreSQL.

Every query is written once, with ``?`` placeholders, in the SQL both engines agree on; a
write is one ``async def work(tx)`` run as one transaction by the backend. The SQLite backend
runs it whole on its writer thread (its ``Transaction`` never suspends, so the coroutine is
driven to its end in one hand-off); the PostgreSQL backend runs it on a pooled connection.
Where the engines really differ (JSON, row locks, the order rows were written in) the query
takes the fragment from ``Dialect``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, Final, Protocol, TypeVar

__all__ = [
    "POSTGRESQL",
    "SQLITE",
    "Backend",
    "ConstraintError",
    "Dialect",
    "Engine",
    "Row",
    "Transaction",
    "TransactionObserver",
    "Work",
    "drive",
    "numbered_placeholders",
]

T = TypeVar("T")


class Engine(StrEnum):
    """The database engines storage runs on."""

    SQLITE = "sqlite"
    POSTGRESQL = "postgresql"


class Row(Protocol):
    """A result row: by column name or by position (``sqlite3.Row``, ``asyncpg.Record``)."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


class ConstraintError(Exception):
    """A write broke a constraint (a key already taken, a check, a reference), whichever
    engine said so; the transaction it happened in is rolled back."""


class Transaction(Protocol):
    """One open transaction: every statement sees the ones before it, and all of them are
    committed together or not at all."""

    dialect: Dialect

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...


Work = Callable[[Transaction], Coroutine[Any, Any, T]]
#: told after each write transaction: its seconds and whether it failed
TransactionObserver = Callable[[float, bool], None]


class Backend(Protocol):
    """A database engine behind storage: open, write, read, close."""

    dialect: Dialect
    #: what the database is called in messages (the file, or the server and database)
    name: str

    async def connect(self) -> None: ...

    async def close(self) -> None: ...

    async def transact(self, work: Work[T], *, shared: bool = False) -> T:
        """``work`` as one transaction, committed if it returns, rolled back if it raises;
        once asked for it runs to its end even if the caller is cancelled. ``shared``: a
        hand's move (the busiest write), which the engine may commit less strictly."""
        ...

    async def write_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One statement that is a whole change by itself (atomic without a transaction
        around it): a hand's move, in one round trip where the engine allows. Its first
        row, if it returns rows."""
        ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """A read of the last committed state, outside any write."""
        ...

    async def schema_version(self) -> int: ...

    async def integrity_check(self) -> list[str]: ...

    def holds(self) -> bool:
        """Whether this process holds the data it plays on now (``/healthz`` says it)."""
        ...


@dataclass(frozen=True, slots=True)
class Dialect:
    """The words of SQL where the two engines differ; everything else is written once."""

    engine: Engine
    #: appended to a SELECT that reads rows it is about to change: the rows stay locked
    #: until the transaction ends (SQLite's single writer makes that free)
    for_update: str
    #: a player's records by game and role as one JSON array text (NULL or '[]' for none)
    records_json: str
    #: true where a table's stored state is not of a finished hand
    table_in_play: str
    #: the order tables were first saved in
    tables_in_order: str
    #: a finished hand's place among those settled at the same moment
    hands_tiebreak: str

    def index_hint(self, index: str) -> str:
        """An index to walk (SQLite's query planner may otherwise scan the table)."""
        return f" INDEXED BY {index}" if self.engine is Engine.SQLITE else ""


SQLITE: Final = Dialect(
    engine=Engine.SQLITE,
    for_update="",
    records_json=(
        "(SELECT json_group_array(json_array(r.game, r.role, r.wins, r.losses))"
        " FROM player_records r WHERE r.user_id = players.user_id)"
    ),
    table_in_play="json_extract(state, '$.phase') IS NOT 'finished'",
    tables_in_order="rowid",
    hands_tiebreak="h.rowid",
)

POSTGRESQL: Final = Dialect(
    engine=Engine.POSTGRESQL,
    for_update=" FOR UPDATE",
    records_json=(
        "(SELECT json_agg(json_build_array(r.game, r.role, r.wins, r.losses))::text"
        " FROM player_records r WHERE r.user_id = players.user_id)"
    ),
    table_in_play="(state::json ->> 'phase') IS DISTINCT FROM 'finished'",
    tables_in_order="created_at, table_id",
    hands_tiebreak="h.settled_at",
)

_PLACEHOLDER_OR_QUOTED = re.compile(r"'(?:[^']|'')*'|\?")


@lru_cache(maxsize=512)
def numbered_placeholders(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2 ...`` (a ``?`` inside quotes stays).

    >>> numbered_placeholders("SELECT ? WHERE a = '?' AND b = ?")
    "SELECT $1 WHERE a = '?' AND b = $2"
    """
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0) != "?":
            return match.group(0)
        count += 1
        return f"${count}"

    return _PLACEHOLDER_OR_QUOTED.sub(number, sql)


def drive(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never suspends to its end, here and now (a SQLite transaction
    on the writer thread: its statements are plain calls, so nothing is ever awaited)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    coroutine.close()
    raise RuntimeError("a SQLite transaction waited on something outside the database")
