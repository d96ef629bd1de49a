"""Registering the handlers: commands (``commands``), buttons (``buttons``), typed text
(``typed``), the bot in or out of a group, a person's sign of life; one error handler.

Every handler is a plain async function of ``(update, context)`` that finds the bot's parts
in the application (``runtime_of``), as python-telegram-bot's examples do.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

from telegram import Update
from telegram.constants import ChatMemberStatus
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from ..i18n import t
from . import commands, standings, tournament_command
from .buttons import button_pressed
from .commands import COMMANDS, is_private, reply
from .guide import help_text
from .lobby import group_defaults
from .runtime import runtime_of
from .typed import typed_text

__all__ = ["error", "install", "my_member", "private_chat_alive"]

log = logging.getLogger(__name__)


async def private_chat_alive(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A person wrote or pressed in their private chat: it takes messages again."""
    user, chat = update.effective_user, update.effective_chat
    if update.my_chat_member is not None:  # blocking the bot is no sign of life
        return
    if user is not None and chat is not None and is_private(chat) and chat.id == user.id:
        await runtime_of(context).reach.reachable_again(user.id)


async def my_member(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The bot added to a group (how to play, where the rules are set) or removed from it
    (its table closes)."""
    change = update.my_chat_member
    if change is None:
        return
    rt = runtime_of(context)
    status = change.new_chat_member.status
    if status in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED):
        await rt.ending.group_gone(change.chat.id)
    elif (
        status in (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR)
        and change.old_chat_member.status in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
        and change.chat.type in ("group", "supergroup")
    ):
        group = await rt.db.get_group(change.chat.id)
        if group is None:  # the group speaks its adder's language until its admins say
            lang = await rt.people.lang_of(change.from_user)
            defaults = replace(group_defaults(rt.settings, change.chat.id), language=lang)
            group = await rt.db.ensure_group(
                change.chat.id, change.chat.title or "", defaults=defaults
            )
        lang = group.language
        rt.outbox.post(change.chat.id, help_text(lang) + "\n\n" + t(lang, "bot_added_settings"))


async def error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Whatever failed, the person hears of it: a press gets an alert, a command or typed
    text a reply. Nothing here reads the database (which may be what failed) or raises."""
    log.error("update %s failed", getattr(update, "update_id", "?"), exc_info=context.error)
    if not isinstance(update, Update):
        return
    try:
        rt = runtime_of(context)
        lang = rt.people.cached_lang(update.effective_user)
        if update.callback_query is not None:
            rt.answers.answer(
                update.callback_query, t(lang, "error_generic"), alert=True, refusal=True
            )
        elif update.effective_message is not None:
            reply(rt, update.effective_message, t(lang, "error_generic"))
    except Exception:
        log.exception("answering the failure of update %s failed", update.update_id)


def install(application: Application[Any, Any, Any, Any, Any, Any]) -> None:
    """Register every handler on ``application``."""
    for command, aliases in COMMANDS.items():
        module = next(m for m in (commands, standings, tournament_command) if hasattr(m, command))
        callback = getattr(module, command)
        application.add_handler(CommandHandler((command, *aliases), callback))
    # before anything else: any word or press of a person in their private chat shows that
    # the bot may write there again (they may have blocked it and unblocked it since)
    application.add_handler(TypeHandler(Update, private_chat_alive), group=-1)
    application.add_handler(CallbackQueryHandler(button_pressed))
    application.add_handler(ChatMemberHandler(my_member, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(
        MessageHandler(filters.ChatType.PRIVATE & filters.TEXT & ~filters.COMMAND, typed_text)
    )
    application.add_error_handler(error)
