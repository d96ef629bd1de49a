"""Load on the Telegram layer: N concurrent tables over the in-process fake Bot API.

Run: python bench/bot_load.py [--tables 500] [--humans 2] [--duration 90] [--render]
     [--game classic|baohuang] [--think 3] [--typing 0.5] [--commands 0.2]
     [--no-overall-limit] [--api-latency SECONDS [--slow-share 0.01]] [--open-within 10]
     [--newcomers 1.0] [--ai-workers 1]

Each table sits in its own group (``--game baohuang``: five seats of 保皇, the players in
``bench/bot_load_bh.py``) with ``--humans`` scripted people and AI seats for the rest; hands
are played one after another until ``--duration`` seconds have passed. A person acts only
once their panel told them to decide, after thinking ``--think`` seconds on average (spread
from 0.4 to 1.6 times that);
``--typing`` of them type their plays (now and then a hint or a word the bot refuses first),
the others press buttons; ``--commands`` of them ask for ``/balance`` or ``/rank`` in the
group now and then. The real Application runs as the bot does: handlers, JobQueue, the rate
limiter with Telegram's overall 30 calls a second (``--no-overall-limit`` to see past it),
SQLite on a temporary file. Printed:

- the decision wait: from the moment a seat must decide to the moment the call that tells its
  person returns, p50/p99/max, in all and by kind of decision; the time-outs the bot caused
  (the person was never told before their clock ran out) apart from those of people who were
  told and did not act (``bench/load_watch.py``); typed messages answered (the first call
  showing something in that chat after them), and a typed hint's or refused word's own
  reply (the text message that answers it);

- update-handling latency (p50/p99) of the players' updates, each handed to the bot as its
  polling loop does (through the update processor: concurrent across tables, in order
  within one);
- Bot API calls per accepted move (every action the engine accepted, AI moves included),
  group and private chats separately and in all, by method, and the 429s received (the fake
  keeps Telegram's per-chat limits unless ``--no-limits``);
- the most messages sent to one group in any 60 s window, and the most Telegram calls of any
  method in one second (a sliding window over every call: the bot token's budget);
- memory per table (tracemalloc, a separate warm-up of ``--memory-tables`` tables dealt and
  bidding, allocations of the fake Telegram left out; 0: not measured).

The groups open their tables at random moments within ``--open-within`` seconds.
``--api-latency`` makes every call of the fake Bot API take that long, and ``--slow-share`` of
them (1% by default) take 5 s, as a busy Telegram does. ``--newcomers`` is the share of people who
never wrote to the bot (sitting down asks Telegram whether their private chat is open: that
update waits for its answer); the others sent /start before the load. ``--ai-workers``: the
processes computing the AI's decisions (0: on the bot's loop, as before).

By default pictures are stubbed (the bot layer is measured, not Pillow: see
``bench/render_bench.py``); ``--render`` draws the real ones. ``bench/load_report.py`` reads
the figures of a run and prints them.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot_load_bh import BH_PICTURES
from load_people import Habit, player
from load_report import SLOW_CALL, LoadRun, print_figures
from load_watch import Watch, typed_answers, typed_replies
from scratch import scratch_database
from telegram import Update

from ddz_bot.config import Settings
from ddz_bot.games.doudizhu.tg import present
from ddz_bot.tg.app import build_application, runtime, tune_gc, tune_switching
from ddz_bot.tg.runtime import Runtime
from ddz_bot.tg.table import FINISHED
from tests.tg.fake_api import TELEGRAM_LIMITS, FakeBotAPI, FakeMessage

AnyApp = Any
_stub_counter = itertools.count()


def stub_pictures() -> None:
    """Replace the Pillow pictures by tiny distinct byte strings."""

    def stub(*_: object, **__: object) -> bytes:
        return b"\x89PNG-stub-%d" % next(_stub_counter)

    for name in ("render_table", "render_hand", "render_result"):
        setattr(present, name, stub)
    module, names = BH_PICTURES
    for name in names:
        setattr(module, name, stub)


class Driver:
    """Builds updates as Telegram would and times their handling."""

    def __init__(self, api: FakeBotAPI, app: AnyApp) -> None:
        self.api = api
        self.app = app
        #: private chats typed into, and when (``load_watch.typed_answers``)
        self.typed: list[tuple[int, float, str]] = []
        self.latencies: list[float] = []
        self.by_kind: dict[str, list[float]] = {}
        self._queries = itertools.count(1)

    async def feed(self, update: dict[str, Any], measure: bool = True) -> None:
        parsed = Update.de_json(update, self.app.bot)
        start = time.perf_counter()
        await self.app.update_processor.process_update(parsed, self.app.process_update(parsed))
        if measure:
            took = time.perf_counter() - start
            self.latencies.append(took)
            if "callback_query" in update:
                kind = "button " + str(update["callback_query"]["data"]).split("|")[0]
            else:
                kind = "text" if not update["message"]["text"].startswith("/") else "command"
            self.by_kind.setdefault(kind, []).append(took)

    async def send(
        self, user: dict[str, Any], chat_id: int, text: str, measure: bool = True
    ) -> None:
        api = self.api
        message: dict[str, Any] = {
            "message_id": api.new_message_id(chat_id),
            "date": int(time.time()),
            "chat": api.chat_dict(chat_id),
            "from": user,
            "text": text,
        }
        if text.startswith("/"):
            message["entities"] = [
                {"type": "bot_command", "offset": 0, "length": len(text.split()[0])}
            ]
        elif chat_id > 0 and measure:
            self.typed.append((chat_id, time.monotonic(), text))
        await self.feed({"update_id": api.next_update_id(), "message": message}, measure)

    async def press(
        self, user: dict[str, Any], message: FakeMessage | None, label: str, measure: bool = True
    ) -> dict[str, Any] | None:
        if message is None:
            return None
        matches = [b for b in message.buttons() if label in b["text"]]
        if not matches:
            return None
        query_id = f"q{next(self._queries)}"
        await self.feed(
            {
                "update_id": self.api.next_update_id(),
                "callback_query": {
                    "id": query_id,
                    "from": user,
                    "chat_instance": str(message.chat_id),
                    "message": self.api.message_dict(message),
                    "data": matches[0]["callback_data"],
                },
            },
            measure,
        )
        return self.api.callback_answers.pop(query_id, {})


#: the game the tables play (``--game``): its /newgame word and its seats
GAMES = {"classic": ("/newgame", 3), "baohuang": ("/newgame bh", 5)}
GAME = ["classic"]


async def seat_table(
    driver: Driver, group: int, users: list[dict[str, Any]], measure: bool
) -> None:
    command, seats = GAMES[GAME[0]]
    await driver.send(users[0], group, command, measure)
    lobby = driver.api.last_message(group, with_buttons=True)
    for _ in range(600):  # until the lobby is in the group: its buttons can be pressed
        if lobby is not None:
            break
        await asyncio.sleep(0.05)
        lobby = driver.api.last_message(group, with_buttons=True)
    for user in users[1:]:
        await driver.press(user, lobby, "加入", measure)
    if len(users) < seats:
        await driver.press(users[0], lobby, "开始", measure)


async def seat_table_at(
    driver: Driver, group: int, users: list[dict[str, Any]], delay: float
) -> None:
    """One group opens its table ``delay`` seconds from now (the groups arrive together)."""
    await asyncio.sleep(delay)
    await seat_table(driver, group, users, measure=True)


async def start_app(
    db_path: Path | str,
    api: FakeBotAPI,
    group_interval: float,
    ai_workers: int = 1,
    *,
    overall_rate: int = 30,
) -> AnyApp:
    """The bot as it runs (its own rate limiter; ``overall_rate`` 0: no overall limit), on
    the SQLite file or the PostgreSQL URL ``db_path``."""
    settings = Settings(
        token="123456:BENCH",
        db_path=db_path if isinstance(db_path, Path) else Path("unused.sqlite3"),
        database_url=db_path if isinstance(db_path, str) else "",
        group_interval=group_interval,
        deal_window=0.0,
        lobby_timeout=600.0,
        ai_workers=ai_workers,
        overall_rate=overall_rate,
    )
    app = build_application(settings, request=api, updates_request=api)
    await app.initialize()
    assert app.post_init is not None
    await app.post_init(app)
    await app.start()
    return app


async def stop_app(app: AnyApp) -> None:
    await app.stop()
    assert app.post_shutdown is not None
    await app.shutdown()
    await app.post_shutdown(app)


def make_users(api: FakeBotAPI, table: int, humans: int) -> tuple[int, list[dict[str, Any]]]:
    group = -(10**9) - table
    api.add_group(group, f"bench {table}")
    users = [api.add_user(10**7 + table * 8 + k, f"P{table}-{k}") for k in range(humans)]
    return group, users


async def memory_per_table(tables: int, humans: int, tmp: Path) -> float:
    """tracemalloc bytes per table dealt and waiting for a bid (the fake Telegram excluded)."""
    api = FakeBotAPI(keep_history=False)
    app = await start_app(tmp / "memory.sqlite3", api, 3.5)
    driver = Driver(api, app)
    groups = [make_users(api, i, humans) for i in range(tables)]
    await seat_table(driver, *groups[0], measure=False)  # warm caches first
    await runtime(app).drain()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for group, users in groups[1:]:
        await seat_table(driver, group, users, measure=False)
    await runtime(app).drain()
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    skip = ("fake_api.py", "tracemalloc", "bot_load.py")
    stats = after.compare_to(before, "filename")
    total = sum(
        s.size_diff
        for s in stats
        if not any(part in (s.traceback[0].filename or "") for part in skip)
    )
    await stop_app(app)
    return total / (tables - 1)


def slow_telegram(api: FakeBotAPI, seconds: float, slow_share: float, seed: int) -> None:
    """Every Bot API call takes ``seconds``; ``slow_share`` of them take ``SLOW_CALL``."""
    draw = random.Random(seed)

    async def latency(method: str, chat_id: int | None) -> None:
        await asyncio.sleep(SLOW_CALL if draw.random() < slow_share else seconds)

    api.latency = latency


def habits(args: argparse.Namespace, count: int, rng: random.Random) -> list[Habit]:
    """Each person's habit: ``--typing`` and ``--commands`` of them by a fixed draw."""
    return [
        Habit(rng.random() < args.typing, rng.random() < args.commands, args.think)
        for _ in range(count)
    ]


