"""The live table in tests: the bot over the fake Bot API with its live server on 127.0.0.1,
launch data signed with the test bot's token, and pages that read their frames."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from tornado.websocket import WebSocketClientConnection, websocket_connect

from ddz_bot.config import Settings
from ddz_bot.web.initdata import sign_init_data
from ddz_bot.web.server import LIVE_KEY, LiveServer, attach
from tests.tg.conftest import TOKEN, make_settings
from tests.tg.fake_api import FakeBotAPI
from tests.tg.harness import Harness, SimUser

WEBAPP_URL = "https://live.example.org/"
APP_NAME = "table"

Frame = dict[str, Any]


def live_settings(tmp_path: Path, **changes: object) -> Settings:
    base = make_settings(  # clocks long enough for a browser on a busy machine
        tmp_path,
        webapp_url=WEBAPP_URL,
        webapp_port=0,
        webapp_name=APP_NAME,
        bid_timeout=3600.0,
        double_timeout=3600.0,
        play_timeout=3600.0,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


async def start_live(settings: Settings, api: FakeBotAPI | None = None) -> Harness:
    """The bot (as ``tests.tg.conftest.start_bot``) with its live server attached."""
    import random

    from telegram.ext import AIORateLimiter

    from ddz_bot.tg.app import build_application, runtime

    api = api or FakeBotAPI()
    limiter = AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=0)
    application = build_application(
        settings, request=api, updates_request=api, rate_limiter=limiter
    )
    attach(application, settings)
    harness = Harness(api, application)

    async def settle() -> None:
        await runtime(application).drain()
        for _ in range(3):
            await asyncio.sleep(0)

    harness._settle = settle
    await harness.start()
    runtime(application).rng = random.Random(7)
    # the browser tests load the page from the server itself, not from DDZ_WEBAPP_URL
    server = server_of(harness)
    server.door.origins.add(f"http://127.0.0.1:{server.port}")
    return harness


def server_of(bot: Harness) -> LiveServer:
    server = bot.app.bot_data[LIVE_KEY]
    assert isinstance(server, LiveServer)
    return server


def launch_data(
    user_id: int,
    name: str,
    *,
    start_param: str = "",
    auth_date: float | None = None,
    token: str = TOKEN,
    language_code: str = "zh-hans",
) -> str:
    """Launch data as Telegram signs it for a page opened by ``user_id``."""
    user = json.dumps(
        {"id": user_id, "first_name": name, "language_code": language_code},
        ensure_ascii=False,
        separators=(",", ":"),
    )
    fields = {
        "user": user,
        "auth_date": str(int(time.time() if auth_date is None else auth_date)),
        "chat_type": "group",
        "chat_instance": "-4242",
        "signature": "c2lnbmF0dXJl",
    }
    if start_param:
        fields["start_param"] = start_param
    return sign_init_data(fields, token)


def socket_url(bot: Harness, query: str = "") -> str:
    """The page's socket: a URL with no launch data (the first message carries it)."""
    return f"ws://127.0.0.1:{server_of(bot).port}/ws" + (f"?{query}" if query else "")


def hello(init_data: str, token: str) -> str:
    """A page's first message: who (the launch data) and which table (the token)."""
    return json.dumps({"t": "hello", "init": init_data, "table": token})


async def connect(bot: Harness, init_data: str, token: str) -> WebSocketClientConnection:
    """A socket that has said its hello (the server's answer: a frame or a close)."""
    connection = await websocket_connect(socket_url(bot))
    await connection.write_message(hello(init_data, token))
    return connection


async def closed(connection: WebSocketClientConnection, timeout: float = 10.0) -> int | None:
    """Reads until the server closes the socket; its close code."""
    while await asyncio.wait_for(connection.read_message(), timeout) is not None:
        pass
    return connection.close_code


class Page:
    """A page's WebSocket: sends messages, reads frames (all kept, in order)."""

    def __init__(self, connection: WebSocketClientConnection) -> None:
        self.connection = connection
        self.frames: list[Frame] = []
        self.raw: list[str] = []
        self._ids = 0

    async def read(self, timeout: float = 10.0) -> Frame | None:
        text = await asyncio.wait_for(self.connection.read_message(), timeout)
        if text is None:
            return None
        assert isinstance(text, str)
        self.raw.append(text)
        frame: Frame = json.loads(text)
        self.frames.append(frame)
        return frame

    async def until(self, wanted: Callable[[Frame], bool], timeout: float = 10.0) -> Frame:
        for kept in self.frames:
            if wanted(kept):
                self.frames.remove(kept)
                return kept
        while True:
            frame = await self.read(timeout)
            assert frame is not None, "the connection closed"
            if wanted(frame):
                self.frames.remove(frame)
                return frame

    async def state(self, wanted: Callable[[Frame], bool] = lambda f: True) -> Frame:
        return await self.until(lambda f: f["t"] == "state" and wanted(f))

    def send(self, message: Frame) -> int:
        self._ids += 1
        self.connection.write_message(json.dumps({"id": self._ids, **message}))
        return self._ids

    async def answer(self, ident: int) -> Frame:
        return await self.until(lambda f: f.get("id") == ident and f["t"] != "state")

    def close(self) -> None:
        self.connection.close()


@asynccontextmanager
async def open_page(bot: Harness, user: SimUser, token: str, **launch: Any) -> AsyncIterator[Page]:
    connection = await connect(bot, launch_data(user.id, user.name, **launch), token)
    page = Page(connection)
    try:
        yield page
    finally:
        page.close()
