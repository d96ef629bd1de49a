"""What a host watches: the bot's Prometheus metrics, in a registry of its own.

One ``Metrics`` an Application, built by the ``Runtime`` and handed to the parts that record
(the table registry, the hand flow, the thinker, the rate limiter, the database's
``transaction_observer``); nothing here is global, so several bots in one process (and the
tests) never share a count. ``ddz_bot.web.watch`` serves it at ``/metrics``.

Every hook is a dictionary look-up and one ``inc`` or ``observe`` of prometheus-client: the
children of each label value are made once and kept (``labels`` does more), since with a
thousand tables the bot records thousands of times a second.

The names (``_total`` is added to counters by prometheus-client):

- ``ddz_tables_in_play{game}``: tables with a hand in play (dealt and not yet finished).
- ``ddz_moves_total{game}``: actions accepted and saved (plays, bids, doubles, the deal,
  time-outs' and 托管's actions): what ``HandFlow.accepted_moves`` counts.
- ``ddz_decision_wait_seconds{game,by}``: from the start of the clock a seat decides against
  (its deadline less its time limit: when the change that opened the decision was computed;
  where several seats decide on one clock, when that clock started) until the change that
  carries the seat's answer is saved. ``by`` is ``person`` (a button, typed words, the live
  table) or ``ai`` (an AI seat or 托管); a time-out is no answer and is not observed. A
  person's wait includes the time their panel took to reach them.
- ``ddz_telegram_calls_total{method}``, ``ddz_telegram_429_total{method}``: every call made to
  the Bot API (each attempt) and those Telegram answered 429 (too many requests).
- ``ddz_db_transaction_seconds``, ``ddz_db_transaction_errors_total``: every write
  transaction, from being asked for to its answer; those the database failed.
- ``ddz_ai_decision_seconds{game}``: an AI decision as the table waits for it (a worker's
  pipe and turn included, or the loop's own decision where the worker failed or was late).

Beside them, prometheus-client's ``process_*`` and ``python_*`` of the process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest

__all__ = ["AI", "CONTENT_TYPE", "PERSON", "Metrics"]

#: who answered a decision (the ``by`` label of the decision wait)
PERSON: Final = "person"
AI: Final = "ai"
#: the content type of ``Metrics.exposition``
CONTENT_TYPE: Final = CONTENT_TYPE_LATEST

#: seconds: a decision's clock is 10 to 30 s by default, a group may set up to minutes
_DECISION_BUCKETS: Final = (0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 12.0, 20.0, 30.0, 45.0, 60.0, 120.0)
#: seconds: a write is a few milliseconds; a busy disk's sync takes hundreds
_TRANSACTION_BUCKETS: Final = (
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1.0,
    2.5,
    5.0,
)
#: seconds: the AI's ceiling in a worker is 2 s (``thinker.DECISION_CEILING``)
_AI_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)


class Metrics:
    """The bot's metrics and the hooks that record them (see the module docstring)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        # the process's memory, CPU and collector, read only when scraped
        ProcessCollector(registry=r)
        PlatformCollector(registry=r)
        GCCollector(registry=r)
        self._tables = Gauge(
            "ddz_tables_in_play", "Tables with a hand in play", ["game"], registry=r
        )
        self._moves = Counter("ddz_moves", "Actions accepted and saved", ["game"], registry=r)
        self._waits = Histogram(
            "ddz_decision_wait_seconds",
            "From the start of a decision's clock to the saved answer",
            ["game", "by"],
            buckets=_DECISION_BUCKETS,
            registry=r,
        )
        self._calls = Counter(
            "ddz_telegram_calls", "Calls made to the Bot API", ["method"], registry=r
        )
        self._floods = Counter(
            "ddz_telegram_429",
            "Bot API calls answered 429 (too many requests)",
            ["method"],
            registry=r,
        )
        self._transactions = Histogram(
            "ddz_db_transaction_seconds",
            "Write transactions, from being asked for to the answer",
            buckets=_TRANSACTION_BUCKETS,
            registry=r,
        )
        self._db_errors = Counter(
            "ddz_db_transaction_errors", "Write transactions the database failed", registry=r
        )
        self._ai = Histogram(
            "ddz_ai_decision_seconds",
            "AI decisions as the table waits for them",
            ["game"],
            buckets=_AI_BUCKETS,
            registry=r,
        )
        self._holds = Gauge(
            "ddz_holds_database",
            "1 while this worker holds its database and plays on it (0: standing by or lost)",
            registry=r,
        )
        self._resumed = Counter(
            "ddz_tables_taken_over",
            "Tables this worker resumed from storage when it started or took over",
            registry=r,
        )
        self._groups = Gauge(
            "ddz_worker_groups",
            "Groups whose lease this worker holds (several workers on PostgreSQL)",
            registry=r,
        )
        self._groups_taken = Gauge(
            "ddz_worker_groups_taken_over",
            "Groups this worker took from a worker that died or stopped, since it started",
            registry=r,
        )
        self._workers = Gauge(
            "ddz_workers_alive", "Workers alive on the database, as this one last saw", registry=r
        )
        self._playing: dict[int, str] = {}  # the tables in play and their game
        self._gauges: dict[str, Gauge] = {}
        self._counters: dict[tuple[Counter, str], Counter] = {}
        self._histograms: dict[tuple[Histogram, str, str], Histogram] = {}

    # ---- the hooks -------------------------------------------------------------------------
    def table(self, table_id: int, game: str | None) -> None:
        """A table was published (``game``: the game of its hand in play, None: no hand in
        play) or forgotten (None)."""
        before = self._playing.get(table_id)
        if before == game:
            return
        if before is not None:
            self._gauge(before).dec()
            del self._playing[table_id]
        if game is not None:
            self._gauge(game).inc()
            self._playing[table_id] = game

    def moved(self, game: str, count: int) -> None:
        """``count`` actions of a ``game`` table were saved."""
        if count:
            self._counter(self._moves, game).inc(count)

    def decided(self, game: str, by: str, seconds: float) -> None:
        """A seat's answer was saved ``seconds`` after its decision's clock started."""
        self._histogram(self._waits, game, by).observe(max(seconds, 0.0))

    def telegram_call(self, method: str) -> None:
        """A call to the Bot API is made."""
        self._counter(self._calls, method).inc()

    def telegram_flood(self, method: str) -> None:
        """Telegram answered a call 429."""
        self._counter(self._floods, method).inc()

    def transaction(self, seconds: float, failed: bool) -> None:
        """A write transaction ended (the database's ``transaction_observer``)."""
        self._transactions.observe(seconds)
        if failed:
            self._db_errors.inc()

    def holding(self, holds: Callable[[], bool]) -> None:
        """Whether this worker holds its database, read when scraped."""
        self._holds.set_function(lambda: 1.0 if holds() else 0.0)

    def workers(self, status: Callable[[], dict[str, Any]]) -> None:
        """This worker's leases and the others, read when scraped (``Cluster.status``)."""
        self._groups.set_function(lambda: float(status()["groups"]))
        self._groups_taken.set_function(lambda: float(status()["taken_over"]))
        self._workers.set_function(lambda: float(status()["workers"]))

    def resumed(self, tables: int) -> None:
        self._resumed.inc(tables)

    def ai_decided(self, game: str, seconds: float) -> None:
        """An AI decision for a ``game`` seat came after ``seconds``."""
        self._histogram(self._ai, game).observe(seconds)

    # ---- reading ---------------------------------------------------------------------------
    def exposition(self) -> bytes:
        """Every metric in Prometheus' text format (``/metrics``)."""
        return generate_latest(self.registry)

    # ---- the label children, made once -----------------------------------------------------
    def _gauge(self, game: str) -> Gauge:
        child = self._gauges.get(game)
        if child is None:
            child = self._gauges[game] = self._tables.labels(game)
        return child

    def _counter(self, family: Counter, label: str) -> Counter:
        child = self._counters.get((family, label))
        if child is None:
            child = self._counters[family, label] = family.labels(label)
        return child

    def _histogram(self, family: Histogram, game: str, by: str = "") -> Histogram:
        child = self._histograms.get((family, game, by))
        if child is None:
            made = family.labels(game, by) if by else family.labels(game)
            child = self._histograms[family, game, by] = made
        return child
