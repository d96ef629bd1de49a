"""PostgreSQL for the tests: the server named by ``DDZ_TEST_DATABASE_URL`` (the local one by
default), a fresh schema for each test, dropped after it.

Where no server answers, the tests that need one are skipped and the run ends with one line
saying what to start; with ``DDZ_REQUIRE_POSTGRESQL=1`` (CI) a missing server fails them.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlencode, urlsplit, urlunsplit

import asyncpg
import pytest

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"

#: set once a test found no server (the run's summary says so in one line)
missing: list[str] = []


def server_url() -> str:
    return os.environ.get("DDZ_TEST_DATABASE_URL", DEFAULT_URL)


def required() -> bool:
    return os.environ.get("DDZ_REQUIRE_POSTGRESQL", "") not in ("", "0")


def with_schema(url: str, schema: str) -> str:
    """``url`` whose connections work in ``schema`` (asyncpg hands unknown query keys to
    the server as settings)."""
    parts = urlsplit(url)
    query = "&".join(q for q in (parts.query, urlencode({"search_path": schema})) if q)
    return urlunsplit(parts._replace(query=query))


async def _connect(url: str) -> asyncpg.Connection:
    try:
        connection: asyncpg.Connection = await asyncpg.connect(url, timeout=3)
    except (TimeoutError, OSError, asyncpg.PostgresError) as error:
        why = f"no PostgreSQL at {url} ({type(error).__name__}: {error})"
        if required():
            pytest.fail(f"{why}; DDZ_REQUIRE_POSTGRESQL is set", pytrace=False)
        if not missing:
            missing.append(why)
        pytest.skip("PostgreSQL is not running (see the end of the run)")
    return connection


@asynccontextmanager
async def fresh_schema() -> AsyncIterator[str]:
    """A URL to an empty schema of the test server, for one test."""
    url = server_url()
    admin = await _connect(url)
    schema = f"t_{secrets.token_hex(6)}"
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield with_schema(url, schema)
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await admin.close()


@asynccontextmanager
async def fresh_database() -> AsyncIterator[str]:
    """A URL to a new, empty database of the test server (for what works on whole
    databases: ``pg_dump``, ``pg_restore``), dropped after the test."""
    url = server_url()
    admin = await _connect(url)
    name = f"ddz_t_{secrets.token_hex(6)}"
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        try:
            yield urlunsplit(urlsplit(url)._replace(path=f"/{name}"))
        finally:
            await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()


def summary_line() -> str | None:
    """The one line a run without PostgreSQL ends with."""
    if not missing:
        return None
    return (
        f"PostgreSQL tests skipped: {missing[0]}. Start it (pg_isready -h 127.0.0.1 tells) "
        "or set DDZ_TEST_DATABASE_URL."
    )
