"""Telegram's webhook on the live table's server: one port, one reverse-proxy target.

With both ``DDZ_WEBHOOK_URL`` and ``DDZ_WEBAPP_URL`` set, Telegram POSTs its updates to the
live table's server on the webhook URL's path (python-telegram-bot's custom-webhook pattern).
A POST is checked before its body is read: the secret token Telegram sends with each call
(compared in constant time; anything else gets 403 and changes nothing), then its size (a
Telegram update is a few kilobytes: more than ``MAX_UPDATE`` gets 413). The update goes onto
the Application's update queue and Telegram gets its 200 at once; the bot answers it as it
answers a polled one. While the Application is not running (starting, or stopping after a
SIGTERM) the answer is 503, so Telegram keeps the update and sends it again later instead of
it being dropped with the queue.
"""

from __future__ import annotations

import hmac
import json
import logging
import re
from typing import Any
from urllib.parse import urlsplit

import tornado.web
from telegram import Update
from telegram.ext import Application, ExtBot
from tornado.http1connection import HTTP1Connection

from ..config import Settings

__all__ = [
    "MAX_UPDATE",
    "SECRET_HEADER",
    "TelegramUpdates",
    "UpdateDoor",
    "attach_webhook_server",
    "hook_path",
    "path_clash",
    "webhook_routes",
]

log = logging.getLogger(__name__)

#: the largest update body taken (Telegram's are a few kilobytes)
MAX_UPDATE = 1 << 20
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
#: seconds Telegram is asked to wait before it sends an update again while the bot stops
RETRY_AFTER = 5

AnyApp = Application[Any, Any, Any, Any, Any, Any]
Route = tuple[str, type[tornado.web.RequestHandler], dict[str, Any]]


def hook_path(url: str) -> str:
    """The local path Telegram's POSTs to ``url`` arrive on, without a trailing ``/``
    (``""`` for the host's root); a reverse proxy passes it on unchanged."""
    return urlsplit(url).path.rstrip("/")


def path_clash(webhook_url: str, webapp_url: str) -> bool:
    """Whether the webhook's path is one the live table's server already answers on: the
    page itself, its WebSocket or its static files, a host's ``/metrics`` and ``/healthz``."""
    path = hook_path(webhook_url) + "/"
    prefix = urlsplit(webapp_url).path or "/"
    watched = ("/metrics/", "/healthz/")  # watch.PATHS
    return path in (prefix, prefix + "ws/", *watched) or path.startswith(prefix + "static/")


class UpdateDoor:
    """Where a checked update goes: the Application's queue, while it runs."""

    def __init__(self, application: AnyApp, secret: str) -> None:
        self.application = application
        self.secret = secret.encode()

    def admits(self, given: str) -> bool:
        """The secret token matches (constant time; no secret configured admits nothing)."""
        return bool(self.secret) and hmac.compare_digest(given.encode(), self.secret)

    @property
    def open(self) -> bool:
        """Taking updates: the Application processes its queue (between start and stop)."""
        return bool(self.application.running)

    async def take(self, body: bytes) -> bool:
        """Parse an update and handle it (returns once it has been); False for a body that
        is no update."""
        try:
            data = json.loads(body)
            update = Update.de_json(data, self.application.bot) if isinstance(data, dict) else None
        except Exception:  # anything that is no update, however it breaks the parser
            update = None
        if update is None:
            return False
        bot = self.application.bot
        if isinstance(bot, ExtBot):
            bot.insert_callback_data(update)
        application = self.application
        await application.update_processor.process_update(
            update, application.process_update(update)
        )
        return True


@tornado.web.stream_request_body
class TelegramUpdates(tornado.web.RequestHandler):
    """Telegram's POSTs (see the module docstring); any other method gets 405."""

    SUPPORTED_METHODS = ("POST",)

    def initialize(self, door: UpdateDoor) -> None:
        self.door = door
        self.chunks: list[bytes] = []

    def prepare(self) -> None:
        """Checked on the headers, before a byte of the body is read."""
        if not self.door.admits(self.request.headers.get(SECRET_HEADER, "")):
            raise tornado.web.HTTPError(403)
        declared = self.request.headers.get("Content-Length", "0")
        if not declared.isdigit():
            raise tornado.web.HTTPError(400)
        if int(declared) > MAX_UPDATE:
            raise tornado.web.HTTPError(413)
        connection = self.request.connection
        if isinstance(connection, HTTP1Connection):
            connection.set_max_body_size(MAX_UPDATE)  # a chunked body is cut off there too

    def data_received(self, chunk: bytes) -> None:
        self.chunks.append(chunk)

    async def post(self) -> None:
        if not self.door.open:
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_AFTER))
            self.finish()
            return
        if not await self.door.take(b"".join(self.chunks)):
            log.warning("webhook: a POST with the right secret held no update")
            raise tornado.web.HTTPError(400)
        self.set_status(200)
        self.finish()


def webhook_routes(settings: Settings, application: AnyApp | None) -> list[Route]:
    """The webhook's route on the live table's server: none unless a webhook is set, with
    its secret (``bot.py`` puts the one it hands to Telegram into the settings)."""
    if application is None or not settings.webhook or not settings.webhook_secret:
        return []
    door = UpdateDoor(application, settings.webhook_secret)
    return [(re.escape(hook_path(settings.webhook_url)) + "/?", TelegramUpdates, {"door": door})]


def attach_webhook_server(application: AnyApp, settings: Settings) -> None:
    """Without the live table: Telegram's webhook on a server of its own, at
    ``DDZ_WEBHOOK_LISTEN``:``DDZ_WEBHOOK_PORT``, the same handler as on the live table's
    server (a POST answered once its update is handled). It listens from ``post_init`` on,
    once the bot's parts are up (a worker standing by does not listen until it takes over),
    and stops before they close."""
    import tornado.httpserver

    before_init, before_shutdown = application.post_init, application.post_shutdown
    servers: list[tornado.httpserver.HTTPServer] = []

    async def post_init(app: AnyApp) -> None:
        if before_init is not None:
            await before_init(app)
        server = tornado.httpserver.HTTPServer(
            tornado.web.Application(webhook_routes(settings, app))
        )
        server.listen(settings.webhook_port, settings.webhook_listen)
        servers.append(server)

    async def post_shutdown(app: AnyApp) -> None:
        while servers:
            server = servers.pop()
            server.stop()
            await server.close_all_connections()
        if before_shutdown is not None:
            await before_shutdown(app)

    application.post_init = post_init
    application.post_shutdown = post_shutdown
