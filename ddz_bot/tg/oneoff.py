"""One-off messages: a notice, a result, a command's answer, a /balance card.

They go into a chat at its pace and take their turn of the budget like a table's messages
(``Outbox.post``), usually as answers (``Urgency.ANSWER``), in reply to the message they
answer when there is one.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Protocol

from telegram import Bot, InlineKeyboardMarkup, ReplyParameters
from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError, TimedOut

from .budget import Urgency
from .content import Render
from .pace import backoff, retry_seconds
from .ratelimit import caller_waits_out_floods

__all__ = ["OneOff", "Sender", "send_once"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class OneOff:
    """A message sent once (``Outbox.post``)."""

    chat_id: int
    text: str
    markup: InlineKeyboardMarkup | None
    photo: Render | None
    reply_to: int | None
    urgency: Urgency


class Sender(Protocol):
    """What sending a one-off asks of the outbox: its bot, the chat's turn and pace, the
    pictures' thread (the outbox is one; this module needs no more of it)."""

    bot: Bot
    max_retries: int

    async def draw(self, render: Render) -> bytes: ...

    async def wait_turn(self, chat_id: int, urgency: Urgency, *, budget: bool = True) -> None: ...

    def hold(self, chat_id: int, seconds: float) -> None: ...

    def seen(self, chat_id: int, message_id: int, *, sent: bool = True) -> None: ...


async def send_once(outbox: Sender, one: OneOff) -> None:
    """Send ``one`` at its chat's pace: a flood or no answer waits and tries again (a few
    times); an answer that timed out may have arrived, so it is not sent twice."""
    caller_waits_out_floods()
    chat_id, text, markup, photo = one.chat_id, one.text, one.markup, one.photo
    replying = (
        None
        if one.reply_to is None
        else ReplyParameters(one.reply_to, allow_sending_without_reply=True)
    )
    picture = None if photo is None else await outbox.draw(photo)  # before its turn
    for attempt in range(outbox.max_retries + 1):
        await outbox.wait_turn(chat_id, one.urgency)
        try:
            if picture is not None:
                sent = await outbox.bot.send_photo(
                    chat_id,
                    picture,
                    caption=text,
                    reply_markup=markup,
                    reply_parameters=replying,
                )
            else:
                sent = await outbox.bot.send_message(
                    chat_id, text, reply_markup=markup, reply_parameters=replying
                )
            outbox.seen(chat_id, sent.message_id)
            return
        except RetryAfter as error:
            outbox.hold(chat_id, retry_seconds(error.retry_after))
        except BadRequest as error:
            log.info("chat %s: message not sent: %s", chat_id, error)
            return
        except TimedOut as error:  # it may have arrived: not sent twice
            log.info("chat %s: message perhaps not sent: %s", chat_id, error)
            return
        except NetworkError:  # no answer: this chat waits, then tries again
            outbox.hold(chat_id, backoff(attempt + 1))
        except TelegramError as error:
            log.info("chat %s: message not sent: %s", chat_id, error)
            return
