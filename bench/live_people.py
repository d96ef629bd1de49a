"""People at the live table, in processes of their own: each page's socket, its frames read
as they come, a decision taken after thinking (Hint then Play, or Pass; the first choice
before the play), one at a time as the page does. Used by ``bench/live_load.py`` (one bot) and
``bench/cluster_load.py`` (several workers).

A page that loses its socket (its worker killed) opens it again at the next of its addresses
and says its hello again, as the page does behind a proxy: it carries on from the frame it is
sent there.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ClientReport", "Page", "Trace", "run_clients"]

#: seconds the pages stay open past the run's end
LINGER = 3.0
#: seconds between two tries to open a page's socket (no worker answering)
RETRY = 0.2

#: a measured decision: (user, version, at, received, taken): when the table reached the
#: version on the server, when the page's socket read the frame, when the person took it
Trace = tuple[int, int, float, float, float]


@dataclass(frozen=True)
class Page:
    """One person's page: who, where its socket may open (the first address first, the
    others in turn when it can't), its first message, the ``Origin`` it sends (if any), its
    table (given: when each version was first told, in ``ClientReport.told``)."""

    user: int
    urls: tuple[str, ...]
    hello: str
    origin: str = ""
    table: str = ""


@dataclass
class ClientReport:
    waits: list[float] = field(default_factory=list)  # seconds
    decisions: int = 0
    refused: int = 0
    dropped: int = 0  # people whose connection broke for good (or no answer within a minute)
    reopened: int = 0  # sockets opened again after their worker went away
    #: why the sockets opened again had closed: the close code and reason the worker gave
    #: ("-" where none came: the connection broke)
    closes: dict[str, int] = field(default_factory=dict)
    unanswered: int = 0  # hints and moves never answered (the page then opened again)
    lags: list[float] = field(default_factory=list)  # the clients' own loop lag, seconds
    traces: list[Trace] = field(default_factory=list)
    #: how long the bot took to answer, seconds: a hint; a move ("ok" or "refused")
    answers: dict[str, list[float]] = field(default_factory=lambda: {"hint": [], "move": []})
    cpu: float = 0.0  # the process's CPU seconds, all of its run
    #: (table, version): the earliest moment a frame of it said (pages given their table;
    #: a page's first frame after opening says when it opened, and is left out)
    told: dict[tuple[str, int], float] = field(default_factory=dict)
    #: the decisions (user, version) a page learned from its first frame after opening
    opened: set[tuple[int, int]] = field(default_factory=set)


def run_clients(
    pages: list[Page], think: float, ramp: float, until: float, seed: int
) -> ClientReport:
    return asyncio.run(_clients(pages, think, ramp, until, seed))


async def _clients(
    pages: list[Page], think: float, ramp: float, until: float, seed: int
) -> ClientReport:
    report = ClientReport()
    rng = random.Random(seed)
    lag = asyncio.ensure_future(lags(report.lags, until))
    outcomes = await asyncio.gather(
        *(_person(page, think, ramp, until, rng, report) for page in pages),
        return_exceptions=True,
    )
    lag.cancel()
    report.cpu = time.process_time()
    report.dropped = sum(isinstance(outcome, BaseException) for outcome in outcomes)
    return report


async def lags(found: list[float], until: float, step: float = 0.01) -> None:
    """How late a loop wakes up from ``step`` seconds' sleep, until ``until``."""
    while time.time() < until:
        before = time.perf_counter()
        await asyncio.sleep(step)
        found.append(time.perf_counter() - before - step)


