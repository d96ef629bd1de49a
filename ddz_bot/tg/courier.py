"""Updates handed from the worker Telegram called to the worker holding their group.

Over PostgreSQL's ``LISTEN``/``NOTIFY`` (``docs/architecture.md``, "Several workers", says why
this engine and not Redis or NATS): the worker that received an update sends it, as Telegram
sent it, on the holder's channel and waits for the holder's answer, which comes once the
update has been handled; only then is Telegram's call answered (a worker killed before that
leaves the call unanswered, and Telegram sends the update again). The holder answers "not
mine" when it no longer holds the group (it stopped, or handed it over): the sender asks
again who holds it. A holder that dies meanwhile is noticed within a second (its lock
gone), and the update goes to whoever takes the group.

Messages are JSON: ``{"k": kind, "r": request number, "f": sender, ...}``; an update's body
is compressed when it would not fit in a notification (Telegram's longest messages). The
tables published here are named to the others every 20 ms (``announce``), or sooner, in the
query of the next message sent: each query is a round trip and a write to the server, most
of what a message costs a worker.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import zlib
from collections.abc import Awaitable, Callable
from typing import Any

from ..storage.leases import NOTIFY_LIMIT
from .cluster import Cluster

__all__ = ["Courier", "TooLargeError"]

log = logging.getLogger(__name__)

#: how long a sender waits for a holder between looks at whether it is still alive
ANSWER_POLL = 1.0
#: how many times an update is routed again before its call is left unanswered
MAX_ROUTES = 8

Handle = Callable[[dict[str, Any]], Awaitable[bool]]
Listener = Callable[[dict[str, Any]], None]
Answerer = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]

#: how long the tables published here are gathered before the other workers hear of them
ANNOUNCE_SECONDS = 0.02
#: the most tables one word names
ANNOUNCE_MOST = 200


class TooLargeError(ValueError):
    """An update too large for a notification even compressed (it is handled where it
    arrived)."""


class Courier:
    """Sends updates to their holder and answers those sent here (module docstring)."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self._next = 0
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        #: answers a request of its kind (``request``): the reply's body
        self.answerers: dict[str, Answerer] = {}
        self._changed: dict[int, int] = {}  # tables published here since the last word
        self._announcing: asyncio.TimerHandle | None = None
        #: handles an update sent here (parsed, routed, processed): True once handled here,
        #: False when this worker does not hold its group
        self.handle: Handle | None = None
        #: told of every other message by its kind (the live table's frames, say)
        self.listeners: dict[str, Listener] = {}
        #: the updates routed here already (by ``id``): handled without asking again
        self.local: set[int] = set()
        self.sent = 0
        self.received = 0
        self._tasks: set[asyncio.Task[None]] = set()

    # ---- sending ----------------------------------------------------------------------------
    async def deliver(self, update: dict[str, Any], chat: int | None, worker: int) -> None:
        """Hand ``update`` to ``worker`` (the holder of ``chat``) and return once it was
        handled there or by whoever took the group since; raises if nobody could."""
        for attempt in range(MAX_ROUTES):
            if worker and await self._ask(worker, update):
                return
            if chat is not None:
                self.cluster.forget_holder(chat)
            await asyncio.sleep(min(0.05 * 2**attempt, 1.0))
            if chat is None:
                break
            route = await self.cluster.route_chat(chat)
            if route.here:
                if self.handle is None or not await self.handle(update):
                    continue
                return
            worker = route.worker
        raise TimeoutError(f"no worker took the update for group {chat}")

    async def _ask(self, worker: int, update: dict[str, Any]) -> bool:
        answer = await self._exchange(worker, {"k": "u", "u": update})
        return bool(answer)

    async def request(self, worker: int, kind: str, body: dict[str, Any]) -> dict[str, Any] | None:
        """Ask ``worker`` (its ``answerers[kind]``) and wait for the reply's body; None if
        the worker died first."""
        answer = await self._exchange(worker, {**body, "k": kind})
        return answer if isinstance(answer, dict) else None

    async def _exchange(self, worker: int, message: dict[str, Any]) -> Any:
        self._next += 1
        ref = self._next
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[ref] = answer
        try:
            await self.send(worker, {**message, "r": ref, "f": self.cluster.id})
            while True:
                try:
                    return await asyncio.wait_for(asyncio.shield(answer), ANSWER_POLL)
                except TimeoutError:
                    if worker not in {w.id for w in self.cluster.live()}:
                        return None  # it died holding the request: whoever takes over
        finally:
            self._waiting.pop(ref, None)

    def announce(self, table_id: int, version: int) -> None:
        """A table held here was published: the other workers hear of it in a moment (the
        pages watching it there show it again), or sooner, with the next message sent."""
        if self._announcing is None:
            loop = asyncio.get_running_loop()
            self._announcing = loop.call_later(ANNOUNCE_SECONDS, self._announce_now)
        self._changed[table_id] = version

    def _announce_now(self) -> None:
        self._announcing = None
        words = self._words()
        if words:
            task = asyncio.get_running_loop().create_task(self._announce(words))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _words(self) -> list[tuple[str, str]]:
        """The words naming the tables published since the last (none left to say)."""
        if self._announcing is not None:
            self._announcing.cancel()
            self._announcing = None
        changed, self._changed = self._changed, {}
        pairs = list(changed.items())
        everyone = self.cluster.leases.channel_for(0)
        words = []
        for start in range(0, len(pairs), ANNOUNCE_MOST):
            word = {"k": "t", "f": self.cluster.id, "v": pairs[start : start + ANNOUNCE_MOST]}
            words.append((everyone, _encode(word)))
        self.sent += len(words)
        return words

    async def _announce(self, words: list[tuple[str, str]]) -> None:
        try:
            await self.cluster.leases.notify_many(words)
        except Exception:
            log.exception("telling the other workers of published tables failed")

    async def send(self, worker: int, message: dict[str, Any]) -> None:
        """One message on ``worker``'s channel (0: every worker's); the tables published
        since the last word go in the same query (a reply to an action sent here follows
        the table's move: its word need not wait, nor take a query of its own)."""
        text = _encode(message)
        self.sent += 1
        channel = self.cluster.leases.channel_for(worker)
        if not self._changed:
            await self.cluster.leases.notify(channel, text)
            return
        words = self._words()
        try:
            await self.cluster.leases.notify_many([*words, (channel, text)])
        except Exception:
            log.exception("telling the other workers of published tables failed")
            raise

    # ---- receiving --------------------------------------------------------------------------
    def received_text(self, text: str) -> None:
        """A notification on this worker's channels."""
        try:
            message = json.loads(text)
            if "z" in message:
                message = json.loads(zlib.decompress(base64.b64decode(message["z"])))
        except (ValueError, zlib.error):
            log.warning("a worker's message that is not JSON: %.80r", text)
            return
        if not isinstance(message, dict):
            return
        self.received += 1
        kind = message.get("k")
        if kind in ("a", "re"):
            answer = self._waiting.get(int(message.get("r", 0)))
            if answer is not None and not answer.done():
                answer.set_result(bool(message.get("ok")) if kind == "a" else message.get("b"))
        elif isinstance(kind, str) and kind in self.answerers:
            task = asyncio.get_running_loop().create_task(self._answer(kind, message))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        elif kind == "u":
            task = asyncio.get_running_loop().create_task(self._handle(message))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        elif kind == "free":
            self.cluster.wake()
        elif isinstance(kind, str) and kind in self.listeners:
            self.listeners[kind](message)

    async def _answer(self, kind: str, message: dict[str, Any]) -> None:
        try:
            body = await self.answerers[kind](message)
        except Exception:
            log.exception("a %r request of worker %s failed", kind, message.get("f"))
            body = {}
        sender = int(message.get("f", 0))
        if sender:
            with contextlib.suppress(Exception):
                await self.send(sender, {"k": "re", "r": message.get("r"), "b": body})

    async def _handle(self, message: dict[str, Any]) -> None:
        ok = False
        try:
            update = message.get("u")
            if self.handle is not None and isinstance(update, dict):
                ok = await self.handle(update)
        except Exception:
            log.exception("an update handed over by worker %s failed", message.get("f"))
            ok = True  # handled, badly: sending it again would fail again
        sender = int(message.get("f", 0))
        if sender:
            try:
                await self.send(sender, {"k": "a", "r": message.get("r"), "ok": ok})
            except Exception:
                log.exception("answering worker %s failed", sender)


def _encode(message: dict[str, Any]) -> str:
    """A message's text, compressed when too long for a notification."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    if len(text.encode()) > NOTIFY_LIMIT:
        packed = base64.b64encode(zlib.compress(text.encode(), 6)).decode()
        text = json.dumps({"z": packed})
        if len(text) > NOTIFY_LIMIT:
            raise TooLargeError(f"a message of {len(text)} bytes")
    return text
