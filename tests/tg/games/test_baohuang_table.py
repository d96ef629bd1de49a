"""保皇 tables through the real Application over the fake Bot API, hands played to the end:
the lobby, the throne, the declarations, the play, the result and the beans. Every step of
every hand is watched: no message names the hidden guard (or a hidden solo) before the table
learns it. The seeds are chosen with ``simulate`` (the same deal, the same scripted players)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from ddz_bot.games.baohuang.engine import (
    BaoHuangGame,
    BaoHuangOutcome,
    Declaration,
    Declare,
    GuardMethod,
    Phase,
    Role,
    Solo,
    TakeThrone,
    YieldThrone,
    bh_settle,
)
from ddz_bot.kernel import Action, Play, Rank, room_by_key
from ddz_bot.tg.table import FINISHED

from ..bh_scripts import (
    Watch,
    bh_game,
    first_seed,
    label_of,
    play_bh_until_over,
    quiet,
    seat_five,
)
from ..conftest import make_settings, manager_of, start_bot
from ..harness import Harness, SimUser

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin")


@asynccontextmanager
async def seeded(tmp_path: Path, seed: int, name: str = "") -> AsyncIterator[Harness]:
    """A bot of its own (its own database) dealing from ``seed``."""
    bot = await start_bot(make_settings(tmp_path / f"s{seed}{name}"), seed=seed)
    try:
        yield bot
    finally:
        await bot.stop()


async def beans_of(bot: Harness, users: list[SimUser]) -> list[int]:
    db = manager_of(bot).db
    out = []
    for user in users:
        player = await db.get_player(user.id)
        assert player is not None
        out.append(player.beans)
    return out


def lobby_of(bot: Harness, group: int, *, last: bool = False) -> str:
    """The text of the group's (first, or ``last``) 保皇 lobby message."""
    lobbies = [m.text or "" for m in bot.api.chat_messages(group) if "👑" in (m.text or "")]
    return lobbies[-1 if last else 0]


def expected_balances(game: BaoHuangGame) -> list[int]:
    """What the settlement of the finished hand leaves each seat (10,000 beans each before)."""
    outcome = game.outcome()
    assert outcome is not None
    return list(bh_settle(outcome, room_by_key("beginner"), [10_000] * 5, [0] * 5).balances)


async def bh_settings(bot: Harness, group: int, admin: SimUser, *labels: str) -> None:
    """An admin presses the /settings buttons ``labels`` in turn."""
    await admin.send(group, "/settings")
    panel = bot.api.last_message(group, with_buttons=True)
    for label in labels:
        await admin.press(panel, label)


def revolting(game: BaoHuangGame, seat: int) -> Action:
    """Every rebel revolts (造反); otherwise as ``quiet``."""
    if game.phase is Phase.DECLARING and game.role_of(seat) is Role.REBEL:
        return Declare(seat, Declaration.REVOLT)
    return quiet(game, seat)


def open_solo(game: BaoHuangGame, seat: int) -> Action:
    """The emperor declares 明独保; otherwise as ``quiet``."""
    if game.phase is Phase.DECLARING and seat == game.emperor:
        return Declare(seat, Declaration.OPEN_SOLO)
    return quiet(game, seat)


def yield_twice(game: BaoHuangGame, seat: int) -> Action:
    """The emperor card is yielded on its first two offers, then taken."""
    if game.phase is Phase.THRONE:
        return YieldThrone(seat) if game.offer_number <= 2 else TakeThrone(seat)
    return quiet(game, seat)


async def test_five_people_play_a_fixed_guard_hand_and_beans_settle(tmp_path: Path) -> None:
    seed, expected = first_seed(
        lambda o: o.guard is not None and not o.open_guard, revealed="guard_card"
    )
    async with seeded(tmp_path, seed) as bot:
        await five_people_fixed_guard(bot, expected)


