"""The command menus Telegram shows next to the message field, for groups and private chats.

Telegram keeps one menu per scope and *two-letter* language (``zh``, ``en``) plus a default
for every other language; a code such as ``zh-hant`` is refused ("invalid language code
specified"). Chinese readers of both scripts therefore share the ``zh`` menu, written in
Simplified Chinese, which is also the default; what the bot writes follows each person's
language (their Telegram client's, or what they chose with ``/lang``), Traditional included.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from telegram import (
    Bot,
    BotCommand,
    BotCommandScope,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
)
from telegram.error import TelegramError

from ..i18n import t

__all__ = ["MENU_LANGUAGES", "MenuLanguage", "publish_commands"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class MenuLanguage:
    """One menu Telegram holds: the catalogue it is written from and Telegram's code for it
    (empty: the default, shown to every language without a menu of its own)."""

    catalogue: str
    telegram_code: str


#: The menus published: Telegram can hold no Traditional Chinese menu apart from ``zh``.
MENU_LANGUAGES = (
    MenuLanguage("zh-Hans", ""),
    MenuLanguage("zh-Hans", "zh"),
    MenuLanguage("en", "en"),
)


async def publish_commands(bot: Bot, group_menu: Sequence[str], private_menu: Sequence[str]) -> int:
    """Publish every menu of ``MENU_LANGUAGES`` for both scopes; returns how many Telegram
    took. A refusal is logged and the others are still published (a menu is a nicety)."""
    published = 0
    scopes: tuple[tuple[BotCommandScope, Sequence[str]], ...] = (
        (BotCommandScopeAllGroupChats(), group_menu),
        (BotCommandScopeAllPrivateChats(), private_menu),
    )
    for language in MENU_LANGUAGES:
        for scope, menu in scopes:
            commands = [BotCommand(c, t(language.catalogue, f"cmd_{c}")) for c in menu]
            try:
                if language.telegram_code:
                    await bot.set_my_commands(
                        commands, scope=scope, language_code=language.telegram_code
                    )
                else:
                    await bot.set_my_commands(commands, scope=scope)
                published += 1
            except TelegramError as error:
                log.warning(
                    "command menu %r (%s) not published: %s",
                    language.telegram_code or "default",
                    scope.type,
                    error,
                )
    return published
