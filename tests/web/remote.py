"""The bot as people run it (``python bot.py``, a process of its own) against the fake Bot API
served over HTTP: so a test can SIGKILL it mid-hand and start it again."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.polling import wait_until
from tests.tg.conftest import TOKEN
from tests.tg.harness import Harness
from tests.tg.local_telegram import LocalTelegram

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RemoteHarness(Harness):
    """Simulated people whose updates the bot fetches with getUpdates (``feed`` queues them)."""

    def __init__(self, local: LocalTelegram) -> None:
        super().__init__(local.api, None)  # type: ignore[arg-type]
        self.local = local

    async def feed(self, update: dict[str, Any]) -> None:
        with self.local.lock:
            self.api.pending_updates.append(update)
        await wait_until(lambda: update not in self.api.pending_updates, "the bot fetched it")

    async def settle(self) -> None:
        await asyncio.sleep(0)


class BotProcess:
    """``python bot.py`` with the given settings; ``kill`` is SIGKILL (no goodbye)."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env = {**os.environ, "DDZ_BOT_TOKEN": TOKEN, **env}
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "bot.py"], cwd=ROOT, env=self.env, stdout=out, stderr=out
            )

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
