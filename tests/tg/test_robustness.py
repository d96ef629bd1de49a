"""What players see when the database or Telegram fails them: nothing half-done, nothing lost,
the table plays on."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ddz_bot.tg.manager import TableManager
from ddz_bot.tg.table import FINISHED, Table

from .conftest import make_settings, manager_of, start_bot
from .harness import Harness, SimUser
from .scripts import current_table, fire_timer, first_lead, play_until_over, seat_three


def fail_saves(monkeypatch: pytest.MonkeyPatch, bot: Harness, times: int = 1) -> list[int]:
    """The next ``times`` table saves fail (a full disk, a locked file); returns a list that
    counts the failures."""
    db = manager_of(bot).db
    real = db.save_table_state
    failed: list[int] = []

    async def flaky(*args: Any, **kwargs: Any) -> Any:
        if len(failed) < times:
            failed.append(1)
            raise sqlite3.OperationalError("disk I/O error")
        return await real(*args, **kwargs)

    monkeypatch.setattr(db, "save_table_state", flaky)
    return failed


async def test_a_play_that_cant_be_saved_changes_nothing_and_can_be_played_again(
        bot: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    table, leader, seat = await first_lead(bot, group, users)
    game = table.game
    assert game is not None
    await leader.press(leader.panel(), "提示")
    version, hand = table.version, game.to_dict()
    failed = fail_saves(monkeypatch, bot)
    answer = await leader.press(leader.panel(), "出牌")
    assert failed == [1]
    assert answer.get("text") == "出了点问题，请再试一次。"
    # exactly as before: same state, still the leader's turn, their cards still chosen
    assert table.version == version
    assert table.game is not None and table.game.to_dict() == hand
    assert table.game.turn == seat
    pending = manager_of(bot).timers.pending(table.id)
    assert pending is not None and pending.version == version  # the clock still runs
    answer = await leader.press(leader.panel(), "出牌")  # the same button again
    assert "出了点问题" not in str(answer.get("text", ""))
    assert table.game.turn != seat and table.version > version
    logged = [entry.action for entry in await manager_of(bot).db.hand_actions(table.hand_id)]
    assert logged == table.game.log  # the play is in the log once
    # the timer of the next decision still fires
    version = table.version
    assert await fire_timer(bot, table)
    assert table.version > version


async def test_a_time_out_that_cant_be_saved_is_tried_again(
        bot: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    table, _, seat = await first_lead(bot, group, users)
    version = table.version
    failed = fail_saves(monkeypatch, bot)
    await fire_timer(bot, table)
    assert failed == [1]
    assert table.version == version and table.game is not None and table.game.turn == seat
    pending = manager_of(bot).timers.pending(table.id)
    assert pending is not None and pending.version == version  # armed again
    assert await fire_timer(bot, table)
    assert table.version > version and table.game.turn != seat


async def test_a_deal_that_cant_be_saved_leaves_the_lobby_open(
        bot: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    fail_saves(monkeypatch, bot)
    await alice.press(lobby, "开始")
    table = current_table(bot, group)
    assert table.phase == "lobby" and table.game is None and table.hand_no == 0
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and any("开始" in b["text"] for b in lobby.buttons())
    await alice.press(lobby, "开始")
    assert table.game is not None and table.hand_no == 1


async def test_one_table_failing_to_resume_does_not_keep_the_others_from_resuming(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    broken, fine = first.group(-100201, "一群"), first.group(-100202, "二群")
    one = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    two = [first.user("Dave"), first.user("Erin"), first.user("Frank")]
    try:
        await seat_three(first, broken, one)
        await seat_three(first, fine, two)
    finally:
        await first.stop()
    real = TableManager._resume_one

    async def resume_one(self: TableManager, table: Table) -> None:
        if table.chat_id == broken:
            raise RuntimeError("a stored table that can't be shown")
        await real(self, table)

    monkeypatch.setattr(TableManager, "_resume_one", resume_one)
    api = first.api
    second = await start_bot(settings, api)
    try:
        people = [SimUser(second, api.users[u.id]) for u in two]
        table = await play_until_over(second, fine, people)
        assert table.phase == FINISHED
        assert await manager_of(second).db.get_hand(table.hand_id) is not None
    finally:
        await second.stop()


async def test_a_table_id_used_again_still_settles_its_own_hand(bot: Harness) -> None:
    """Table ids come from the clock; if it steps back across a restart, an id comes again.
    The new hand must still move beans, not be taken for the settled one."""
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    manager = manager_of(bot)
    await seat_three(bot, group, users)
    first = await play_until_over(bot, group, users)
    first_hand = first.hand_id
    assert await fire_timer(bot, first)  # the result's idle time ends: the table closes
    assert manager.table_in(group) is None
    beans = [(await manager.db.get_player(u.id)).beans for u in users]  # type: ignore[union-attr]
    manager._next_id = first.id - 1  # the clock went back
    await seat_three(bot, group, users)
    second = current_table(bot, group)
    assert second.id == first.id and second.hand_no == first.hand_no
    second = await play_until_over(bot, group, users)
    assert second.hand_id != first_hand
    assert await manager.db.get_hand(second.hand_id) is not None
    after = [(await manager.db.get_player(u.id)).beans for u in users]  # type: ignore[union-attr]
    assert after != beans  # beans moved
    logged = [entry.action for entry in await manager.db.hand_actions(second.hand_id)]
    assert second.game is not None and logged == second.game.log  # its own log only
