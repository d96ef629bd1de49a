"""Buttons that must change nothing: stale, foreign, forged; and typed plays in the DM."""

from __future__ import annotations

from ddz_bot.games.doudizhu.engine import Game
from ddz_bot.games.doudizhu.tg.keyboards import DouDizhuButton
from ddz_bot.games.doudizhu.tg.present import cards_text

from ..harness import Harness
from ..scripts import (
    current_table,
    ddz_game,
    first_lead,
    play_until_over,
    seat_three,
    take_turn,
    until_playing,
    whose_turn,
)


async def test_stale_foreign_and_forged_buttons_change_nothing(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    bidder = whose_turn(bot, group, users)
    assert bidder is not None
    old_panel = bidder.panel()
    assert old_panel is not None
    old_data = next(b["callback_data"] for b in old_panel.buttons() if b["text"] == "不叫")
    other = next(u for u in users if u is not bidder)
    # a button of another player's panel (the message is in the bidder's private chat)
    version = table.version
    answer = await other.press_data(old_panel, old_data)
    assert answer == {
        "callback_query_id": answer["callback_query_id"],
        "text": "这是别的玩家的面板。",
        "show_alert": True,
    }
    # forged data: well-formed, signed by nobody
    answer = await bidder.press_data(old_panel, old_data.replace("|no|", "|call|"))
    assert answer["text"] == "这个按钮无效。"
    answer = await bidder.press_data(old_panel, "P|1|1|-|xxxxxx")
    assert answer["text"] == "这个按钮无效。"
    assert table.version == version
    # the real press works once; pressing the same old button again is stale
    await bidder.press(old_panel, "不叫")
    assert table.version > version
    version = table.version
    answer = await bidder.press_data(old_panel, old_data)
    assert answer["text"] in ("这个按钮已经过期了。", "还没轮到你。")
    assert table.version == version


async def test_buttons_of_a_finished_hand_are_refused(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table_message = next(m for m in bot.api.chat_messages(group) if m.photo_digest)
    old = [b["callback_data"] for b in table_message.buttons()]
    table = current_table(bot, group)
    await play_until_over(bot, group, users)
    final = bot.api.last_message(group, with_buttons=True)
    assert final is not None
    for user in users:  # each of them chooses to play again
        await user.press(final, "再来一局")
    fresh = current_table(bot, group)  # the same seats, a new hand
    assert fresh is not table and fresh.in_hand() and "Bob" in fresh.names()
    answer = await users[1].press_data(table_message, old[0])
    assert answer["text"] in ("这个按钮已经过期了。", "那一桌已经不开放了。")


async def test_typed_plays(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    table, leader, seat = await first_lead(bot, group, users)
    game = table.game
    assert isinstance(game, Game)
    waiting = next(u for u in users if u is not leader)
    await waiting.dm("3")
    assert waiting.dm_texts()[-1] == "还没轮到你。"
    await leader.dm("pass")
    assert leader.dm_texts()[-1] == "该你先出，不能不出。"
    await leader.dm("xyz!")
    assert "没看懂" in leader.dm_texts()[-1]
    hand = ddz_game(table).hand(seat)
    counts = hand.counts()
    short = next(r for r in range(13) if counts[r] < 4)
    await leader.dm(cards_text([short] * (counts[short] + 1), "zh-Hans"))
    assert leader.dm_texts()[-1].startswith("你没有")
    await leader.dm("提示")
    assert leader.dm_texts()[-1].startswith("提示：")
    lowest = min(hand)
    before = len(ddz_game(table).hand(seat))
    await leader.dm(cards_text([lowest], "zh-Hans").lower())
    assert len(ddz_game(table).hand(seat)) == before - 1
    assert ddz_game(table).turn != seat


async def test_signed_but_impossible_requests_are_refused(bot: Harness) -> None:
    from ddz_bot.tg.codec import Callback, CallbackCodec

    from ..conftest import TOKEN

    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    codec = CallbackCodec(TOKEN)
    panel = users[0].panel()
    assert panel is not None
    version = table.version
    for callback in (
        Callback("r", table.id, table.hand_version, "Z"),  # no such rank
        Callback(DouDizhuButton.BID, table.id, table.version, "4"),  # no such bid
        Callback("o", 0, 0, "colour"),
    ):  # no such setting (and not an admin)
        answer = await users[0].press_data(panel, codec.encode(callback))
        assert answer["show_alert"] is True
        assert answer["text"] in ("这个按钮无效。", "只有群管理员可以这样做。", "还没轮到你。")
    assert table.version == version


async def test_the_card_tracker_counts_what_the_player_has_not_seen(bot: Harness) -> None:
    import re

    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    for _ in range(4):  # a few plays, so that some cards are out
        user = whose_turn(bot, group, users)
        assert user is not None
        await take_turn(bot, group, user)
    table = current_table(bot, group)
    game = table.game
    assert isinstance(game, Game)
    # the bot fixture deals from a seeded source: four plays leave this hand going, so the
    # count below is checked every run (never skipped by a hand that happened to end)
    assert not game.over and len(game.public_view().played) > 0
    player = whose_turn(bot, group, users)
    assert player is not None
    seat = table.seat_of(player.id)
    assert seat is not None
    caption = player.panel().caption or ""  # type: ignore[union-attr]
    line = next(line for line in caption.splitlines() if line.startswith("记牌器："))
    unseen = sum(int(n) for n in re.findall(r"×(\d+)", line))
    assert unseen == 54 - len(game.hand(seat)) - len(game.public_view().played)


async def test_typed_refusals_show_cards_as_people_write_them_and_stay_short(
    bot: Harness,
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    table, leader, seat = await first_lead(bot, group, users)
    game = table.game
    assert isinstance(game, Game)
    version = table.version
    ten = cards_text([7], "zh-Hans")  # rank 7 is the ten
    held_tens = game.hand(seat).counts()[7]
    await leader.dm(ten * (held_tens + 1))
    assert leader.dm_texts()[-1] == "你没有 10。"
    await leader.dm("大王大王")
    assert leader.dm_texts()[-1] in ("你没有 大王。", "你没有 大王大王。")
    await leader.dm("3" * 60)
    answer = leader.dm_texts()[-1]
    assert answer.startswith("你没有 333") and len(answer) < 110
    await leader.dm("10" * 20)  # twenty tens: spaced, and not cut where a hand would fit
    assert leader.dm_texts()[-1] == "你没有 " + " ".join(["10"] * (20 - held_tens)) + "。"
    await leader.dm("3" * 5000)
    answer = leader.dm_texts()[-1]
    assert answer.startswith("没看懂「333") and len(answer) < 100
    await leader.dm("x\u202e\x00y")
    assert leader.dm_texts()[-1].startswith("没看懂「x  y」")
    await leader.dm("/lang")
    await leader.press(bot.api.last_message(leader.id, with_buttons=True), "English")
    await leader.dm("dd")
    assert leader.dm_texts()[-1] in ("You don't hold BJ.", "You don't hold BJBJ.")
    assert table.version == version


async def test_the_panel_says_what_is_selected_and_whom_it_waits_for(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await users[0].send(group, "/newgame")
    await users[0].dm("33344")
    assert users[0].dm_texts()[-1] == "你现在没有在打牌。"
    lobby = bot.api.last_message(group, with_buttons=True)
    for user in users[1:]:
        await user.press(lobby, "加入")
    await until_playing(bot, group, users)
    table = current_table(bot, group)
    leader = whose_turn(bot, group, users)
    assert leader is not None
    after_leader = (table.seat_of(leader.id) + 1) % 3  # type: ignore[operator]
    waiting = next(u for u in users if table.seat_of(u.id) == after_leader)
    caption = waiting.panel().caption  # type: ignore[union-attr]
    assert caption is not None and f"你在 {leader.name} 之后出牌" in caption
    panel = leader.panel()
    assert panel is not None
    first_rank = next(b for b in panel.buttons() if b["callback_data"].startswith("r|"))
    await leader.press_data(panel, first_rank["callback_data"])
    caption = leader.panel().caption  # type: ignore[union-attr]
    label = first_rank["text"].split("×")[0]
    assert caption is not None and f"已选：{label}" in caption
    assert table.in_hand()
