"""Workers on PostgreSQL: ``python bot.py`` processes on one database, one playing and the
others standing by. The one playing is killed (SIGKILL) or told to stop (SIGTERM) in the
middle of a hand: a worker standing by takes the database's hold, resumes the table from
storage and the person plays on to the result, settled once, every accepted move kept.

The bots talk to the fake Bot API over HTTP (``tests/tg/local_telegram.py``) by long polling;
the test is the person, pressing their panel's buttons as Telegram would deliver them.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from ddz_bot import database_start as codes

from ..tg.local_telegram import LocalTelegram
from .workers import GROUP, Person, Worker, decide, settled, until


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "stopped"])
async def test_a_worker_standing_by_takes_over_a_hand_in_play(
    how: signal.Signals,
    url: str,
    telegram: LocalTelegram,
    workers: list[Worker],
    tmp_path: Path,
) -> None:
    first = Worker(url, telegram.url, tmp_path)
    workers.append(first)
    await first.says("ready as @")
    second = Worker(url, telegram.url, tmp_path)
    workers.append(second)
    await second.says("ready as @")
    alice = Person(telegram)
    alice.send(GROUP, "/newgame")
    lobby = await until(alice.lobby)
    await alice.press_answered(lobby, "开始")
    pressed: set[tuple[str, ...]] = set()
    for _ in range(3):  # her bid and a few more decisions, with the first worker
        assert await decide(alice, pressed)
    before = (await settled(url))[1]
    assert before >= 3
    stopped = time.monotonic()
    code = first.stop(how)
    assert code == (0 if how is signal.SIGTERM else -signal.SIGKILL)
    ready = await second.says("took over", timeout=15)
    handover = ready - stopped
    assert handover < 10.0, handover  # the figures: README, "A worker standing by"
    print(f"hand-over after {how.name}: {handover:.2f} s; {''.join(second.said[-12:])}")
    deadline = time.monotonic() + 120
    while (await settled(url))[0] == 0:  # she plays on with the worker that took over
        assert time.monotonic() < deadline, "".join(second.said)
        await decide(alice, pressed, timeout=2.0)
    hands, actions, off = await settled(url)
    assert hands == 1 and actions > before  # one settlement, the moves of both workers
    assert off and all(delta == 0 for delta in off)  # every balance is its ledger's sum
    assert second.process.poll() is None


def test_a_lost_hold_has_its_own_exit_code() -> None:
    assert codes.LOST_HOLD == 17 and codes.LOST_HOLD not in codes.EXIT_CODES.values()
