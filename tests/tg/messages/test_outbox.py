"""The outbox: only the newest content is sent, with the smallest edit; floods are waited out."""

from __future__ import annotations

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup

from ddz_bot.tg.outbox import Content, Outbox

from ..clocks import RecordedWaits
from ..fake_api import FakeBotAPI


def _markup(label: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, callback_data=label)]])


async def test_only_the_newest_picture_is_rendered_and_sent(
    api_bot: tuple[FakeBotAPI, Bot],
) -> None:
    api, bot = api_bot
    group = -5
    api.add_group(group, "g")
    rendered: list[int] = []

    def picture(n: int) -> Content:
        def render() -> bytes:
            rendered.append(n)
            return b"png-%d" % n

        return Content(f"caption {n}", _markup("x"), photo_key=f"p{n}", render=render)

    outbox = Outbox(bot, group_interval=0.2)
    outbox.show(group, "table", picture(0))
    await outbox.drain()
    for n in range(1, 6):  # five changes while the group must wait
        outbox.show(group, "table", picture(n))
    await outbox.drain()
    assert rendered == [0, 5]
    assert [c.method for c in api.calls_to(group)] == ["sendPhoto", "editMessageMedia"]
    message = api.last_message(group)
    assert message is not None and message.caption == "caption 5"


async def test_the_smallest_edit_is_used(api_bot: tuple[FakeBotAPI, Bot]) -> None:
    api, bot = api_bot
    api.add_user(42, "Ann")
    outbox = Outbox(bot)
    render = lambda: b"hand"  # noqa: E731
    outbox.show(42, "panel", Content("a", _markup("1"), "k", render))
    await outbox.drain()
    outbox.show(42, "panel", Content("a", _markup("2"), "k", render))  # keyboard only
    await outbox.drain()
    outbox.show(42, "panel", Content("b", _markup("2"), "k", render))  # caption only
    await outbox.drain()
    outbox.show(42, "panel", Content("b", _markup("2"), "k", render))  # nothing
    await outbox.drain()
    assert [c.method for c in api.calls_to(42)] == [
        "sendPhoto",
        "editMessageReplyMarkup",
        "editMessageCaption",
    ]


async def test_retry_after_is_waited_out_and_not_modified_is_quiet(
    api_bot: tuple[FakeBotAPI, Bot], outbox_waits: RecordedWaits
) -> None:
    api, bot = api_bot
    group = -6
    api.add_group(group, "g")
    outbox = Outbox(bot)
    api.flood_next("sendMessage", retry_after=1)
    outbox.show(group, "lobby", Content("hello", _markup("j")))
    await outbox.drain()
    assert outbox_waits.delays == [
        pytest.approx(1.0, abs=0.05)
    ]  # Telegram's retry_after, waited out before sending again
    sent = [c for c in api.calls_to(group) if c.method == "sendMessage"]
    assert len(sent) == 1 and api.last_message(group).text == "hello"  # type: ignore[union-attr]
    # the message already shows this (say, after a restart): Telegram says "not modified"
    message_id = outbox.message_id(group, "lobby")
    outbox.bind(group, "lobby", message_id)
    outbox.show(group, "lobby", Content("hello", _markup("j")))
    await outbox.drain()
    failed = [c for c in api.calls if not c.ok and c.method == "editMessageText"]
    assert len(failed) == 1  # answered quietly; nothing else sent
    outbox.show(group, "lobby", Content("hello", _markup("j")))
    await outbox.drain()
    assert len([c for c in api.calls if c.method == "editMessageText"]) == 1


async def test_a_deleted_message_is_sent_again(api_bot: tuple[FakeBotAPI, Bot]) -> None:
    api, bot = api_bot
    api.add_user(7, "Bo")
    outbox = Outbox(bot)
    outbox.show(7, "panel", Content("one"))
    await outbox.drain()
    first = outbox.message_id(7, "panel")
    api.messages[(7, first)].deleted = True  # type: ignore[index]
    outbox.show(7, "panel", Content("two"))
    await outbox.drain()
    assert outbox.message_id(7, "panel") != first
    assert api.last_message(7).text == "two"  # type: ignore[union-attr]


async def test_new_buttons_bring_the_clock_s_seconds_up_to_date_in_the_same_call(
    api_bot: tuple[FakeBotAPI, Bot],
) -> None:
    """Words whose gist is unchanged are not worth a call alone; when the buttons change
    anyway (one decision follows another: 明牌 then 加倍) the caption goes with them."""
    api, bot = api_bot
    api.add_user(42, "Ann")
    outbox = Outbox(bot)

    def panel(text: str, button: str) -> Content:
        return Content(text, _markup(button), "h", lambda: b"png", gist="your turn")

    outbox.show(42, "panel", panel("your turn, 15 s", "show"))
    await outbox.drain()
    outbox.show(42, "panel", panel("your turn, 14 s", "show"))  # the seconds alone: no call
    await outbox.drain()
    outbox.show(42, "panel", panel("your turn, 10 s", "double"))
    await outbox.drain()
    assert [c.method for c in api.calls_to(42)] == ["sendPhoto", "editMessageCaption"]
    shown = api.last_message(42)
    assert shown is not None and shown.caption == "your turn, 10 s"
    assert [b["text"] for b in shown.buttons()] == ["double"]
