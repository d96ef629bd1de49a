"""A game the bot has never heard of, played through the real Application over the fake Bot
API: 比大小, written in ``tests/plugin/highcard`` and registered for the test only. The lobby,
the panels, typed and pressed plays, a time-out, an AI seat, an escape, a restart mid-hand,
the settlement in beans and /replay all work from its ``GameModule`` alone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from ddz_bot.games import GAMES
from ddz_bot.kernel import Cards
from ddz_bot.tg.table import FINISHED, Table

from ..tg.conftest import make_settings, manager_of, start_bot
from ..tg.harness import Harness, SimUser
from ..tg.scripts import current_table, fire_timer, whose_turn
from .conftest import FixedDeal
from .highcard.engine import HighCardGame
from .highcard.module import GAME

NAMES = ("Ann", "Bo", "Cy")
#: Ann leads with 3 9 K, Bo holds 4 10 A, Cy 5 J Q
DEAL = ("3s 9h Kd", "4s Th Ah", "5s Jh Qd")
#: what a player holds before the first hand
START_BEANS = 10_000


def hand_of(table: Table) -> HighCardGame:
    game = table.game
    assert isinstance(game, HighCardGame)
    return game


async def open_table(bot: Harness, group: int, users: list[SimUser], command: str) -> None:
    """The first user opens the table; the others press Join; Start fills the rest with AI."""
    await users[0].send(group, command)
    lobby = bot.api.last_message(group, with_buttons=True)
    for user in users[1:]:
        await user.press(lobby, "加入")
    if len(users) < current_table(bot, group).players:
        await users[0].press(lobby, "开始")


async def play_card(user: SimUser, card: str) -> None:
    """Choose the card on the panel, then press Play."""
    await user.press(user.panel(), card)
    await user.press(user.panel(), "出牌")


async def beans_of(bot: Harness, users: list[SimUser]) -> list[int]:
    db = manager_of(bot).db
    found = [await db.get_player(user.id) for user in users]
    return [player.beans for player in found if player is not None]


@pytest.mark.usefixtures("highcard")
async def test_three_people_play_a_hand_to_its_settlement_and_replay(tmp_path: Path) -> None:
    bot = await start_bot(make_settings(tmp_path), seed=3)
    manager_of(bot).rng = FixedDeal(DEAL)
    try:
        group = bot.group()
        ann, bo, cy = users = [bot.user(name) for name in NAMES]
        await open_table(bot, group, users, "/newgame 比大小")
        lobby = next(m for m in bot.api.chat_messages(group) if "🃏 比大小" in (m.text or ""))
        assert "每人三张牌" in (lobby.text or "") and "1. Ann" in (lobby.text or "")
        table = current_table(bot, group)
        assert table.rules == "highcard" and [s.name for s in table.seats] == list(NAMES)
        assert whose_turn(bot, group, users) is ann
        assert ann.labels() == ["3", "9", "K", "清空", "提示", "出牌"]
        assert "你的牌：3 9 K" in (ann.panel().caption or "")  # type: ignore[union-attr]
        await play_card(ann, "K")
        assert "Ann 出了 K" in (bot.api.last_message(group).caption or "")  # type: ignore[union-attr]
        await bo.dm("a")  # typed: the ace
        assert whose_turn(bot, group, users) is cy
        await play_card(cy, "Q")
        table = current_table(bot, group)
        assert table.phase == FINISHED
        assert hand_of(table).winner == 1
        fee = 5  # the beginners' room: 100 beans a point, a fee of 5 from everyone
        assert await beans_of(bot, users) == [
            START_BEANS - 100 - fee,
            START_BEANS + 200 - fee,
            START_BEANS - 100 - fee,
        ]
        result = bot.api.last_message(group, with_buttons=True)
        assert result is not None and result.photo_digest is not None
        caption = result.caption or ""
        assert caption.startswith("Bo 赢") and f"Bo：+{200 - fee} 豆" in caption
        assert "你赢了！" in (bo.panel().caption or "")  # type: ignore[union-attr]
        assert f"你 +{200 - fee} 豆" in (bo.panel().caption or "")  # type: ignore[union-attr]
        assert "你输了。" in (ann.panel().caption or "")  # type: ignore[union-attr]
        await ann.send(group, "/replay")
        replay = bot.api.last_message(group)
        assert replay is not None
        assert (replay.text or "").splitlines() == [
            "比大小回放：Bo 赢",
            "1. Ann：K",
            "2. Bo：A",
            "3. Cy：Q",
        ]
    finally:
        await bot.stop()


@pytest.mark.usefixtures("highcard")
async def test_a_time_out_plays_the_lowest_card(tmp_path: Path) -> None:
    bot = await start_bot(make_settings(tmp_path))
    manager_of(bot).rng = FixedDeal(DEAL)
    try:
        group = bot.group()
        users = [bot.user(name) for name in NAMES]
        await open_table(bot, group, users, "/newgame highcard")
        table = current_table(bot, group)
        assert await fire_timer(bot, table)  # Ann sleeps
        game = hand_of(current_table(bot, group))
        assert game.played[0] is not None and str(game.played[0]) == "3s"
        assert game.timeouts[0] == 1 and whose_turn(bot, group, users) is users[1]
        caption = bot.api.last_message(group).caption or ""  # type: ignore[union-attr]
        assert "Ann 超时，系统代出 3" in caption
    finally:
        await bot.stop()


async def test_one_person_and_an_ai_seat_play_the_two_seat_table(bot: Harness) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    await open_table(bot, group, [alice], "/newgame highcard2")
    table = current_table(bot, group)
    assert table.players == 2 and [s.is_ai for s in table.seats] == [False, True]
    held = hand_of(table).hand(0)
    await alice.dm(str(Cards([held[0]])))  # her lowest card; the AI answers with its highest
    table = current_table(bot, group)
    assert table.phase == FINISHED
    game = hand_of(table)
    played = game.played[1]
    assert played is not None and all(rank < played.rank for rank in game.hand(1))
    assert bot.api.last_message(group, with_buttons=True).photo_digest is not None  # type: ignore[union-attr]


async def test_an_escape_ends_the_hand_and_pays_every_other_seat(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await open_table(bot, group, users, "/newgame 比大小")
    runner = users[2]
    await runner.send(group, "/leave")
    confirm = bot.api.last_message(group, with_buttons=True)
    assert confirm is not None and "200" in (confirm.text or "")  # 100 to each other seat
    await runner.press(confirm, "确定离开")
    assert current_table(bot, group).phase == FINISHED
    assert await beans_of(bot, users) == [START_BEANS + 100, START_BEANS + 100, START_BEANS - 200]
    caption = bot.api.last_message(group, with_buttons=True).caption or ""  # type: ignore[union-attr]
    assert caption.startswith("Cy 逃跑了")


@pytest.mark.usefixtures("highcard")
async def test_a_restart_mid_hand_resumes_the_hand_and_settles_it_once(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    manager_of(first).rng = FixedDeal(DEAL)
    group = first.group()
    users = [first.user(name) for name in NAMES]
    try:
        await open_table(first, group, users, "/newgame 比大小")
        await play_card(users[0], "9")
        table = current_table(first, group)
        snapshot, hand_id = hand_of(table).to_dict(), table.hand_id
    finally:
        await first.stop()
    second = await start_bot(settings, first.api)
    try:
        table = current_table(second, group)
        assert hand_of(table).to_dict() == snapshot and table.hand_id == hand_id
        assert manager_of(second).timers.pending(table.id) is not None  # its clock runs on
        people = [SimUser(second, first.api.users[u.id]) for u in users]
        assert whose_turn(second, group, people) is people[1]
        await play_card(people[1], "4")
        await play_card(people[2], "5")
        table = current_table(second, group)
        assert table.phase == FINISHED and hand_of(table).winner == 0
        fee = 5
        assert await beans_of(second, people) == [
            START_BEANS + 200 - fee,
            START_BEANS - 100 - fee,
            START_BEANS - 100 - fee,
        ]
    finally:
        await second.stop()


@pytest.mark.usefixtures("highcard")
def test_the_game_is_hosted_only_while_registered() -> None:
    assert GAMES.for_rules("highcard2").name == "highcard"
    assert "highcard" in GAMES


def test_no_game_named_highcard_outside_a_test() -> None:
    assert "highcard" not in GAMES


async def test_settings_make_it_the_groups_game(bot: Harness) -> None:
    alice, bo, cy = (bot.user(name) for name in NAMES)
    group = bot.group(admins={alice.id})
    await alice.send(group, "/settings")
    panel = bot.api.last_message(group, with_buttons=True)
    for _ in range(len(GAMES)):
        await alice.press(panel, "默认玩法")
        stored = await manager_of(bot).db.get_group(group)
        if stored is not None and stored.game == "highcard":
            break
    assert "默认玩法：比大小" in str(bot.api.last_message(group, with_buttons=True).buttons())  # type: ignore[union-attr]
    await open_table(bot, group, [alice, bo, cy], "/newgame")
    assert current_table(bot, group).rules == "highcard"


@pytest.mark.usefixtures("highcard")
async def test_a_finished_table_shows_what_its_settlement_moved_after_a_restart(
    tmp_path: Path,
) -> None:
    """Saved with the finished table, or (saved before tables kept it) found again when its
    result is shown again: the final panels say the beans either way."""
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    manager_of(first).rng = FixedDeal(DEAL)
    group = first.group()
    users = [first.user(name) for name in NAMES]
    try:
        await open_table(first, group, users, "/newgame 比大小")
        for user, card in zip(users, ("K", "A", "Q"), strict=True):
            await play_card(user, card)
        assert current_table(first, group).phase == FINISHED
    finally:
        await first.stop()
    with sqlite3.connect(settings.db_path) as db:  # as a table saved finished before
        db.execute("UPDATE tables SET state = json_remove(state, '$.settled')")
    second = await start_bot(settings, first.api)
    try:
        table = current_table(second, group)
        assert [line.beans_delta for line in table.settled] == [-105, 195, -105]
        bo = SimUser(second, first.api.users[users[1].id])
        assert "你 +195 豆" in (bo.panel().caption or "")  # type: ignore[union-attr]
    finally:
        await second.stop()


async def test_a_table_of_a_game_no_longer_hosted_is_refused_at_load_by_name(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot restarted without the game does not take its table for another game: the
    table is not resumed and the log names the game."""
    settings = make_settings(tmp_path)
    with GAMES.registered(GAME):
        first = await start_bot(settings)
        group = first.group()
        users = [first.user(name) for name in NAMES]
        try:
            await open_table(first, group, users, "/newgame 比大小")
            assert current_table(first, group).in_hand()
        finally:
            await first.stop()
    second = await start_bot(settings, first.api)
    try:
        assert manager_of(second).table_in(group) is None
        refused = [r for r in caplog.records if r.exc_info and "highcard" in str(r.exc_info[1])]
        assert refused and "can't be resumed" in refused[0].getMessage()
    finally:
        await second.stop()


