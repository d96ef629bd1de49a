"""Where a bench keeps its data: a temporary SQLite file, or a scratch schema of the
PostgreSQL database that ``--database-url`` names, dropped at the end (the database itself,
and anything else in it, is left alone)."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

import asyncpg


@asynccontextmanager
async def scratch_database(folder: Path, database_url: str = "") -> AsyncIterator[Path | str]:
    """An SQLite file in ``folder`` when no URL is given, else a fresh schema's URL."""
    if not database_url:
        yield folder / "bench.sqlite3"
        return
    schema = f"bench_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(database_url)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        parts = urlsplit(database_url)
        query = "&".join(q for q in (parts.query, urlencode({"search_path": schema})) if q)
        try:
            yield urlunsplit(parts._replace(query=query))
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await admin.close()


def engine_name(target: Path | str) -> str:
    return "PostgreSQL" if isinstance(target, str) else "SQLite"
