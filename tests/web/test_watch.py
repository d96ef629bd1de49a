"""What a host watches: ``/metrics`` scraped while hands are played through the real
Application over the fake Bot API (the counts move as the hand does and agree with what
Telegram saw), and ``/healthz`` following the database; on the metrics' own port without the
live table, on the live table's port with it."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from telegram.ext import Application
from tornado.httpclient import AsyncHTTPClient, HTTPResponse

import bot as entry
import ddz_bot.tg.ratelimit as ratelimit_module
import ddz_bot.web.server as server_module
import ddz_bot.web.watch as watch_module
from ddz_bot.tg.app import build_application, runtime
from ddz_bot.tg.metrics import Metrics
from ddz_bot.tg.ratelimit import ChatRateLimiter
from ddz_bot.web.watch import WATCH_KEY, WatchServer, attach_watch
from tests.tg.clocks import ManualClock, RecordedWaits
from tests.tg.conftest import make_settings
from tests.tg.fake_api import FakeBotAPI
from tests.tg.harness import Harness, SimUser
from tests.tg.scripts import current_table, play_until_over, take_turn, whose_turn

from ..environment import only_settings
from .live import WEBAPP_URL, server_of

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


async def _watched_bot(tmp_path: Path) -> Harness:
    """The bot with its metrics on their own port (no live table), the bot's own rate limiter
    (where Telegram calls are counted) without pacing."""
    settings = make_settings(tmp_path, metrics_port=0)
    api = FakeBotAPI()
    limiter = ChatRateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=2)
    application = build_application(
        settings, request=api, updates_request=api, rate_limiter=limiter
    )
    attach_watch(application, settings)
    harness = Harness(api, application)

    async def settle() -> None:
        await runtime(application).drain()

    harness._settle = settle
    await harness.start()
    runtime(application).rng = random.Random(7)
    return harness


@pytest.fixture
async def watched(tmp_path: Path) -> AsyncIterator[Harness]:
    harness = await _watched_bot(tmp_path)
    try:
        yield harness
    finally:
        await harness.stop()


def _port(bot: Harness) -> int:
    server = bot.app.bot_data[WATCH_KEY]
    assert isinstance(server, WatchServer)
    return server.port


async def _get(port: int, path: str) -> HTTPResponse:
    return await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}{path}", raise_error=False)


async def _scrape(port: int) -> Samples:
    response = await _get(port, "/metrics")
    assert response.code == 200
    assert response.headers["Content-Type"].startswith("text/plain")
    found: Samples = {}
    for family in text_string_to_metric_families(response.body.decode()):
        for sample in family.samples:
            found[sample.name, tuple(sorted(sample.labels.items()))] = sample.value
    return found


def _value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def _by_method(samples: Samples, name: str) -> dict[str, float]:
    return {dict(key)["method"]: value for (n, key), value in samples.items() if n == name}


async def _two_people_and_an_ai(bot: Harness) -> tuple[int, list[SimUser]]:
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    await bob.press(lobby, "加入")
    await alice.press(lobby, "开始")  # the empty seat gets an AI
    return group, [alice, bob]


async def test_the_counts_move_as_a_hand_is_played_and_health_follows_the_database(
    watched: Harness, manager_clock: ManualClock, outbox_waits: RecordedWaits
) -> None:
    port = _port(watched)
    idle = await _scrape(port)
    assert _value(idle, "ddz_tables_in_play", game="doudizhu") == 0
    assert _value(idle, "ddz_holds_database") == 1  # the worker playing
    assert _value(idle, "ddz_tables_taken_over_total") == 0  # nothing stored to resume

    group, people = await _two_people_and_an_ai(watched)
    dealt = await _scrape(port)
    assert _value(dealt, "ddz_tables_in_play", game="doudizhu") == 1
    moves = _value(dealt, "ddz_moves_total", game="doudizhu")
    assert moves >= 1  # the deal, and whatever the AI answered before a person's turn

    # a person takes 7 seconds over their decision: the wait is observed once it is saved
    person = whose_turn(watched, group, people)
    assert person is not None
    manager_clock.advance(7)
    await take_turn(watched, group, person)
    decided = await _scrape(port)
    count = "ddz_decision_wait_seconds_count"
    assert _value(decided, count, game="doudizhu", by="person") == 1
    assert _value(decided, "ddz_decision_wait_seconds_sum", game="doudizhu", by="person") >= 7
    buckets = {
        dict(labels)["le"]: value
        for (name, labels), value in decided.items()
        if name == "ddz_decision_wait_seconds_bucket" and dict(labels)["by"] == "person"
    }
    assert (buckets["5.0"], buckets["8.0"], buckets["+Inf"]) == (0, 1, 1)  # 7 s, in 5 to 8
    assert _value(decided, "ddz_moves_total", game="doudizhu") > moves

    table = await play_until_over(watched, group, people)
    over = await _scrape(port)
    assert _value(over, "ddz_tables_in_play", game="doudizhu") == 0
    rt = runtime(watched.app)
    assert _value(over, "ddz_moves_total", game="doudizhu") == rt.accepted_moves
    assert _value(over, count, game="doudizhu", by="person") > 1
    assert _value(over, count, game="doudizhu", by="ai") >= 1  # the AI seat answered too
    assert _value(over, "ddz_ai_decision_seconds_count", game="doudizhu") >= 1
    assert _value(over, "ddz_db_transaction_seconds_count") > 0
    assert _value(over, "ddz_db_transaction_errors_total") == 0
    # every call Telegram saw since the bot's parts were built, by method (getMe came first)
    seen = Counter(call.method for call in watched.api.calls if call.method != "getMe")
    assert _by_method(over, "ddz_telegram_calls_total") == seen
    assert seen["sendPhoto"] >= 1 and seen["answerCallbackQuery"] >= 1
    assert table.game is not None and table.game.over

    healthy = await _get(port, "/healthz")
    assert healthy.code == 200 and json.loads(healthy.body)["status"] == "ok"
    await rt.db.close()
    down = await _get(port, "/healthz")
    assert down.code == 503 and json.loads(down.body)["status"] == "unavailable"


async def test_a_429_is_counted_by_its_method(
    watched: Harness,
    outbox_waits: RecordedWaits,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ratelimit_module, "asyncio", RecordedWaits())  # a hold returns at once
    group, people = await _two_people_and_an_ai(watched)
    person = whose_turn(watched, group, people)
    assert person is not None
    watched.api.flood_next("*", retry_after=1)
    await take_turn(watched, group, person)
    samples = await _scrape(_port(watched))
    floods = _by_method(samples, "ddz_telegram_429_total")
    assert sum(floods.values()) == watched.api.too_many_total == 1
    flooded = next(call.method for call in watched.api.calls if not call.ok)
    assert floods == {flooded: 1}
    seen = Counter(call.method for call in watched.api.calls if call.method != "getMe")
    assert _by_method(samples, "ddz_telegram_calls_total") == seen  # the refused one too


async def test_the_live_tables_server_serves_metrics_and_health_on_its_port(
    live: Harness,
) -> None:
    port = server_of(live).port
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    await users[0].send(group, "/newgame")
    lobby = live.api.last_message(group, with_buttons=True)
    for user in users[1:]:
        await user.press(lobby, "加入")
    assert current_table(live, group).game is not None
    samples = await _scrape(port)
    assert _value(samples, "ddz_tables_in_play", game="doudizhu") == 1
    assert _value(samples, "process_resident_memory_bytes") > 0  # the process's own too
    health = await _get(port, "/healthz")
    assert health.code == 200
    assert json.loads(health.body) == {"status": "ok", "database": "ok", "holds": True}


@pytest.mark.parametrize(
    ("variables", "served"),
    [
        ({}, []),  # off by default: no port, no live table
        ({"DDZ_METRICS_PORT": "9108"}, ["own server"]),
        ({"DDZ_WEBAPP_URL": WEBAPP_URL}, ["live table's server"]),
    ],
)
def test_the_bot_serves_the_watch_only_where_asked(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    variables: dict[str, str],
    served: list[str],
) -> None:
    only_settings(monkeypatch, tmp_path, DDZ_BOT_TOKEN="123:abc", **variables)
    seen: list[str] = []

    def record(name: str) -> Any:
        return lambda *args, **kwargs: seen.append(name)

    monkeypatch.setattr(watch_module, "attach_watch", record("own server"))
    monkeypatch.setattr(server_module, "attach", record("live table's server"))
    monkeypatch.setattr(Application, "run_polling", lambda *args, **kwargs: None)
    assert entry.main() == 0
    assert seen == served


def test_two_bots_in_one_process_count_apart() -> None:
    first, second = Metrics(), Metrics()
    first.moved("doudizhu", 3)
    first.table(1, "doudizhu")
    first.table(1, "doudizhu")  # published again: still one table
    second.table(2, "baohuang")
    first.table(1, None)
    assert b'ddz_moves_total{game="doudizhu"} 3.0' in first.exposition()
    assert b"ddz_moves_total{" not in second.exposition()
    assert b'ddz_tables_in_play{game="doudizhu"} 0.0' in first.exposition()
    assert b'ddz_tables_in_play{game="baohuang"} 1.0' in second.exposition()
