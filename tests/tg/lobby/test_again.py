"""Again on a result: only who presses sits down; the others are invited and sit down by
their own press (Again on the old result, or Join); Leave on a result; a presser the bot
can't reach; lobby changes whose save fails; 明牌开始 as each person's own choice."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.tg.hosts import host_for
from ddz_bot.tg.table import FINISHED, LOBBY, Table

from ..conftest import make_settings, manager_of, start_bot
from ..failures import fail_once
from ..harness import Harness, SimUser
from ..scripts import current_table, play_until_over, seat_three


async def _finished(bot: Harness) -> tuple[int, list[SimUser]]:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await play_until_over(bot, group, users)
    return group, users


def _calls(user: SimUser) -> int:
    """How often the bot asked ``user`` to act (their private chat)."""
    return sum("轮到你了" in text for text in user.dm_texts())


async def test_again_seats_only_the_presser_and_invites_the_others(bot: Harness) -> None:
    group, users = await _finished(bot)
    alice, bob, carol = users
    result = bot.api.last_message(group, with_buttons=True)
    asked_before = [_calls(user) for user in users]
    answer = await bob.press(result, "再来一局")
    assert not answer.get("show_alert"), answer
    table = current_table(bot, group)
    assert table.phase == LOBBY and table.game is None
    assert [s.name for s in table.seats] == ["Bob"]
    assert sorted(table.invited.values()) == ["Alice", "Carol"]
    assert [_calls(user) for user in users] == asked_before  # nobody is dealt a hand
    assert any(
        "Alice、Carol" in (m.text or "") and "再来一局" in (m.text or "")
        for m in bot.api.chat_messages(group)
    )
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and "Alice、Carol" in (lobby.text or "")  # the lobby lists them
    # Alice presses Again on the same old result: she sits at the new lobby
    answer = await alice.press(result, "再来一局")
    assert "不开放" not in answer.get("text", ""), answer
    assert [s.name for s in current_table(bot, group).seats] == ["Bob", "Alice"]
    # Carol takes the lobby's Join: the table is full, everyone pressed, the hand is dealt
    await carol.press(bot.api.last_message(group, with_buttons=True), "加入")
    table = current_table(bot, group)
    assert table.in_hand() and table.hand_no == 1 and not table.invited


async def test_leave_on_the_old_result_after_again_declines_the_invitation(bot: Harness) -> None:
    group, users = await _finished(bot)
    alice, _bob, carol = users
    result = bot.api.last_message(group, with_buttons=True)
    await alice.press(result, "再来一局")
    answer = await carol.press(result, "离开")
    assert "不开放" not in answer.get("text", "") and not answer.get("show_alert"), answer
    table = current_table(bot, group)
    assert list(table.invited.values()) == ["Bob"] and table.seat_of(carol.id) is None
    assert table.phase == LOBBY


async def test_leave_on_a_result_is_saved_and_keeps_the_result_names(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    try:
        await seat_three(first, group, users)
        await play_until_over(first, group, users)
        result = first.api.last_message(group, with_buttons=True)
        names = current_table(first, group).names()
        answer = await users[1].press(result, "离开")
        assert not answer.get("show_alert"), answer
        assert current_table(first, group).names() == names  # the result names who played
    finally:
        await first.stop()
    api = first.api
    second = await start_bot(settings, api)
    try:
        alice = SimUser(second, api.users[users[0].id])
        await alice.press(result, "再来一局")
        table = current_table(second, group)
        assert [s.name for s in table.seats] == ["Alice"]
        assert list(table.invited.values()) == ["Carol"]  # Bob left: not asked back
        bob = SimUser(second, api.users[users[1].id])
        answer = await bob.press(result, "再来一局")
        assert answer.get("show_alert") and current_table(second, group).seat_of(bob.id) is None
    finally:
        await second.stop()


def test_a_finished_table_saved_before_leaving_was_kept_still_loads() -> None:
    table = Table(id=1, chat_id=-1, title="g", lang="zh-Hans", phase=FINISHED)
    table.left.add(5)
    data = table.to_dict()
    assert Table.from_dict(data, host_for).left == {5}
    for key in ("left", "again_of", "invited"):
        del data[key]
    old = Table.from_dict(data, host_for)
    assert old.left == set() and old.again_of is None and old.invited == {}


async def test_again_by_someone_the_bot_cannot_reach_leaves_again_to_the_others(
    bot: Harness,
) -> None:
    group, users = await _finished(bot)
    alice, _bob, carol = users
    bot.api.started.discard(carol.id)  # Carol blocked the bot since
    manager_of(bot).dm_ok.discard(carol.id)
    result = bot.api.last_message(group, with_buttons=True)
    finished = current_table(bot, group)
    answer = await carol.press(result, "再来一局")
    assert answer.get("url", "").startswith("https://t.me/"), answer
    assert current_table(bot, group) is finished  # no empty lobby replaced it
    answer = await alice.press(result, "再来一局")
    assert not answer.get("show_alert"), answer
    table = current_table(bot, group)
    assert table.phase == LOBBY and [s.name for s in table.seats] == ["Alice"]


async def test_a_join_that_cannot_be_saved_leaves_the_player_unseated_to_retry(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    fail_once(manager_of(bot).db, "save_table_state", monkeypatch)
    answer = await bob.press(lobby, "加入")
    assert answer.get("show_alert"), answer
    table = current_table(bot, group)
    assert table.seat_of(bob.id) is None and manager_of(bot).table_of(bob.id) is None
    answer = await bob.press(bot.api.last_message(group, with_buttons=True), "加入")
    assert not answer.get("show_alert"), answer
    assert [s.name for s in current_table(bot, group).seats] == ["Alice", "Bob"]


async def test_an_ai_seat_that_cannot_be_saved_is_not_kept(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    await alice.send(group, "/newgame")
    fail_once(manager_of(bot).db, "save_table_state", monkeypatch)
    await alice.press(bot.api.last_message(group, with_buttons=True), "添加 AI")
    assert [s.name for s in current_table(bot, group).seats] == ["Alice"]


async def test_a_start_that_fails_after_the_press_was_answered_tells_the_group(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    await alice.send(group, "/newgame")
    fail_once(manager_of(bot).db, "save_table_state", monkeypatch)
    await alice.press(bot.api.last_message(group, with_buttons=True), "开始")
    assert any(m.text == "出了点问题，请再试一次。" for m in bot.api.chat_messages(group))
    table = current_table(bot, group)
    assert table.phase == LOBBY and [s.name for s in table.seats] == ["Alice"]


async def test_show_start_is_each_persons_choice_applied_at_the_deal(bot: Harness) -> None:
    """R-SHOW: 明牌开始 is x5; pressed in a lobby it neither fills the table nor deals."""
    group = bot.group()
    alice, bob, carol = bot.user("Alice"), bot.user("Bob"), bot.user("Carol")
    await alice.send(group, "/newgame")
    answer = await alice.press(bot.api.last_message(group, with_buttons=True), "明牌开始")
    assert "明牌开始" in answer.get("text", ""), answer
    table = current_table(bot, group)
    assert table.phase == LOBBY and len(table.seats) == 1 and table.seats[0].show_start
    await bob.press(bot.api.last_message(group, with_buttons=True), "加入")
    await carol.press(bot.api.last_message(group, with_buttons=True), "加入")
    table = current_table(bot, group)
    assert table.in_hand() and table.game is not None
    assert isinstance(table.game, Game)  # a 斗地主 table
    assert [seat for seat, _ in table.game.shows] == [0]  # Alice alone, x5 (R-SHOW)


async def test_two_pressing_again_at_once_sit_at_one_new_lobby(bot: Harness) -> None:
    group, users = await _finished(bot)
    alice, bob, _carol = users
    result = bot.api.last_message(group, with_buttons=True)
    answers = await asyncio.gather(alice.press(result, "再来一局"), bob.press(result, "再来一局"))
    assert not any(answer.get("show_alert") for answer in answers), answers
    table = current_table(bot, group)
    assert sorted(s.name for s in table.seats) == ["Alice", "Bob"]
    lobbies = [t for t in manager_of(bot).tables.values() if t.chat_id == group]
    assert lobbies == [table]


# ---- the invitation after Again ------------------------------------------------------


async def test_the_presser_leaving_keeps_the_lobby_for_the_invited(bot: Harness) -> None:
    group, (alice, bob, _) = await _finished(bot)
    result = bot.api.last_message(group, with_buttons=True)
    await bob.press(result, "再来一局")
    await bob.press(bot.api.last_message(group, with_buttons=True), "离开")
    answer = await alice.press(result, "再来一局")  # invited a moment ago: still welcome
    assert not answer.get("show_alert"), answer
    assert [s.name for s in current_table(bot, group).seats] == ["Alice"]


async def test_declining_shows_at_once_in_the_lobby(bot: Harness) -> None:
    group, (alice, _, carol) = await _finished(bot)
    result = bot.api.last_message(group, with_buttons=True)
    await alice.press(result, "再来一局")
    await carol.press(result, "离开")  # the old result's Leave: no, thanks
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and "Carol" not in (lobby.text or "") and "Bob" in (lobby.text or "")


async def test_leave_in_the_new_lobby_declines_an_invitation(bot: Harness) -> None:
    group, (_, bob, carol) = await _finished(bot)
    result = bot.api.last_message(group, with_buttons=True)
    await bob.press(result, "再来一局")
    answer = await carol.press(bot.api.last_message(group, with_buttons=True), "离开")
    assert not answer.get("show_alert"), answer
    assert "Carol" not in current_table(bot, group).invited.values()


async def test_leave_on_the_old_result_gets_up_from_the_new_lobby(bot: Harness) -> None:
    group, (alice, bob, _) = await _finished(bot)
    result = bot.api.last_message(group, with_buttons=True)
    await bob.press(result, "再来一局")
    await alice.press(result, "再来一局")
    answer = await alice.press(result, "离开")
    assert "不在" not in answer.get("text", ""), answer
    assert [s.name for s in current_table(bot, group).seats] == ["Bob"]


async def test_sitting_down_elsewhere_ends_an_invitation(bot: Harness) -> None:
    group, (_, bob, carol) = await _finished(bot)
    result = bot.api.last_message(group, with_buttons=True)
    await bob.press(result, "再来一局")
    other = bot.group(-100200, "Other")
    await bot.user("Dan").send(other, "/newgame")
    await carol.press(bot.api.last_message(other, with_buttons=True), "加入")
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and "Carol" not in (lobby.text or "")


async def test_a_dealt_lobby_waits_for_nobody(bot: Harness) -> None:
    group, (_, bob, _) = await _finished(bot)
    result = bot.api.last_message(group, with_buttons=True)
    await bob.press(result, "再来一局")
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None
    await bob.press(lobby, "开始")  # AI fill the seats
    table = current_table(bot, group)
    assert table.in_hand() and not table.invited
    dealt = bot.api.messages[(group, lobby.message_id)].text or ""
    assert "等待入座" not in dealt, dealt


async def test_leave_typed_in_the_group_declines_an_invitation(bot: Harness) -> None:
    group, (_, bob, carol) = await _finished(bot)
    await bob.press(bot.api.last_message(group, with_buttons=True), "再来一局")
    await carol.send(group, "/leave")
    assert "Carol" not in current_table(bot, group).invited.values()
    assert "你不在这桌" not in (bot.api.last_message(group).text or "")  # type: ignore[union-attr]


async def test_the_again_notice_points_to_the_lobby_that_has_the_join_button(
    bot: Harness,
) -> None:
    group, users = await _finished(bot)
    await users[1].press(bot.api.last_message(group, with_buttons=True), "再来一局")
    notice = next(m for m in bot.api.chat_messages(group) if "又开了一桌" in (m.text or ""))
    lobby = next(m for m in bot.api.chat_messages(group) if "加入" in str(m.buttons()))
    text = notice.text or ""
    # Join is on the lobby, above the notice: the notice says so (it has no button itself)
    assert lobby.message_id < notice.message_id and not notice.buttons()
    assert "上面" in text and "这里" not in text, text
