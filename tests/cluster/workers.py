"""Bot processes as workers for the tests: a ``python bot.py`` whose log is read line by
line, and a person at the fake Telegram whose updates reach the bots by long polling or as
Telegram's webhook POSTs."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import asyncpg
import httpx

from ..tg.fake_api import FakeBotAPI, FakeMessage
from ..tg.local_telegram import LocalTelegram

ROOT = Path(__file__).resolve().parents[2]
GROUP, ALICE = -100500, 5001
T = TypeVar("T")

#: a decision's buttons, in the order a careful beginner presses them
DECISIONS = ("叫地主", "不抢", "不明牌", "不加倍", "提示")
#: the same in 保皇: take the throne, call the first face offered, declare nothing, the hint
BH_DECISIONS = ("登基", "叫 ", "不表态", "提示")
#: Telegram's header with a webhook's secret token
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


class Webhook:
    """Telegram's side of a webhook: each update POSTed in order, and POSTed again until it
    is answered 200 (an update Telegram got no answer for is sent again)."""

    def __init__(self, url: str, secret: str) -> None:
        self.url, self.secret = url, secret
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.answers: dict[int, int] = {}  # update id: the POSTs it took
        self.sent: list[int] = []
        self.task = asyncio.get_running_loop().create_task(self._deliver())

    def send(self, update: dict[str, Any]) -> None:
        self.sent.append(int(update["update_id"]))
        self.queue.put_nowait(update)

    async def _deliver(self) -> None:
        headers = {SECRET_HEADER: self.secret}
        async with httpx.AsyncClient(trust_env=False, timeout=30.0) as client:
            while True:
                update = await self.queue.get()
                for attempt in itertools.count(1):
                    try:
                        response = await client.post(self.url, json=update, headers=headers)
                        if response.status_code == 200:
                            self.answers[update["update_id"]] = attempt
                            break
                    except httpx.HTTPError:
                        pass
                    await asyncio.sleep(0.1)  # Telegram's back-off, made short

    async def close(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task


class Worker:
    """A bot process; its log read line by line."""

    def __init__(self, url: str, api_url: str, folder: Path, **settings: str) -> None:
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
            **settings,
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
        #: when each line came (``time.monotonic``, by the line's ``id``): a line read late
        #: still says when it was logged
        self.arrived: dict[int, float] = {}
        assert self.process.stderr is not None
        threading.Thread(target=self._read, args=(self.process.stderr,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.arrived[id(line)] = time.monotonic()
            self.lines.put(line)

    async def says(self, words: str, timeout: float = 60.0) -> float:
        """Until a line of the log has ``words``; when it was logged (``time.monotonic``)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                await asyncio.sleep(0.02)
                continue
            self.said.append(line)
            if "Traceback" in line:
                time.sleep(0.5)  # the rest of it, for the message
                while not self.lines.empty():
                    self.said.append(self.lines.get_nowait())
                raise AssertionError("".join(self.said))
            if words in line:
                return self.arrived.get(id(line), time.monotonic())
        raise AssertionError(f"never said {words!r}: {''.join(self.said)}")

    def stop(self, how: signal.Signals) -> int:
        self.process.send_signal(how)
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            while not self.lines.empty():
                self.said.append(self.lines.get_nowait())
            said = "".join(self.said)
            raise AssertionError(f"still running 30 s after {how.name}: {said}") from None


class Person:
    """Alice, at the fake Telegram: what she sends and presses, as updates the bots poll."""

    def __init__(
        self,
        local: LocalTelegram,
        webhook: Webhook | None = None,
        *,
        user_id: int = ALICE,
        name: str = "Alice",
        group: int = GROUP,
        types: bool = False,
    ) -> None:
        self.local = local
        self.user_id, self.group = user_id, group
        #: whether she types her decisions in her private chat rather than press them
        self.types = types
        self.api: FakeBotAPI = local.api
        self.queries = itertools.count(1)
        #: where her updates go: the bots' polling, or Telegram's POSTs to a webhook
        self.webhook = webhook
        with local.lock:
            self.user = self.api.add_user(user_id, name, language_code="zh-hans", started=True)
            self.api.add_group(group, "牌友群")

    def _push(self, update: dict[str, Any]) -> None:
        with self.local.lock:
            numbered = {"update_id": self.api.next_update_id(), **update}
            if self.webhook is None:
                self.api.pending_updates.append(numbered)
        if self.webhook is not None:
            self.webhook.send(numbered)

    def send(self, chat_id: int, text: str) -> None:
        """A message: a command (with any words after it) if it starts with ``/``."""
        command = text.split()[0] if text.startswith("/") else ""
        with self.local.lock:
            message_id = self.api.new_message_id(chat_id)
            message: dict[str, Any] = {
                "message_id": message_id,
                "date": int(time.time()),
                "chat": self.api.chat_dict(chat_id),
                "from": self.user,
                "text": text,
            }
            if command:
                message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
            self.api.store(FakeMessage(chat_id, message_id, int(time.time()), text=text))
        self._push({"message": message})

    def press(self, message: FakeMessage, label: str) -> str:
        with self.local.lock:
            buttons = [b for b in message.buttons() if label in b["text"] and "callback_data" in b]
            assert buttons, (label, [b["text"] for b in message.buttons()])
            query = f"q{self.user_id}.{next(self.queries)}"  # each person's own
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

    async def press_answered(
        self, message: FakeMessage, label: str, interval: float = 0.02
    ) -> dict[str, Any]:
        """Press, and wait for the bot's answer to the press."""
        query = self.press(message, label)
        return await until(lambda: self.answer(query), interval=interval)

    def panel(self) -> tuple[FakeMessage, tuple[str, ...]] | None:
        """Her newest panel and the data of its buttons (which change with each decision)."""
        with self.local.lock:
            for message in reversed(self.api.chat_messages(self.user_id)):
                if message.from_bot and message.photo_digest is not None:
                    data = tuple(b.get("callback_data", "") for b in message.buttons())
                    return message, data
        return None

    def lobby(self) -> FakeMessage | None:
        with self.local.lock:
            return self.api.last_message(self.group, with_buttons=True)


