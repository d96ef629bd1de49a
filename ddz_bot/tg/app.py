"""Building the Application: handlers, rate limiter, job queue, and set-up in ``post_init``.

``post_init`` opens the database (running its migrations), publishes the command menus for
groups and private chats in the three languages, and resumes every table found in the
database (timers re-armed from the stored deadlines, messages refreshed).
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Hashable
from typing import Any

from telegram import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats
from telegram.error import TelegramError
from telegram.ext import AIORateLimiter, Application, ApplicationBuilder
from telegram.request import BaseRequest

from ..config import Settings
from ..i18n import LANGS, t
from ..storage import Database, EconomySettings
from .commands import GROUP_MENU, PRIVATE_MENU
from .handlers import install
from .runtime import RUNTIME_KEY, Runtime, runtime_of
from .updates import TableUpdates, update_key

__all__ = ["RUNTIME_KEY", "build_application", "runtime", "tune_gc"]

log = logging.getLogger(__name__)

AnyApp = Application[Any, Any, Any, Any, Any, Any]
_TELEGRAM_LANG = {"zh-Hans": "zh", "zh-Hant": "zh-hant", "en": "en"}


def tune_gc(threshold: int = 50_000) -> None:
    """Fewer, cheaper garbage collections for a long-running bot.

    Every update allocates many small objects; with Python's default first-generation
    threshold (700) the collector runs constantly and its full passes over a large heap show
    up as latency spikes of a hundred milliseconds and more. Objects alive after start-up are
    frozen out of the collector's sight.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(threshold, 20, 100)


def runtime(application: AnyApp) -> Runtime:
    """The bot's parts in a running application (after ``post_init``)."""
    return runtime_of(application)


def build_application(
    settings: Settings,
    *,
    request: BaseRequest | None = None,
    updates_request: BaseRequest | None = None,
    rate_limiter: AIORateLimiter | None = None,
    publish_commands: bool = True,
) -> AnyApp:
    """The bot's Application. ``request`` replaces the HTTP client (tests use a fake)."""
    if not settings.token:
        raise ValueError("no bot token: set DDZ_BOT_TOKEN")
    limiter = rate_limiter or AIORateLimiter(
        overall_max_rate=settings.overall_rate, group_max_rate=settings.group_rate, max_retries=2
    )

    def key_of(update: object) -> Hashable | None:
        found = application.bot_data.get(RUNTIME_KEY)
        if not isinstance(found, Runtime):
            return None
        return update_key(update, found.registry, found.codec)

    builder = (
        ApplicationBuilder()
        .token(settings.token)
        .rate_limiter(limiter)
        .concurrent_updates(TableUpdates(key_of))
    )
    if request is not None:
        builder = builder.request(request)
    if updates_request is not None:
        builder = builder.get_updates_request(updates_request)

    async def post_init(application: AnyApp) -> None:
        db = await Database.open(
            settings.db_path, economy=EconomySettings(daily_base=settings.daily_bonus)
        )
        me = application.bot
        parts = Runtime(settings, db, me, application.job_queue, bot_username=me.username or "")
        application.bot_data[RUNTIME_KEY] = parts
        if publish_commands:
            await _publish_commands(application)
        resumed = await parts.resume()
        log.info("ready as @%s; %d table(s) resumed; %s", me.username, resumed, settings.describe())

    async def post_shutdown(application: AnyApp) -> None:
        parts = application.bot_data.get(RUNTIME_KEY)
        if isinstance(parts, Runtime):
            await parts.drain()
            await parts.db.close()

    application = builder.post_init(post_init).post_shutdown(post_shutdown).build()
    install(application)
    return application


async def _publish_commands(application: AnyApp) -> None:
    bot = application.bot
    for lang in LANGS:
        code = _TELEGRAM_LANG[lang]
        for scope, menu in (
            (BotCommandScopeAllGroupChats(), GROUP_MENU),
            (BotCommandScopeAllPrivateChats(), PRIVATE_MENU),
        ):
            commands = [BotCommand(c, t(lang, f"cmd_{c}")) for c in menu]
            try:
                await bot.set_my_commands(commands, scope=scope, language_code=code)
                if lang == "zh-Hans":
                    await bot.set_my_commands(commands, scope=scope)
            except TelegramError as error:
                log.warning("command menu for %s not published: %s", lang, error)