async def five_people_fixed_guard(bot: Harness, expected: BaoHuangOutcome) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    watch = Watch(bot, group)
    await seat_five(bot, group, users)
    lobby_text = lobby_of(bot, group)
    assert "保皇" in lobby_text and "固定侍卫" in lobby_text
    table = await play_bh_until_over(bot, group, users, watch=watch)
    watch.check()
    assert table.phase == FINISHED
    game = bh_game(table)
    assert game.rules.method is GuardMethod.FIXED and game.outcome() == expected
    assert watch.while_hidden > 50  # the guard stayed hidden a good while, never named
    assert expected.guard is not None  # then the sword was played: the table learnt it
    assert f"侍卫牌出现了：侍卫是 {NAMES[expected.guard]}！" in "\n".join(watch.texts)
    assert await beans_of(bot, users) == expected_balances(game)  # beans settle as it says
    assert sum(await beans_of(bot, users)) == 5 * 10_000 - 5 * 5  # conserved but the fees
    result = bot.api.last_message(group, with_buttons=True)
    assert result is not None and result.photo_digest is not None
    assert {b["text"] for b in result.buttons()} == {"再来一局", "离开"}
    assert "名次：" in (result.caption or "")
    assert watch.scanned > 100
    # the hand is settled once, keyed by its id: settling it again moves nothing
    before = await beans_of(bot, users)
    await manager_of(bot).ending.result(table)
    assert await beans_of(bot, users) == before


async def test_a_revolt_reveals_the_hidden_guard_and_doubles(tmp_path: Path) -> None:
    seed, expected = first_seed(  # the rebels revolt and win: x2
        lambda o: o.guard is not None and len(o.revolts) >= 2 and o.multiplier == 2, revolting
    )
    async with seeded(tmp_path, seed) as bot:
        group = bot.group()
        users = [bot.user(name) for name in NAMES]
        watch = Watch(bot, group)
        await seat_five(bot, group, users)
        table = await play_bh_until_over(bot, group, users, revolting, watch)
        game = bh_game(table)
        assert expected.guard is not None
        guard = table.seats[expected.guard].name
        said = "\n".join(watch.texts)
        assert f"造反揭开了侍卫：{guard}！" in said
        assert "造反：" in said  # the hoes are marked on the caption
        assert game.outcome() == expected
        assert await beans_of(bot, users) == expected_balances(game)
        assert "造反成功" in (bot.api.last_message(group, with_buttons=True).caption or "")  # type: ignore[union-attr]


async def test_an_open_solo_won_and_one_lost(tmp_path: Path) -> None:
    for won in (True, False):
        seed, expected = first_seed(
            lambda o: o.solo is Solo.OPEN and (o.places[0] == o.emperor) is won,  # noqa: B023
            open_solo,
        )
        async with seeded(tmp_path, seed) as bot:
            group = bot.group()
            users = [bot.user(name) for name in NAMES]
            watch = Watch(bot, group)
            await seat_five(bot, group, users)
            table = await play_bh_until_over(bot, group, users, open_solo, watch)
            game = bh_game(table)
            assert game.outcome() == expected
            assert expected.emperor is not None
            emperor = table.seats[expected.emperor].name
            assert f"{emperor} 明独保：一人对四家！" in "\n".join(watch.texts)
            caption = bot.api.last_message(group, with_buttons=True).caption or ""  # type: ignore[union-attr]
            assert ("独保成功" if won else "独保失败") in caption
            assert await beans_of(bot, users) == expected_balances(game)