async def test_a_group_whose_game_is_no_longer_hosted_plays_the_first_game(
    tmp_path: Path,
) -> None:
    """A host removes a game some group chose: the group's /settings still opens and says
    the first game, and a plain /newgame opens that game's lobby."""
    settings = make_settings(tmp_path)
    with GAMES.registered(GAME):
        first = await start_bot(settings)
        alice = first.user("Alice")
        group = first.group(admins={alice.id})
        try:
            await manager_of(first).db.ensure_group(group, "牌友群")
            await manager_of(first).db.update_group(group, game="highcard")
        finally:
            await first.stop()
    second = await start_bot(settings, first.api)
    try:
        alice = SimUser(second, first.api.users[alice.id])
        await alice.send(group, "/settings")
        panel = second.api.last_message(group, with_buttons=True)
        assert panel is not None and "默认玩法：斗地主" in str(panel.buttons())
        await alice.send(group, "/newgame")
        assert current_table(second, group).rules == "classic"
    finally:
        await second.stop()


async def test_help_and_rules_name_the_new_game_in_its_own_words(bot: Harness) -> None:
    ann = bot.user("Ann", language_code="en")
    await ann.dm("/help")
    assert (
        "• High card: three players, one card each, the highest wins. /newgame highcard"
        in (ann.dm_texts()[-1])
    )
    await ann.dm("/rules highcard")
    assert ann.dm_texts()[-1] == (
        "High card (Beginner): three cards each, one played each, the highest wins; "
        "1 point = 100 beans."
    )
