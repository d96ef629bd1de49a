"""Whole hands through the real Application: beans settle, AI seats play, nothing hangs."""

from __future__ import annotations

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.tg.table import FINISHED

from ..conftest import manager_of
from ..harness import Harness
from ..scripts import current_table, play_until_over, seat_three


async def test_three_people_play_a_hand_to_the_end_and_beans_settle(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = await play_until_over(bot, group, users)
    assert table.phase == FINISHED
    db = manager_of(bot).db
    balances = [(await db.get_player(u.id)) for u in users]
    assert all(p is not None for p in balances)
    changes = [p.beans - 10_000 for p in balances if p is not None]
    assert any(changes), "beans moved"
    fee = 5  # beginner room
    assert sum(changes) == -3 * fee  # beans are conserved apart from the fees (R-BEANS, R-FEE)
    # the group's picture shows the result with Again / Leave
    final = bot.api.last_message(group, with_buttons=True)
    assert final is not None and final.photo_digest is not None
    assert {b["text"] for b in final.buttons()} == {"再来一局", "离开"}
    # the result is remembered in storage: the hand can't settle twice
    assert (await db.get_hand(table.hand_id)) is not None


async def test_two_people_and_an_ai(bot: Harness) -> None:
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    await bob.press(lobby, "加入")
    await alice.press(lobby, "开始")  # the empty seat gets an AI
    table = current_table(bot, group)
    assert [s.is_ai for s in table.seats] == [False, False, True]
    table = await play_until_over(bot, group, [alice, bob])
    assert table.phase == FINISHED
    # every accepted action, the AI's included, is in the hand's log, in order; replaying the
    # log from the deal gives the same hand
    game = table.game
    assert game is not None
    assert isinstance(game, Game)  # a 斗地主 table
    logged = [entry.action for entry in await manager_of(bot).db.hand_actions(table.hand_id)]
    assert logged == game.log
    assert Game.replay(game.start_dict(), logged).to_dict() == game.to_dict()
