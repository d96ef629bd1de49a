"""Simulated Telegram users driving a real python-telegram-bot ``Application``.

Updates are built as Telegram would send them and fed through ``application.process_update``;
the bot's answers land in the :class:`FakeBotAPI`. A user can only press a button that is
really on a message (unless a test forges one on purpose).
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Update
from telegram.ext import Application

from .fake_api import BOT_USERNAME, FakeBotAPI, FakeMessage

Settle = Callable[[], Awaitable[None]]


class SimUser:
    """One person with a Telegram account."""

    _query_ids = itertools.count(1)

    def __init__(self, harness: Harness, user: dict[str, Any]) -> None:
        self.harness = harness
        self.user = user
        self.id: int = user["id"]
        self.name: str = user["first_name"]

    @property
    def api(self) -> FakeBotAPI:
        return self.harness.api

    async def send(self, chat_id: int, text: str) -> None:
        """Type ``text`` into a chat (a command when it starts with ``/``)."""
        api = self.api
        if chat_id == self.id:
            api.started.add(self.id)  # writing to the bot opens the DM
        message_id = api.new_message_id(chat_id)
        message: dict[str, Any] = {
            "message_id": message_id,
            "date": int(time.time()),
            "chat": api.chat_dict(chat_id),
            "from": self.user,
            "text": text,
        }
        if text.startswith("/"):
            command = text.split()[0]
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
        api.store(FakeMessage(chat_id, message_id, message["date"], text=text, from_bot=False))
        await self.harness.feed({"update_id": api.next_update_id(), "message": message})

    async def dm(self, text: str) -> None:
        await self.send(self.id, text)

    async def press(
        self, message: FakeMessage | None, label: str | None = None, *, data: str | None = None
    ) -> dict[str, Any]:
        """Press the button whose text contains ``label`` (or whose data is ``data``).

        Returns the bot's answer to the callback query ({} if none).
        """
        assert message is not None, "no message to press on"
        if data is None:
            matches = [b for b in message.buttons() if label is not None and label in b["text"]]
            assert matches, f"no button {label!r} on {[b['text'] for b in message.buttons()]}"
            data = matches[0]["callback_data"]
        return await self.press_data(message, data)

    async def press_data(self, message: FakeMessage, data: str) -> dict[str, Any]:
        """Send a callback query with any data, even data no button carries (forgery)."""
        api = self.api
        query_id = f"q{next(self._query_ids)}"
        update = {
            "update_id": api.next_update_id(),
            "callback_query": {
                "id": query_id,
                "from": self.user,
                "chat_instance": str(message.chat_id),
                "message": api.message_dict(message),
                "data": data,
            },
        }
        await self.harness.feed(update)
        return api.callback_answers.get(query_id, {})

    def panel(self) -> FakeMessage | None:
        """The newest picture the bot sent to this user's DM (the hand panel)."""
        for message in reversed(self.api.chat_messages(self.id)):
            if message.from_bot and message.photo_digest is not None:
                return message
        return None

    def labels(self) -> list[str]:
        """The button texts of the panel."""
        panel = self.panel()
        return [] if panel is None else [b["text"] for b in panel.buttons()]

    def dm_texts(self) -> list[str]:
        return [m.text or m.caption or "" for m in self.api.chat_messages(self.id)]


class Harness:
    """A fake Telegram plus a running Application."""

    def __init__(
        self,
        api: FakeBotAPI,
        application: Application[Any, Any, Any, Any, Any, Any],
        settle: Settle | None = None,
    ) -> None:
        self.api = api
        self.app = application
        self._settle = settle
        self._ids = itertools.count(1001)

    @property
    def bot_username(self) -> str:
        return BOT_USERNAME

    def user(
        self,
        name: str,
        *,
        started: bool = True,
        language_code: str | None = "zh-hans",
        user_id: int | None = None,
    ) -> SimUser:
        uid = user_id if user_id is not None else next(self._ids)
        return SimUser(
            self, self.api.add_user(uid, name, language_code=language_code, started=started)
        )

    def group(
        self, chat_id: int = -100100, title: str = "牌友群", admins: set[int] | None = None
    ) -> int:
        self.api.add_group(chat_id, title, admins)
        return chat_id

    async def feed(self, update: dict[str, Any]) -> None:
        """Hand an update to the bot as its polling loop does: through its update processor
        (concurrent across tables, in order within one)."""
        parsed = Update.de_json(update, self.app.bot)
        await self.app.update_processor.process_update(parsed, self.app.process_update(parsed))
        await self.settle()

    async def settle(self) -> None:
        """Let background sending finish so that assertions see what users see."""
        if self._settle is not None:
            await self._settle()
        for _ in range(3):
            await asyncio.sleep(0)

    async def start(self) -> None:
        await self.app.initialize()
        if self.app.post_init is not None:
            await self.app.post_init(self.app)
        await self.app.start()

    async def stop(self) -> None:
        if self.app.running:
            await self.app.stop()
        if self.app.post_stop is not None:
            await self.app.post_stop(self.app)
        await self.app.shutdown()
        if self.app.post_shutdown is not None:
            await self.app.post_shutdown(self.app)
