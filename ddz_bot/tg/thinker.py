"""Where the AI's decisions are computed: in worker processes, or on the bot's own loop.

A search of tens of milliseconds on the event loop holds every table's updates meanwhile (a
thread doesn't help: the search holds the interpreter). A worker process has a processor of
its own: the loop sends it the seat's view and legal actions (``players.choose``, picklable
values only) and goes on serving the other tables until the answer comes back. With
``workers`` 0 the decisions are made on the loop, as a small deployment or a test may want.

Whatever happens on the way (the worker is slow, crashed, or the AI answered something not
legal), the seat gets a legal action: after ``DECISION_CEILING`` seconds, or on a failure, the
decision is made on the loop instead, and a broken pool is replaced.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final

from ..engine import Action
from ..engine.baohuang import BaoHuangGame
from . import players
from .games import HostedGame

__all__ = ["DECISION_CEILING", "WORKER_THINKING_SHARE", "Thinker"]

log = logging.getLogger(__name__)

#: seconds a worker may take for one decision before the loop decides itself
DECISION_CEILING: Final = 2.0
#: the share of its processor a worker's player may spend searching (``ai.thinking``)
WORKER_THINKING_SHARE: Final = 0.6


class Thinker:
    """Makes the AI's decisions for AI and 托管 seats (see the module docstring)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self.in_workers = 0  # decisions the workers made (the rest were made on the loop)

    def start(self) -> None:
        """Start the worker processes (they import the AI once, before the first hand)."""
        if self.workers <= 0 or self._pool is not None:
            return
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),  # no fork of a running loop
            initializer=players.configure,
            initargs=(WORKER_THINKING_SHARE,),
        )
        for _ in range(self.workers):
            self._pool.submit(int)  # each worker starts and imports now, not mid-hand

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def decide(self, game: HostedGame, seat: int) -> Action:
        """The AI's action for ``seat`` of ``game`` (one of its legal actions)."""
        pool = self._pool
        if pool is None:
            return players.decide(game, seat)
        legal = game.legal_actions(seat)
        if not legal:
            return game.default_action(seat)
        view = game.view_for(seat)
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(
                pool, players.choose, view, legal, isinstance(game, BaoHuangGame)
            )
            chosen = await asyncio.wait_for(future, DECISION_CEILING)
            self.in_workers += 1
        except BrokenProcessPool:
            log.error("the AI's worker process died; a new one starts")
            self.close()
            self.start()
            return players.decide(game, seat)
        except TimeoutError:
            log.warning("the AI's worker took over %.1f s; deciding here", DECISION_CEILING)
            return players.decide(game, seat)
        except Exception:  # the table must go on whatever the AI does
            log.exception("the AI failed in its worker; taking the default action")
            chosen = None
        return players.lawful(game, seat, legal, chosen)
