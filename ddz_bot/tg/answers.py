"""Answering button presses: once each (Telegram takes one answer), in the background."""

from __future__ import annotations

import logging

from telegram import CallbackQuery

from .outbox import Outbox
from .people import Recent

__all__ = ["ANSWERED_PRESSES", "Answers"]

log = logging.getLogger(__name__)

#: how many recent button presses are remembered as answered
ANSWERED_PRESSES = 10_000


class Answers:
    """The answers to button presses (see the module docstring)."""

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox
        self._answered = Recent(ANSWERED_PRESSES)

    def answer(
        self,
        query: CallbackQuery,
        text: str | None = None,
        *,
        alert: bool = False,
        url: str | None = None,
        refusal: bool = False,
    ) -> None:
        """Answer the press unless it was answered already; a refusal that comes after
        that is written where the press was made (the private chat, or the group)."""
        key = hash(query.id)
        if key in self._answered:
            message = query.message
            if refusal and text and message is not None and message.chat.id == query.from_user.id:
                self.outbox.post(query.from_user.id, text)
            elif refusal and text and message is not None:
                # a group press answered early whose action then failed: said in the group
                self.outbox.post(message.chat.id, text)
            elif refusal:
                log.info("press %s answered already; not said: %s", query.id, text)
            return
        self._answered.add(key)
        self.outbox.spawn(query.answer(text[:190] if text else None, show_alert=alert, url=url))
