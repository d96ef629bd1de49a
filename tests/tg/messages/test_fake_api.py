"""The fake Bot API behaves like Telegram where the bot relies on it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from telegram import (
    Bot,
    BotCommand,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    Update,
)
from telegram.error import BadRequest, Forbidden, RetryAfter
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CommandHandler,
    ContextTypes,
)

from ..fake_api import TELEGRAM_LIMITS, FakeBotAPI
from ..harness import Harness


def _app(api: FakeBotAPI) -> Application[Any, Any, Any, Any, Any, Any]:
    async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_chat is not None
        keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("ok", callback_data="ok")]])
        await context.bot.send_message(update.effective_chat.id, "pong", reply_markup=keyboard)

    app = (
        ApplicationBuilder()
        .token("123:TEST")
        .request(api)
        .get_updates_request(api)
        .rate_limiter(AIORateLimiter(max_retries=0))
        .build()
    )
    app.add_handler(CommandHandler("ping", echo))
    return app


async def test_command_round_trip_and_call_log() -> None:
    api = FakeBotAPI()
    harness = Harness(api, _app(api))
    await harness.start()
    try:
        alice = harness.user("Alice")
        group = harness.group()
        await alice.send(group, "/ping")
        reply = api.last_message(group)
        assert reply is not None and reply.text == "pong"
        assert [c.method for c in api.calls_to(group)] == ["sendMessage"]
    finally:
        await harness.stop()


async def test_telegram_refusals() -> None:
    api = FakeBotAPI()
    app = _app(api)
    harness = Harness(api, app)
    await harness.start()
    try:
        stranger = harness.user("Bob", started=False)
        with pytest.raises(Forbidden, match="initiate conversation"):
            await app.bot.send_message(stranger.id, "hi")
        group = harness.group()
        photo = await app.bot.send_photo(group, b"\x89PNG-one", caption="a")
        with pytest.raises(BadRequest, match="not modified"):
            await app.bot.edit_message_media(
                InputMediaPhoto(b"\x89PNG-one", caption="a"),
                chat_id=group,
                message_id=photo.message_id,
            )
        await app.bot.edit_message_media(
            InputMediaPhoto(b"\x89PNG-two", caption="b"), chat_id=group, message_id=photo.message_id
        )
        stored = api.messages[(group, photo.message_id)]
        assert stored.caption == "b" and stored.edits == 1
        api.flood_next("sendMessage", retry_after=3)
        with pytest.raises(RetryAfter):
            await app.bot.send_message(group, "x")
        with pytest.raises(BadRequest, match=r"(?i)button_data_invalid"):
            await app.bot.send_message(
                group,
                "x",
                reply_markup=InlineKeyboardMarkup(
                    [[InlineKeyboardButton("long", callback_data="x" * 65)]]
                ),
            )
    finally:
        await harness.stop()


class _Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_private_chats_are_paced_with_short_bursts() -> None:
    clock = _Clock()
    api = FakeBotAPI(limits=TELEGRAM_LIMITS, clock=clock)
    bot = Bot("123:TEST", request=api, get_updates_request=api)
    api.add_user(42, "Ann")
    api.add_user(43, "Bo")
    first = await bot.send_message(42, "one")
    for n in range(TELEGRAM_LIMITS.private_burst - 1):  # a short burst passes
        await bot.edit_message_text(f"edit {n}", chat_id=42, message_id=first.message_id)
    with pytest.raises(RetryAfter) as flooded:
        await bot.send_message(42, "too fast")
    assert flooded.value.retry_after in (1, timedelta(seconds=1))
    await bot.send_message(43, "another chat has its own pace")
    await bot.answer_callback_query("q1")  # no message: never paced
    clock.now += TELEGRAM_LIMITS.private_interval
    await bot.send_message(42, "a second later")
    assert api.too_many == {42: 1} and api.too_many_total == 1


async def test_a_group_takes_twenty_messages_a_minute() -> None:
    clock = _Clock()
    api = FakeBotAPI(limits=TELEGRAM_LIMITS, clock=clock)
    bot = Bot("123:TEST", request=api, get_updates_request=api)
    api.add_group(-5, "g")
    for _ in range(20):
        await bot.send_message(-5, "m")
        clock.now += 1.0
    with pytest.raises(RetryAfter) as flooded:
        await bot.send_message(-5, "one too many")
    assert flooded.value.retry_after in (40, timedelta(seconds=40))
    clock.now += 40.0
    await bot.send_message(-5, "the oldest left the minute")
    assert api.too_many == {-5: 1}


async def test_without_limits_nothing_is_paced() -> None:
    api = FakeBotAPI()
    bot = Bot("123:TEST", request=api, get_updates_request=api)
    api.add_user(42, "Ann")
    for _ in range(10):
        await bot.send_message(42, "m")
    assert api.too_many == {}


async def test_command_menus_take_an_empty_or_two_letter_language() -> None:
    api = FakeBotAPI()
    bot = Bot("123:TEST", request=api, get_updates_request=api)
    commands = [BotCommand("newgame", "Open a table")]
    assert await bot.set_my_commands(commands)
    assert await bot.set_my_commands(commands, language_code="zh")
    for refused in ("zh-hant", "zh-Hant", "zh_TW", "chi"):
        with pytest.raises(BadRequest, match=r"(?i)invalid language code specified"):
            await bot.set_my_commands(commands, language_code=refused)
    assert [c.get("language_code") for c in api.commands] == [None, "zh"]
