"""A hand that is over is owed to its winners: whatever ends the table (/stop, the bot
removed, a restart) settles it first, and a settlement that keeps failing waits longer each
time, tells the group once, and never lets the table close with the beans unmoved."""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from ddz_bot.i18n import t
from ddz_bot.storage import Database
from ddz_bot.tg.runtime import Runtime
from ddz_bot.tg.table import FINISHED, PLAYING, Table

from ..clocks import ManualClock
from ..conftest import make_settings, manager_of, start_bot
from ..harness import Harness, SimUser
from ..scripts import current_table, fire_timer, play_until_over, seat_three, until_playing

START = 10_000
FEE = 5  # the beginners' room
PENDING = "本局已结束，结果正在结算，稍后公布在这里。"
STOP_SETTLING = "本局已结束，结果正在结算，请稍后再发 /stop。"


class Settlements:
    """Makes the database refuse settlements while ``failing`` (a locked file)."""

    def __init__(
        self, manager: Runtime, monkeypatch: pytest.MonkeyPatch, *, failing: bool = True
    ) -> None:
        self.failing = failing
        self.refused = 0
        real = manager.db.settle_hand

        async def settle_hand(*args: Any, **kwargs: Any) -> Any:
            if self.failing:
                self.refused += 1
                raise sqlite3.OperationalError("database is locked")
            return await real(*args, **kwargs)

        monkeypatch.setattr(manager.db, "settle_hand", settle_hand)


async def beans_of(bot: Harness, users: list[SimUser]) -> list[int]:
    db = manager_of(bot).db
    return [(await db.get_player(u.id)).beans for u in users]  # type: ignore[union-attr]


async def assert_settled_once(bot: Harness, table: Table, users: list[SimUser]) -> None:
    """The hand is stored, each player's beans moved exactly by its stored changes (once),
    the winners gained, and each player's ledger holds one row per change of this hand."""
    db = manager_of(bot).db
    stored = await db.get_hand(table.hand_id)
    assert stored is not None
    moved = {u.id: sum(c.delta for c in stored.bean_changes if c.user_id == u.id) for u in users}
    assert await beans_of(bot, users) == [START + moved[u.id] for u in users]
    assert sum(moved.values()) == -3 * FEE  # only the fee leaves the table
    assert sorted(moved.values())[-1] > 0  # somebody won
    for user in users:
        rows = [e for e in await db.ledger(user.id, 200) if e.hand_id == table.hand_id]
        assert len(rows) == len([c for c in stored.bean_changes if c.user_id == user.id])
    assert await db.ledger_mismatches() == {}


async def retry_succeeds(bot: Harness, table: Table, settlements: Settlements) -> None:
    """Storage works again: the pending retry settles the hand."""
    settlements.failing = False
    assert await fire_timer(bot, table)
    assert table.phase == FINISHED


def group_texts(bot: Harness, group: int) -> list[str]:
    return [m.text or m.caption or "" for m in bot.api.chat_messages(group)]


async def remove_bot(bot: Harness, group: int, by: SimUser) -> None:
    bot.api.chats[group].bot_member = False
    me = bot.api.bot_user()
    await bot.feed(
        {
            "update_id": bot.api.next_update_id(),
            "my_chat_member": {
                "chat": bot.api.chat_dict(group),
                "from": by.user,
                "date": int(time.time()),
                "old_chat_member": {"status": "member", "user": me},
                "new_chat_member": {"status": "left", "user": me},
            },
        }
    )


async def over_unsettled(
    bot: Harness, group: int, users: list[SimUser], settlements: Settlements
) -> Table:
    await seat_three(bot, group, users)
    table = await play_until_over(bot, group, users)
    assert settlements.refused == 1
    assert table.phase == PLAYING and table.game is not None and table.game.over
    assert await manager_of(bot).db.get_hand(table.hand_id) is None
    return table


# ---- /stop ----------------------------------------------------------------------------