async def start_ready(
    workers: list[Worker], url: str, api_url: str, folder: Path, **settings: str
) -> Worker:
    """A new worker, counted among ``workers`` (killed at the end), once it says ready."""
    worker = Worker(url, api_url, folder, **settings)
    workers.append(worker)
    await worker.says("ready as @")
    return worker


def holding(workers: list[Worker], worker_id: int) -> Worker:
    """The process that is worker ``worker_id`` (its log says its number)."""
    return next(w for w in workers if f"worker {worker_id} of the database" in "".join(w.said))


def live_token(person: Person) -> str:
    """The table's token, from the live table's button on the person's panel."""
    found = person.panel()
    assert found is not None
    for button in found[0].buttons():
        if "web_app" in button:
            return str(parse_qs(urlsplit(button["web_app"]["url"]).query)["t"][0])
    raise AssertionError("no live table button on the panel")


async def until(
    condition: Callable[[], T | None], timeout: float = 30.0, interval: float = 0.02
) -> T:
    """Until ``condition`` gives something (checked every ``interval`` seconds)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found is not None and found is not False:
            return found
        await asyncio.sleep(interval)
    raise AssertionError("the condition never held")


def asked(
    person: Person, decisions: tuple[str, ...] = DECISIONS
) -> tuple[FakeMessage, tuple[str, ...]] | None:
    """Her newest panel, if it asks her a decision, and the decision's buttons (their data
    carries the table's version: a hint's choice of cards, shown on the panel, keeps them)."""
    found = person.panel()
    if found is None:
        return None
    words = (*decisions, "不出", "出牌")
    buttons = [b for b in found[0].buttons() if any(w in b["text"] for w in words)]
    if not any(any(d in b["text"] for b in buttons) for d in (*decisions, "不出")):
        return None
    return found[0], (str(person.user_id), *(b.get("callback_data", "") for b in buttons))


def her_turn(
    person: Person, pressed: set[tuple[str, ...]], decisions: tuple[str, ...] = DECISIONS
) -> tuple[FakeMessage, tuple[str, ...]] | None:
    """Her panel and its decision, if it asks her one she has not taken yet."""
    found = asked(person, decisions)
    return None if found is None or found[1] in pressed else found


async def take(
    person: Person,
    found: tuple[FakeMessage, tuple[str, ...]],
    pressed: set[tuple[str, ...]],
    decisions: tuple[str, ...] = DECISIONS,
) -> None:
    """She takes the decision her panel asks: the first of ``decisions`` it offers (after a
    hint, the play or a pass), by its button or typing its words in her private chat."""
    message, key = found
    pressed.add(key)
    labels = [b["text"] for b in message.buttons()]
    wanted = next(d for d in decisions if any(d in label for label in labels))
    if wanted != "提示":
        if not person.types:
            await person.press_answered(message, wanted)
            return
        person.send(person.user_id, next(label for label in labels if wanted in label))
    else:
        answer = await person.press_answered(message, wanted)
        if "没有能压过" not in str(answer.get("text", "")):
            await person.press_answered(message, "出牌")
            return
        if not person.types:
            await person.press_answered(message, "不出")
            return
        person.send(person.user_id, "不出")
    with contextlib.suppress(AssertionError):  # typed: until the bot took her words
        await until(lambda: (asked(person, decisions) or (None, ()))[1] != key, timeout=10.0)


async def decide(
    alice: Person,
    pressed: set[tuple[str, ...]],
    timeout: float = 60.0,
    interval: float = 0.02,
    decisions: tuple[str, ...] = DECISIONS,
) -> bool:
    """Alice takes her next decision by her panel, once it is hers within ``timeout``; False
    if it is not (the hand may be over)."""
    return await decide_any([alice], pressed, timeout, interval, decisions)


async def decide_any(
    people: list[Person],
    pressed: set[tuple[str, ...]],
    timeout: float = 60.0,
    interval: float = 0.02,
    decisions: tuple[str, ...] = DECISIONS,
) -> bool:
    """Whichever of ``people`` is asked first takes the decision by her panel, once one is
    asked within ``timeout``; False if nobody is (the hand may be over)."""

    def asked() -> tuple[Person, tuple[FakeMessage, tuple[str, ...]]] | None:
        for person in people:
            found = her_turn(person, pressed, decisions)
            if found is not None:
                return person, found
        return None

    try:
        person, found = await until(asked, timeout=timeout, interval=interval)
    except AssertionError:
        return False
    await take(person, found, pressed, decisions)
    return True


async def rows(url: str, sql: str, *args: object) -> list[asyncpg.Record]:
    """The rows of one query, on a connection of its own."""
    connection = await asyncpg.connect(url)
    try:
        return list(await connection.fetch(sql, *args))
    finally:
        await connection.close()


async def holders(url: str) -> dict[int, int]:
    """Each group's worker, as the leases say."""
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch("SELECT chat_id, worker FROM chat_leases")
    finally:
        await connection.close()
    return {int(r[0]): int(r[1]) for r in rows}


async def settled(url: str) -> tuple[int, int, list[int]]:
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
