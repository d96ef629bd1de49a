"""Workers on PostgreSQL with a 保皇 table: five people sit down in one group and decide in
their private chats (four by the panel's buttons, one typing her words), two ``python bot.py``
processes on one database. The worker holding the group is killed (SIGKILL) or told to stop
(SIGTERM) in the middle of the play: the other takes the group over (within 10 s after a
kill, 1 s after a stop), resumes the table from storage and the five play on to the result.
Every move accepted before the signal is in the settled hand's record, the hand is settled
once, the beans move as the engine's settlement of the recorded hand says, and nobody's clock
ran out (R-BH-AFK) because of the hand-over.
"""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from ddz_bot.games.baohuang.engine import BaoHuangGame

from ..tg.local_telegram import LocalTelegram
from .workers import (
    BH_DECISIONS,
    GROUP,
    Person,
    Worker,
    decide_any,
    holders,
    holding,
    settled,
    start_ready,
    until,
)
from .workers import rows as _rows

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin")
#: decisions taken before the signal: the throne, five declarations and a few plays
BEFORE = 12


async def _seated(telegram: LocalTelegram) -> list[Person]:
    """Alice opens a 保皇 table in the group, the four others join: full, it deals."""
    people = [
        Person(telegram, user_id=5001 + n, name=name, types=name == "Erin")
        for n, name in enumerate(NAMES)
    ]
    people[0].send(GROUP, "/newgame 保皇")
    lobby = await until(people[0].lobby)
    for person in people[1:]:
        await person.press_answered(lobby, "加入")
    return people


async def _logged(url: str) -> list[tuple[str, int, dict[str, Any]]]:
    """The hand actions stored so far: hand, number, action."""
    rows = await _rows(url, "SELECT hand_id, seq, action FROM hand_actions ORDER BY hand_id, seq")
    return [(str(r["hand_id"]), int(r["seq"]), json.loads(r["action"])) for r in rows]


async def _play_on(url: str, people: list[Person], pressed: set[tuple[str, ...]]) -> None:
    deadline = time.monotonic() + 120
    while (await settled(url))[0] == 0:
        assert time.monotonic() < deadline, "the hand never ended"
        await decide_any(people, pressed, timeout=2.0, decisions=BH_DECISIONS)


async def _check_settled_once(url: str, before: list[tuple[str, int, dict[str, Any]]]) -> None:
    """One hand settled: its record holds every move logged ``before``; the ledger moved the
    beans the engine's settlement of the recorded hand says, once."""
    hands = await _rows(url, "SELECT hand_id, seats, result FROM hands")
    assert len(hands) == 1, [h["hand_id"] for h in hands]  # settled once
    hand = hands[0]
    hand_id, seats, result = (
        str(hand["hand_id"]),
        json.loads(hand["seats"]),
        json.loads(hand["result"]),
    )
    log: list[dict[str, Any]] = result["log"]
    assert {h for h, _, _ in before} == {hand_id}
    assert [a for _, _, a in before] == log[: len(before)]  # no accepted move lost
    assert [a for _, _, a in await _logged(url)] == log  # the stored log is the record
    assert not [a for a in log if a["type"] == "timeout"]  # nobody's clock ran out
    game = BaoHuangGame.replay(result["start"], log)
    outcome = game.outcome()
    assert outcome is not None and list(outcome.scores) == result["scores"]
    ledger = await _rows(url, "SELECT user_id, delta, reason, hand_id FROM ledger")
    held = [
        sum(r["delta"] for r in ledger if r["user_id"] == u and r["hand_id"] is None) for u in seats
    ]
    settlement = game.settlement(None, held)
    assert settlement is not None
    mine = [r for r in ledger if r["hand_id"] is not None]
    assert {r["hand_id"] for r in mine} == {hand_id}
    rows = sorted((r["user_id"], r["delta"], r["reason"]) for r in mine)
    changes = [(seats[c.seat], c.amount, str(c.reason)) for c in settlement.changes]
    assert rows == sorted(c for c in changes if c[1])  # each change once, nothing more
    moved = [sum(r["delta"] for r in mine if r["user_id"] == u) for u in seats]
    assert moved == list(settlement.deltas)
    beans = {
        r["user_id"]: int(r["beans"])
        for r in await _rows(url, "SELECT user_id, beans FROM players")
    }
    assert [beans[u] for u in seats] == list(settlement.balances) == result["balances_after"]
    assert sum(moved) == -settlement.fees  # the five's beans add up to the fees taken
    _, _, off = await settled(url)
    assert off and all(delta == 0 for delta in off)  # every balance is its ledger's sum


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "stopped"])
async def test_the_worker_holding_a_baohuang_hand_goes_and_the_other_plays_it_on(
    how: signal.Signals,
    url: str,
    telegram: LocalTelegram,
    workers: list[Worker],
    tmp_path: Path,
) -> None:
    for _ in range(2):
        await start_ready(workers, url, telegram.url, tmp_path)
    people = await _seated(telegram)
    pressed: set[tuple[str, ...]] = set()
    for _ in range(BEFORE):
        assert await decide_any(people, pressed, decisions=BH_DECISIONS)
    before = await _logged(url)  # the moves accepted so far (each press was answered)
    assert len([a for _, _, a in before if "seat" in a]) >= BEFORE, before
    going = holding(workers, (await holders(url))[GROUP])
    other = next(w for w in workers if w is not going)
    stopped = time.monotonic()
    assert going.stop(how) == (0 if how is signal.SIGTERM else -signal.SIGKILL)
    taken = await other.says("took over", timeout=15)
    handover = taken - stopped
    # the figures: README, "Several workers playing at once"
    assert handover < (1.0 if how is signal.SIGTERM else 10.0), handover
    assert holding(workers, (await holders(url))[GROUP]) is other
    print(f"保皇 hand-over after {how.name}: {handover:.2f} s")
    await _play_on(url, people, pressed)  # with the worker that took over
    await _check_settled_once(url, before)
    with telegram.lock:  # nobody was played for by 托管 or timed out
        said = [m.text or m.caption or "" for m in telegram.api.chat_messages(GROUP)]
    assert not any("托管" in text or "超时" in text for text in said), said
    assert other.process.poll() is None
