"""A call that timed out but went through (Telegram held the answer past the client's
time-out): the message it sent is found and removed, and the chat keeps one live copy of the
table picture, the lobby, the result, the panel. A person's message is never touched."""

from __future__ import annotations

import time
from typing import Any

from telegram.error import TimedOut

from ..clocks import ManualClock
from ..fake_api import FakeBotAPI, FakeMessage
from ..harness import Harness
from ..scripts import (
    current_table,
    play_until_over,
    seat_three,
    take_turn,
    until_playing,
    whose_turn,
)


def answer_lost(api: FakeBotAPI, method: str, chat_id: int, *, chatter: bool = True) -> list[str]:
    """The next ``method`` call into ``chat_id`` is carried out but its answer never comes
    back in time (TimedOut). ``chatter``: someone writes in the chat just before, so a
    person's message lies between the newest one the bot knows and its own."""
    lost: list[str] = []
    answer = api.do_request

    async def do_request(url: str, name: str, request_data: Any = None, **kw: Any) -> Any:
        params = dict(request_data.parameters) if request_data else {}
        ours = not lost and url.endswith("/" + method) and params.get("chat_id") == chat_id
        if ours and chatter:
            said = FakeMessage(chat_id, api.new_message_id(chat_id), int(time.time()), text="hi")
            said.from_bot = False
            api.store(said)
        result = await answer(url, name, request_data, **kw)
        if ours:
            lost.append(method)
            raise TimedOut("Timed out")
        return result

    api.do_request = do_request  # type: ignore[method-assign,assignment]
    return lost


def live(api: FakeBotAPI, chat_id: int, *, photos: bool) -> list[FakeMessage]:
    """The bot's messages with buttons in a chat: pictures, or words."""
    return [
        m
        for m in api.chat_messages(chat_id)
        if m.from_bot and m.buttons() and bool(m.photo_digest) is photos
    ]


def people_messages(api: FakeBotAPI, chat_id: int) -> list[FakeMessage]:
    return [m for m in api.chat_messages(chat_id) if not m.from_bot]


async def test_the_table_picture_sent_unseen_is_not_left_frozen(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    lost = answer_lost(bot.api, "sendPhoto", group)  # the deal's new table picture
    await seat_three(bot, group, users)
    assert lost == ["sendPhoto"]
    pictures = live(bot.api, group, photos=True)
    assert len(pictures) == 1 and "我的牌" in str(pictures[0].buttons())
    assert [m.text for m in people_messages(bot.api, group)] == ["/newgame", "hi"]
    await until_playing(bot, group, users)
    user = whose_turn(bot, group, users)
    assert user is not None
    table = await play_until_over(bot, group, users)
    assert table.game is not None and table.game.over
    pictures = live(bot.api, group, photos=True)
    assert len(pictures) == 1 and "再来一局" in str(pictures[0].buttons())  # the result


async def test_the_lobby_sent_unseen_is_not_left_beside_the_next(bot: Harness) -> None:
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob")
    lost = answer_lost(bot.api, "sendMessage", group)
    await alice.send(group, "/newgame")
    assert lost == ["sendMessage"]
    lobbies = live(bot.api, group, photos=False)
    assert len(lobbies) == 1, [m.text for m in lobbies]
    await bob.press(lobbies[0], "加入")
    assert current_table(bot, group).seat_of(bob.id) is not None
    assert len(live(bot.api, group, photos=False)) == 1


async def test_the_result_whose_answer_was_lost_shows_once(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    table = current_table(bot, group)
    assert table.game is not None
    lost = answer_lost(bot.api, "editMessageMedia", group, chatter=False)
    while not table.game.over:  # the result's picture is the last edit of the hand
        lost.clear()
        user = whose_turn(bot, group, users)
        assert user is not None
        await take_turn(bot, group, user)
    assert lost == ["editMessageMedia"]
    pictures = live(bot.api, group, photos=True)
    assert len(pictures) == 1 and "再来一局" in str(pictures[0].buttons())


async def test_a_panel_sent_unseen_leaves_one_panel(
    bot: Harness, manager_clock: ManualClock
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    leader = whose_turn(bot, group, users)
    assert leader is not None
    lost = answer_lost(bot.api, "sendPhoto", leader.id, chatter=False)
    await leader.dm("手牌")  # the panel anew, at the bottom of the chat
    assert lost == ["sendPhoto"]
    assert len(live(bot.api, leader.id, photos=True)) == 1
