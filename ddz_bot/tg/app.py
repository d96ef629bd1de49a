"""Building the Application: handlers, rate limiter, job queue, and set-up in ``post_init``.

``post_init`` opens the database (running its migrations), publishes the command menus for
groups and private chats in the three languages, and resumes every table found in the
database (timers re-armed from the stored deadlines, messages refreshed).
"""

from __future__ import annotations

import gc
import logging
from typing import Any

from telegram.ext import AIORateLimiter, Application, ApplicationBuilder
from telegram.request import BaseRequest

from ..config import Settings
from ..storage import Database, EconomySettings
from .codec import CallbackCodec
from .commands import publish_commands as publish_command_menus
from .connection import connect, quiet_polling_outages
from .handlers import GROUP_MENU, PRIVATE_MENU, Handlers, install
from .keyboards import Keyboards
from .manager import TableManager
from .ratelimit import ChatRateLimiter

__all__ = ["RUNTIME_KEY", "build_application", "runtime", "tune_gc"]

log = logging.getLogger(__name__)

RUNTIME_KEY = "ddz"
AnyApp = Application[Any, Any, Any, Any, Any, Any]


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


def runtime(application: AnyApp) -> TableManager:
    """The table manager of a running application (after ``post_init``)."""
    manager = application.bot_data.get(RUNTIME_KEY)
    if not isinstance(manager, TableManager):
        raise RuntimeError("the application has not been set up (post_init has not run)")
    return manager


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
    limiter = rate_limiter or ChatRateLimiter(
        overall_max_rate=settings.overall_rate, group_max_rate=settings.group_rate, max_retries=2
    )
    builder = ApplicationBuilder().token(settings.token).rate_limiter(limiter)
    builder = connect(builder, settings, request=request, updates_request=updates_request)

    async def post_init(application: AnyApp) -> None:
        db = await Database.open(
            settings.db_path, economy=EconomySettings(daily_base=settings.daily_bonus)
        )
        me = application.bot
        codec = CallbackCodec(settings.token)
        manager = TableManager(
            settings,
            db,
            me,
            Keyboards(codec),
            application.job_queue,
            bot_username=me.username or "",
        )
        application.bot_data[RUNTIME_KEY] = manager
        install(application, Handlers(manager, codec, settings.lang))
        if publish_commands:
            await publish_command_menus(me, GROUP_MENU, PRIVATE_MENU)
        resumed = await manager.resume()
        log.info("ready as @%s; %d table(s) resumed; %s", me.username, resumed, settings.describe())

    async def post_shutdown(application: AnyApp) -> None:
        manager = application.bot_data.get(RUNTIME_KEY)
        if isinstance(manager, TableManager):
            await manager.drain()
            await manager.db.close()

    application = builder.post_init(post_init).post_shutdown(post_shutdown).build()
    quiet_polling_outages(application)
    return application
