"""A host's data moved to PostgreSQL in the middle of a hand, and a PostgreSQL database put
back from ``pg_dump``: either way the table in play resumes and its hand settles once."""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from ddz_bot.storage.copying import copy_database

from ...postgres import fresh_database, fresh_schema
from ..conftest import make_settings
from .midhand import resumes_and_settles_once, stop_in_the_middle


async def test_a_table_in_play_moves_to_postgresql_and_settles_once(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    left = await stop_in_the_middle(settings)
    async with fresh_schema() as url:
        report = await copy_database(settings.db_path, url)
        assert report.rows["tables"] == 1 and report.players == 3
        await resumes_and_settles_once(replace(settings, database_url=url), left)


async def _run(*command: str) -> None:
    process = await asyncio.create_subprocess_exec(
        *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    out, err = await process.communicate()
    assert process.returncode == 0, (command[0], out.decode(), err.decode())


@pytest.mark.skipif(shutil.which("pg_dump") is None, reason="no pg_dump (PostgreSQL's client)")
async def test_a_pg_dump_put_back_resumes_the_table_in_play(tmp_path: Path) -> None:
    """The README's backup and restore on PostgreSQL: ``pg_dump`` of the bot's database with
    a hand in play, ``pg_restore`` into a new database, the bot started on it."""
    dump = tmp_path / "ddz.dump"
    async with fresh_database() as url:
        left = await stop_in_the_middle(make_settings(tmp_path, database_url=url))
        await _run("pg_dump", "--format=custom", f"--file={dump}", f"--dbname={url}")
    async with fresh_database() as restored:
        await _run("pg_restore", "--no-owner", f"--dbname={restored}", str(dump))
        await resumes_and_settles_once(make_settings(tmp_path, database_url=restored), left)
