"""Two workers behind nginx (``deploy/nginx.conf``), Telegram's webhook and the live table on
one port: Telegram POSTs each update to the proxy and sends it again until it is answered.
The worker playing is killed in the middle of a hand; the one standing by takes over, the
proxy finds it, and every press is applied or answered: the hand plays on to one settlement.
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from functools import partial
from pathlib import Path
from typing import Any

from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from ..tg.local_telegram import LocalTelegram
from ..web.live import hello, launch_data
from .proxy import free_port, nginx
from .workers import (
    ALICE,
    GROUP,
    Person,
    Webhook,
    Worker,
    decide,
    holders,
    holding,
    live_token,
    settled,
    start_ready,
    until,
)

SECRET = "behind_the_proxy-1"
EVE = 5099  # watches the table: a spectator


async def _page_state(listen: int, user: int, name: str, token: str) -> dict[str, Any]:
    """A page opened through the proxy (the page's origin, launch data in its first
    message): its first state frame, retried while no worker takes it."""
    request = HTTPRequest(
        f"ws://127.0.0.1:{listen}/live/ws", headers={"Origin": "https://bot.example.org"}
    )
    deadline = time.monotonic() + 20
    while True:
        try:
            connection = await websocket_connect(request)
            await connection.write_message(hello(launch_data(user, name, token="1:x"), token))
            while True:
                text = await asyncio.wait_for(connection.read_message(), 10)
                assert text is not None, connection.close_code
                frame = json.loads(text)
                if frame.get("t") == "state":
                    connection.close()
                    return dict(frame)
        except (OSError, AssertionError, TimeoutError):
            assert time.monotonic() < deadline, "no worker took the page"
            await asyncio.sleep(0.1)


def _settings(port: int) -> dict[str, str]:
    return {
        "DDZ_WEBHOOK_URL": "https://bot.example.org/tg/hook",
        "DDZ_WEBHOOK_SECRET": SECRET,
        "DDZ_WEBAPP_URL": "https://bot.example.org/live/",
        "DDZ_WEBAPP_LISTEN": "127.0.0.1",
        "DDZ_WEBAPP_PORT": str(port),
    }


async def test_the_proxy_finds_the_worker_that_took_over_and_no_press_is_lost(
    url: str, telegram: LocalTelegram, workers: list[Worker], tmp_path: Path
) -> None:
    ports = [free_port(), free_port()]
    listen = free_port()
    with nginx(tmp_path / "nginx", listen, ports):
        started = [
            await start_ready(workers, url, telegram.url, tmp_path, **_settings(port))
            for port in ports
        ]
        hook = Webhook(f"http://127.0.0.1:{listen}/tg/hook", SECRET)
        try:
            alice = Person(telegram, webhook=hook)
            alice.send(GROUP, "/newgame")
            lobby = await until(alice.lobby)
            await alice.press_answered(lobby, "开始")
            pressed: set[tuple[str, ...]] = set()
            for _ in range(3):
                assert await decide(alice, pressed)
            before = (await settled(url))[1]
            token = live_token(alice)
            seen = await _page_state(listen, ALICE, "Alice", token)
            watched = await _page_state(listen, EVE, "Eve", token)
            going = holding(started, (await holders(url))[GROUP])
            other = next(worker for worker in started if worker is not going)
            # presses on their way as the worker holding the table dies: each one is applied
            # by the worker that takes over, or answered as refused, never lost in silence
            panel = alice.panel()
            assert panel is not None
            labels = [b["text"] for b in panel[0].buttons() if "callback_data" in b]
            in_flight = [alice.press(panel[0], label) for label in labels[:3] * 2]
            killed = time.monotonic()
            going.stop(signal.SIGKILL)
            taken = await other.says("took over", timeout=15)
            assert taken - killed < 10.0
            for query in in_flight:
                await until(partial(alice.answer, query), timeout=30)
            # the pages open again, through the same proxy, at the worker that took over
            again = await _page_state(listen, ALICE, "Alice", token)
            assert again["v"] >= seen["v"] and again["table"] == seen["table"]
            assert (await _page_state(listen, EVE, "Eve", token))["v"] >= watched["v"]
            deadline = time.monotonic() + 120
            while (await settled(url))[0] == 0:
                assert time.monotonic() < deadline, "".join(other.said)
                await decide(alice, pressed, timeout=2.0)
            hands, actions, off = await settled(url)
            assert hands == 1 and actions > before
            assert off and all(delta == 0 for delta in off)
            # every update Telegram sent was answered 200 in the end (after a retry where no
            # worker answered yet)
            await until(lambda: sorted(hook.answers) == hook.sent or None)
        finally:
            await hook.close()
