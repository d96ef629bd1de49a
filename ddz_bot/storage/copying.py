"""``python bot.py copy-db SQLITE_FILE postgresql://...``: a bot's SQLite data moved to
PostgreSQL, checked before it is called done.

The source is read from a copy brought up to today's schema (a backup of an older bot is
migrated on the copy, never in place). The target must hold no data: its schema is made, every
row is copied in one transaction (PostgreSQL's COPY), the ledger's numbering goes on after the
last id, and the copy is compared with the source (every table's row count, the sum of all
balances, the ledger's sum for each player) before anything is committed: a copy that doesn't
match is rolled back and says where it differs.
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import asyncpg

from .errors import StorageError
from .guard import check
from .postgres_backend import PostgresBackend, server_name
from .sqlite_backend import migrate

__all__ = ["COPIED_TABLES", "CopyRefusedError", "CopyReport", "copy_database"]

#: every table of the schema, in an order where each row's references are copied before it,
#: each with the order its rows are read in (the order they were written where it matters)
COPIED_TABLES: Final = {
    "players": "user_id",
    "ledger": "id",
    "player_records": "user_id, game, role",
    "groups": "chat_id",
    "group_players": "chat_id, user_id",
    "hands": "rowid",
    "hand_players": "hand_id, user_id",
    "tables": "rowid",
    "hand_actions": "hand_id, seq",
    "season_settings": "chat_id",
    "season_finals": "chat_id, number",
    "tournaments": "tournament_id",
    "tournament_entrants": "tournament_id, entry_order",
    "tournament_hands": "tournament_id, round, board, hand_no",
    "tournament_scores": "tournament_id, round, board, hand_no, user_id",
}


class CopyRefusedError(StorageError):
    """The copy was not made, or not kept: nothing is left half-written in the target."""


@dataclass(frozen=True, slots=True)
class CopyReport:
    """What was copied, as checked in the target."""

    rows: dict[str, int]
    players: int
    beans: int

    def line(self, source: Path, target: str) -> str:
        total = sum(self.rows.values())
        return (
            f"Copied {source} to {server_name(target)}: {total} rows in {len(self.rows)} tables,"
            f" {self.players} players holding {self.beans} beans; row counts, balances and"
            " every player's ledger checked: done"
        )


def _migrated_copy(source: Path, folder: Path) -> Path:
    """The source, checked as a start would check it, copied and brought up to date."""
    check(source)
    copy = folder / "source.sqlite3"
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as reader:
        writer = sqlite3.connect(copy)
        try:
            reader.backup(writer)
        finally:
            writer.close()
    conn = sqlite3.connect(copy, isolation_level=None)
    try:
        migrate(conn, str(source))
    finally:
        conn.close()
    return copy


def _read(path: Path) -> tuple[dict[str, tuple[list[str], list[tuple[Any, ...]]]], dict[int, int]]:
    """Every table's columns and rows, and each player's ledger sum."""
    conn = sqlite3.connect(path)
    try:
        tables = {}
        for table, order in COPIED_TABLES.items():
            columns = [str(r[1]) for r in conn.execute(f"PRAGMA table_info({table})")]
            rows = conn.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}")
            tables[table] = (columns, [tuple(row) for row in rows])
        sums = {
            int(user): int(total)
            for user, total in conn.execute("SELECT user_id, SUM(delta) FROM ledger GROUP BY 1")
        }
    finally:
        conn.close()
    return tables, sums


def _typed(rows: Sequence[tuple[Any, ...]], kinds: Sequence[str]) -> list[tuple[Any, ...]]:
    """Rows as the target's column types want them (SQLite keeps any value in any column)."""

    def one(value: Any, kind: str) -> Any:
        if value is None:
            return None
        if kind in ("bigint", "integer"):
            return int(value)
        return str(value)

    return [tuple(one(v, k) for v, k in zip(row, kinds, strict=True)) for row in rows]


async def copy_database(source: Path, target: str) -> CopyReport:
    """Copy every row of the SQLite database ``source`` into the empty PostgreSQL database
    ``target`` and check the copy; ``CopyRefusedError`` says why it was not made."""
    if not source.is_file():
        raise CopyRefusedError(f"no database file {source}")
    with tempfile.TemporaryDirectory(prefix="ddz-copy-") as folder:
        copy = _migrated_copy(source, Path(folder))
        tables, sums = _read(copy)
    backend = PostgresBackend(target, exclusive=True)  # no bot may play on it meanwhile
    await backend.connect()
    try:
        async with backend.pool.acquire() as conn, conn.transaction():
            await conn.execute("SET LOCAL synchronous_commit TO on")  # beans: on the disk
            for table in COPIED_TABLES:
                if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                    raise CopyRefusedError(
                        f"{server_name(target)} already holds data (table {table}): "
                        "copy into an empty database"
                    )
            for table in COPIED_TABLES:
                columns, rows = tables[table]
                kinds = [
                    str(await conn.fetchval(_COLUMN_TYPE, table, column)) for column in columns
                ]
                await conn.copy_records_to_table(
                    table, records=_typed(rows, kinds), columns=columns
                )
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('ledger', 'id'),"
                " GREATEST((SELECT MAX(id) FROM ledger), 1))"
            )
            return await _checked(conn, tables, sums)
    finally:
        await backend.close()


_COLUMN_TYPE: Final = (
    "SELECT data_type FROM information_schema.columns"
    " WHERE table_schema = current_schema() AND table_name = $1 AND column_name = $2"
)


async def _checked(
    conn: asyncpg.Connection,
    tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]],
    sums: dict[int, int],
) -> CopyReport:
    """Compare the target with the source inside the copy's transaction (a difference rolls
    the copy back)."""
    counts = {}
    for table, (_, rows) in tables.items():
        found = int(await conn.fetchval(f"SELECT COUNT(*) FROM {table}"))
        if found != len(rows):
            raise CopyRefusedError(f"table {table}: {len(rows)} rows read, {found} written")
        counts[table] = found
    columns = tables["players"][0]
    beans_at = columns.index("beans")
    source_beans = sum(int(row[beans_at]) for row in tables["players"][1])
    target_beans = int(await conn.fetchval("SELECT COALESCE(SUM(beans), 0) FROM players"))
    if target_beans != source_beans:
        raise CopyRefusedError(f"balances sum to {target_beans}, not {source_beans}")
    copied = {
        int(r[0]): int(r[1])
        for r in await conn.fetch("SELECT user_id, SUM(delta) FROM ledger GROUP BY 1")
    }
    if copied != sums:
        differ = sorted(u for u in set(copied) | set(sums) if copied.get(u) != sums.get(u))
        raise CopyRefusedError(f"the ledger differs for players {differ[:10]}")
    return CopyReport(counts, len(tables["players"][1]), target_beans)