async def table_life(
    driver: Driver,
    manager: Runtime,
    watch: Watch,
    seating: tuple[int, list[dict[str, Any]], float],
    people: list[Habit],
    until: float,
    rng: random.Random,
    hands: list[int],
) -> None:
    """One group: opens its table ``delay`` seconds from now, then its people play."""
    group, users, delay = seating
    await seat_table_at(driver, group, users, delay)
    await asyncio.gather(
        *(
            player(driver, manager, watch, group, users, k, people[k], until, rng, hands)
            for k in range(len(users))
        )
    )


async def load(args: argparse.Namespace, tmp: Path) -> None:
    api = FakeBotAPI(keep_history=False, limits=None if args.no_limits else TELEGRAM_LIMITS)
    if args.api_latency > 0:
        slow_telegram(api, args.api_latency, args.slow_share, args.seed)
    async with scratch_database(tmp, args.database_url) as target:
        await _load_on(args, api, target)


async def _load_on(args: argparse.Namespace, api: FakeBotAPI, target: Path | str) -> None:
    app = await start_app(
        target,
        api,
        args.group_interval,
        args.ai_workers,
        overall_rate=0 if args.no_overall_limit else 30,
    )
    manager = runtime(app)
    watch = Watch(manager)
    watch.install()
    driver = Driver(api, app)
    rng = random.Random(args.seed)
    manager.rng = random.Random(args.seed)
    tables = [make_users(api, i, args.humans) for i in range(args.tables)]
    for _, users in tables:  # who has written to the bot before: it knows it can write back
        for user in users:
            if rng.random() >= args.newcomers:
                await driver.send(user, user["id"], "/start", measure=False)
    await manager.drain()
    started = time.monotonic()
    cpu_started = time.process_time()
    calls_before = len(api.calls)
    until = started + args.open_within + args.duration
    hands = [0]
    await asyncio.gather(
        *(
            table_life(
                driver,
                manager,
                watch,
                (group, users, rng.uniform(0, args.open_within)),
                habits(args, len(users), rng),
                until,
                rng,
                hands,
            )
            for group, users in tables
        )
    )
    await manager.drain()
    run = LoadRun(
        elapsed=time.monotonic() - started,
        cpu=time.process_time() - cpu_started,
        moves=manager.accepted_moves,
        all_calls=list(api.calls),
        calls_before=calls_before,
        too_many=api.too_many_total,
        latencies=driver.latencies,
        seated_updates=0,
        by_kind=driver.by_kind,
        hands_restarted=hands[0],
        tables_finished=sum(
            1
            for group, _ in tables
            if (t := manager.table_in(group)) is not None and t.phase == FINISHED
        ),
        in_workers=manager.thinker.in_workers,
        thinking=list(manager.thinker.times.thinking),
        waited=list(manager.thinker.times.waited),
        waits=watch.waits,
        bot_timeouts=watch.bot_timeouts,
        people_timeouts=watch.people_timeouts,
        typed=typed_answers(driver.typed, list(api.calls)),
        typed_sent=len(driver.typed),
        typed_replies=typed_replies(driver.typed, list(api.calls)),
        too_many_by_chat=dict(api.too_many),
        budget_waits=watch.budget_waits,
    )
    await stop_app(app)
    print_figures(args, run)


