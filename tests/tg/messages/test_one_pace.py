"""One pace for every message: a command's answer, a /balance card, a /settings edit and an
answer to typed words go into a chat at that chat's pace, beside the table's own messages,
under Telegram's limits (the fake Bot API answers 429 past them). Time is virtual: the
outbox, the budget and the fake Telegram read one clock, moved while the bot settles."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import ddz_bot.tg.budget as budget_module
import ddz_bot.tg.outbox as outbox_module
from ddz_bot.games.doudizhu.engine.catalogue import legal_moves
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.kernel import Cards
from ddz_bot.tg.words import cards_text

from ..conftest import make_settings, manager_of, start_bot
from ..fake_api import FakeBotAPI, FakeMessage, FloodLimits
from ..harness import Harness, SimUser
from ..scripts import current_table, seat_three, until_playing, whose_turn
from .test_outbox_pace import VirtualTime

#: Telegram's limits, the overall one included
LIMITS = FloodLimits(overall_per_second=30)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> VirtualTime:
    virtual = VirtualTime()
    for module in (outbox_module, budget_module):
        monkeypatch.setattr(module, "asyncio", virtual)
        monkeypatch.setattr(module, "time", virtual)
    return virtual


@pytest.fixture
async def paced(tmp_path: Path, clock: VirtualTime) -> AsyncIterator[Harness]:
    api = FakeBotAPI(limits=LIMITS, clock=clock.monotonic)
    harness = await start_bot(make_settings(tmp_path, group_interval=3.5, overall_rate=30), api)

    async def settle() -> None:
        rt = manager_of(harness)
        for _ in range(3):
            await clock.settle(rt.outbox, limit=600.0)
            await rt.drain()

    harness._settle = settle
    try:
        yield harness
    finally:
        await _stop_in_time(harness, clock)


async def _stop_in_time(harness: Harness, clock: VirtualTime) -> None:
    """Stop the bot while its clock goes on: shutting down waits for what the outbox still
    sends, and the outbox waits for its chats' pace and the budget in virtual time (with
    the clock standing still, a test that failed midway would never end)."""

    async def keep_time() -> None:
        while True:
            await clock.advance(0.05)

    ticking = asyncio.create_task(keep_time())
    try:
        await asyncio.wait_for(harness.stop(), timeout=60)
    finally:
        ticking.cancel()


def most_in_a_minute(api: FakeBotAPI, chat_id: int) -> int:
    """The most messages sent or edited into the chat in any 60 s."""
    times = sorted(
        c.at
        for c in api.calls
        if c.chat_id == chat_id and c.ok and c.method.startswith(("send", "edit"))
    )
    start = best = 0
    for end, moment in enumerate(times):
        while moment - times[start] > 60.0:
            start += 1
        best = max(best, end - start + 1)
    return best


def with_text(api: FakeBotAPI, chat_id: int, words: str) -> list[FakeMessage]:
    return [
        m
        for m in api.chat_messages(chat_id)
        if m.from_bot and words in ((m.text or "") + (m.caption or ""))
    ]


async def test_commands_beside_a_running_table_keep_the_groups_pace_and_are_all_answered(
    paced: Harness, clock: VirtualTime
) -> None:
    bot = paced
    alice, bob, carol = bot.user("Alice"), bot.user("Bob"), bot.user("Carol")
    group = bot.group(admins={alice.id})
    users = [alice, bob, carol]
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    start = clock.now
    for user in users:
        await user.send(group, "/balance")
    await alice.send(group, "/rank all")
    await bob.send(group, "hello everyone")  # talk in the group: no answer, nothing breaks
    await alice.send(group, "/settings")
    settings = with_text(bot.api, group, "场次")
    assert len(settings) == 1
    await alice.press(settings[0], "叫法")
    await alice.press(settings[0], "场次")
    await bob.send(group, "/rank all")
    await carol.send(group, "/balance")
    for _ in range(4):  # the table plays on meanwhile
        turn = whose_turn(bot, group, users)
        assert turn is not None
        await _play_on(bot, group, turn)
    assert bot.api.too_many == {}
    assert most_in_a_minute(bot.api, group) <= 18
    for user in users:  # every card came, Carol's twice
        assert len(with_text(bot.api, group, user.name)) >= 1
    cards = [m for m in bot.api.chat_messages(group) if m.photo_digest and m.caption]
    assert sum(1 for m in cards if "豆" in (m.caption or "")) >= 4
    assert len(with_text(bot.api, group, "排行")) >= 2 or len(with_text(bot.api, group, "榜")) >= 2
    shown = bot.api.messages[(group, settings[0].message_id)].text or ""
    assert "叫分 1-3" in shown and "中级场" in shown  # the admin's changes, both made
    assert clock.now - start < 300  # and none of it took minutes


def _typed(cards: Cards) -> str:
    return cards_text(cards, "zh-Hans")


async def _play_on(bot: Harness, group: int, turn: SimUser) -> None:
    """``turn`` types a pass, or leads the first play they may: the table plays on."""
    table = current_table(bot, group)
    game = table.game
    assert isinstance(game, Game)
    seat = table.seat_of(turn.id)
    assert seat is not None
    moves = legal_moves(game.hand(seat), game.to_beat, game.rules)
    await turn.dm("不出" if game.to_beat is not None else _typed(moves[0].cards))


async def _a_turn(bot: Harness) -> tuple[int, list[SimUser], SimUser, Game, str]:
    """Three people seated and playing: the group, them, whose turn it is, the hand, and a
    play that person may type (in the group's words)."""
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    group = bot.group()
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    turn = whose_turn(bot, group, users)
    assert turn is not None
    table = current_table(bot, group)
    game = table.game
    assert isinstance(game, Game)
    seat = table.seat_of(turn.id)
    assert seat is not None
    first = legal_moves(game.hand(seat), game.to_beat, game.rules)[0].cards
    return group, users, turn, game, _typed(first)


async def test_a_play_a_refusal_and_a_hint_typed_within_a_second_draw_no_429(
    paced: Harness, clock: VirtualTime
) -> None:
    bot = paced
    group, _, turn, game, play = await _a_turn(bot)
    settle = bot._settle

    async def not_yet() -> None:
        await asyncio.sleep(0)

    bot._settle = not_yet  # the three words come within a moment
    before = len(bot.api.chat_messages(turn.id))
    await turn.dm("提示")
    await turn.dm("xyz")
    await turn.dm(play)
    bot._settle = settle
    await bot.settle()
    assert bot.api.too_many == {}
    texts = [m.text or m.caption or "" for m in bot.api.chat_messages(turn.id)[before:]]
    assert any(text.startswith("提示") for text in texts)  # the hint
    assert any("xyz" in text for text in texts)  # the refusal, naming what was typed
    now = current_table(bot, group).game
    assert now is not game or (now is not None and now.to_beat is not None)


async def test_a_group_flooded_with_chatter_for_four_rounds_keeps_its_pace(
    paced: Harness, clock: VirtualTime
) -> None:
    """Five people, two of them watching, send commands and junk into the group and junk
    into their private chats all at once, four rounds while the table plays: the group is
    never sent more than 20 messages in any 60 s, no chat draws a 429, every command is
    answered."""
    bot = paced
    players = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    everyone = [*players, bot.user("Dave"), bot.user("Erin")]
    group = bot.group(admins={players[0].id})
    await seat_three(bot, group, players)
    await until_playing(bot, group, players)
    await players[0].send(group, "/settings")
    settings = with_text(bot.api, group, "场次")
    assert len(settings) == 1
    settle = bot._settle

    async def not_yet() -> None:
        await asyncio.sleep(0)

    balances = ranks = 0
    start = clock.now
    for round_ in range(4):
        bot._settle = not_yet  # the round's chatter comes at once
        for k, person in enumerate(everyone):
            if (k + round_) % 2 == 0:
                await person.send(group, "/balance")
                balances += 1
            else:
                await person.send(group, "/rank all")
                ranks += 1
            await person.send(group, f"haha {round_}{k}")
            await person.dm("asdf")
        await players[0].press(settings[0], "叫法")
        bot._settle = settle
        await bot.settle()
        turn = whose_turn(bot, group, players)  # the table plays on
        if turn is not None:
            await _play_on(bot, group, turn)
    await bot.settle()
    assert bot.api.too_many == {}
    assert most_in_a_minute(bot.api, group) <= 20
    cards = [m for m in bot.api.chat_messages(group) if m.photo_digest and m.caption]
    assert sum(1 for m in cards if "豆" in (m.caption or "")) >= balances
    boards = [m for m in bot.api.chat_messages(group) if "排行" in (m.text or "")]
    assert len(boards) >= ranks
    for person in everyone:  # each one's junk typed to the bot was answered
        assert bot.api.chat_messages(person.id), person.name
    assert clock.now - start < 600


async def test_a_hints_reply_comes_with_its_panel_when_the_turn_just_came(
    paced: Harness, clock: VirtualTime
) -> None:
    """Bob's turn comes (his panel is sent anew) and he types 提示 at once: his panel shows
    the hint and its reply comes with it (Telegram's burst of three), not a second later,
    and no call draws a 429."""
    bot = paced
    group, users, first, _, play = await _a_turn(bot)
    settle = bot._settle

    async def not_yet() -> None:
        await asyncio.sleep(0)

    bot._settle = not_yet
    await first.dm(play)
    await clock.advance(0.1)  # the next seat's panel goes out
    after = whose_turn(bot, group, users)
    assert after is not None and after is not first
    asked = clock.now
    await after.dm("提示")
    bot._settle = settle
    await bot.settle()
    replies = [
        c.at
        for c in bot.api.calls
        if c.chat_id == after.id and c.method == "sendMessage" and c.at >= asked and c.ok
    ]
    assert replies and replies[0] - asked < 0.5
    assert bot.api.too_many == {}
