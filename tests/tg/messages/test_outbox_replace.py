"""The outbox's ``replace``: what a person must notice is sent as a new message (Telegram
notifies nobody of an edit) and the old one is deleted, so the chat keeps one copy."""

from __future__ import annotations

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup

from ddz_bot.tg.outbox import Content, Outbox

from ..clocks import RecordedWaits
from ..fake_api import FakeBotAPI, FakeMessage


def _panel(n: int) -> Content:
    return Content(f"panel {n}", None, photo_key=f"p{n}", render=lambda: b"png-%d" % n)


async def test_replace_sends_anew_and_deletes_the_old_message(
    api_bot: tuple[FakeBotAPI, Bot],
) -> None:
    api, bot = api_bot
    api.add_user(42, "Ann")
    outbox = Outbox(bot)
    outbox.show(42, "panel", _panel(0))
    await outbox.drain()
    first = api.last_message(42)
    assert first is not None
    outbox.show(42, "panel", _panel(1), replace=True)
    outbox.show(42, "panel", _panel(2))  # a later change before sending: still a new message
    await outbox.drain()
    shown = api.chat_messages(42)
    assert [m.caption for m in shown] == ["panel 2"]
    assert shown[0].message_id > first.message_id and api.messages[(42, first.message_id)].deleted
    assert [c.method for c in api.calls_to(42)] == ["sendPhoto", "sendPhoto", "deleteMessage"]
    outbox.show(42, "panel", _panel(3))  # plain changes edit the new message
    await outbox.drain()
    assert [m.caption for m in api.chat_messages(42)] == ["panel 3"]
    assert api.calls_to(42)[-1].method == "editMessageMedia"


async def test_a_flooded_replacement_is_retried_and_deletes_once(
    api_bot: tuple[FakeBotAPI, Bot], outbox_waits: RecordedWaits
) -> None:
    api, bot = api_bot
    api.add_user(42, "Ann")
    outbox = Outbox(bot)
    outbox.show(42, "panel", _panel(0))
    await outbox.drain()
    api.flood_next("sendPhoto", retry_after=1)
    outbox.show(42, "panel", _panel(1), replace=True)
    await outbox.drain()
    assert [m.caption for m in api.chat_messages(42)] == ["panel 1"]
    assert len(api.calls_to(42, "deleteMessage")) == 1
    assert outbox_waits.delays == [
        pytest.approx(1.0, abs=0.05)
    ]  # the flood's retry_after was waited out


async def test_several_messages_sent_unseen_go_in_one_call(
    api_bot: tuple[FakeBotAPI, Bot],
) -> None:
    """Two panels sent unseen (their answers lost) and a person's own message after the
    newest known one: the bot's lose their buttons, then go in one ``deleteMessages``."""
    api, bot = api_bot
    api.add_user(42, "Ann")
    outbox = Outbox(bot)
    outbox.show(42, "panel", _panel(0))
    await outbox.drain()
    known = outbox.message_id(42, "panel")
    assert known is not None
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("3", callback_data="r")]])
    unseen = [await bot.send_photo(42, b"png", reply_markup=markup) for _ in range(2)]
    own = api.new_message_id(42)
    api.store(FakeMessage(42, own, 0, text="33", from_bot=False))
    mark = len(api.calls)
    await outbox.tidy(42, known)
    methods = [c.method for c in api.calls[mark:] if c.ok]
    assert methods == ["editMessageReplyMarkup", "editMessageReplyMarkup", "deleteMessages"]
    assert all(api.messages[(42, m.message_id)].deleted for m in unseen)
    assert not api.messages[(42, own)].deleted and not api.messages[(42, known)].deleted
