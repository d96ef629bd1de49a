"""Players the bot can't write to: the deep link, and a private chat that fails mid-hand."""

from __future__ import annotations

from ddz_bot.games.doudizhu.engine import Game

from ..harness import Harness
from ..scripts import current_table, ddz_game, fire_timer, seat_three


async def test_a_user_who_never_started_the_bot_joins_through_the_deep_link(
    bot: Harness,
) -> None:
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob", started=False)
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    answer = await bob.press(lobby, "加入")
    url = answer.get("url", "")
    assert url.startswith(f"https://t.me/{bot.bot_username}?start=j")
    assert current_table(bot, group).seat_of(bob.id) is None  # not seated yet
    payload = url.split("start=")[1]
    await bob.dm(f"/start {payload}")
    table = current_table(bot, group)
    assert table.seat_of(bob.id) == 1
    assert "Bob" in (bot.api.last_message(group, with_buttons=True).text or "")  # type: ignore[union-attr]
    assert any("入座" in text for text in bob.dm_texts())


async def test_join_command_offers_the_link_too(bot: Harness) -> None:
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob", started=False)
    await alice.send(group, "/kaiju")
    await bob.send(group, "/join")
    reply = bot.api.last_message(group, with_buttons=True)
    assert reply is not None and reply.buttons()[0]["url"].startswith("https://t.me/")


async def test_a_private_chat_failing_mid_hand_falls_back_to_my_cards(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    carol = users[2]
    bot.api.started.discard(carol.id)  # Carol blocks the bot
    # the others decline until it is Carol's turn: her panel must change, and can't
    game = table.game
    assert isinstance(game, Game) and game.turn is not None
    carol_seat = table.seat_of(carol.id)
    if game.turn == carol_seat:
        await fire_timer(bot, table)  # her time runs out: her panel changes too
    while (turn := ddz_game(table).turn) != carol_seat:
        assert turn is not None
        bidder = next(u for u in users if u.id == table.seats[turn].user_id)
        await bidder.press(bidder.panel(), "不叫")
    notices = [m.text or "" for m in bot.api.chat_messages(group)]
    assert any("Carol" in text and "我的牌" in text for text in notices)
    table_message = next(m for m in bot.api.chat_messages(group) if m.photo_digest)
    answer = await carol.press(table_message, "我的牌")
    assert answer["show_alert"] is True and answer["text"].startswith("你的手牌")
    stranger = bot.user("Dave")
    answer = await stranger.press(table_message, "我的牌")
    assert answer["text"] == "你不在这桌。"


async def test_a_creator_who_never_started_the_bot_gets_the_link(bot: Harness) -> None:
    group = bot.group()
    alice = bot.user("Alice", started=False)
    await alice.send(group, "/newgame")
    reply = bot.api.last_message(group)
    assert reply is not None and reply.text is not None
    assert reply.text.startswith("Alice，请打开和我的私聊来接收手牌：https://t.me/")
    url = reply.buttons()[0]["url"]
    assert url.startswith(f"https://t.me/{bot.bot_username}?start=j")
    await alice.dm(f"/start {url.split('start=')[1]}")
    table = current_table(bot, group)
    assert table.seat_of(alice.id) == 0
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and "Alice" in (lobby.text or "")
