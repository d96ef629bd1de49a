"""Commands: /balance, /rank, /daily, /relief, /lang, /rules, /help; /stop; the bot removed."""

from __future__ import annotations

import time

from ddz_bot.games.doudizhu.engine.game import Game

from ..conftest import manager_of
from ..harness import Harness
from ..scripts import current_table, play_until_over, seat_three


async def test_daily_twice_then_balance(bot: Harness) -> None:
    alice = bot.user("Alice")
    await alice.dm("/daily")
    assert alice.dm_texts()[-1].startswith("+1000 欢乐豆！现在有 11000")
    await alice.dm("/qiandao")
    assert alice.dm_texts()[-1] == "今天已经领过了，明天再来。"
    await alice.dm("/balance")
    card = bot.api.last_message(alice.id)
    assert card is not None and card.photo_digest is not None
    assert card.caption is not None and "欢乐豆：11000" in card.caption


async def test_relief_tops_up_a_short_player_three_times_a_day(bot: Harness) -> None:
    alice = bot.user("Alice")
    await alice.dm("/relief")
    assert alice.dm_texts()[-1] == "欢乐豆少于 1000 才能领救济金。试试 /daily。"
    db = manager_of(bot).db
    await db.adjust_beans(alice.id, -9_900, key="test-broke")  # 10,000 -> 100
    for left in (2, 1, 0):
        await alice.dm("/jiuji")
        assert alice.dm_texts()[-1] == f"救济金 +2000 豆！现有 2100，今天还能领 {left} 次。"
        await db.adjust_beans(alice.id, -2_000, key=f"test-lose-{left}")
    await alice.dm("/relief")
    assert alice.dm_texts()[-1].startswith("今天的救济金领完了")
    player = await db.get_player(alice.id)
    assert player is not None and player.beans == 100
    assert not await db.ledger_mismatches()  # the books still balance


