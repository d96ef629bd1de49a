"""What a host watches, over HTTP: ``/metrics`` (the bot's own Prometheus registry,
``tg.metrics``) and ``/healthz`` (200 while the database answers, else 503; a short JSON).

With the live table both are routes of its server, on its port (``watch_routes``, added by
``server.py``); without it, a small server of their own at ``DDZ_METRICS_LISTEN``:
``DDZ_METRICS_PORT`` (``attach_watch``); with neither, nothing is served. Both listen on
127.0.0.1 by default: a scraper on the host reaches them, the reverse proxy in front of the
live table passes only the page's paths on.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Final

import tornado.httpserver
import tornado.netutil
import tornado.web
from telegram.ext import Application

from ..config import Settings
from ..storage import Database
from ..tg.metrics import CONTENT_TYPE, Metrics
from ..tg.runtime import Runtime, runtime_of

__all__ = ["HEALTH_TIMEOUT", "PATHS", "WATCH_KEY", "WatchServer", "attach_watch", "watch_routes"]

log = logging.getLogger(__name__)

WATCH_KEY: Final = "ddz_watch"
#: the paths the watch answers on, on whichever server serves them
PATHS: Final = ("/metrics", "/healthz")
#: seconds the database has to answer the health check's read before it is said down
HEALTH_TIMEOUT: Final = 2.0

AnyApp = Application[Any, Any, Any, Any, Any, Any]
Route = tuple[str, type[tornado.web.RequestHandler], dict[str, Any]]


class _Metrics(tornado.web.RequestHandler):
    """Prometheus' scrape: the bot's metrics in the text format."""

    def initialize(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def get(self) -> None:
        self.set_header("Content-Type", CONTENT_TYPE)
        self.set_header("Cache-Control", "no-store")
        self.write(self.metrics.exposition())


class _Health(tornado.web.RequestHandler):
    """A load balancer's or a supervisor's check: does the bot's database answer?"""

    def initialize(self, db: Database, rt: Runtime) -> None:
        self.db = db
        self.rt = rt

    async def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        try:
            await asyncio.wait_for(self.db.ping(), HEALTH_TIMEOUT)
        except Exception as error:  # closed, broken, or too slow: down, whatever the cause
            log.warning("health check: the database does not answer: %r", error)
            self.set_status(503)
            self.finish({"status": "unavailable", "database": "not answering", "holds": False})
            return
        cluster = self.rt.cluster
        if not self.db.holds() or (cluster is not None and not cluster.leases.alive()):
            # its hold lost: it is stopping, another worker plays on
            self.set_status(503)
            self.finish({"status": "unavailable", "database": "ok", "holds": False})
            return
        if cluster is None:
            self.finish({"status": "ok", "database": "ok", "holds": True})
            return
        self.finish({"status": "ok", "database": "ok", "holds": True, **cluster.status()})


def watch_routes(rt: Runtime) -> list[Route]:
    """``/metrics`` and ``/healthz`` of the bot whose parts are ``rt``."""
    return [
        ("/metrics", _Metrics, {"metrics": rt.metrics}),
        ("/healthz", _Health, {"db": rt.db, "rt": rt}),
    ]


class WatchServer:
    """The metrics' own small server, for a bot without the live table."""

    def __init__(self, rt: Runtime, settings: Settings) -> None:
        self.rt = rt
        self.settings = settings
        self.port = 0
        self._server: tornado.httpserver.HTTPServer | None = None

    async def start(self) -> None:
        port, listen = self.settings.metrics_port or 0, self.settings.metrics_listen
        sockets = tornado.netutil.bind_sockets(port, listen)
        self.port = sockets[0].getsockname()[1]
        self._server = tornado.httpserver.HTTPServer(tornado.web.Application(watch_routes(self.rt)))
        self._server.add_sockets(sockets)
        log.info("metrics and health on %s:%d", listen, self.port)

    async def stop(self) -> None:
        if self._server is None:
            return
        self._server.stop()
        await self._server.close_all_connections()
        self._server = None


def attach_watch(application: AnyApp, settings: Settings) -> None:
    """Serve ``/metrics`` and ``/healthz`` on their own server with ``application``: started
    once the bot's parts are (after ``post_init``), stopped before they close."""
    before_init, before_shutdown = application.post_init, application.post_shutdown

    async def post_init(app: AnyApp) -> None:
        if before_init is not None:
            await before_init(app)
        server = WatchServer(runtime_of(app), settings)
        await server.start()
        app.bot_data[WATCH_KEY] = server

    async def post_shutdown(app: AnyApp) -> None:
        server = app.bot_data.pop(WATCH_KEY, None)
        if isinstance(server, WatchServer):
            await server.stop()
        if before_shutdown is not None:
            await before_shutdown(app)

    application.post_init = post_init
    application.post_shutdown = post_shutdown
