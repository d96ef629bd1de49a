"""Starting and stopping the bot whose webhook the live table's server takes (``bot.py`` with
``DDZ_WEBHOOK_URL`` and ``DDZ_WEBAPP_URL``): python-telegram-bot's ``run_webhook`` would
serve a second server of its own, so the Application is started by hand, in the order that
server needs, and stopped as ``run_webhook`` stops it. Nothing here imports python-telegram-bot
or the bot's parts before it runs: a bad setting is said before they load.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any, NoReturn, TypedDict

__all__ = [
    "STOP_SIGNALS",
    "WebhookArguments",
    "run_on_live_server",
    "say_ready_once_running",
    "start_on_live_server",
    "stop_on_live_server",
]

log = logging.getLogger(__name__)


class WebhookArguments(TypedDict):
    """Keyword arguments of ``Application.run_webhook`` and ``Updater.start_webhook``."""

    listen: str
    port: int
    url_path: str
    webhook_url: str
    secret_token: str
    allowed_updates: list[str]
    drop_pending_updates: bool


def say_ready_once_running(application: Any) -> None:
    """Log "ready" when ``run_webhook`` or ``run_polling`` has set the webhook (or begun
    polling) and started the Application: a job due at once runs only then (however late:
    a worker standing by starts its scheduler long after), and never if Telegram refused the
    webhook."""
    from .app import say_ready

    async def ready(_: object) -> None:
        say_ready(application)

    if application.job_queue is not None:
        application.job_queue.run_once(
            ready, when=0, name="ddz:ready", job_kwargs={"misfire_grace_time": None}
        )


#: What stops the bot as it stops ``run_webhook`` and ``run_polling``.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGABRT)


async def _with_retries(call: Callable[[], Awaitable[object]], retries: int, what: str) -> None:
    """``call``, tried again on a network failure ``retries`` times (1, 1.5, 2.25 s apart,
    as python-telegram-bot's own start does); a refused token or request is raised at once."""
    from telegram.error import BadRequest, NetworkError, RetryAfter

    delay = 1.0
    for attempt in range(retries + 1):
        try:
            await call()
            return
        except RetryAfter as error:
            if attempt == retries:
                raise
            wait = error.retry_after
            pause = wait.total_seconds() if isinstance(wait, timedelta) else float(wait)
        except NetworkError as error:
            if isinstance(error, BadRequest) or attempt == retries:
                raise
            pause = delay
        log.info("%s failed; again in %.1f s", what, pause)
        await asyncio.sleep(pause)
        delay *= 1.5


async def start_on_live_server(
    application: Any, webhook: WebhookArguments, *, retries: int = 0
) -> None:
    """Start the bot whose updates the live table's server takes (``ddz_bot.web.webhook``):
    its parts and the server (``post_init``), then the Application, then Telegram told the
    URL and the secret. The order matters: the server refuses updates (503, Telegram sends
    them again) until the Application runs, and Telegram may still have the URL of the
    last start."""
    await _with_retries(application.initialize, retries, "connecting to Telegram")
    if application.post_init is not None:
        await application.post_init(application)
    await application.start()

    async def register() -> None:
        await application.bot.set_webhook(
            url=webhook["webhook_url"],
            secret_token=webhook["secret_token"],
            allowed_updates=webhook["allowed_updates"],
            drop_pending_updates=webhook["drop_pending_updates"],
        )

    await _with_retries(register, retries, "setWebhook")
    log.info("webhook %s", webhook["webhook_url"])
    from .app import say_ready

    say_ready(application)


async def stop_on_live_server(application: Any) -> None:
    """Stop as ``run_webhook`` stops: updates in hand answered, then the bot's parts closed
    and the server with them (``post_shutdown``: tables saved). The webhook stays set, so
    Telegram keeps what comes meanwhile for the next start."""
    if application.running:
        await application.stop()
        if application.post_stop is not None:
            await application.post_stop(application)
    await application.shutdown()
    if application.post_shutdown is not None:
        await application.post_shutdown(application)


def run_on_live_server(application: Any, webhook: WebhookArguments, *, retries: int) -> None:
    """Run until SIGINT, SIGTERM or SIGABRT (or ``Application.stop_running``), on a loop of
    its own as ``run_webhook`` does."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    with contextlib.suppress(NotImplementedError):  # a loop without signals: Ctrl-C only
        for number in STOP_SIGNALS:
            loop.add_signal_handler(number, _stop)
    try:
        loop.run_until_complete(start_on_live_server(application, webhook, retries=retries))
        loop.run_forever()
    except (KeyboardInterrupt, SystemExit):
        log.info("stopping")
    finally:
        try:
            loop.run_until_complete(stop_on_live_server(application))
        finally:
            with contextlib.suppress(NotImplementedError):
                for number in STOP_SIGNALS:
                    loop.remove_signal_handler(number)
            loop.close()


def _stop() -> NoReturn:
    raise SystemExit
