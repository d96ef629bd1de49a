"""The live table's server in the bot's process: the page (plain static files, no build step)
and one WebSocket a page, on tornado (python-telegram-bot's own webhook server, so nothing new
to install), on the bot's event loop.

Every WebSocket goes through the front door (``door``): a page from another origin gets 403 at
the upgrade; then the socket's first message must say who it is (the launch data Telegram
signed, ``initdata``) and which table (the token), within seconds, and the person and their
address must be under their ceilings of open sockets, else it is closed with the
``door.Refusal`` saying why. Only then does it watch a table (``hub``). A message is at most
``MAX_MESSAGE`` bytes (larger closes the connection) and each connection has its rate
(``hub.RateLimit``). ``attach`` starts the server with the Application and stops
it before the bot's parts close. The same server answers a host's ``/metrics`` and
``/healthz`` (``watch``).
"""

from __future__ import annotations

import logging
from asyncio import Future
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import tornado.httpserver
import tornado.netutil
import tornado.web
import tornado.websocket
from telegram.ext import Application
from tornado.ioloop import IOLoop

from ..config import Settings
from ..tg.live import LiveDoor, LiveLinks, LiveShow
from ..tg.runtime import Runtime, runtime_of
from . import adapter
from .door import Door, Refusal, launch_data_in
from .hub import LiveHub, Viewer
from .mirrors import Mirrors
from .tokens import TableTokens
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
        if rt.courier is not None:  # several workers: pages of tables held elsewhere
            mirrors = Mirrors(rt.db, rt.registry.host_of, rt.courier, _held_by(rt))
            mirrors.hub = self.hub
            self.hub.remote = mirrors
            rt.courier.answerers["p"] = self.hub.answer_remote
        self.door = Door(settings, self.tokens)
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
        # no xheaders: a forwarded address is believed only from a trusted proxy (``door``)
        self._server = tornado.httpserver.HTTPServer(self.application())
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
    """One page's live connection: through the door (``door``), then a viewer of the hub."""

    def initialize(self, live: LiveServer) -> None:
        self.live = live
        self.viewer: Viewer | None = None
        self.address: str | None = None  # counted against its address's ceiling
        self.user_id: int | None = None  # counted against the person's ceiling
        self.refused = False
        self.deadline: object | None = None

    def check_origin(self, origin: str) -> bool:
        return self.live.door.allows_origin(origin)  # else 403 at the upgrade

    def open(self, *args: str, **kwargs: str) -> None:
        door, request = self.live.door, self.request
        if launch_data_in(request.query_arguments):
            self.refuse(Refusal.LAUNCH_DATA_IN_URL)
            return
        address = door.proxies.client_address(
            request.remote_ip or "",
            request.headers.get_list("X-Forwarded-For"),
            request.headers.get("X-Real-IP", ""),
        )
        if not door.caps.take_address(address):
            self.refuse(Refusal.TOO_MANY_FROM_ADDRESS)
            return
        self.address = address
        self.deadline = IOLoop.current().call_later(
            door.hello_timeout, self.refuse, Refusal.NO_HELLO
        )

    async def on_message(self, message: str | bytes) -> None:
        if self.refused:
            return
        if self.viewer is None:
            self.hello(message)
            return
        if isinstance(message, bytes):
            self.close(1003, "text only")
            return
        await self.live.hub.message(self.viewer, message)

    def hello(self, message: str | bytes) -> None:
        """The first message: who and which table, else the socket is closed."""
        self.cancel_deadline()
        door = self.live.door
        admitted = door.hello(message)
        if isinstance(admitted, Refusal):
            self.refuse(admitted)
            return
        if not door.caps.take_user(admitted.user_id):
            self.refuse(Refusal.TOO_MANY_FOR_PERSON)
            return
        self.user_id = admitted.user_id
        self.viewer = Viewer(self, admitted.user_id, admitted.table_id, admitted.lang)
        self.live.hub.join(self.viewer)

    def refuse(self, refusal: Refusal) -> None:
        """Closed with the refusal's code; nothing it says after that is heard."""
        log.info("live table refused %s: %s", self.address or self.request.remote_ip, refusal.name)
        self.refused = True
        self.cancel_deadline()
        self.close(refusal, refusal.reason)

    def cancel_deadline(self) -> None:
        if self.deadline is not None:
            IOLoop.current().remove_timeout(self.deadline)
            self.deadline = None

    def on_close(self) -> None:
        self.cancel_deadline()
        caps = self.live.door.caps
        if self.address is not None:
            caps.give_address(self.address)
            self.address = None
        if self.user_id is not None:
            caps.give_user(self.user_id)
            self.user_id = None
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


def _held_by(rt: Runtime) -> Callable[[int], bool]:
    def held(table_id: int) -> bool:
        return rt.registry.get(table_id) is not None

    return held


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