class _Socket:
    """A page's socket, opened again elsewhere when it closes; frames for the person, the
    answers to what it asked."""

    def __init__(self, page: Page, report: ClientReport) -> None:
        self.page, self.report = page, report
        self.frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.hints: asyncio.Future[list[str]] | None = None
        self.answer: asyncio.Future[int] | None = None
        self.at = 0  # the address tried now
        self.socket: Any = None
        self.reader: asyncio.Future[None] | None = None
        self.first = True
        self.why = "-"  # why the socket last closed (its close code and reason)

    async def open(self, until: float) -> None:
        from tornado.httpclient import HTTPClientError, HTTPRequest
        from tornado.websocket import WebSocketError, websocket_connect

        urls = self.page.urls
        while True:
            url = urls[self.at % len(urls)]
            headers = {"Origin": self.page.origin} if self.page.origin else {}
            try:
                self.socket = await websocket_connect(
                    HTTPRequest(url, headers=headers), max_message_size=1 << 20
                )
                await self.socket.write_message(self.page.hello)  # who and which table
                break
            except (OSError, HTTPClientError, WebSocketError):
                self.at += 1  # that worker is gone: the next one
                if time.time() > until + LINGER:
                    raise
                await asyncio.sleep(RETRY)
        self.first = True  # the next state frame is the one an opening page gets
        self.reader = asyncio.ensure_future(self._read(self.socket))

    async def reopen(self, until: float) -> None:
        """The socket closed: opened at the next address."""
        self.report.reopened += 1
        self.report.closes[self.why] = self.report.closes.get(self.why, 0) + 1
        self.at += 1
        await self.open(until)

    async def _read(self, socket: Any) -> None:
        while True:
            text = await socket.read_message()
            if text is None:
                code, reason = socket.close_code, socket.close_reason
                self.why = "-" if code is None else f"{code} {reason or ''}".strip()
                break
            frame = json.loads(text)
            kind = frame["t"]
            if kind == "hints" and self.hints is not None and not self.hints.done():
                self.hints.set_result(frame["cards"])
            elif kind in ("ok", "refused"):
                self.report.refused += kind == "refused"
                if self.answer is not None and not self.answer.done():
                    self.answer.set_result(int(frame.get("v", 0)))
            elif kind == "state":
                frame["received"] = time.time()
                frame["first"], self.first = self.first, False
                if self.page.table and not frame["first"]:
                    key = (self.page.table, int(frame["v"]))
                    told = self.report.told
                    told[key] = min(frame["at"], told.get(key, frame["at"]))
                self.frames.put_nowait(frame)
        for waiting in (self.hints, self.answer):  # never answered: the person looks again
            if waiting is not None and not waiting.done():
                waiting.set_exception(ConnectionError("closed"))
        self.frames.put_nowait({"t": "closed"})

    def send(self, message: dict[str, Any]) -> None:
        from tornado.websocket import WebSocketClosedError

        try:
            self.socket.write_message(json.dumps(message))
        except WebSocketClosedError:
            raise ConnectionError("closed") from None

    def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.socket is not None:
            self.socket.close()


def _choice(frame: dict[str, Any], found: list[str] | None) -> dict[str, Any]:
    """The page's message for the decision ``frame`` asks (``found``: a play's hints)."""
    decide = frame["decide"]
    if decide["kind"] == "play":
        if found:
            return {"t": "play", "v": frame["v"], "cards": found[0]}
        return {"t": "act", "v": frame["v"], "a": {"type": "pass", "seat": frame["seat"]}}
    actions = [c["action"] for c in decide["actions"]]
    chosen = actions[-1] if decide["kind"] in ("show", "double") else actions[0]
    return {"t": "act", "v": frame["v"], "a": chosen}


async def _person(
    page: Page, think: float, ramp: float, until: float, rng: random.Random, report: ClientReport
) -> None:
    await asyncio.sleep(rng.uniform(0.0, ramp))  # people open their pages over the ramp
    socket = _Socket(page, report)
    await socket.open(until)
    acted: set[int] = set()
    measured: set[int] = set()  # versions whose wait is counted (acted again after a loss)
    ids = 0
    newer = 0  # frames older than this are from before our own last action
    loop = asyncio.get_running_loop()
    try:
        while time.time() < until:
            try:
                frame = await asyncio.wait_for(socket.frames.get(), max(0.1, until - time.time()))
            except TimeoutError:
                break
            while not socket.frames.empty():  # only the newest matters
                frame = socket.frames.get_nowait()
            if frame["t"] == "closed":
                await socket.reopen(until)
                continue
            decide = frame.get("decide")
            if (frame.get("sum") or {}).get("phase") in ("finished", "aborted"):
                break
            if not decide or frame["v"] in acted or frame["v"] < newer:
                continue
            acted.add(frame["v"])
            taken = time.time()
            if frame["v"] not in measured:
                measured.add(frame["v"])
                report.waits.append(taken - frame["at"])
                trace = (page.user, frame["v"], frame["at"], frame["received"], taken)
                report.traces.append(trace)
                if frame["first"]:
                    report.opened.add((page.user, frame["v"]))
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if time.time() >= until:  # the run is over: nothing more is asked
                break
            try:
                found = None
                if decide["kind"] == "play":
                    ids += 1
                    socket.hints = loop.create_future()
                    socket.send({"t": "hint", "id": ids})
                    asked = time.perf_counter()
                    found = await asyncio.wait_for(socket.hints, 30)
                    report.answers["hint"].append(time.perf_counter() - asked)
                ids += 1
                socket.answer = loop.create_future()
                socket.send({"id": ids, **_choice(frame, found)})
                report.decisions += 1
                # one decision at a time, as the page does: older frames are history
                asked = time.perf_counter()
                made = await asyncio.wait_for(socket.answer, 60)
                report.answers["move"].append(time.perf_counter() - asked)
                newer = max(frame["v"] + 1, made)
            except ConnectionError:  # its worker went away: the frame there tells what now
                acted.discard(frame["v"])
            except TimeoutError:  # no answer: the page opens its socket again
                report.unanswered += 1
                acted.discard(frame["v"])
                socket.socket.close()
    finally:
        # the page stays open a moment past the end: what others asked just before it is
        # answered before a whole room of pages closes at once (each closing page brings its
        # person's panel and the group back)
        await asyncio.sleep(max(0.0, until + LINGER - time.time()))
        socket.close()
