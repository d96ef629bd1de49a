"""Where the AI's decisions are computed: in worker processes, or on the bot's own loop.

A search of tens of milliseconds on the event loop holds every table's updates meanwhile (a
thread doesn't help: the search holds the interpreter). A worker process has a processor of
its own: the loop sends it the seat's view and legal actions (``players.choose``, picklable
values only) over a pipe it watches itself (no helper thread: each hand-off to a thread
makes the loop wait for the interpreter lock) and goes on serving the other tables until the
answer comes back. At most ``IN_FLIGHT`` decisions and ``HINTS_IN_FLIGHT`` hints wait in a
worker's pipe, so sending never blocks the loop; a person asking for a hint never waits for a
slot the AI seats' decisions hold (and while the loop is busy, the worker still has hints to
work on). With ``workers`` 0 the decisions are made on the loop, as a small deployment
or a test may want.

Whatever happens on the way (the worker is slow, died, or the AI answered something not
legal), the seat gets a legal action: after ``DECISION_CEILING`` seconds, or on a failure, the
decision is made on the loop instead, and a dead worker is replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import time
from collections import deque
from collections.abc import Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Final

from ddz_bot.ai import SEAT_LEVEL, GameAI, LevelName
from ddz_bot.games import GAMES
from ddz_bot.kernel import Action, Cards

from . import players
from .games import HostedGame
from .metrics import Metrics

__all__ = [
    "DECISION_CEILING",
    "HINTS_IN_FLIGHT",
    "IN_FLIGHT",
    "STARTUP_WAIT",
    "TIMINGS_KEPT",
    "WORKER_THINKING_SHARE",
    "DecisionTimes",
    "Thinker",
    "WorkerGone",
]

log = logging.getLogger(__name__)

#: seconds a worker may take for one decision before the loop decides itself
DECISION_CEILING: Final = 2.0
#: the share of its processor a worker's player may spend searching (``ai.thinking``)
WORKER_THINKING_SHARE: Final = 0.6
#: questions sent to one worker and not answered yet, at most (a few KB each: the pipe holds
#: them all, so the loop never waits to send)
IN_FLIGHT: Final = 4
#: hints sent to one worker and not answered yet, at most (a hint's question is the hand's
#: saved state: under 6 KB in every game, so these and the decisions fit the pipe's buffer)
HINTS_IN_FLIGHT: Final = 16
#: seconds the bot's start waits for its workers to be ready (importing the AI takes a
#: fraction of a second; a question sent before would wait for it)
STARTUP_WAIT: Final = 10.0
#: the number of the message a worker sends once ready (questions count from 1)
_READY: Final = 0
#: the most recent decisions whose times are kept (``DecisionTimes``)
TIMINGS_KEPT: Final = 50_000


class DecisionTimes:
    """How long the recent AI decisions took: ``thinking`` is the AI's own time (in its
    worker, or on the loop), ``waited`` the time from the question to the answer on the loop,
    what the table waits (the pipe, a busy worker, the loop's own turns included)."""

    __slots__ = ("thinking", "waited")

    def __init__(self) -> None:
        self.thinking: deque[float] = deque(maxlen=TIMINGS_KEPT)
        self.waited: deque[float] = deque(maxlen=TIMINGS_KEPT)

    def add(self, thinking: float, waited: float) -> None:
        self.thinking.append(thinking)
        self.waited.append(waited)


class WorkerGone(RuntimeError):
    """The worker process ended (or its pipe broke) before answering."""


def serve(conn: Connection, thinking_share: float, kinds: Sequence[type[GameAI]]) -> None:
    """A worker process: answer each question (number, view, legal, the kind of the game's
    AI, level, when it was asked) in turn, with the seconds the answer took. The kinds come
    by reference, so a worker imports the games' AI and engines only, not the table layer."""
    made: dict[type[GameAI], GameAI] = {}

    def ai_of(kind: type[GameAI]) -> GameAI:
        found = made.get(kind)
        if found is None:
            found = made[kind] = kind()
            found.configure(thinking_share)
        return found

    for kind in kinds:  # the players are made before the first question
        ai_of(kind)
    conn.send((_READY, None, None, 0.0))
    while True:
        try:
            question = conn.recv()
        except (EOFError, OSError):
            return
        if question is None:
            return
        number, view, legal, kind, level, asked = question
        began = time.perf_counter()
        answer: Any = None
        error: str | None = None
        try:
            if legal is None:  # hints: ``view`` is the hand's class, its state and the seat
                hand, state, seat = view
                answer = ai_of(kind).hints(hand.from_dict(state), seat)
            else:
                answer = ai_of(kind).choose(view, legal, level=level, asked=asked)
        except Exception as failure:  # the loop decides this one itself
            error = repr(failure)
        conn.send((number, answer, error, time.perf_counter() - began))


class _Worker:
    """One worker process and the answers the loop waits for."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a running loop
        self.loop = loop
        self.conn, child = context.Pipe()
        kinds = [type(GAMES[name].ai) for name in GAMES]
        self.process: BaseProcess = context.Process(
            target=serve, args=(child, WORKER_THINKING_SHARE, kinds), name="ddz-ai", daemon=True
        )
        self.process.start()
        child.close()
        self.waiting: dict[int, asyncio.Future[tuple[Any, float]]] = {}
        self.slots = asyncio.Semaphore(IN_FLIGHT)
        self.hint_slots = asyncio.Semaphore(HINTS_IN_FLIGHT)
        self.ready = asyncio.Event()
        self.gone = False
        loop.add_reader(self.conn.fileno(), self._readable)

    def _readable(self) -> None:
        try:
            while self.conn.poll():
                number, action, error, seconds = self.conn.recv()
                if number == _READY:
                    self.ready.set()
                    continue
                future = self.waiting.pop(number, None)
                if future is None or future.done():
                    continue  # answered too late: the loop decided already
                if error is None:
                    future.set_result((action, seconds))
                else:
                    future.set_exception(RuntimeError(error))
        except (EOFError, OSError):
            self.close()

    async def ask(
        self,
        number: int,
        view: Any,
        legal: list[Action] | None,
        kind: type[GameAI],
        level: LevelName,
        asked: float,
    ) -> tuple[Any, float]:
        """The worker's action (``legal`` None: the hints) and the seconds it thought. Its
        search's time counts from ``asked`` (perf_counter): a question that waited behind
        others has less left, so what the table waits stays near the AI's own ceiling."""
        async with self.slots if legal is not None else self.hint_slots:
            if self.gone:
                raise WorkerGone
            future: asyncio.Future[tuple[Any, float]] = self.loop.create_future()
            self.waiting[number] = future
            try:
                self.conn.send((number, view, legal, kind, level, asked))
                return await asyncio.wait_for(future, DECISION_CEILING)
            except (BrokenPipeError, EOFError, OSError):
                self.close()
                raise WorkerGone from None
            finally:
                self.waiting.pop(number, None)

    def close(self) -> None:
        if self.gone:
            return
        self.gone = True
        self.loop.remove_reader(self.conn.fileno())
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(WorkerGone())
        self.waiting.clear()
        with contextlib.suppress(BrokenPipeError, EOFError, OSError):
            self.conn.send(None)  # the worker ends when it reads this
        self.conn.close()
        self.process.join(timeout=1.0)
        if self.process.is_alive():
            self.process.kill()


class Thinker:
    """Makes the AI's decisions for AI and 托管 seats (see the module docstring)."""

    def __init__(self, workers: int, metrics: Metrics) -> None:
        self.workers = workers
        self.metrics = metrics  # told how long each decision kept its table waiting
        self._pool: list[_Worker] = []
        self._numbers = itertools.count(1)
        self.in_workers = 0  # decisions the workers made (the rest were made on the loop)
        self.times = DecisionTimes()

    async def start(self) -> None:
        """Start the worker processes and wait until they are ready (they import the AI
        once, before the first hand: at most ``STARTUP_WAIT`` seconds)."""
        if self.workers <= 0 or self._pool:
            return
        loop = asyncio.get_running_loop()
        self._pool = [_Worker(loop) for _ in range(self.workers)]
        try:
            await asyncio.wait_for(
                asyncio.gather(*(worker.ready.wait() for worker in self._pool)), STARTUP_WAIT
            )
        except TimeoutError:
            log.warning("the AI's workers were not ready in %.0f s; going on", STARTUP_WAIT)

    def processes(self) -> list[BaseProcess]:
        """The worker processes running now (operations, tests)."""
        return [worker.process for worker in self._pool]

    def close(self) -> None:
        for worker in self._pool:
            worker.close()
        self._pool = []

    async def ai_action(
        self, game: HostedGame, seat: int, *, level: LevelName = SEAT_LEVEL
    ) -> Action:
        """The action of the AI at ``level`` for ``seat`` of ``game`` (one of its legal
        actions)."""
        asked = time.perf_counter()
        action = await self._decide(game, seat, level, asked)
        self.metrics.ai_decided(game.game_name, time.perf_counter() - asked)
        return action

    async def _decide(self, game: HostedGame, seat: int, level: LevelName, asked: float) -> Action:
        """``ai_action``: in a worker, or on the loop without one (or when it fails)."""
        if not self._pool:
            action = players.decide(game, seat, level=level)
            thought = time.perf_counter() - asked
            self.times.add(thought, thought)
            return action
        legal = game.legal_actions(seat)
        if not legal:
            return game.default_action(seat)
        number = next(self._numbers)
        index = number % len(self._pool)
        worker = self._pool[index]
        chosen: Action | None
        try:
            chosen, thought = await worker.ask(
                number, game.view_for(seat), legal, type(GAMES[game.game_name].ai), level, asked
            )
            self.in_workers += 1
            self.times.add(thought, time.perf_counter() - asked)
        except WorkerGone:
            log.error("the AI's worker process ended; a new one starts")
            if worker.gone and self._pool and self._pool[index] is worker:
                self._pool[index] = _Worker(asyncio.get_running_loop())
            return players.decide(game, seat, level=level)
        except TimeoutError:
            log.warning("the AI's worker took over %.1f s; deciding here", DECISION_CEILING)
            return players.decide(game, seat, level=level)
        except Exception:  # the table must go on whatever the AI does
            log.exception("the AI failed in its worker; taking the default action")
            chosen = None
        return players.lawful(game, seat, legal, chosen)

    async def hints(
        self, game: HostedGame, seat: int, state: dict[str, Any] | None = None
    ) -> list[Cards]:
        """The seat's hints (``players.hints``), worked out in a worker from the hand's saved
        ``state`` (``game.to_dict()`` if not given) so the loop goes on meanwhile; on the loop
        without workers, or when the worker fails or is late."""
        if not self._pool:
            return players.hints(game, seat)
        number = next(self._numbers)
        index = number % len(self._pool)
        worker = self._pool[index]
        question = (type(game), game.to_dict() if state is None else state, seat)
        kind = type(GAMES[game.game_name].ai)
        try:
            found, _ = await worker.ask(
                number, question, None, kind, SEAT_LEVEL, time.perf_counter()
            )
            return list(found)
        except WorkerGone:
            if worker.gone and self._pool and self._pool[index] is worker:
                self._pool[index] = _Worker(asyncio.get_running_loop())
        except TimeoutError:
            log.warning("the AI's worker took over %.1f s for hints", DECISION_CEILING)
        except Exception:
            log.exception("hints failed in the AI's worker")
        return players.hints(game, seat)
