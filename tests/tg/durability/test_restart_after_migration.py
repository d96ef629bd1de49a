"""A bot upgraded in the middle of a hand: today's Application opens the database the bot at
commit 12a2c8c left (schema 5, a 斗地主 table in play; ``tests/storage/fixtures``), migrates
it, resumes the table, and the hand is played to its end and settled once; /balance then
tells each player's record by game and role, old hands and the new one together.

The same with the host moving to PostgreSQL on the way: ``copy-db`` copies the old file (a
copy migrated, the file untouched) and the bot resumes the table from the server."""

from __future__ import annotations

import json
import sqlite3
from contextlib import AsyncExitStack
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from ddz_bot.games.doudizhu.engine import Game, settle
from ddz_bot.storage import LATEST_VERSION, Engine
from ddz_bot.storage.copying import copy_database
from ddz_bot.tg.table import FINISHED

from ...postgres import fresh_schema
from ...storage.old_databases import V5_12A2C8C, load
from ..clocks import ManualClock
from ..conftest import make_settings, manager_of, start_bot
from ..fake_api import FakeBotAPI, FakeMessage
from ..harness import SimUser
from ..scripts import current_table, fire_timer, play_until_over

GROUP, TITLE = -100300, "还在打"
#: the old bot's groups: where it played the finished hands, and the table in play
GROUPS = {-100200: "保皇群", -100100: "斗地主群", GROUP: TITLE}
#: the seats of the table in play, in order, and everyone the old bot knew
SEATED = (1004, 1005, 1001)
NAMES = {1001: "Alice", 1002: "Bob", 1003: "Carol", 1004: "Dave", 1005: "Erin"}


def _turn_ends_in(path: Path, deadline: float) -> None:
    """The fixture's turn ran out long ago: as if the old bot stopped during it, the turn
    now ends at ``deadline`` (else the new bot's first act is that seat's time-out)."""
    with sqlite3.connect(path) as conn:
        conn.execute(
            "UPDATE tables SET state = json_set(state, '$.deadline', ?),"
            " deadline = ? WHERE chat_id = ?",
            (deadline, datetime.fromtimestamp(deadline, UTC).isoformat(), GROUP),
        )


def _chats_as_left(api: FakeBotAPI, path: Path) -> None:
    """Telegram keeps the messages the old bot sent: in each chat the table in play names,
    its messages up to the one the table knows (a picture: the table, a panel)."""
    ((table_message, panels),) = _old(
        path, f"SELECT table_message_id, panel_messages FROM tables WHERE chat_id = {GROUP}"
    )
    shown = {GROUP: int(str(table_message))}
    shown |= {int(u): int(m) for u, m in json.loads(str(panels)).items() if int(u) > 0}
    for chat, last in shown.items():
        for _ in range(last):
            number = api.new_message_id(chat)
            photo = "old picture" if number == last else None
            api.store(FakeMessage(chat, number, 0, text="…", photo_digest=photo))


def _old(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(sql))


@pytest.mark.parametrize("engine", list(Engine))
async def test_the_table_in_play_resumes_after_the_migration_and_settles_once(
    tmp_path: Path, manager_clock: ManualClock, engine: Engine
) -> None:
    async with AsyncExitStack() as stack:
        await _resumes_and_settles_once(tmp_path, manager_clock, engine, stack)


async def _resumes_and_settles_once(
    tmp_path: Path, manager_clock: ManualClock, engine: Engine, stack: AsyncExitStack
) -> None:
    settings = make_settings(tmp_path)
    load(V5_12A2C8C, settings.db_path)
    held = _old(settings.db_path, "SELECT user_id, beans, points FROM players")
    beans = {int(str(user)): int(str(b)) for user, b, _ in held}
    points = {int(str(user)): int(str(p)) for user, _, p in held}
    ((hand_id, state),) = _old(
        settings.db_path, f"SELECT hand_id, state FROM tables WHERE chat_id = {GROUP}"
    )
    assert json.loads(str(state))["phase"] == "playing"
    _turn_ends_in(settings.db_path, manager_clock.now + 30)
    api = FakeBotAPI()
    for user, name in NAMES.items():
        api.add_user(user, name)
    for chat, title in GROUPS.items():
        api.add_group(chat, title)
    _chats_as_left(api, settings.db_path)
    if engine is Engine.POSTGRESQL:
        url = await stack.enter_async_context(fresh_schema())
        report = await copy_database(settings.db_path, url)
        assert report.beans == sum(beans.values()) and report.rows["tables"] == 3
        settings = replace(settings, database_url=url)
    bot = await start_bot(settings, api)
    try:
        db = manager_of(bot).db
        assert await db.schema_version() == LATEST_VERSION
        table = current_table(bot, GROUP)
        assert table.hand_id == hand_id and [s.user_id for s in table.seats] == list(SEATED)
        assert table.game is not None and not table.game.over
        assert manager_of(bot).timers.pending(table.id) is not None  # its clock runs again
        # the seat to play lets its turn run out (its old panel's buttons are the old bot's);
        # the new bot plays for it, and everyone plays on from the panels it sends
        assert await fire_timer(bot, table)
        people = [SimUser(bot, api.users[user]) for user in SEATED]
        table = await play_until_over(bot, GROUP, people)
        assert table.phase == FINISHED
        game = table.game
        assert isinstance(game, Game)
        outcome = game.outcome()
        assert outcome is not None
        expected = settle(
            outcome, game.room, [beans[u] for u in SEATED], [points[u] for u in SEATED]
        )
        for seat, user in enumerate(SEATED):  # exactly one settlement, on the old balances
            player = await db.get_player(user)
            assert player is not None and player.beans == expected.balances[seat]
        assert await db.ledger_mismatches() == {}
        assert await db.get_hand(hand_id) is not None
        assert await db.load_open_tables() == []
        landlord = SEATED[outcome.landlord or 0]
        player = await db.get_player(landlord)
        assert player is not None
        won = landlord in [SEATED[s] for s in outcome.winners]
        before = 1 if landlord == 1001 else 0  # Alice was the landlord of the old 斗地主 hand
        assert player.record("doudizhu", "landlord") == (before + won, int(not won))
        alice = SimUser(bot, api.users[1001])
        await alice.dm("/balance")
        text = alice.dm_texts()[-1]
        assert "保皇：平民 1胜0负" in text  # the old 保皇 hand: Alice was a rebel and won
        assert "斗地主：" in text and "地主" in text
    finally:
        await bot.stop()
