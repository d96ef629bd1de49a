"""Editing a message the outbox keeps up to date: the smallest call that shows the new content
(``editMessageMedia`` when the picture changed, ``editMessageCaption``/``editMessageText``
when only words changed, ``editMessageReplyMarkup`` when only buttons changed), each taking
its turn of the budget just before it is made (``go``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

from telegram import Bot, InputMediaPhoto

from .content import Content
from .slots import Slot

__all__ = ["edit_shown"]


async def edit_shown(
    bot: Bot,
    slot: Slot,
    content: Content,
    draw: Callable[[Content], Awaitable[bytes]],
    go: Callable[[Slot], Awaitable[None]],
) -> bool:
    """Edit the slot's message to show ``content``; False: it shows it already (no call)."""
    chat = slot.chat_id
    sent = slot.sent
    message_id = slot.message_id
    same_markup = sent is not None and sent.markup_key() == content.markup_key()
    # when the buttons change anyway, the same call brings the words up to date too (a
    # clock's seconds: the gist alone would leave the old decision's on the message)
    words = not content.text_shown_by(sent) or (
        not same_markup and sent is not None and sent.text != content.text
    )
    if content.photo_key is not None and not content.picture_shown_by(sent):
        media = InputMediaPhoto(await draw(content), caption=content.text)
        await go(slot)
        await bot.edit_message_media(
            media, chat_id=chat, message_id=message_id, reply_markup=content.markup
        )
    elif words:
        await go(slot)
        if content.photo_key is not None:
            await bot.edit_message_caption(
                chat_id=chat,
                message_id=message_id,
                caption=content.text,
                reply_markup=content.markup,
            )
        else:
            await bot.edit_message_text(
                content.text, chat_id=chat, message_id=message_id, reply_markup=content.markup
            )
    elif not same_markup:
        await go(slot)
        await bot.edit_message_reply_markup(
            chat_id=chat, message_id=message_id, reply_markup=content.markup
        )
    else:
        return False
    if content.keeps_picture and sent is not None and content.picture_shown_by(sent):
        # the picture on the message is the one sent before: remember its key
        content = dataclasses.replace(content, photo_key=sent.photo_key, render=sent.render)
    slot.sent = content
    return True