async def test_rank_in_a_group_and_globally(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await play_until_over(bot, group, users)
    await users[0].send(group, "/rank all")  # a plain /rank is the season's picture
    board = bot.api.last_message(group)
    assert board is not None and board.text is not None
    assert board.text.startswith("排行榜 · 本群 · 按欢乐豆")
    assert all(u.name in board.text for u in users)
    await users[0].send(group, "/rank global points")
    board = bot.api.last_message(group)
    assert board is not None and "全部玩家 · 按积分" in (board.text or "")


async def test_language_choice_changes_the_answers(bot: Harness) -> None:
    alice = bot.user("Alice")
    await alice.dm("/lang")
    chooser = bot.api.last_message(alice.id, with_buttons=True)
    answer = await alice.press(chooser, "English")
    assert answer["text"] == "Language: English."
    await alice.dm("/daily")
    assert alice.dm_texts()[-1].startswith("+1000 beans!")
    bob = bot.user("Bob", language_code="zh-hant")
    await bob.dm("/help")
    assert "玩法" in bob.dm_texts()[-1] and "私聊裡" in bob.dm_texts()[-1]
    await bob.dm("/rules")
    assert "初級場" in bob.dm_texts()[-1]


async def test_only_admins_stop_a_table_and_no_beans_move(bot: Harness) -> None:
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    group = bot.group(admins={users[2].id})
    await seat_three(bot, group, users)
    await users[0].send(group, "/stop")
    assert bot.api.last_message(group).text == "只有群管理员可以这样做。"  # type: ignore[union-attr]
    assert current_table(bot, group).in_hand()
    table_message = next(m for m in bot.api.chat_messages(group) if m.photo_digest)
    await users[2].send(group, "/stop")
    assert manager_of(bot).table_in(group) is None
    # nothing looks alive any more: the table picture and every panel say it closed
    table_message = bot.api.messages[(group, table_message.message_id)]
    assert table_message.buttons() == []
    assert table_message.caption == "管理员结束了牌桌，欢乐豆不变。"
    for user in users:
        panel = user.panel()
        assert panel is not None and panel.buttons() == []
        assert panel.caption == "「牌友群」的牌桌\n管理员结束了牌桌，欢乐豆不变。"
        assert user.dm_texts()[-1] == panel.caption
    db = manager_of(bot).db
    assert [(await db.get_player(u.id)).beans for u in users] == [10_000] * 3  # type: ignore[union-attr]
    await users[0].send(group, "/newgame")  # the group can open a new table
    assert manager_of(bot).table_in(group) is not None


async def test_the_bot_removed_from_the_group_closes_the_table(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    bot.api.chats[group].bot_member = False
    me = bot.api.bot_user()
    await bot.feed(
        {
            "update_id": bot.api.next_update_id(),
            "my_chat_member": {
                "chat": bot.api.chat_dict(group),
                "from": users[0].user,
                "date": int(time.time()),
                "old_chat_member": {"status": "member", "user": me},
                "new_chat_member": {"status": "left", "user": me},
            },
        }
    )
    assert manager_of(bot).table_in(group) is None
    assert manager_of(bot).table_of(users[0].id) is None
    assert await manager_of(bot).db.load_open_tables() == []
    for user in users:
        panel = user.panel()
        assert panel is not None and panel.buttons() == []
        assert panel.caption is not None and panel.caption.endswith("本局作废，欢乐豆不变。")
        assert user.dm_texts()[-1] == panel.caption


async def test_lobby_leave_add_ai_and_one_table_per_group(bot: Harness) -> None:
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    await bob.press(lobby, "加入")
    answer = await bob.press(lobby, "加入")
    assert answer["text"] == "你已经在这桌了。"
    await bob.press(lobby, "离开")
    assert current_table(bot, group).seat_of(bob.id) is None
    await bob.send(group, "/newgame")
    assert bot.api.last_message(group).text == "本群已经有一桌了。"  # type: ignore[union-attr]
    await alice.press(lobby, "添加 AI")
    assert "AI 1号" in (bot.api.messages[(group, lobby.message_id)].text or "")  # type: ignore[union-attr]
    # an idle lobby closes when its timer runs out
    await manager_of(bot).fire_timer(current_table(bot, group))
    await bot.settle()
    assert manager_of(bot).table_in(group) is None
    assert "很久没人开局" in (bot.api.messages[(group, lobby.message_id)].text or "")  # type: ignore[union-attr]


async def test_admins_change_group_settings_and_new_tables_follow(bot: Harness) -> None:
    alice, bob = bot.user("Alice"), bot.user("Bob")
    group = bot.group(admins={alice.id})
    await bob.send(group, "/settings")
    assert bot.api.last_message(group).text == "只有群管理员可以这样做。"  # type: ignore[union-attr]
    await alice.send(group, "/settings")
    panel = bot.api.last_message(group, with_buttons=True)
    assert panel is not None and "场次：初级场" in (panel.text or "")
    answer = await bob.press(panel, "叫法")
    assert answer["text"] == "只有群管理员可以这样做。"
    await alice.press(panel, "叫法")
    await alice.press(panel, "场次")
    await alice.press(panel, "叫地主限时")
    panel = bot.api.messages[(group, panel.message_id)]
    assert "叫分 1-3" in (panel.text or "") and "中级场" in (panel.text or "")
    assert "叫地主 20 秒" in (panel.text or "")
    await alice.press(panel, "语言")
    assert "Language: 繁體中文" in (
        bot.api.messages[(group, panel.message_id)].text or ""
    ) or "語言：繁體中文" in (bot.api.messages[(group, panel.message_id)].text or "")
    await alice.send(group, "/newgame")  # 20,000 beans to sit in the intermediate room
    assert bot.api.last_message(group).text.startswith("本场入座至少需要 20000")  # type: ignore[union-attr]
    assert manager_of(bot).table_in(group) is None
    await alice.press(panel, "場次")
    await alice.press(panel, "場次")  # advanced, then novice
    await alice.send(group, "/newgame")
    table = manager_of(bot).table_in(group)
    assert table is not None
    assert (table.rules, table.room, table.lang) == ("points", "novice", "zh-Hant")
    assert table.bid_seconds == 20


async def test_leave_in_another_group_leaves_nothing(bot: Harness) -> None:
    first, second = bot.group(-1001, "一群"), bot.group(-1002, "二群")
    alice, bob = bot.user("Alice"), bot.user("Bob")
    await alice.send(first, "/newgame")
    await bob.send(second, "/newgame")
    await alice.send(second, "/leave")
    assert bot.api.last_message(second).text == "你不在这桌。"  # type: ignore[union-attr]
    assert current_table(bot, first).seat_of(alice.id) == 0
    assert current_table(bot, second).seat_of(bob.id) == 0
    await alice.send(first, "/leave")  # she sat there alone: the empty lobby closes
    assert manager_of(bot).table_in(first) is None


async def test_admin_status_is_asked_once_for_many_presses(bot: Harness) -> None:
    alice = bot.user("Alice")
    group = bot.group(admins={alice.id})
    await alice.send(group, "/settings")
    panel = bot.api.last_message(group, with_buttons=True)
    await alice.press(panel, "叫地主限时")
    await alice.press(panel, "叫地主限时")
    panel = bot.api.messages[(group, panel.message_id)]  # type: ignore[union-attr]
    assert "叫地主 30 秒" in (panel.text or "")  # 15 -> 20 -> 30
    assert len(bot.api.calls_to(group, "getChatMember")) == 1


async def test_replay_lists_every_play_of_the_last_hand_in_order(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await users[0].send(group, "/replay")
    assert bot.api.last_message(group).text == "还没有打完的牌局。"  # type: ignore[union-attr]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    await play_until_over(bot, group, users)
    game = table.game
    assert game is not None and game.over
    assert isinstance(game, Game)  # a 斗地主 table
    plays = [a for a in game.log if a["type"] in ("play", "pass")]
    await users[1].send(group, "/huifang")
    text = bot.api.last_message(group).text or ""  # type: ignore[union-attr]
    head, *lines = text.split("\n")
    assert head.startswith("上一局回放 · ") and head.endswith(("地主胜", "农民胜"))
    assert len(lines) == len(plays)
    for number, (line, action) in enumerate(zip(lines, plays, strict=True), start=1):
        name = table.names()[action["seat"]]
        assert line.startswith(f"{number}. {name}")
        assert line.endswith("不出") if action["type"] == "pass" else "不出" not in line
    landlord = game.public_view().landlord
    assert landlord is not None and f"{table.names()[landlord]} (地主): " in lines[0]
    await users[2].dm("/replay")  # in private: the player's own last hand
    assert users[2].dm_texts()[-1] == text