async def main_async(args: argparse.Namespace) -> None:
    if not args.render:
        stub_pictures()
    if args.gc_threshold:
        tune_gc(args.gc_threshold)
    if args.switch_interval:
        tune_switching(args.switch_interval)

    with tempfile.TemporaryDirectory() as tmp:
        if args.memory_tables > 1:
            per_table = await memory_per_table(args.memory_tables, args.humans, Path(tmp))
            print(
                f"memory per table (dealt, bidding): {per_table / 1024:.1f} KB "
                f"({args.memory_tables} tables, tracemalloc)"
            )
        await load(args, Path(tmp))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--humans", type=int, default=2, choices=(1, 2, 3, 4, 5))
    parser.add_argument("--game", default="classic", choices=tuple(GAMES))
    parser.add_argument("--duration", type=float, default=90.0)
    parser.add_argument(
        "--think", type=float, default=3.0, help="the people's mean think time, seconds"
    )
    parser.add_argument(
        "--typing", type=float, default=0.5, help="the share of people who type their plays"
    )
    parser.add_argument(
        "--commands",
        type=float,
        default=0.2,
        help="the share of people who ask for /balance or /rank in the group now and then",
    )
    parser.add_argument(
        "--no-overall-limit",
        action="store_true",
        help="no overall limit of 30 calls a second (Telegram's, which the bot keeps)",
    )
    parser.add_argument("--group-interval", type=float, default=3.5)
    parser.add_argument(
        "--memory-tables", type=int, default=0, help="tables of the memory warm-up (0: none)"
    )
    parser.add_argument("--render", action="store_true")
    parser.add_argument("--by-kind", action="store_true", help="latency by kind of update")
    parser.add_argument(
        "--no-limits", action="store_true", help="the fake Telegram keeps no per-chat limits"
    )
    parser.add_argument(
        "--api-latency",
        type=float,
        default=0.0,
        help="seconds every fake Bot API call takes (0: answered at once)",
    )
    parser.add_argument(
        "--slow-share",
        type=float,
        default=0.01,
        help=f"with --api-latency: the share of calls that take {SLOW_CALL:.0f} s",
    )

    parser.add_argument(
        "--open-within",
        type=float,
        default=10.0,
        help="the groups open their tables within this many seconds",
    )
    parser.add_argument(
        "--ai-workers",
        type=int,
        default=1,
        help="processes computing the AI's decisions (0: on the bot's loop)",
    )
    parser.add_argument(
        "--newcomers",
        type=float,
        default=1.0,
        help="the share of people who never wrote to the bot: sitting down asks Telegram "
        "whether their private chat is open (the others sent /start before)",
    )
    parser.add_argument(
        "--switch-interval",
        type=float,
        default=0.0005,
        help="the interpreter's switch interval, as bot.py sets it (0: Python's default)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default="",
        help="run on PostgreSQL (a scratch schema of this database) instead of SQLite",
    )
    parser.add_argument(
        "--gc-threshold",
        type=int,
        default=50_000,
        help="first-generation GC threshold, as bot.py sets it (0: Python's default)",
    )
    args = parser.parse_args()
    GAME[0] = args.game
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
