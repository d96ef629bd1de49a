"""The fake Bot API behaves like Telegram where the bot relies on it."""

from __future__ import annotations

from typing import Any

import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto, Update
from telegram.error import BadRequest, Forbidden, RetryAfter
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CommandHandler,
    ContextTypes,
)

from .fake_api import FakeBotAPI
from .harness import Harness


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
