"""A 比赛 survives its bot process killed: seven people sign up for a 斗地主 tournament of two
rounds of two hands with an entry fee (three boards, two AI seats on the last) in a real
``python bot.py`` on PostgreSQL over the fake Telegram (HTTP, long polling); the process is
SIGKILLed in the middle of round two, a new one started on the same database resumes every
board from storage and plays the tournament to its end. The prizes are paid once (three
rows, to the first three of the final standings), the tournament's ledger rows sum to the
fees (they net to nothing), every balance is its ledger's sum, and the group still has one
standings message, edited by both processes.

The people never press a decision: the clocks are a second long, so each seat times out into
托管 and plays on as the AI does (that is how a tournament treats a person who is away).
"""

from __future__ import annotations

import asyncio
import itertools
import signal
import time
from pathlib import Path

import asyncpg

from ddz_bot.storage import Entrant, TournamentScore
from ddz_bot.tg.tournament_plan import prizes, standings

from ..tg.fake_api import FakeMessage
from ..tg.local_telegram import LocalTelegram
from .workers import GROUP, Person, Worker, settled, until
from .workers import rows as _rows

FEE = 20
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace")
#: a second to decide: away people time out into 托管 quickly
FAST = {"DDZ_PLAY_TIMEOUT": "1", "DDZ_BID_TIMEOUT": "1", "DDZ_DOUBLE_TIMEOUT": "1"}


class Entrant_(Person):
    """Another person at the fake Telegram (``Person`` is Alice): their own id and presses."""

    def __init__(self, local: LocalTelegram, user_id: int, name: str) -> None:
        self.local = local
        self.api = local.api
        self.user_id, self.group, self.types = user_id, GROUP, False
        self.queries = itertools.count(user_id * 1_000)  # query ids of their own
        self.webhook = None
        with local.lock:
            self.user = self.api.add_user(user_id, name, language_code="zh-hans", started=True)


async def _one(url: str, sql: str, *args: object) -> object:
    connection = await asyncpg.connect(url)
    try:
        return await connection.fetchval(sql, *args)
    finally:
        await connection.close()


def _command(person: Person, chat_id: int, text: str) -> None:
    """A command with words after it (``Person.send`` marks the whole text as the command)."""
    with person.local.lock:
        message_id = person.api.new_message_id(chat_id)
        message = {
            "message_id": message_id,
            "date": int(time.time()),
            "chat": person.api.chat_dict(chat_id),
            "from": person.user,
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}],
        }
        person.api.store(FakeMessage(chat_id, message_id, int(time.time()), text=text))
    person._push({"message": message})


async def _signed_up(telegram: LocalTelegram) -> list[Person]:
    """Alice opens the sign-up, the six others press 报名, she presses 开赛."""
    alice = Person(telegram)
    people: list[Person] = [alice]
    people += [Entrant_(telegram, 5001 + n, name) for n, name in enumerate(NAMES[1:], start=1)]
    _command(alice, GROUP, f"/bisai 斗地主 2x2 {FEE}")
    signup = await until(alice.lobby)
    for person in people[1:]:
        assert (await person.press_answered(signup, "报名")).get("text") == "已报名。"
    assert (await alice.press_answered(signup, "开赛")).get("text") == "比赛开始！"
    return people


async def test_a_tournament_killed_in_round_two_finishes_after_a_restart(
    url: str, telegram: LocalTelegram, workers: list[Worker], tmp_path: Path
) -> None:
    first = Worker(url, telegram.url, tmp_path, **FAST)
    workers.append(first)
    await first.says("ready as @")
    await _signed_up(telegram)
    tid = int(str(await _one(url, "SELECT MAX(tournament_id) FROM tournaments")))

    async def middle_of_round_two() -> bool:
        state = await _rows(
            url, "SELECT state, round FROM tournaments WHERE tournament_id = $1", tid
        )
        counted = await _one(
            url, "SELECT COUNT(*) FROM tournament_hands WHERE tournament_id = $1 AND round = 2", tid
        )
        return (
            state[0]["state"] == "playing"
            and state[0]["round"] == 2
            and 1 <= int(str(counted)) <= 4
        )

    for _ in range(3_000):  # checked every 50 ms, for up to ~5 minutes
        if await middle_of_round_two():
            break
        await asyncio.sleep(0.05)
    assert await middle_of_round_two(), "".join(first.said)
    assert first.stop(signal.SIGKILL) == -signal.SIGKILL
    killed = time.monotonic()
    counted_before = int(str(await _one(url, "SELECT COUNT(*) FROM tournament_hands")))
    assert 7 <= counted_before <= 10  # round one's six, part of round two's

    second = Worker(url, telegram.url, tmp_path, **FAST)
    workers.append(second)
    await second.says("ready as @", timeout=30)
    for _ in range(6_000):
        state = await _one(url, "SELECT state FROM tournaments WHERE tournament_id = $1", tid)
        if state != "playing":
            break
        await asyncio.sleep(0.05)
    assert state == "finished", "".join(second.said)
    print(
        f"killed with {counted_before} of 12 hands counted; finished"
        f" {time.monotonic() - killed:.0f} s after the kill"
    )

    hands = await _rows(
        url, "SELECT round, board, hand_no FROM tournament_hands WHERE tournament_id = $1", tid
    )
    assert sorted((r[0], r[1], r[2]) for r in hands) == [
        (r, b, h) for r in (1, 2) for b in (1, 2, 3) for h in (1, 2)
    ]
    moves = await _rows(
        url, "SELECT user_id, delta, op_key FROM ledger WHERE op_key LIKE $1", f"tour:{tid}%"
    )
    fees = [r for r in moves if r["op_key"] == f"tour:{tid}"]
    paid = [r for r in moves if r["op_key"] == f"tour:{tid}:prize"]
    assert sorted(r["delta"] for r in fees) == [-FEE] * 7
    assert len(paid) == 3 and len({r["user_id"] for r in paid}) == 3  # paid once each
    assert sum(r["delta"] for r in paid) == FEE * 7  # the prizes are the fees
    assert sum(r["delta"] for r in moves) == 0
    entrants = [
        Entrant(int(r[0]), str(r[1]), int(r[2]))
        for r in await _rows(
            url,
            "SELECT user_id, name, entry_order FROM tournament_entrants WHERE tournament_id = $1",
            tid,
        )
    ]
    scores = [
        TournamentScore(int(r[0]), int(r[1]), int(r[2]), int(r[3]))
        for r in await _rows(
            url,
            "SELECT user_id, SUM(points), COUNT(*), SUM(won) FROM tournament_scores"
            " WHERE tournament_id = $1 GROUP BY user_id",
            tid,
        )
    ]
    final = standings(entrants, scores)
    expected = prizes([s.user_id for s in final], FEE * 7)
    assert sorted((r["user_id"], r["delta"]) for r in paid) == sorted(expected)
    _, _, off = await settled(url)
    assert off and all(delta == 0 for delta in off)  # every balance is its ledger's sum

    def shown() -> list[str]:
        with telegram.lock:
            return [
                m.text or ""
                for m in telegram.api.chat_messages(GROUP)
                if m.from_bot and "比赛 #" in (m.text or "")
            ]

    # The final edit follows the stored finish and waits its turn of the group's budget.
    for _ in range(1_200):  # checked every 50 ms, for up to a minute
        if any("结束" in text for text in shown()):
            break
        await asyncio.sleep(0.05)
    assert len(shown()) == 1 and "结束" in shown()[0]  # one message, edited
    assert second.process.poll() is None
