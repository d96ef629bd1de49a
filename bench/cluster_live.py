"""Live tables over the workers (``bench/cluster_load.py --people live``): tables of three
people playing at the Mini App's page, over WebSockets to the workers' live servers.

Each table is opened and seated through its group's buttons at the fake Telegram (one person
sends /newgame, the two others press Join; full, it deals), ``--seat-at-once`` tables at a
time, under the workers' own budget of the token's calls. Each person then opens the page of
their table (its token from the live table's button on their panel) from one of
``--clients`` other processes (``live_people``), over ``--ramp`` seconds: the pages go to the
workers' live ports in turn, as a proxy spreads them, so some land on the worker that holds
the table and others on one that shows it from storage (``ddz_bot/web/mirrors.py``) and sends
their actions on. A page whose worker is killed opens its socket again at the next port (a
worker that joins after a kill listens on the killed one's port) and carries on.

The decision wait is from the moment the seat must decide (the holder's table reached that
version) to the person's page taking the frame telling it: a frame says when its worker
published the version (a page there opened later: when it opened); a worker showing a table
held elsewhere publishes it once it has read it, so for each version the earliest moment any
page of the table was told is taken (with two workers every table has pages at both; with
pages only at a worker showing the table, the wait starts at its reading of it).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from cluster_workers import Pool, logged_errors, terminate
from live_people import ClientReport, Page, run_clients
from scratch import scratch_database

from tests.cluster.proxy import free_port
from tests.cluster.workers import Person, live_token, until
from tests.tg.fake_api import TELEGRAM_LIMITS, FakeBotAPI
from tests.tg.local_telegram import LocalTelegram, local_telegram
from tests.web.live import hello, launch_data

__all__ = ["Outcome", "run_live"]

#: a decision's wait in parts, seconds (``decision_waits``)
Path3 = tuple[float, float, float]

#: the page's origin (the workers' DDZ_WEBAPP_URL) and the workers' token
ORIGIN = "https://bot.example.org"
TOKEN = "1:x"
#: the longest wait for a step of a table's seating (the workers' budget of calls is shared
#: by every table being seated)
SEATING = 600.0


@dataclass
class Outcome:
    """What a run measured, for ``cluster_load`` to print."""

    waits: list[float] = field(default_factory=list)  # seconds
    handovers: list[float] = field(default_factory=list)
    moments: list[float] = field(default_factory=list)  # each Telegram call (no getUpdates)
    moves: int = 0
    elapsed: float = 0.0  # seconds of play
    cpu: float = 0.0  # the workers' CPU seconds over the play
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # the mode's own lines


@dataclass
class Seated:
    group: int
    people: list[Person]
    token: str


def settings(play_timeout: float) -> dict[str, str]:
    """The workers' settings with the live table on (the port: each worker's own)."""
    clock = str(play_timeout)
    return {
        "DDZ_PLAY_TIMEOUT": clock,
        "DDZ_BID_TIMEOUT": clock,
        "DDZ_DOUBLE_TIMEOUT": clock,
        "DDZ_LOBBY_TIMEOUT": "3600",
        "DDZ_WEBAPP_URL": f"{ORIGIN}/live/",
        "DDZ_WEBAPP_LISTEN": "127.0.0.1",
        # every page of the run connects from 127.0.0.1: no ceiling of one address's sockets
        "DDZ_WEBAPP_MAX_SOCKETS_PER_ADDRESS": "100000",
    }


async def seat_table(local: LocalTelegram, index: int, gate: asyncio.Semaphore) -> Seated | None:
    """Table ``index`` opened and dealt through its group's buttons (None: it never was,
    within ``SEATING`` seconds of a step)."""
    group = -(10**9) - index
    people = [
        Person(local, user_id=10**7 + index * 4 + k, name=f"P{index}-{k}", group=group)
        for k in range(3)
    ]

    def token() -> str | None:
        try:
            return live_token(people[0])
        except AssertionError:  # not dealt yet
            return None

    async with gate:
        try:
            people[0].send(group, "/newgame")
            lobby = await until(people[0].lobby, timeout=SEATING, interval=0.1)
            for person in people[1:]:
                query = person.press(lobby, "加入")
                answered = functools.partial(person.answer, query)
                await until(answered, timeout=SEATING, interval=0.1)
            found = await until(token, timeout=SEATING, interval=0.1)
        except AssertionError:
            return None
    return Seated(group, people, found)


def pages_of(seated: list[Seated], ports: list[int]) -> list[Page]:
    """Each person's page: its socket to the workers' ports in turn (the first its own)."""
    urls = [f"ws://127.0.0.1:{port}/live/ws" for port in ports]
    pages: list[Page] = []
    for table in seated:
        for person in table.people:
            first = len(pages) % len(urls)
            order = tuple(urls[(first + k) % len(urls)] for k in range(len(urls)))
            name = str(person.user["first_name"])
            said = hello(launch_data(person.user_id, name, token=TOKEN), table.token)
            pages.append(Page(person.user_id, order, said, ORIGIN, table.token))
    return pages


def decision_waits(reports: list[ClientReport], pages: list[Page]) -> list[Path3]:
    """Each decision's wait from the earliest moment a page of its table was told of the
    version (module docstring; a page's first frame after it opened: from its opening), in
    three parts: to the page's own worker publishing it (another worker's copy: the
    announcement and the read from storage), to the page's socket reading it, to the person
    taking it."""
    told: dict[tuple[str, int], float] = {}
    for report in reports:
        for key, at in report.told.items():
            told[key] = min(at, told.get(key, at))
    table_of = {page.user: page.table for page in pages}
    waits: list[Path3] = []
    for report in reports:
        for user, version, at, received, taken in report.traces:
            first = at
            if (user, version) not in report.opened:
                first = min(at, told.get((table_of[user], version), at))
            waits.append((at - first, received - at, taken - received))
    return waits


def path_lines(waits: list[Path3]) -> list[str]:
    """Where the slowest 1% of the decisions' wait went, on average."""
    slow = sorted(waits, key=sum)[int(len(waits) * 0.99) :]
    if not slow:
        return []
    copy, way, person = (sum(w[k] for w in slow) / len(slow) * 1000 for k in range(3))
    return [
        f"wait's path (slowest 1%, mean of {len(slow)}): to the page's worker publishing it"
        f" {copy:.0f} ms  to the page {way:.0f} ms  person's process {person:.0f} ms"
    ]


