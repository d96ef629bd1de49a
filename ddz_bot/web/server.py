"""The live table's server in the bot's process: the page (plain static files, no build step)
and one WebSocket a page, on tornado (python-telegram-bot's own webhook server, so nothing new
to install), on the bot's event loop.

Every WebSocket is checked before it opens: the launch data Telegram signed (``initdata``)
says who it is, else 401 and nothing else; the table token says which table, else 404. A
message is at most ``MAX_MESSAGE`` bytes (larger closes the connection) and each connection
has its rate (``hub.RateLimit``). ``attach`` starts the server with the Application and stops
it before the bot's parts close. The same server answers a host's ``/metrics`` and
``/healthz`` (``watch``).
"""

from __future__ import annotations

import logging
import time
from asyncio import Future
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket
from telegram.ext import Application

from ..config import Settings
from ..i18n import lang_from_code
from ..tg.live import LiveDoor, LiveLinks, LiveShow
from ..tg.runtime import Runtime, runtime_of
from . import adapter
from .hub import LiveHub, Viewer
from .initdata import InitDataError, check_init_data
from .tokens import BadTableToken, TableTokens
from .watch import watch_routes
from .webhook import webhook_routes

__all__ = ["LIVE_KEY", "MAX_MESSAGE", "LiveServer", "attach"]

log = logging.getLogger(__name__)

LIVE_KEY = "ddz_live"
#: the largest message a page may send (a play, a decision: far less)
MAX_MESSAGE = 4096
STATIC = Path(__file__).with_name("static")

AnyApp = Application[Any, Any, Any, Any, Any, Any]


class LiveServer:
    """The server and the hub of one bot (see the module docstring)."""

    def __init__(self, rt: Runtime, settings: Settings, app: AnyApp | None = None) -> None:
        self.settings = settings
        self.app = app  # takes Telegram's webhook too where one is set (``webhook``)
        self.tokens = TableTokens(settings.token)
        self.hub = LiveHub(LiveDoor(rt), self.tokens)
        self.links = LiveLinks(settings, rt.bot_username, self.tokens)
        rt.presenter.live = LiveShow(self.links, self.hub, adapter.key_moment)
        self.prefix = urlsplit(settings.webapp_url).path or "/"
        self.watch = watch_routes(rt)  # /metrics and /healthz: on this port, with the page
        self.port = 0
        self._server: tornado.httpserver.HTTPServer | None = None

    def application(self) -> tornado.web.Application:
        p = self.prefix
        return tornado.web.Application(
            [
                (p, _Page),
                (p + "ws", _LiveSocket, {"live": self}),
                (p + "static/(.*)", tornado.web.StaticFileHandler, {"path": str(STATIC)}),
                *self.watch,
                *webhook_routes(self.settings, self.app),
            ],
            websocket_max_message_size=MAX_MESSAGE,
            websocket_ping_interval=20,
            compress_response=True,
        )

    async def start(self) -> None:
        sockets = tornado.netutil.bind_sockets(
            self.settings.webapp_port, self.settings.webapp_listen
        )
        self.port = sockets[0].getsockname()[1]
        self._server = tornado.httpserver.HTTPServer(self.application(), xheaders=True)
        self._server.add_sockets(sockets)
        log.info("live table on %s:%d", self.settings.webapp_listen, self.port)

    async def stop(self) -> None:
        if self._server is None:
            return
        self._server.stop()
        self.hub.close_all()
        await self._server.close_all_connections()
        self._server = None


class _Page(tornado.web.RequestHandler):
    """The page: the same file for every table (the table is in the launch data)."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.write((STATIC / "index.html").read_bytes())


class _LiveSocket(tornado.websocket.WebSocketHandler):
    """One page's live connection: checked before it opens, then a viewer of the hub."""

    def initialize(self, live: LiveServer) -> None:
        self.live = live
        self.viewer: Viewer | None = None
        self.table_id = 0
        self.user_id = 0
        self.lang = ""

    def check_origin(self, origin: str) -> bool:
        return True  # who it is comes from the signed launch data, not the origin

    async def get(self, *args: Any, **kwargs: Any) -> None:
        settings = self.live.settings
        try:
            launch = check_init_data(
                self.get_query_argument("initData", ""),
                settings.token,
                now=time.time(),
                max_age=settings.webapp_max_age,
            )
        except InitDataError as error:
            log.info("live table refused: %s", type(error).__name__)
            self.set_status(401)
            self.finish("unauthorized")
            return
        try:
            token = self.get_query_argument("t", "") or launch.start_param
            self.table_id = self.live.tokens.table_id(token)
        except BadTableToken:
            self.set_status(404)
            self.finish("no such table")
            return
        self.user_id = launch.user_id
        self.lang = lang_from_code(launch.language_code) or "en"
        await super().get(*args, **kwargs)

    def open(self, *args: str, **kwargs: str) -> None:
        self.viewer = Viewer(self, self.user_id, self.table_id, self.lang)
        self.live.hub.join(self.viewer)

    async def on_message(self, message: str | bytes) -> None:
        if self.viewer is None:
            return
        if isinstance(message, bytes):
            self.close(1003, "text only")
            return
        await self.live.hub.message(self.viewer, message)

    def on_close(self) -> None:
        if self.viewer is not None:
            self.live.hub.leave(self.viewer)
            self.viewer = None

    def send(self, text: str) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            sent = self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            return  # closing: it leaves the hub on its own
        if sent.done():  # written at once (the usual case): no callback to schedule
            _closed_is_fine(sent)
        else:
            sent.add_done_callback(_closed_is_fine)


def _closed_is_fine(sent: Future[None]) -> None:
    """A frame to a page that closed meanwhile is no error (the page reconnects)."""
    if not sent.cancelled():
        sent.exception()


def attach(application: AnyApp, settings: Settings) -> None:
    """Run the live table with ``application``: started once the bot's parts are (after
    ``post_init``), stopped before they close."""
    before_init, before_shutdown = application.post_init, application.post_shutdown

    async def post_init(app: AnyApp) -> None:
        if before_init is not None:
            await before_init(app)
        server = LiveServer(runtime_of(app), settings, app)
        await server.start()
        app.bot_data[LIVE_KEY] = server

    async def post_shutdown(app: AnyApp) -> None:
        server = app.bot_data.pop(LIVE_KEY, None)
        if isinstance(server, LiveServer):
            await server.stop()
        if before_shutdown is not None:
            await before_shutdown(app)

    application.post_init = post_init
    application.post_shutdown = post_shutdown