async def test_a_throne_yielded_twice_moves_the_attached_card(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    watch = Watch(bot, group)
    await seat_five(bot, group, users)
    table = manager_of(bot).table_in(group)
    assert table is not None
    game = bh_game(table)
    first = game.turn
    assert first is not None
    await play_turn(bot, users, table.seats[first].user_id, "让位")
    second = bh_game(table).turn
    assert second == (first - 1) % 5  # to the player before
    attach = bh_game(table).attachment_for(second)
    assert attach is not None  # the second offer's holder attaches a card
    holder = user_of(users, table.seats[second].user_id)
    assert "让位要贴出" in (holder.panel().caption or "")  # type: ignore[union-attr]
    # whoever must act now gets a new message (a notification); the old panel goes
    assert len(bot.api.calls_to(holder.id, "sendPhoto")) >= 2
    assert bot.api.calls_to(holder.id, "deleteMessage")
    panel = holder.panel()
    assert panel is not None and panel.edits == 0 and "轮到你了" in (panel.caption or "")
    await play_turn(bot, users, holder.id, "让位")
    third = bh_game(table).turn
    assert third is not None and attach not in bh_game(table).hands[second]
    taker = user_of(users, table.seats[third].user_id)
    assert "登基就拿走皇牌和贴牌" in (taker.panel().caption or "")  # type: ignore[union-attr]
    await play_turn(bot, users, taker.id, "登基")
    assert bh_game(table).emperor == third and attach in bh_game(table).hands[third]
    watch.check()
    said = "\n".join(watch.texts)
    assert f"{table.seats[second].name} 让位，贴出" in said
    assert f"{table.seats[third].name} 登基！拿走贴牌" in said
    table = await play_bh_until_over(bot, group, users, yield_twice, watch)
    assert table.phase == FINISHED
    assert await beans_of(bot, users) == expected_balances(bh_game(table))


def user_of(users: list[SimUser], user_id: int) -> SimUser:
    return next(u for u in users if u.id == user_id)


async def play_turn(bot: Harness, users: list[SimUser], user_id: int, label: str) -> None:
    user = user_of(users, user_id)
    await user.press(user.panel(), label)


async def test_two_people_and_three_ai_with_the_called_guard(bot: Harness) -> None:
    alice, bob = bot.user("Alice"), bot.user("Bob")
    group = bot.group(admins={alice.id})
    await bh_settings(bot, group, alice, "保皇侍卫", "默认玩法")
    await alice.send(group, "/newgame")  # the group's default game is now 保皇
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and "叫侍卫" in (lobby.text or "")
    assert "明牌开始" not in {b["text"] for b in lobby.buttons()}
    await bob.press(lobby, "加入")
    await alice.press(lobby, "开始")  # three AI seats fill the table
    table = manager_of(bot).table_in(group)
    assert table is not None and [s.is_ai for s in table.seats] == [False, False, True, True, True]
    watch = Watch(bot, group)
    table = await play_bh_until_over(bot, group, [alice, bob], watch=watch)
    game = bh_game(table)
    assert game.rules.method is GuardMethod.CALLED and game.called is not None
    assert "为侍卫牌" in "\n".join(watch.texts)
    logged = [entry.action for entry in await manager_of(bot).db.hand_actions(table.hand_id)]
    assert logged == [action.to_dict() for action in game.actions]
    assert BaoHuangGame.replay(game.start_dict(), logged).to_dict() == game.to_dict()
    db = manager_of(bot).db
    players = [await db.get_player(s.user_id) for s in table.seats]
    assert all(p is not None for p in players)
    # the replay names every decision and play; /rank and /balance count the hand
    await alice.send(group, "/replay")
    replay = bot.api.last_message(group)
    assert replay is not None and (replay.text or "").startswith("上一局回放 · 保皇 · ")
    assert "叫 " in (replay.text or "")
    await alice.send(group, "/rank all")  # the all-time list (a plain /rank: the season's)
    ranking = bot.api.last_message(group)
    assert ranking is not None and "Alice" in (ranking.text or "") and "Bob" in (ranking.text or "")
    # Again: a new 保皇 lobby with the same options, the AI seats sitting down again
    await bob.press(bot.api.last_message(group, with_buttons=True), "再来一局")
    again = manager_of(bot).table_in(group)
    assert again is not None and again.rules == table.rules and again.phase.value == "lobby"
    assert [s.is_ai for s in again.seats] == [False, True, True, True]
    assert "叫侍卫" in lobby_of(bot, group, last=True)
    # R-BH-DEAL: the finished hand's emperor deals the next one
    assert game.emperor is not None
    emperor_user = table.seats[game.emperor].user_id
    lobby = bot.api.last_message(group, with_buttons=True)
    await alice.press(lobby, "加入")  # the fifth seat: dealt at once
    dealt = manager_of(bot).table_in(group)
    assert dealt is not None and dealt.in_hand()
    assert bh_game(dealt).dealer == dealt.seats.index(
        next(s for s in dealt.seats if s.user_id == emperor_user)
    )


async def test_roast_and_six_last_tables(tmp_path: Path) -> None:
    for label, word in (("保皇烤牌", "烤牌"), ("保皇憋6", "憋6")):
        async with seeded(tmp_path, 7, label) as bot:
            users = [bot.user(name) for name in NAMES]
            group = bot.group(admins={users[0].id})
            await bh_settings(bot, group, users[0], label)
            await seat_five(bot, group, users)
            assert word in lobby_of(bot, group)
            watch = Watch(bot, group)
            table = await play_bh_until_over(bot, group, users, watch=watch)
            game = bh_game(table)
            assert game.rules.roast if word == "烤牌" else game.rules.six
            assert any(f"保皇 · 固定侍卫 · {word}" in text for text in watch.texts)
            if game.rules.six:  # 憋6: every play with a 6 emptied its hand
                hands_left = {s: 0 for s in range(5)}
                replayed = BaoHuangGame.replay(game.start_dict(), [])
                for action in game.actions:
                    replayed.apply(action)
                    if isinstance(action, Play) and Rank.SIX in action.cards:
                        hands_left[action.seat] = len(replayed.hands[action.seat])
                        assert hands_left[action.seat] == 0
            assert await beans_of(bot, users) == expected_balances(game)


def grabbing(game: BaoHuangGame, seat: int) -> Action:
    """A seat offered 抢独 grabs the solo; otherwise as ``quiet``."""
    grab = Declare(seat, Declaration.GRAB_SOLO)
    if game.phase is Phase.DECLARING and grab in game.legal_actions(seat):
        return grab
    return quiet(game, seat)


async def test_grab_solo_makes_the_grabber_the_open_solo(tmp_path: Path) -> None:
    seed, expected = first_seed(lambda o: o.solo is Solo.OPEN, grabbing, "baohuang+grab")
    async with seeded(tmp_path, seed) as bot:
        users = [bot.user(name) for name in NAMES]
        group = bot.group(admins={users[0].id})
        await bh_settings(bot, group, users[0], "保皇抢独")
        watch = Watch(bot, group)
        await seat_five(bot, group, users)
        assert "抢独" in lobby_of(bot, group)
        table = await play_bh_until_over(bot, group, users, grabbing, watch)
        game = bh_game(table)
        assert game.rules.grab_solo and game.outcome() == expected
        assert expected.emperor is not None
        said = "\n".join(watch.texts)
        assert f"{NAMES[expected.emperor]} 抢独成功，一人对四家！" in said
        assert await beans_of(bot, users) == expected_balances(game)


async def test_the_watch_catches_a_message_naming_the_hidden_guard(tmp_path: Path) -> None:
    seed, expected = first_seed(lambda o: o.guard is not None and not o.open_guard)
    async with seeded(tmp_path, seed) as bot:
        group = bot.group()
        users = [bot.user(name) for name in NAMES]
        watch = Watch(bot, group)
        await seat_five(bot, group, users)
        for _ in range(8):  # the throne is taken: the guard exists and is hidden
            game = bh_game(manager_of(bot).table_in(group))  # type: ignore[arg-type]
            if game.phase is Phase.PLAYING:
                break
            user = next(u for u in users if game.turn is not None and u.id == users[game.turn].id)
            await user.press(user.panel(), label_of(quiet(game, game.turn)))  # type: ignore[arg-type]
        watch.check()
        assert expected.guard is not None
        manager_of(bot).presenter.post(group, f"侍卫：{NAMES[expected.guard]}")
        await bot.settle()
        with pytest.raises(AssertionError, match="a hidden role is named"):
            watch.check()


async def test_a_hidden_solo_stays_hidden_until_the_table_learns_it(tmp_path: Path) -> None:
    seed, expected = first_seed(lambda o: o.solo is Solo.HIDDEN)
    async with seeded(tmp_path, seed) as bot:
        group = bot.group()
        users = [bot.user(name) for name in NAMES]
        watch = Watch(bot, group)
        await seat_five(bot, group, users)
        table = await play_bh_until_over(bot, group, users, watch=watch)
        game = bh_game(table)
        assert game.outcome() == expected and watch.while_hidden > 50
        assert expected.emperor is not None
        emperor = users[expected.emperor]
        told = [str(call.params) for call in bot.api.calls_to(emperor.id)]
        assert any("暗独保（只有你知道）" in text for text in told)  # the emperor alone knows
        if game.solo_revealed:
            assert f"{NAMES[expected.emperor]} 原来是暗独保！" in "\n".join(watch.texts)
        assert await beans_of(bot, users) == expected_balances(game)


async def test_newgame_opens_a_five_seat_baohuang_lobby_by_any_of_its_words(bot: Harness) -> None:
    alice = bot.user("Alice")
    for number, words in enumerate(["保皇", "baohuang", "bh", "5p", "五人"]):
        group = bot.group(-100400 - number, f"保皇群{number}")
        await alice.send(group, f"/newgame {words}")
        table = manager_of(bot).table_in(group)
        assert table is not None and table.rules == "baohuang", words
        assert table.players == 5, words
        await alice.send(group, "/leave")
