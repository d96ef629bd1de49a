"""AI seats answer in the background: a person's update doesn't wait for them, their
decisions may come from a worker process, and what the table shows waits for them."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ddz_bot.ai import SEAT_LEVEL, LevelName
from ddz_bot.games.doudizhu.engine import Game
from ddz_bot.kernel import Action
from ddz_bot.tg import players
from ddz_bot.tg.games import HostedGame
from ddz_bot.tg.table import FINISHED

from ..conftest import make_settings, manager_of, start_bot
from ..harness import Harness, SimUser
from ..scripts import current_table, fire_timer, play_until_over, whose_turn


class GatedThinker:
    """A thinker that decides only when the test lets it (as a slow worker would)."""

    def __init__(self) -> None:
        self.open = asyncio.Event()
        self.asked = 0

    async def ai_action(
        self, game: HostedGame, seat: int, *, level: LevelName = SEAT_LEVEL
    ) -> Action:
        self.asked += 1
        await self.open.wait()
        return players.decide(game, seat, level=level)


async def _alone_with_two_ai(bot: Harness) -> tuple[int, SimUser]:
    group = bot.group()
    alice = bot.user("Alice")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    await alice.press(lobby, "开始")
    return group, alice


async def test_a_persons_move_is_saved_and_answered_while_the_ai_still_thinks(
    bot: Harness,
) -> None:
    group, alice = await _alone_with_two_ai(bot)
    rt = manager_of(bot)
    table = current_table(bot, group)
    gate = GatedThinker()
    rt.hands.thinker = gate  # type: ignore[assignment]
    outbox_only = rt.outbox.drain
    bot._settle = outbox_only
    for _ in range(60):  # until Alice acts and an AI seat is next
        assert table.game is not None
        if whose_turn(bot, group, [alice]) is alice:
            break
        gate.open.set()
        await rt.hands.quiet()
        gate.open.clear()
    version = table.version
    panel = alice.panel()
    assert panel is not None
    declines = ("不叫", "不抢", "不出", "不加倍", "不明牌")
    label = next(b["text"] for b in panel.buttons() if b["text"] in declines)
    await alice.press(panel, label)  # handled: it doesn't wait for the AI
    assert table.version == version + 1  # saved and current
    stored = await rt.db.load_table(str(table.id))
    assert stored is not None and stored.state == table.to_dict()
    assert rt.hands.thinking() and gate.asked >= 1  # an AI seat is thinking meanwhile
    gate.open.set()
    await rt.hands.quiet()
    assert table.version > version + 1  # and answered afterwards


async def test_ai_seats_decide_in_a_worker_process(tmp_path: Path) -> None:
    bot = await start_bot(make_settings(tmp_path, ai_workers=1))
    try:
        group, alice = await _alone_with_two_ai(bot)
        table = await play_until_over(bot, group, [alice])
        assert table.phase == FINISHED
        game = table.game
        assert isinstance(game, Game)
        logged = [entry.action for entry in await manager_of(bot).db.hand_actions(table.hand_id)]
        assert logged == game.log  # every AI action accepted, saved once, in order
        thinker = manager_of(bot).thinker
        assert thinker.in_workers > 0
        # each of them timed: the AI's own time, within what the table waited for it
        times = thinker.times
        assert len(times.thinking) == len(times.waited) == thinker.in_workers
        assert all(0 <= t <= w for t, w in zip(times.thinking, times.waited, strict=True))
    finally:
        await bot.stop()


async def test_a_worker_that_dies_mid_hand_is_replaced_and_the_hand_goes_on(
    tmp_path: Path,
) -> None:
    bot = await start_bot(make_settings(tmp_path, ai_workers=1))
    try:
        rt = manager_of(bot)
        [first] = rt.thinker.processes()
        first.kill()
        first.join(5)
        group, alice = await _alone_with_two_ai(bot)
        table = await play_until_over(bot, group, [alice])
        assert table.phase == FINISHED
        game = table.game
        assert isinstance(game, Game)
        logged = [entry.action for entry in await rt.db.hand_actions(table.hand_id)]
        assert logged == game.log
        [second] = rt.thinker.processes()
        assert second is not first and second.is_alive()
        assert rt.thinker.in_workers > 0  # the new one answered
    finally:
        await bot.stop()


class FailingThinker:
    """The AI's answer never comes (the bot is stopped before it does)."""

    async def ai_action(
        self, game: HostedGame, seat: int, *, level: LevelName = SEAT_LEVEL
    ) -> Action:
        raise RuntimeError("stopped before answering")


async def test_stopped_before_the_ai_answered_the_restarted_bot_lets_it_answer(
    tmp_path: Path,
) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    try:
        group, alice = await _alone_with_two_ai(first)
        table = current_table(first, group)
        manager_of(first).hands.thinker = FailingThinker()  # type: ignore[assignment]
        for _ in range(60):  # until Alice acts with an AI seat next
            if whose_turn(first, group, [alice]) is alice:
                break
            assert await fire_timer(first, table)
        panel = alice.panel()
        assert panel is not None
        declines = ("不叫", "不抢", "不出", "不加倍", "不明牌")
        await alice.press(panel, next(b["text"] for b in panel.buttons() if b["text"] in declines))
        saved = table.to_dict()
        assert whose_turn(first, group, [alice]) is None  # an AI seat is to answer
    finally:
        await first.stop()
    second = await start_bot(settings, first.api)
    try:
        await second.settle()
        table = current_table(second, group)
        assert table.to_dict()["game"] != saved["game"]  # the AI answered after the restart
        people = [SimUser(second, first.api.users[alice.id])]
        table = await play_until_over(second, group, people)
        game = table.game
        assert isinstance(game, Game) and table.phase == FINISHED
        logged = [e.action for e in await manager_of(second).db.hand_actions(table.hand_id)]
        assert logged == game.log
    finally:
        await second.stop()
