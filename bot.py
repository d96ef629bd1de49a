"""Run the 斗地主 bot: ``DDZ_BOT_TOKEN=... python bot.py``.

Settings come from the environment (and a ``.env`` file next to where it runs); see the
README's settings table. Long polling by default; ``DDZ_WEBHOOK_URL`` switches to a webhook,
served on a port of its own, or with the live table (``DDZ_WEBAPP_URL``) by the live table's
server: one port behind the reverse proxy (``run_on_live_server``).
``python bot.py backup PATH`` copies the database (``DDZ_DB_PATH``) while the bot runs;
``python bot.py copy-db SQLITE_FILE postgresql://...`` moves a bot's data to PostgreSQL.

Before it takes an update, the bot locks its database (one bot per file) and checks it: a
database it must not play on stops it with one line and its own exit code (``EXIT_CODES``).
On PostgreSQL (``DDZ_DATABASE_URL``) it checks the server first: one that doesn't answer,
refuses the login, has no such database or holds a newer schema stops it the same way.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import sys
from dataclasses import replace
from urllib.parse import urlsplit

# Telegram's retry_after as a timedelta now, as python-telegram-bot will do by default; the
# outbox reads both forms.
os.environ.setdefault("PTB_TIMEDELTA", "1")

from ddz_bot.config import Settings, SettingsError, load_dotenv
from ddz_bot.database_start import (
    LOST_HOLD,
    check_server,
    exit_code,
    run_backup,
    run_copy,
    schedule_backups,
    schedule_whole_check,
    take_database,
)
from ddz_bot.storage.errors import StartRefusedError
from ddz_bot.tg.webhook_start import STOP_SIGNALS as STOP_SIGNALS
from ddz_bot.tg.webhook_start import WebhookArguments as WebhookArguments
from ddz_bot.tg.webhook_start import run_on_live_server as run_on_live_server
from ddz_bot.tg.webhook_start import say_ready_once_running
from ddz_bot.tg.webhook_start import start_on_live_server as start_on_live_server
from ddz_bot.tg.webhook_start import stop_on_live_server as stop_on_live_server

#: Tries to reach Telegram at start (python-telegram-bot waits 1, 1.5, 2.25 s between).
STARTUP_RETRIES = 3

#: The updates the bot reacts to; Telegram sends no other kind.
ALLOWED_UPDATES = ["message", "callback_query", "my_chat_member"]

#: The ports Telegram posts a webhook's updates to (``setWebhook`` refuses any other).
WEBHOOK_PORTS = (443, 80, 88, 8443)

# Telegram's rule for a webhook's secret token.
_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")
# The server matches the path as a regular expression: keep to characters that stand for
# themselves ("." matching any one character only widens the match).
_PATH = re.compile(r"[A-Za-z0-9._~%/-]*")


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
    try:
        port = parts.port
    except ValueError:
        port = -1
    if port is not None and port not in WEBHOOK_PORTS:
        raise SettingsError(
            "DDZ_WEBHOOK_URL",
            url,
            "Telegram posts only to ports 443, 80, 88 and 8443: leave the port out (443) "
            "or give one of those (the server behind may listen on another: DDZ_WEBHOOK_PORT)",
        )
    if parts.fragment or not _PATH.fullmatch(parts.path):
        raise SettingsError(
            "DDZ_WEBHOOK_URL",
            url,
            "the path may use only letters, digits, '/', '-', '_', '.', '~' "
            "and %-escapes, and no #fragment",
        )
    if settings.webapp and _path_clash(url, settings.webapp_url):
        raise SettingsError(
            "DDZ_WEBHOOK_URL",
            url,
            "the live table's server answers on that path (its page, DDZ_WEBAPP_URL, or "
            "/metrics and /healthz): give the webhook a path of its own, e.g. /tg/hook",
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


def served_settings(settings: Settings, webhook: WebhookArguments | None) -> Settings:
    """The settings the bot runs with: the server that takes the webhook (the live table's,
    or the webhook's own) checks the secret this start hands to Telegram (made at random
    when none is set)."""
    if webhook is None:
        return settings
    return replace(settings, webhook_secret=webhook["secret_token"])


def main(argv: list[str] | None = None) -> int:
    args = [] if argv is None else argv
    try:
        load_dotenv()
        settings = Settings.from_env()
        webhook = webhook_arguments(settings) if settings.webhook else None
    except SettingsError as error:
        print(f"Bad setting: {error}", file=sys.stderr)
        return 2
    if args[:1] == ["copy-db"]:
        return run_copy(args[1:])
    if args[:1] == ["backup"]:
        if len(args) != 2:
            print("Usage: python bot.py backup PATH (a new file, or a folder)", file=sys.stderr)
            return 2
        return run_backup(settings, args[1])
    if args:
        print(
            f"Unknown arguments {' '.join(args)!r}: python bot.py"
            " [backup PATH | copy-db SQLITE_FILE postgresql://...]",
            file=sys.stderr,
        )
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    if settings.on_postgresql:  # the server's own: checked here, held by the bot's connection
        try:
            check_server(settings)
        except StartRefusedError as error:
            print(error, file=sys.stderr)
            return exit_code(error)
        return _run(settings, webhook, checked_whole=True)
    try:
        lock, report = take_database(settings)
    except StartRefusedError as error:
        print(error, file=sys.stderr)
        return exit_code(error)
    try:
        return _run(settings, webhook, checked_whole=report.whole)
    finally:
        lock.release()


def _run(settings: Settings, webhook: WebhookArguments | None, *, checked_whole: bool) -> int:
    """Run the bot until it is stopped (the database is locked and checked)."""
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)
    # the live server's answers: refusals (4xx, 5xx) are logged, not a line per update or page
    logging.getLogger("tornado.access").setLevel(logging.WARNING)
    settings = served_settings(settings, webhook)

    from ddz_bot.tg.app import LOST_HOLD_KEY, build_application, tune_gc, tune_switching
    from ddz_bot.tg.connection import startup_failure

    application = build_application(settings)
    if webhook is None:  # the webhook's start says it itself
        say_ready_once_running(application)
    schedule_backups(application, settings)
    if not checked_whole:
        schedule_whole_check(application, settings)
    if settings.webapp:  # the live table (Mini App): its server runs with the bot
        from ddz_bot.web.server import attach

        attach(application, settings)  # with /metrics and /healthz on its port
    elif settings.metrics_port is not None:  # /metrics and /healthz on their own port
        from ddz_bot.web.watch import attach_watch

        attach_watch(application, settings)
    if webhook is not None and not settings.webapp:  # the webhook on a server of its own
        from ddz_bot.web.webhook import attach_webhook_server

        attach_webhook_server(application, settings)
    tune_gc()
    tune_switching()
    quiet = _ReportedAtStart()
    handlers = list(logging.getLogger().handlers)
    for handler in handlers:
        handler.addFilter(quiet)
    try:
        if webhook is not None:  # the live table's server, or the webhook's own
            run_on_live_server(application, webhook, retries=STARTUP_RETRIES)
        else:
            application.run_polling(
                allowed_updates=list(ALLOWED_UPDATES), bootstrap_retries=STARTUP_RETRIES
            )
    except StartRefusedError as error:
        print(error, file=sys.stderr)
        return exit_code(error)
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
    if application.bot_data.get(LOST_HOLD_KEY):
        return LOST_HOLD
    return 0


def _path_clash(webhook_url: str, webapp_url: str) -> bool:
    from ddz_bot.web.webhook import path_clash

    return path_clash(webhook_url, webapp_url)


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
    sys.exit(main(sys.argv[1:]))
