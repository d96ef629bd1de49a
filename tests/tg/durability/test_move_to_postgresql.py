"""A host's data moved to PostgreSQL in the middle of a hand, and a PostgreSQL database put
back from ``pg_dump``: either way the table in play resumes and its hand settles once."""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from ddz_bot.config import Settings
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.scoring import settle
from ddz_bot.storage.copying import copy_database
from ddz_bot.tg.table import FINISHED

from ...postgres import fresh_database, fresh_schema
from ..conftest import make_settings, manager_of, start_bot
from ..fake_api import FakeBotAPI
from ..harness import SimUser
from ..scripts import current_table, play_until_over, seat_three, take_turn, whose_turn


@dataclass
class HandInPlay:
    """Where the first bot stopped: its Telegram, the group, the people, the hand."""

    api: FakeBotAPI
    group: int
    users: list[int]
    snapshot: dict[str, Any]
    hand_id: str


async def _stop_in_the_middle(settings: Settings) -> HandInPlay:
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    try:
        await seat_three(first, group, users)
        for _ in range(8):  # bidding and a few plays
            user = whose_turn(first, group, users)
            assert user is not None
            await take_turn(first, group, user)
        table = current_table(first, group)
        assert table.game is not None and not table.game.over and table.hand_id
        return HandInPlay(
            first.api, group, [u.id for u in users], table.game.to_dict(), table.hand_id
        )
    finally:
        await first.stop()


async def _resumes_and_settles_once(settings: Settings, left: HandInPlay) -> None:
    second = await start_bot(settings, left.api)
    try:
        table = current_table(second, left.group)
        assert table.game is not None and table.game.to_dict() == left.snapshot
        assert table.hand_id == left.hand_id
        assert manager_of(second).timers.pending(table.id) is not None  # its clock runs again
        people = [SimUser(second, left.api.users[u]) for u in left.users]
        table = await play_until_over(second, left.group, people)
        assert table.phase == FINISHED
        game = table.game
        assert isinstance(game, Game)
        outcome = game.outcome()
        assert outcome is not None
        expected = settle(outcome, game.room, [10_000] * 3, [0] * 3)
        by_seat = {table.seats[s].user_id: expected.balances[s] for s in range(3)}
        db = manager_of(second).db
        for user in left.users:  # exactly one settlement
            player = await db.get_player(user)
            assert player is not None and player.beans == by_seat[user]
        assert await db.ledger_mismatches() == {}
        assert await db.get_hand(left.hand_id) is not None
        assert await db.load_open_tables() == []
    finally:
        await second.stop()


async def test_a_table_in_play_moves_to_postgresql_and_settles_once(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    left = await _stop_in_the_middle(settings)
    async with fresh_schema() as url:
        report = await copy_database(settings.db_path, url)
        assert report.rows["tables"] == 1 and report.players == 3
        await _resumes_and_settles_once(replace(settings, database_url=url), left)


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
        left = await _stop_in_the_middle(make_settings(tmp_path, database_url=url))
        await _run("pg_dump", "--format=custom", f"--file={dump}", f"--dbname={url}")
    async with fresh_database() as restored:
        await _run("pg_restore", "--no-owner", f"--dbname={restored}", str(dump))
        await _resumes_and_settles_once(make_settings(tmp_path, database_url=restored), left)
