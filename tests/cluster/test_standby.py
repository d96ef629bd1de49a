"""Workers on PostgreSQL: ``python bot.py`` processes on one database, all playing. The one
holding a hand's group is killed (SIGKILL) or told to stop (SIGTERM) in the middle of the
hand: the other takes the group over, resumes the table from storage and the person plays on
to the result, settled once, every accepted move kept. A rolling restart (each worker stopped
and started again in turn) while she plays costs her nothing.

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
from .workers import (
    GROUP,
    Person,
    Worker,
    decide,
    holders,
    holding,
    settled,
    start_ready,
    until,
)


async def play_to_the_end(url: str, alice: Person, pressed: set[tuple[str, ...]]) -> None:
    deadline = time.monotonic() + 120
    while (await settled(url))[0] == 0:
        assert time.monotonic() < deadline, "the hand never ended"
        await decide(alice, pressed, timeout=2.0)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "stopped"])
async def test_the_worker_holding_a_hand_goes_and_the_other_plays_it_on(
    how: signal.Signals,
    url: str,
    telegram: LocalTelegram,
    workers: list[Worker],
    tmp_path: Path,
) -> None:
    for _ in range(2):
        await start_ready(workers, url, telegram.url, tmp_path)
    alice = Person(telegram)
    alice.send(GROUP, "/newgame")
    lobby = await until(alice.lobby)
    await alice.press_answered(lobby, "开始")
    pressed: set[tuple[str, ...]] = set()
    for _ in range(3):  # her bid and a few more decisions, with the group's worker
        assert await decide(alice, pressed)
    before = (await settled(url))[1]
    assert before >= 3
    going = holding(workers, (await holders(url))[GROUP])
    other = next(w for w in workers if w is not going)
    stopped = time.monotonic()
    code = going.stop(how)
    assert code == (0 if how is signal.SIGTERM else -signal.SIGKILL)
    taken = await other.says("took over", timeout=15)
    handover = taken - stopped
    # the figures: README, "Several workers playing at once"
    assert handover < (1.0 if how is signal.SIGTERM else 10.0), handover
    print(f"hand-over after {how.name}: {handover:.2f} s")
    await play_to_the_end(url, alice, pressed)  # with the worker that took over
    hands, actions, off = await settled(url)
    assert hands == 1 and actions > before  # one settlement, the moves of both workers
    assert off and all(delta == 0 for delta in off)  # every balance is its ledger's sum
    assert other.process.poll() is None


async def test_a_rolling_restart_while_she_plays(
    url: str, telegram: LocalTelegram, workers: list[Worker], tmp_path: Path
) -> None:
    for _ in range(2):
        await start_ready(workers, url, telegram.url, tmp_path)
    alice = Person(telegram)
    alice.send(GROUP, "/newgame")
    await alice.press_answered(await until(alice.lobby), "开始")
    pressed: set[tuple[str, ...]] = set()
    assert await decide(alice, pressed)
    for turn in range(2):  # each of the two first workers stopped in turn, a new one started
        old = workers[turn]
        await start_ready(workers, url, telegram.url, tmp_path)
        assert old.stop(signal.SIGTERM) == 0
        await decide(alice, pressed, timeout=5.0)  # she plays on meanwhile
    await play_to_the_end(url, alice, pressed)
    hands, _, off = await settled(url)
    assert hands == 1 and off and all(delta == 0 for delta in off)
    with telegram.lock:  # nobody's clock ran out: she was never played for by 托管
        said = [m.text or m.caption or "" for m in telegram.api.chat_messages(GROUP)]
    assert not any("托管" in text for text in said), said


def test_a_lost_hold_has_its_own_exit_code() -> None:
    assert codes.LOST_HOLD == 17 and codes.LOST_HOLD not in codes.EXIT_CODES.values()
