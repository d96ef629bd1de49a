"""Workers on PostgreSQL: ``python bot.py`` processes on one database, one playing and the
others standing by. The one playing is killed (SIGKILL) or told to stop (SIGTERM) in the
middle of a hand: a worker standing by takes the database's hold, resumes the table from
storage and the person plays on to the result, settled once, every accepted move kept.

The bots talk to the fake Bot API over HTTP (``tests/tg/local_telegram.py``) by long polling;
the test is the person, pressing their panel's buttons as Telegram would deliver them.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import IO, Any, TypeVar

import asyncpg
import pytest

from ddz_bot import database_start as codes

from .postgres import fresh_schema
from .tg.fake_api import FakeBotAPI, FakeMessage
from .tg.local_telegram import LocalTelegram, local_telegram

ROOT = Path(__file__).resolve().parents[1]
GROUP, ALICE = -100500, 5001
T = TypeVar("T")

#: a decision's buttons, in the order a careful beginner presses them
DECISIONS = ("叫地主", "不抢", "不明牌", "不加倍", "提示")


class Worker:
    """A bot process; its log read line by line."""

    def __init__(self, url: str, api_url: str, folder: Path) -> None:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(ROOT),
            "DDZ_BOT_TOKEN": "1:x",
            "DDZ_DATABASE_URL": url,
            "DDZ_API_URL": api_url,
            "DDZ_AI_WORKERS": "0",
            "DDZ_DEAL_WINDOW": "0",
            "DDZ_GROUP_INTERVAL": "0",
            "DDZ_PLAY_TIMEOUT": "120",
            "DDZ_BID_TIMEOUT": "120",
            "DDZ_DOUBLE_TIMEOUT": "120",
        }
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "bot.py")],
            cwd=folder,
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        assert self.process.stderr is not None
        threading.Thread(target=self._read, args=(self.process.stderr,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)

    async def says(self, words: str, timeout: float = 60.0) -> float:
        """Until a line of the log has ``words``; when it came (``time.monotonic``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                await asyncio.sleep(0.02)
                continue
            self.said.append(line)
            assert "Traceback" not in line, "".join(self.said)
            if words in line:
                return time.monotonic()
        raise AssertionError(f"never said {words!r}: {''.join(self.said)}")

    def stop(self, how: signal.Signals) -> int:
        self.process.send_signal(how)
        return self.process.wait(timeout=30)


class Person:
    """Alice, at the fake Telegram: what she sends and presses, as updates the bots poll."""

    def __init__(self, local: LocalTelegram) -> None:
        self.local = local
        self.api: FakeBotAPI = local.api
        self.queries = itertools.count(1)
        with local.lock:
            self.user = self.api.add_user(ALICE, "Alice", language_code="zh-hans", started=True)
            self.api.add_group(GROUP, "牌友群")

    def _push(self, update: dict[str, Any]) -> None:
        with self.local.lock:
            self.api.pending_updates.append({"update_id": self.api.next_update_id(), **update})

    def send(self, chat_id: int, text: str) -> None:
        with self.local.lock:
            message_id = self.api.new_message_id(chat_id)
            message = {
                "message_id": message_id,
                "date": int(time.time()),
                "chat": self.api.chat_dict(chat_id),
                "from": self.user,
                "text": text,
                "entities": [{"type": "bot_command", "offset": 0, "length": len(text)}],
            }
            self.api.store(FakeMessage(chat_id, message_id, int(time.time()), text=text))
        self._push({"message": message})

    def press(self, message: FakeMessage, label: str) -> str:
        with self.local.lock:
            buttons = [b for b in message.buttons() if label in b["text"]]
            assert buttons, (label, [b["text"] for b in message.buttons()])
            query = f"q{next(self.queries)}"
            update = {
                "callback_query": {
                    "id": query,
                    "from": self.user,
                    "chat_instance": str(message.chat_id),
                    "message": self.api.message_dict(message),
                    "data": buttons[0]["callback_data"],
                }
            }
        self._push(update)
        return query

    def answer(self, query: str) -> dict[str, Any] | None:
        with self.local.lock:
            return self.api.callback_answers.get(query)

    async def press_answered(self, message: FakeMessage, label: str) -> dict[str, Any]:
        """Press, and wait for the bot's answer to the press."""
        query = self.press(message, label)
        return await until(lambda: self.answer(query))

    def panel(self) -> tuple[FakeMessage, tuple[str, ...]] | None:
        """Her newest panel and the data of its buttons (which change with each decision)."""
        with self.local.lock:
            for message in reversed(self.api.chat_messages(ALICE)):
                if message.from_bot and message.photo_digest is not None:
                    data = tuple(b["callback_data"] for b in message.buttons())
                    return message, data
        return None

    def lobby(self) -> FakeMessage | None:
        with self.local.lock:
            return self.api.last_message(GROUP, with_buttons=True)


async def until(condition: Callable[[], T | None], timeout: float = 30.0) -> T:
    """Until ``condition`` gives something (checked every 20 ms)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found is not None and found is not False:
            return found
        await asyncio.sleep(0.02)
    raise AssertionError("the condition never held")


async def decide(alice: Person, pressed: set[tuple[str, ...]], timeout: float = 60.0) -> bool:
    """Alice takes her next decision by her panel's buttons, once it is hers within
    ``timeout``; False if it is not (the hand may be over)."""

    def her_turn() -> tuple[FakeMessage, tuple[str, ...]] | None:
        found = alice.panel()
        if found is None or found[1] in pressed:
            return None
        labels = [b["text"] for b in found[0].buttons()]
        if not any(any(d in label for label in labels) for d in (*DECISIONS, "不出")):
            return None
        return found

    try:
        message, data = await until(her_turn, timeout=timeout)
    except AssertionError:
        return False
    pressed.add(data)
    labels = [b["text"] for b in message.buttons()]
    wanted = next(d for d in DECISIONS if any(d in label for label in labels))
    answer = await alice.press_answered(message, wanted)
    if wanted == "提示":
        no_play = "没有能压过" in str(answer.get("text", ""))
        await alice.press_answered(message, "不出" if no_play else "出牌")
    return True


@pytest.fixture
async def url() -> AsyncIterator[str]:
    async with fresh_schema() as schema_url:
        yield schema_url


@pytest.fixture
def telegram() -> Iterator[LocalTelegram]:
    with local_telegram(FakeBotAPI()) as local:
        yield local


@pytest.fixture
def workers() -> Iterator[list[Worker]]:
    started: list[Worker] = []
    yield started
    for one in started:
        if one.process.poll() is None:
            one.stop(signal.SIGKILL)


async def _settled(url: str) -> tuple[int, int, list[int]]:
    """Hands settled, the hand's actions logged, and each player's balance minus their
    ledger's sum (all zeros when the books balance)."""
    connection = await asyncpg.connect(url)
    try:
        hands = int(await connection.fetchval("SELECT COUNT(*) FROM hands"))
        actions = int(await connection.fetchval("SELECT COUNT(*) FROM hand_actions"))
        off = await connection.fetch(
            "SELECT p.beans - COALESCE(SUM(l.delta), 0) FROM players p"
            " LEFT JOIN ledger l ON l.user_id = p.user_id GROUP BY p.user_id, p.beans"
        )
    finally:
        await connection.close()
    return hands, actions, [int(r[0]) for r in off]


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "stopped"])
async def test_a_worker_standing_by_takes_over_a_hand_in_play(
    how: signal.Signals,
    url: str,
    telegram: LocalTelegram,
    workers: list[Worker],
    tmp_path: Path,
) -> None:
    first = Worker(url, telegram.url, tmp_path)
    workers.append(first)
    await first.says("ready as @")
    second = Worker(url, telegram.url, tmp_path)
    workers.append(second)
    await second.says("standing by")
    alice = Person(telegram)
    alice.send(GROUP, "/newgame")
    lobby = await until(alice.lobby)
    await alice.press_answered(lobby, "开始")
    pressed: set[tuple[str, ...]] = set()
    for _ in range(3):  # her bid and a few more decisions, with the first worker
        assert await decide(alice, pressed)
    before = (await _settled(url))[1]
    assert before >= 3
    stopped = time.monotonic()
    code = first.stop(how)
    assert code == (0 if how is signal.SIGTERM else -signal.SIGKILL)
    ready = await second.says("ready as @", timeout=15)
    handover = ready - stopped
    assert handover < (10.0 if how is signal.SIGKILL else 3.0), handover
    deadline = time.monotonic() + 120
    while (await _settled(url))[0] == 0:  # she plays on with the worker that took over
        assert time.monotonic() < deadline, "".join(second.said)
        await decide(alice, pressed, timeout=2.0)
    hands, actions, off = await _settled(url)
    assert hands == 1 and actions > before  # one settlement, the moves of both workers
    assert off and all(delta == 0 for delta in off)  # every balance is its ledger's sum
    assert second.process.poll() is None


def test_a_lost_hold_has_its_own_exit_code() -> None:
    assert codes.LOST_HOLD == 17 and codes.LOST_HOLD not in codes.EXIT_CODES.values()
