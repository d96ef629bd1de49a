"""Time-outs (R-AFK), auto-play (托管) and Take back; escape (R-ESCAPE) with its penalty."""

from __future__ import annotations

from ddz_bot.games.doudizhu.engine import Game
from ddz_bot.kernel import AutoPlay
from ddz_bot.tg.table import FINISHED

from ..conftest import manager_of
from ..harness import Harness
from ..scripts import (
    current_table,
    ddz_game,
    fire_timer,
    play_until_over,
    seat_three,
    take_turn,
    until_playing,
    whose_turn,
)


async def test_timeouts_take_the_default_then_auto_play_until_taken_back(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    table = current_table(bot, group)
    game = ddz_game(table)
    sleeper = whose_turn(bot, group, users)
    assert sleeper is not None
    seat = table.seat_of(sleeper.id)
    assert seat is not None
    played_before = len(game.played)
    # the sleeper's first time-out: the default action (a lead plays one card for them)
    assert await fire_timer(bot, table)
    game = ddz_game(table)
    assert len(game.played) > played_before
    assert not game.auto[seat]
    # others act; the sleeper times out again on their next turn: 托管
    for _ in range(10):
        user = whose_turn(bot, group, users)
        if user is sleeper or user is None:
            break
        await take_turn(bot, group, user)
    assert not ddz_game(table).over and whose_turn(bot, group, users) is sleeper, (
        "the deal should give the sleeper a second turn (change the seed if not)"
    )
    assert await fire_timer(bot, table)
    assert ddz_game(table).auto[seat]
    caption = next(m for m in bot.api.chat_messages(group) if m.photo_digest).caption
    assert caption is not None and "托管" in caption
    assert sleeper.labels() == ["取消托管"]
    answer = await sleeper.press(sleeper.panel(), "取消托管")
    assert answer.get("text") == "你已取消托管。"
    assert not ddz_game(table).auto[seat]
    table = await play_until_over(bot, group, users)
    assert table.phase == FINISHED


async def test_a_stale_timer_does_nothing(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    manager = manager_of(bot)
    table = current_table(bot, group)
    pending = manager.timers.pending(table.id)
    assert pending is not None and pending.kind == "bid"
    user = whose_turn(bot, group, users)
    assert user is not None
    await take_turn(bot, group, user)
    version = table.version
    await manager.timers.fire(pending)  # the old timer fires late: refused as stale
    assert table.version == version


async def test_escape_asks_first_then_charges_the_penalty(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    alice = users[0]
    await alice.send(group, "/leave")
    confirm = bot.api.last_message(group, with_buttons=True)
    assert confirm is not None and "逃跑" in (confirm.text or "")
    assert current_table(bot, group).in_hand()  # nothing happened yet
    bob_answer = await users[1].press(confirm, "确定离开")  # not Bob's question
    assert bob_answer["text"] == "这是别的玩家的面板。"
    assert current_table(bot, group).in_hand()
    await alice.press(confirm, "取消")
    assert current_table(bot, group).in_hand()
    assert bot.api.messages[(group, confirm.message_id)].deleted
    await alice.send(group, "/leave")
    confirm = bot.api.last_message(group, with_buttons=True)
    await alice.press(confirm, "确定离开")
    table = current_table(bot, group)
    assert table.phase == FINISHED
    db = manager_of(bot).db
    beans = [(await db.get_player(u.id)).beans for u in users]  # type: ignore[union-attr]
    # before the landlord is known: base 1 x 10 x N (100) = 1000, plus the fee (5)
    assert beans[0] == 10_000 - 1_000 - 5
    assert beans[1] == beans[2] == 10_000 + 500
    assert "逃跑" in (next(m for m in bot.api.chat_messages(group) if m.photo_digest).caption or "")


async def test_take_back_pressed_twice_counts_once(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    manager = manager_of(bot)
    table = current_table(bot, group)
    game = table.game
    assert isinstance(game, Game)
    bidder = whose_turn(bot, group, users)
    sleeper = next(u for u in users if u is not bidder)
    seat = table.seat_of(sleeper.id)
    assert seat is not None
    async with manager.registry.lock(table.id):  # the seat went on auto-play (R-AFK) meanwhile
        await manager.hands.act(table, AutoPlay(seat, True))
    await bot.settle()
    panel = sleeper.panel()
    assert panel is not None and sleeper.labels() == ["取消托管"]
    data = panel.buttons()[0]["callback_data"]
    answer = await sleeper.press_data(panel, data)
    assert answer["text"] == "你已取消托管。" and not game.auto[seat]
    version = table.version
    answer = await sleeper.press_data(panel, data)
    assert answer["text"] == "这个按钮已经过期了。" and answer["show_alert"]
    assert table.version == version and not game.auto[seat]