async def test_stop_after_a_hand_ended_unsettled_pays_the_winners_then_closes(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    group = bot.group(admins={users[2].id})
    settlements = Settlements(manager_of(bot), monkeypatch)
    table = await over_unsettled(bot, group, users, settlements)
    settlements.failing = False
    await users[2].send(group, "/stop")
    await assert_settled_once(bot, table, users)
    manager = manager_of(bot)
    assert manager.table_in(group) is None
    assert await manager.db.load_table(str(table.id)) is None
    texts = group_texts(bot, group)
    assert not any("欢乐豆不变" in text for text in texts)  # the hand was not void
    assert manager.timers.pending(table.id) is None
    await users[0].send(group, "/newgame")  # the group can open a new table
    assert manager.table_in(group) is not None


async def test_stop_while_the_settlement_still_fails_keeps_the_table_and_its_retry(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    group = bot.group(admins={users[2].id})
    manager = manager_of(bot)
    settlements = Settlements(manager, monkeypatch)
    table = await over_unsettled(bot, group, users, settlements)
    await users[2].send(group, "/stop")
    assert group_texts(bot, group)[-1] == STOP_SETTLING
    assert manager.table_in(group) is table and table.phase == PLAYING
    assert await manager.db.load_table(str(table.id)) is not None
    pending = manager.timers.pending(table.id)
    assert pending is not None and pending.kind == "finish"
    assert await beans_of(bot, users) == [START] * 3
    await users[0].send(group, "/newgame")  # a new table waits for this hand's beans
    assert group_texts(bot, group)[-1] == t("zh-Hans", "result_pending")
    await retry_succeeds(bot, table, settlements)
    await assert_settled_once(bot, table, users)


# ---- the bot removed ----------------------------------------------------------------------


async def test_the_bot_removed_after_a_hand_ended_unsettled_still_pays_the_winners(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    manager = manager_of(bot)
    settlements = Settlements(manager, monkeypatch)
    table = await over_unsettled(bot, group, users, settlements)
    calls = len(bot.api.calls_to(group))
    await remove_bot(bot, group, users[0])
    # it still fails: the table stays stored, its timer tries again
    assert await manager.db.load_table(str(table.id)) is not None
    pending = manager.timers.pending(table.id)
    assert pending is not None and pending.kind == "finish"
    for user in users:
        assert not any("本局作废" in text for text in user.dm_texts())  # not void
    settlements.failing = False
    assert await fire_timer(bot, table)
    await assert_settled_once(bot, table, users)
    assert manager.table_in(group) is None and manager.get(table.id) is None
    assert await manager.db.load_table(str(table.id)) is None
    assert manager.timers.pending(table.id) is None
    assert bot.api.calls_to(group)[calls:] == []  # the group is not written to any more


async def test_the_bot_removed_after_a_hand_ended_unsettled_settles_at_once_if_it_can(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    manager = manager_of(bot)
    settlements = Settlements(manager, monkeypatch)
    table = await over_unsettled(bot, group, users, settlements)
    settlements.failing = False
    await remove_bot(bot, group, users[0])
    await assert_settled_once(bot, table, users)
    assert manager.table_in(group) is None
    assert await manager.db.load_table(str(table.id)) is None


# ---- a settlement that keeps failing -----------------------------------------------------


async def test_a_settlement_that_keeps_failing_backs_off_and_tells_the_group_once(
    bot: Harness,
    monkeypatch: pytest.MonkeyPatch,
    manager_clock: ManualClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    manager_clock.advance(3600)  # the real job queue never reaches these deadlines itself
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    manager = manager_of(bot)
    settlements = Settlements(manager, monkeypatch)
    caplog.set_level(logging.INFO, logger="ddz_bot.tg.ending")
    table = await over_unsettled(bot, group, users, settlements)
    job_queue = manager.timers.job_queue
    assert job_queue is not None

    def delay() -> float:
        pending = manager.timers.pending(table.id)
        assert pending is not None and pending.kind == "finish"
        job = job_queue.get_jobs_by_name(str(pending))[0]
        assert job.next_t is not None
        return round(job.next_t.timestamp() - manager_clock.now)

    delays = [delay()]
    for _ in range(8):
        assert await fire_timer(bot, table)
        delays.append(delay())
    assert delays == [5, 10, 20, 40, 80, 160, 300, 300, 300]
    assert settlements.refused == 9
    assert group_texts(bot, group).count(PENDING) == 1
    failures = [
        r for r in caplog.records if r.name == "ddz_bot.tg.ending" and r.levelno >= logging.WARNING
    ]
    assert len(failures) == 9
    assert [r.exc_info is not None for r in failures] == [True] + [False] * 8
    settlements.failing = False
    assert await fire_timer(bot, table)
    await assert_settled_once(bot, table, users)
    assert group_texts(bot, group).count(PENDING) == 1


async def test_an_escape_whose_settlement_fails_is_settled_later_with_its_penalty(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-ESCAPE: the escape ends the hand the same way a last card does."""
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    manager = manager_of(bot)
    settlements = Settlements(manager, monkeypatch)
    await seat_three(bot, group, users)
    await users[0].send(group, "/leave")
    confirm = bot.api.last_message(group, with_buttons=True)
    answer = await users[0].press(confirm, "确定离开")
    assert not answer.get("show_alert"), answer  # the escape itself was accepted
    table = current_table(bot, group)
    assert settlements.refused == 1 and table.phase == PLAYING
    assert table.game is not None and table.game.over
    assert group_texts(bot, group).count(PENDING) == 1
    assert await beans_of(bot, users) == [START] * 3
    await retry_succeeds(bot, table, settlements)
    # before the landlord is known: base 1 x 10 x N (100) = 1000, plus the fee
    assert await beans_of(bot, users) == [START - 1_000 - FEE, START + 500, START + 500]


async def test_a_hand_ended_by_time_outs_is_settled_the_same_way(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    manager = manager_of(bot)
    settlements = Settlements(manager, monkeypatch)
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    table = current_table(bot, group)
    for _ in range(200):  # nobody plays: time-outs, then 托管, play the hand out
        if table.game is not None and table.game.over:
            break
        assert await fire_timer(bot, table)
    assert table.game is not None and table.game.over and table.phase == PLAYING
    assert settlements.refused == 1
    pending = manager.timers.pending(table.id)
    assert pending is not None and pending.kind == "finish"
    await retry_succeeds(bot, table, settlements)
    await assert_settled_once(bot, table, users)


# ---- a restart ---------------------------------------------------------------------------


async def test_a_restart_settles_a_pending_settlement_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    try:
        settlements = Settlements(manager_of(first), monkeypatch)
        table = await over_unsettled(first, group, users, settlements)
        hand = table.hand_id
    finally:
        await first.stop()
    api = first.api
    for _ in range(2):  # the second restart finds it settled: nothing moves again
        bot = await start_bot(settings, api)
        try:
            await bot.settle()
            table = current_table(bot, group)
            assert table.hand_id == hand and table.phase == FINISHED
            people = [SimUser(bot, api.users[u.id]) for u in users]
            await assert_settled_once(bot, table, people)
            result = api.last_message(group, with_buttons=True)
            assert result is not None and {b["text"] for b in result.buttons()} == {
                "再来一局",
                "离开",
            }
        finally:
            await bot.stop()


async def test_a_restart_whose_settlement_still_fails_keeps_trying_and_then_pays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Database.settle_hand
    failing = [True]

    async def settle_hand(self: Database, *args: Any, **kwargs: Any) -> Any:
        if failing[0]:
            raise sqlite3.OperationalError("database is locked")
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(Database, "settle_hand", settle_hand)
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    try:
        await seat_three(first, group, users)
        hand = (await play_until_over(first, group, users)).hand_id
    finally:
        await first.stop()
    api = first.api
    bot = await start_bot(settings, api)
    try:
        await bot.settle()
        manager = manager_of(bot)
        table = current_table(bot, group)
        assert table.hand_id == hand and manager.owes_settlement(table)
        pending = manager.timers.pending(table.id)
        assert pending is not None and pending.kind == "finish"
        assert group_texts(bot, group).count(PENDING) == 2  # once before, once after
        failing[0] = False
        assert await fire_timer(bot, table)
        assert table.phase == FINISHED
        await assert_settled_once(bot, table, [SimUser(bot, api.users[u.id]) for u in users])
    finally:
        await bot.stop()