async def run_live(args: argparse.Namespace, folder: Path) -> Outcome:
    url = args.database_url if args.backend == "postgresql" else ""
    api = FakeBotAPI(keep_history=False, limits=TELEGRAM_LIMITS)
    with local_telegram(api) as local:
        async with scratch_database(folder, url) as target:
            ports = [free_port() for _ in range(args.workers)]
            env = settings(args.play_timeout)
            if isinstance(target, Path):
                env["DDZ_DB_PATH"] = str(target)
            workers = Pool(target, local.url, folder, env, ports)
            try:
                outcome = await _played(args, local, workers, ports)
            finally:
                terminate(workers)
            outcome.errors = logged_errors(workers.workers)
    return outcome


async def _played(
    args: argparse.Namespace, local: LocalTelegram, workers: Pool, ports: list[int]
) -> Outcome:
    await workers.start_all(args.workers)
    started = time.monotonic()
    gate = asyncio.Semaphore(max(1, args.seat_at_once))
    tried = await asyncio.gather(*(seat_table(local, i, gate) for i in range(args.tables)))
    seated = [table for table in tried if table is not None]
    outcome = Outcome()
    outcome.notes.append(
        f"tables seated through their groups in {time.monotonic() - started:.0f} s"
        f" ({len(tried) - len(seated)} never dealt, left out)"
    )
    pages = pages_of(seated, ports)
    ramp = args.tables / 50 if args.ramp is None else args.ramp
    clients = max(1, args.clients)
    loop = asyncio.get_running_loop()
    workers.count_from()
    began, until_at = time.monotonic(), time.time() + args.duration
    with ProcessPoolExecutor(clients) as people:
        jobs = [
            loop.run_in_executor(
                people, run_clients, pages[k::clients], args.think, ramp, until_at, k
            )
            for k in range(clients)
        ]
        for kill in range(args.kills):
            await asyncio.sleep(
                began + (kill + 1) * args.duration / (args.kills + 1) - time.monotonic()
            )
            outcome.handovers.append(await workers.kill())
            print(f"kill {kill + 1}: hand-over {outcome.handovers[-1]:.2f} s", flush=True)
        await asyncio.sleep(max(0.0, until_at - time.time()))
        outcome.cpu = workers.cpu_now()  # at the end, before the pages close
        outcome.elapsed = time.monotonic() - began
        reports = list(await asyncio.gather(*jobs))
    workers.stop()
    with local.lock:  # getUpdates is no call Telegram's limits count
        made = [(c.at, c.method) for c in local.api.calls if c.method != "getUpdates"]
    calls = outcome.moments = [at for at, _ in made]
    end = began + outcome.elapsed
    methods = Counter(method for at, method in made if began <= at <= end)
    paths = decision_waits(reports, pages)
    outcome.waits = [sum(path) for path in paths]
    outcome.notes += path_lines(paths)
    outcome.moves = sum(r.decisions - r.refused for r in reports)
    _note(outcome, reports, [at for at in calls if began <= at <= end])
    per_move = sum(methods.values()) / max(1, outcome.moves)
    listed = ", ".join(f"{method} {n}" for method, n in methods.most_common())
    outcome.notes.append(f"Telegram calls a move while the pages played: {per_move:.2f} ({listed})")
    return outcome


def _note(outcome: Outcome, reports: list[ClientReport], playing: list[float]) -> None:
    from tests.tg.fake_api import most_in_a_second

    outcome.notes += [
        f"decisions: {sum(r.decisions for r in reports)}"
        f"  refused: {sum(r.refused for r in reports)}"
        f"  never answered: {sum(r.unanswered for r in reports)}"
        f"  pages dropped: {sum(r.dropped for r in reports)}"
        f"  sockets opened again: {sum(r.reopened for r in reports)}"
        f" (closed: {_closes(reports)})",
        f"most Telegram calls in one second while the pages played: {most_in_a_second(playing)}",
        f"people's processes' CPU: {sum(r.cpu for r in reports):.1f} s",
    ]


def _closes(reports: list[ClientReport]) -> str:
    """Why the pages' sockets closed under them, most often first."""
    closes: Counter[str] = Counter()
    for report in reports:
        closes.update(report.closes)
    return ", ".join(f"{why} {n}" for why, n in closes.most_common()) or "none"
