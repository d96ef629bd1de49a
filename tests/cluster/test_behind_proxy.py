"""Two workers behind nginx (``deploy/nginx.conf``), Telegram's webhook and the live table on
one port: Telegram POSTs each update to the proxy and sends it again until it is answered.
The worker playing is killed in the middle of a hand; the one standing by takes over, the
proxy finds it, and every press is applied or answered: the hand plays on to one settlement.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

from ..tg.local_telegram import LocalTelegram
from .proxy import free_port, nginx
from .workers import GROUP, Person, Webhook, Worker, decide, settled, until

SECRET = "behind_the_proxy-1"


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
        first = Worker(url, telegram.url, tmp_path, **_settings(ports[0]))
        workers.append(first)
        await first.says("ready as @")
        second = Worker(url, telegram.url, tmp_path, **_settings(ports[1]))
        workers.append(second)
        await second.says("standing by")
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
            killed = time.monotonic()
            first.stop(signal.SIGKILL)
            ready = await second.says("ready as @", timeout=15)
            assert ready - killed < 10.0
            deadline = time.monotonic() + 120
            while (await settled(url))[0] == 0:
                assert time.monotonic() < deadline, "".join(second.said)
                await decide(alice, pressed, timeout=2.0)
            hands, actions, off = await settled(url)
            assert hands == 1 and actions > before
            assert off and all(delta == 0 for delta in off)
            # every update Telegram sent was answered 200 in the end (after a retry where no
            # worker answered yet)
            await until(lambda: sorted(hook.answers) == hook.sent or None)
        finally:
            await hook.close()
