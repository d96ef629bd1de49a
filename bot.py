"""Run the 斗地主 bot: ``DDZ_BOT_TOKEN=... python bot.py``.

Settings come from the environment (and a ``.env`` file next to where it runs); see the
README's settings table. Long polling by default; ``DDZ_WEBHOOK_URL`` switches to a webhook.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import sys
from typing import TypedDict
from urllib.parse import urlsplit

# Telegram's retry_after as a timedelta now, as python-telegram-bot will do by default; the
# outbox reads both forms.
os.environ.setdefault("PTB_TIMEDELTA", "1")

from ddz_bot.config import Settings, SettingsError, load_dotenv

#: Tries to reach Telegram at start (python-telegram-bot waits 1, 1.5, 2.25 s between).
STARTUP_RETRIES = 3

#: The updates the bot reacts to; Telegram sends no other kind.
ALLOWED_UPDATES = ["message", "callback_query", "my_chat_member"]

# Telegram's rule for a webhook's secret token.
_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
# The server matches the path as a regular expression: keep to characters that stand for
# themselves ("." matching any one character only widens the match).
_PATH = re.compile(r"[A-Za-z0-9._~%/-]*")


class WebhookArguments(TypedDict):
    """Keyword arguments of ``Application.run_webhook`` and ``Updater.start_webhook``."""

    listen: str
    port: int
    url_path: str
    webhook_url: str
    secret_token: str
    allowed_updates: list[str]
    drop_pending_updates: bool


NO_TOKEN = """\
No bot token. Talk to @BotFather in Telegram (https://t.me/BotFather), send /newbot,
follow the questions, and copy the token it gives you (it looks like 123456789:AAE...).
Then run:

    DDZ_BOT_TOKEN=123456789:AAE... python bot.py

or put DDZ_BOT_TOKEN=... into a .env file in this folder.
"""


def webhook_arguments(settings: Settings) -> WebhookArguments:
    """How to serve the webhook of ``settings.webhook_url``.

    Telegram POSTs to the public URL, so the local server listens on that URL's path (a
    reverse proxy in front must forward the path unchanged); listening on "/" while
    Telegram posts to "/hook" would answer every update with 404. Without a configured
    secret a random one is made for this start: ``setWebhook`` hands it to Telegram, which
    sends it back with every update, and the server refuses requests without it (403).
    Updates queued while the bot was down are kept, as with long polling.
    """
    url = settings.webhook_url
    parts = urlsplit(url)
    if parts.scheme != "https" or not parts.hostname:
        raise SettingsError("DDZ_WEBHOOK_URL", url, "an https:// URL with a host name")
    if parts.fragment or not _PATH.fullmatch(parts.path):
        raise SettingsError(
            "DDZ_WEBHOOK_URL",
            url,
            "the path may use only letters, digits, '/', '-', '_', '.', '~' "
            "and %-escapes, and no #fragment",
        )
    secret = settings.webhook_secret
    if not secret:
        secret = secrets.token_urlsafe(32)
    elif not _SECRET.fullmatch(secret):
        raise SettingsError(
            "DDZ_WEBHOOK_SECRET",
            f"<{len(secret)} characters, not shown>",
            "1 to 256 letters, digits, '-' or '_'",
        )
    return WebhookArguments(
        listen=settings.webhook_listen,
        port=settings.webhook_port,
        url_path=parts.path.rstrip("/"),
        webhook_url=url,
        secret_token=secret,
        allowed_updates=list(ALLOWED_UPDATES),
        drop_pending_updates=False,
    )


def main(argv: list[str] | None = None) -> int:
    try:
        load_dotenv()
        settings = Settings.from_env()
        webhook = webhook_arguments(settings) if settings.webhook else None
        if webhook is not None and settings.webapp and settings.webapp_port == webhook["port"]:
            raise SettingsError(
                "DDZ_WEBAPP_PORT", str(settings.webapp_port), "the webhook listens on it already"
            )
    except SettingsError as error:
        print(f"Bad setting: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)

    from ddz_bot.tg.app import build_application, tune_gc, tune_switching
    from ddz_bot.tg.connection import startup_failure

    application = build_application(settings)
    if settings.webapp:  # the live table (Mini App): its server runs with the bot
        from ddz_bot.web.server import attach

        attach(application, settings)
    tune_gc()
    tune_switching()
    quiet = _ReportedAtStart()
    handlers = list(logging.getLogger().handlers)
    for handler in handlers:
        handler.addFilter(quiet)
    try:
        if webhook is not None:
            application.run_webhook(**webhook, bootstrap_retries=STARTUP_RETRIES)
        else:
            application.run_polling(
                allowed_updates=list(ALLOWED_UPDATES), bootstrap_retries=STARTUP_RETRIES
            )
    except Exception as error:
        failure = startup_failure(error, settings)
        if failure is None:
            raise
        kind, line = failure
        print(line, file=sys.stderr)
        return kind.value
    finally:
        for handler in handlers:
            handler.removeFilter(quiet)
    return 0


class _ReportedAtStart(logging.Filter):
    """Drops python-telegram-bot's own tracebacks of a refused token or an unreachable
    server (it logs them when it gives up starting): ``main`` says what is wrong in one
    line instead, and the connection watch logs outages while running."""

    def filter(self, record: logging.LogRecord) -> bool:
        from telegram.error import InvalidToken, NetworkError

        error = record.exc_info[1] if record.exc_info else None
        own = record.name == "telegram" or record.name.startswith("telegram.")
        return not (own and isinstance(error, InvalidToken | NetworkError))


if __name__ == "__main__":
    sys.exit(main())
