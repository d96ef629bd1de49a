"""Deleting replaced messages last: after everything a person waits for, several of one chat
in one ``deleteMessages`` call.

A panel sent anew (a person's turn notifies them) leaves the old one to delete. Nobody waits
for that, so it takes the budget's last turn (``Urgency.TIDY``); while it waits, more old
messages of the same chat join it and go in one call.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Bot
from telegram.error import TelegramError

from .budget import Budget, Urgency
from .ratelimit import caller_waits_out_floods

__all__ = ["Deletions"]

log = logging.getLogger(__name__)

#: Telegram deletes at most this many messages in one call
_AT_ONCE = 100


class Deletions:
    """Old messages waiting to be deleted, by chat (see the module docstring)."""

    def __init__(self, bot: Bot, budget: Budget, start: Callable[[Awaitable[None]], Any]) -> None:
        self.bot = bot
        self.budget = budget
        self._start = start
        self._waiting: dict[int, list[int]] = {}

    def delete(self, chat_id: int, message_id: int) -> None:
        """Delete the message once the budget has nothing more urgent to do."""
        waiting = self._waiting.get(chat_id)
        if waiting is not None:
            waiting.append(message_id)
            return
        self._waiting[chat_id] = [message_id]
        self._start(self._run(chat_id))

    async def _run(self, chat_id: int) -> None:
        caller_waits_out_floods(False)  # the rate limiter retries a flood of a deletion
        await self.budget.take(Urgency.TIDY)
        ids = self._waiting.pop(chat_id, [])
        try:
            if len(ids) == 1:
                await self.bot.delete_message(chat_id, ids[0])
            for start in range(0, len(ids) if len(ids) > 1 else 0, _AT_ONCE):
                await self.bot.delete_messages(chat_id, ids[start : start + _AT_ONCE])
        except TelegramError as error:
            log.info("chat %s: old messages not deleted: %s", chat_id, error)
