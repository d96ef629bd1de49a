"""Messages the bot may have sent without hearing back (a call that timed out, a kill).

Telegram numbers the messages of a chat in order and lists none of them to a bot, so one
sent unseen is looked for just after the newest message known there: only a message of ours
with buttons can lose them (a person's can't be edited, one without buttons is "not
modified"), and such a message is deleted. In a group people's messages come in between,
so the look goes further (``GROUP_LOOK_AHEAD``).
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import Final

from telegram import Bot
from telegram.error import BadRequest, TelegramError

__all__ = ["GROUP_LOOK_AHEAD", "LOOK_AHEAD", "message_gone", "tidy", "tidy_unseen"]

log = logging.getLogger(__name__)

#: how many messages after the newest one known a message sent unseen is looked for
LOOK_AHEAD: Final = 6
#: the same in a group, where people's messages take numbers too
GROUP_LOOK_AHEAD: Final = 12


async def tidy(
    bot: Bot,
    chat_id: int,
    after: int,
    *,
    keep: int | None = None,
    known: Collection[int] = (),
    look_ahead: int = LOOK_AHEAD,
) -> None:
    """Delete the bot's live messages among the few after ``after`` (``keep`` and those
    ``known`` stay): each found loses its buttons at once (it can't be pressed meanwhile),
    then all go in one call (``deleteMessages``) when there are several."""
    found: list[int] = []
    for message_id in range(after + 1, after + 1 + look_ahead):
        if message_id == keep or message_id in known:
            continue
        try:
            await bot.edit_message_reply_markup(chat_id, message_id, reply_markup=None)
        except TelegramError:
            continue  # not ours, no buttons, or no such message
        found.append(message_id)
    if not found:
        return
    try:
        if len(found) == 1:
            await bot.delete_message(chat_id, found[0])
        else:
            await bot.delete_messages(chat_id, found)
    except TelegramError as error:
        log.info("chat %s: messages %s left without buttons: %s", chat_id, found, error)


async def tidy_unseen(bot: Bot, chat_id: int, after: int, known: set[int]) -> None:
    """A new message to ``chat_id`` timed out: it may have arrived all the same. The bot's
    live messages just after ``after`` (the newest known when it was sent) go, but for those
    in ``known``; in a group, people's messages can't be edited, so theirs are never touched."""
    look = LOOK_AHEAD if chat_id > 0 else GROUP_LOOK_AHEAD
    await tidy(bot, chat_id, after, known=known, look_ahead=look)


def message_gone(error: BadRequest) -> bool:
    """Whether Telegram's refusal says the message is no longer there to edit."""
    text = str(error).lower()
    return "not found" in text or "there is no" in text or "can't be edited" in text
