"""Load on the live table: N tables of three people playing at the Mini App's page.

Run: python bench/live_load.py [--tables 100] [--duration 120] [--think 1.0] [--clients 4]
     [--seat-at-once 20] [--ramp S] [--ai-workers 1] [--profile FILE] [--sample FILE]

The bot runs as in ``bench/bot_load.py`` (the real Application over the in-process fake Bot
API, SQLite on a temporary file, pictures stubbed, ``--ai-workers`` AI processes as the bot's
setting) with its live server on 127.0.0.1; the tables are opened and seated through the
group's buttons, ``--seat-at-once`` at a time (Telegram's overall limit lifted while seating,
kept for the play), then their three people play one hand over WebSockets from
``--clients`` other processes (so their work is not the server's; a person's page runs on
their own phone, so a process holds a few hundred of them: with 1,500 people a process, the
slowest frames waited in the people's processes, not in the bot), opening their pages over
``--ramp`` seconds, each thinking ``--think`` seconds on average (0.5x to 1.5x) before a
decision: Hint then Play (or Pass), the first choice before the play. Printed:

- ``decision wait``: from the moment a person's seat must decide (the table reached that
  version on the server; a page opened later: when it opened) to the frame telling their
  page, as the page receives it;
- the wait's path, over all decisions and over the slowest 1%: the bot (from the table at
  its version to the frame handed to the page's socket), the way to the page (to the page's
  socket reading it) and the person's process (to the person taking it);
- how long the bot took to answer a hint and a move (to the page's answer), p50/p99/max;
- the loop lag of the bot (while every page is open: from the last one's opening, or half a
  minute after the ramp if some never open) and of the people's processes;
- the server's CPU per accepted move (the bot's process only, while every page is open), and
  the CPU of the AI's workers per move (the hints are worked out there);
- ``Telegram calls per hand``: every Bot API call into the hand's group and its people's
  private chats, from the deal to the result, for each hand played out.

``--profile FILE`` writes the bot's cProfile statistics of the same window; ``--sample FILE``
its stacks sampled every millisecond of CPU (``bench/sampling.py``: no cost per call).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bot_load import Driver, make_users, seat_table, stop_app, stub_pictures
from live_figures import cpu_of, print_path, print_window_calls
from live_people import Page, run_clients
from live_people import lags as loop_lags
from sampling import Sampler
from scratch import engine_name, scratch_database
from telegram.ext import AIORateLimiter

from ddz_bot.ai.timing import percentile
from ddz_bot.config import Settings
from ddz_bot.games.doudizhu.engine import classify
from ddz_bot.kernel import Cards
from ddz_bot.tg.app import build_application, runtime, tune_gc, tune_switching
from ddz_bot.tg.table import FINISHED
from ddz_bot.web.hub import LiveHub, Viewer
from ddz_bot.web.initdata import sign_init_data
from ddz_bot.web.server import LIVE_KEY, LiveServer, attach
from tests.tg.fake_api import FakeBotAPI

TOKEN = "123456:BENCH"


def launch(user: dict[str, Any]) -> str:
    fields = {
        "user": json.dumps({"id": user["id"], "first_name": user["first_name"]}),
        "auth_date": str(int(time.time())),
        "chat_type": "group",
    }
    return sign_init_data(fields, TOKEN)


# ---- the bot -------------------------------------------------------------------------------
#: the AI's worker processes (the bot's setting: hints are worked out there)
args_workers = [1]


async def start_bot(db_path: Path | str, api: FakeBotAPI) -> Any:
    """The bot on the SQLite file or the PostgreSQL URL ``db_path``."""
    settings = Settings(
        token=TOKEN,
        db_path=db_path if isinstance(db_path, Path) else Path("unused.sqlite3"),
        database_url=db_path if isinstance(db_path, str) else "",
        group_interval=3.5,
        deal_window=0.0,
        lobby_timeout=600.0,
        ai_workers=args_workers[0],
        bid_timeout=600.0,
        double_timeout=600.0,
        play_timeout=600.0,
        webapp_url="https://live.example.org/",
        webapp_port=0,
        # every page of the run connects from 127.0.0.1: no ceiling of one address's sockets
        webapp_max_sockets_per_address=100_000,
    )
    limiter = AIORateLimiter(
        overall_max_rate=0, group_max_rate=20, group_time_period=60, max_retries=0
    )
    app = build_application(settings, request=api, updates_request=api, rate_limiter=limiter)
    attach(app, settings)
    await app.initialize()
    assert app.post_init is not None
    await app.post_init(app)
    await app.start()
    return app


async def load(args: argparse.Namespace, tmp: Path) -> None:
    async with scratch_database(tmp, args.database_url) as target:
        print(f"database: {engine_name(target)}")
        await _load_on(args, target)


async def _load_on(args: argparse.Namespace, target: Path | str) -> None:
    stub_pictures()
    classify(Cards.parse("33"))  # the combo catalogue is built once, before the clock
    api = FakeBotAPI()
    app = await start_bot(target, api)
    rt = runtime(app)
    server: LiveServer = app.bot_data[LIVE_KEY]
    driver = Driver(api, app)
    started = time.perf_counter()
    # seating is not measured: Telegram's overall limit is lifted for it (kept for the play)
    budget, rt.outbox.budget.per_second = rt.outbox.budget.per_second, 0
    gate = asyncio.Semaphore(max(1, args.seat_at_once))

    async def seat(index: int) -> tuple[int, list[dict[str, Any]], int]:
        group, users = make_users(api, index, 3)
        for user in users:
            api.started.add(user["id"])
        async with gate:
            await seat_table(driver, group, users, measure=False)
        table = rt.table_in(group)
        assert table is not None
        return group, users, table.id

    tables = list(await asyncio.gather(*(seat(index) for index in range(args.tables))))
    await rt.drain()
    rt.outbox.budget.per_second = budget
    seated = time.perf_counter() - started
    urls: list[Page] = []
    for _, users, table_id in tables:
        token = server.tokens.token(table_id)
        for user in users:
            # the page's socket: no launch data in its URL, the first message carries it
            hello = json.dumps({"t": "hello", "init": launch(user), "table": token})
            urls.append(Page(user["id"], (f"ws://127.0.0.1:{server.port}/ws",), hello))
    written = _note_writes()
    dealt_calls = len(api.calls)
    chats = {group: table_id for group, _, table_id in tables}
    people = {user["id"]: table_id for _, users, table_id in tables for user in users}
    until = time.time() + args.duration
    ramp = args.tables / 50 if args.ramp is None else args.ramp
    loop = asyncio.get_running_loop()
    clients = max(1, args.clients)
    server_lags: list[float] = []
    with ProcessPoolExecutor(clients) as pool:
        jobs = [
            loop.run_in_executor(pool, run_clients, urls[k::clients], args.think, ramp, until, k)
            for k in range(clients)
        ]
        measured = asyncio.ensure_future(
            _measure(
                server,
                rt,
                len(urls),
                (time.time() + ramp + 30, until),
                (args.profile, args.sample),
                server_lags,
                api,
            )
        )
        reports = await asyncio.gather(*jobs)
        cpu, workers_cpu, moves, window_calls = await measured
    await rt.drain()
    finished = {table_id for _, _, table_id in tables if _phase(rt, table_id) == FINISHED}
    calls: dict[int, int] = {}
    for call in api.calls[dealt_calls:]:
        chat = str(call.params.get("chat_id", ""))
        if not chat.lstrip("-").isdigit():
            continue
        owner = chats.get(int(chat), people.get(int(chat)))
        if owner is not None:
            calls[owner] = calls.get(owner, 0) + 1
    waits = sorted(w * 1000 for r in reports for w in r.waits)
    decisions = sum(r.decisions for r in reports)
    refused = sum(r.refused for r in reports)
    dropped = sum(r.dropped for r in reports)
    print(
        f"tables: {args.tables}  seated in {seated:.1f} s  think {args.think:g} s"
        f"  duration {args.duration:g} s  pages opened over {ramp:g} s"
    )
    print(
        f"decisions: {decisions}  refused: {refused}  dropped connections: {dropped}"
        f"  hands played out: {len(finished)}"
    )
    if waits:
        print(
            f"decision wait: p50 {percentile(waits, 0.5):.1f} ms"
            f"  p99 {percentile(waits, 0.99):.1f} ms  max {waits[-1]:.1f} ms"
        )
        print_path([t for r in reports for t in r.traces], written)
    for kind in ("hint", "move"):
        took = sorted(t * 1000 for r in reports for t in r.answers[kind])
        if took:
            print(
                f"answer to a {kind}: p50 {percentile(took, 0.5):.1f} ms"
                f"  p99 {percentile(took, 0.99):.1f} ms  max {took[-1]:.1f} ms"
            )
    for name, lags in (
        ("bot, every page open", server_lags),
        ("people's processes", [lag for r in reports for lag in r.lags]),
    ):
        lags = sorted(lag * 1000 for lag in lags)
        if lags:
            print(
                f"loop lag ({name}): p50 {percentile(lags, 0.5):.1f} ms"
                f"  p99 {percentile(lags, 0.99):.1f} ms  max {lags[-1]:.1f} ms"
            )
    if moves:
        print(
            f"server CPU per move: {cpu / moves * 1000:.2f} ms ({moves} moves, {cpu:.1f} s CPU"
            " with every page open)"
        )
        print(f"AI workers' CPU per move (hints): {workers_cpu / moves * 1000:.2f} ms")
        print_window_calls(api.calls[window_calls[0] : window_calls[1]], moves)
        people_cpu = sum(r.cpu for r in reports)
        print(
            f"people's processes' CPU: {people_cpu:.1f} s in all"
            f" ({people_cpu / max(1, rt.accepted_moves) * 1000:.2f} ms a move of the whole run)"
        )
    if finished:
        per_hand = sum(calls.get(t, 0) for t in finished) / len(finished)
        print(f"Telegram calls per hand: {per_hand:.1f}")
    await server.stop()
    await stop_app(app)


async def _measure(
    server: LiveServer,
    rt: Any,
    pages: int,
    window: tuple[float, float],
    profile_to: tuple[str, str],
    lags: list[float],
    api: FakeBotAPI,
) -> tuple[float, float, int, tuple[int, int]]:
    """The bot's CPU seconds, its AI workers' and the accepted moves while every page is
    open: from the moment the last one joined (or, some of them never opening or already
    dropped, the first of ``window``: the ramp over and half a minute more) to its second
    (the connections' opening and closing are not moves)."""
    opened_by, until = window
    while server.hub.watching() < pages and time.time() < min(opened_by, until):
        await asyncio.sleep(0.05)
    moves, cpu, first_call = rt.accepted_moves, time.process_time(), len(api.calls)
    workers = rt.thinker.processes()
    workers_cpu = cpu_of(workers)
    profile = cProfile.Profile(time.process_time) if profile_to[0] else None  # CPU, not wall
    if profile is not None:
        profile.enable()
    sampler = Sampler() if profile_to[1] else None
    if sampler is not None:
        sampler.start()
    await loop_lags(lags, until - 0.05)
    cpu, moves = time.process_time() - cpu, rt.accepted_moves - moves
    calls = (first_call, len(api.calls))
    workers_cpu = cpu_of(workers) - workers_cpu
    if profile is not None:
        profile.disable()
        profile.dump_stats(profile_to[0])
    if sampler is not None:
        sampler.stop()
        sampler.write(profile_to[1])
    return cpu, workers_cpu, moves, calls


def _note_writes() -> dict[tuple[int, int], float]:
    """From now on, when each state frame was handed to its page's socket, by (user,
    version): the bot's side of a decision's wait."""
    written: dict[tuple[int, int], float] = {}
    send = LiveHub._send_text
    prefix = '{"t":"state","v":'

    def noted(viewer: Viewer, text: str) -> None:
        if text.startswith(prefix):
            version = int(text[len(prefix) : text.index(",", len(prefix))])
            written.setdefault((viewer.user_id, version), time.time())
        send(viewer, text)

    LiveHub._send_text = staticmethod(noted)  # type: ignore[method-assign]
    return written


def _phase(rt: Any, table_id: int) -> Any:
    table = rt.get(table_id)
    return None if table is None else table.phase


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--duration", type=float, default=120.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument(
        "--ramp",
        type=float,
        default=None,
        help="seconds over which the pages open (default: a second for 50 tables)",
    )
    parser.add_argument(
        "--ai-workers", type=int, default=1, help="the AI's worker processes (0: on the loop)"
    )
    parser.add_argument(
        "--seat-at-once", type=int, default=20, help="tables seated at once before the play"
    )
    parser.add_argument(
        "--profile", default="", help="write the bot's cProfile stats of the play to this file"
    )
    parser.add_argument(
        "--database-url",
        default="",
        help="run on PostgreSQL (a scratch schema of this database) instead of SQLite",
    )
    parser.add_argument(
        "--sample", default="", help="write the bot's sampled stacks of the play to this file"
    )
    args = parser.parse_args()
    args_workers[0] = args.ai_workers
    tune_gc()
    tune_switching()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(load(args, Path(tmp)))


if __name__ == "__main__":
    main()
