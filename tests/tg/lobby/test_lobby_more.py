"""The lobby when Telegram or the database fails, when everyone leaves, across two groups;
presses answered at once and only once; a player back after blocking the bot."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from ddz_bot.games.doudizhu.engine.actions import Bid
from ddz_bot.games.doudizhu.tg.keyboards import BID_ACTION, DECISIONS, decision_action, decision_of
from ddz_bot.games.doudizhu.tg.typed import _DECISION_WORDS
from ddz_bot.i18n import LANGS, t

from ..conftest import manager_of
from ..failures import fail_once
from ..harness import Harness, SimUser
from ..scripts import (
    current_table,
    play_until_over,
    seat_three,
    take_turn,
    until_playing,
    whose_turn,
)


async def test_a_flood_while_checking_the_private_chat_still_opens_the_lobby(bot: Harness) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    bot.api.flood_next("sendMessage")  # the first private message meets a flood
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and "Alice" in (lobby.text or "")
    assert current_table(bot, group).seat_of(alice.id) == 0


async def test_a_failed_save_leaves_no_table_and_the_opener_is_told(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    fail_once(manager_of(bot).db, "save_table_state", monkeypatch)
    await alice.send(group, "/newgame")
    assert bot.api.last_message(group).text == "出了点问题，请再试一次。"  # type: ignore[union-attr]
    assert manager_of(bot).table_in(group) is None
    await alice.send(group, "/newgame")  # no ghost table blocks the group
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and "Alice" in (lobby.text or "")


async def test_a_command_failing_on_the_database_is_answered(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    db = manager_of(bot).db

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(db, "get_player", broken)  # even the language can't be read
    await alice.send(group, "/help")
    assert bot.api.last_message(group).text == "出了点问题，请再试一次。"  # type: ignore[union-attr]
    await alice.dm("33344")
    assert alice.dm_texts()[-1] == "出了点问题，请再试一次。"


async def test_again_failing_half_way_keeps_the_again_button(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await play_until_over(bot, group, users)
    result = bot.api.last_message(group, with_buttons=True)
    fail_once(manager_of(bot).db, "save_table_state", monkeypatch)
    answer = await users[0].press(result, "再来一局")
    assert answer["text"] == "出了点问题，请再试一次。" and answer["show_alert"]
    assert current_table(bot, group).game is not None  # still the finished hand
    await users[0].press(result, "再来一局")
    table = current_table(bot, group)
    assert table.phase == "lobby" and [s.name for s in table.seats] == ["Alice"]
    assert sorted(table.invited.values()) == ["Bob", "Carol"]


async def test_a_lobby_everyone_left_closes_and_frees_the_group(bot: Harness) -> None:
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None
    await bob.press(lobby, "加入")
    await alice.send(group, "/leave")
    await bob.press(lobby, "AI")
    await bob.press(lobby, "离开")  # only the AI is left
    closed = bot.api.messages[(group, lobby.message_id)]
    assert "大家都离开了，牌桌已关闭。" in (closed.text or "") and not closed.buttons()
    await bob.send(group, "/newgame")
    fresh = bot.api.last_message(group, with_buttons=True)
    assert fresh is not None and fresh.message_id != lobby.message_id
    assert "Bob" in (fresh.text or "")


async def test_newgame_with_a_lobby_far_up_answers_with_a_join_button(bot: Harness) -> None:
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob")
    await alice.send(group, "/newgame")
    for n in range(5):
        await alice.send(group, f"chat {n}")
    await bob.send(group, "/newgame")
    answer = bot.api.last_message(group)
    assert answer is not None and answer.text == "本群已经有一桌了。"
    await bob.press(answer, "加入")
    assert current_table(bot, group).seat_of(bob.id) == 1


async def test_sitting_in_a_second_group_names_the_first(bot: Harness) -> None:
    first, second = bot.group(-1001, "G1"), bot.group(-1002, "G2")
    alice, bob = bot.user("Alice", language_code="en"), bot.user("Bob")
    await alice.send(first, "/newgame")
    await bob.send(second, "/newgame")
    lobby = bot.api.last_message(second, with_buttons=True)
    answer = await alice.press(lobby, "加入")
    assert answer["text"] == "You're already at the table in «G1»; send /leave there first."
    assert answer["show_alert"]


async def test_joining_while_playing_elsewhere_says_finish_it_there(bot: Harness) -> None:
    first, second = bot.group(-1001, "G1"), bot.group(-1002, "G2")
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, first, users)
    dave = bot.user("Dave")
    await dave.send(second, "/newgame")
    answer = await users[0].press(bot.api.last_message(second, with_buttons=True), "加入")
    assert answer["text"] == "你正在「G1」打牌，先打完那一局吧。"


async def test_the_press_that_fills_the_table_is_answered_before_the_deal(bot: Harness) -> None:
    group = bot.group()
    alice, bob, carol = bot.user("Alice"), bot.user("Bob"), bot.user("Carol")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    await bob.press(lobby, "加入")
    since = len(bot.api.calls)
    answer = await carol.press(lobby, "加入")
    assert answer["text"] == "Carol 入座了。"
    calls = bot.api.calls[since:]
    answered = [i for i, c in enumerate(calls) if c.method == "answerCallbackQuery"]
    started = t("zh-Hans", "started")
    dealt = next(
        i
        for i, c in enumerate(calls)
        if started in str(c.params.get("text", "")) or c.method == "sendPhoto"
    )
    assert len(answered) == 1 and calls[answered[0]].ok and answered[0] < dealt


async def test_a_decision_is_answered_before_the_others_see_it_and_only_once(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    user = whose_turn(bot, group, users)
    assert user is not None
    since = len(bot.api.calls)
    answer = await user.press(user.panel(), "叫地主")
    assert not answer.get("text")
    later = [c for c in bot.api.calls[since:] if c.chat_id is not None]
    first_answer = next(
        i for i, c in enumerate(bot.api.calls[since:]) if c.method == "answerCallbackQuery"
    )
    assert later and bot.api.calls[since:].index(later[0]) > first_answer
    assert [c.method for c in bot.api.calls[since:]].count("answerCallbackQuery") == 1


async def test_a_refused_press_is_still_an_alert(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    user = whose_turn(bot, group, users)
    assert user is not None
    panel = user.panel()
    assert panel is not None
    data = next(b["callback_data"] for b in panel.buttons() if "叫地主" in b["text"])
    await user.press_data(panel, data)
    answer = await user.press_data(panel, data)  # the same button again, gone stale
    assert answer["show_alert"] and answer["text"]


async def test_pressing_the_panel_after_unblocking_brings_it_back(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    table = current_table(bot, group)
    mover = whose_turn(bot, group, users)
    assert mover is not None
    seat = table.seat_of(mover.id)
    assert seat is not None
    # the next to play: the move changes their panel (a bystander's stays as it is)
    blocker: SimUser = next(u for u in users if table.seat_of(u.id) == (seat + 1) % 3)
    bot.api.started.discard(blocker.id)  # blocks the bot
    await take_turn(bot, group, mover)
    assert blocker.id in table.unreachable
    old = blocker.panel()
    assert old is not None
    bot.api.started.add(blocker.id)  # unblocks it and presses a card on the old panel
    await blocker.press_data(old, old.buttons()[0]["callback_data"])
    fresh = blocker.panel()
    assert fresh is not None and fresh.message_id > old.message_id
    assert blocker.id not in table.unreachable


def test_one_table_of_decisions_for_buttons_and_typed_words() -> None:
    buttons = {(d.action, d.arg) for d in DECISIONS}
    assert len(buttons) == len(DECISIONS)
    words = [word for d in DECISIONS for word in d.words]
    assert len(words) == len(set(words))
    for decision in DECISIONS:
        made = decision_action(decision.action, decision.arg, 2)
        assert made is not None and type(made) is decision.kind and decision_of(type(made))
        assert _DECISION_WORDS[decision.words[0]] == (decision.kind,)
        for lang in LANGS:
            assert t(lang, decision.say) and t(lang, decision.label, factor=2)
    assert decision_action(BID_ACTION, "3", 1) == Bid(1, 3)
    assert decision_action(BID_ACTION, "pass", 1) is None  # no button carries it


async def test_settings_keep_points_and_the_wildcard_apart(bot: Harness) -> None:
    alice = bot.user("Alice")
    group = bot.group(admins={alice.id})
    await alice.send(group, "/settings")
    panel = bot.api.last_message(group, with_buttons=True)
    assert panel is not None and "发 /newgame 将开：经典" in (panel.text or "")
    await alice.press(panel, "癞子")
    await alice.press(panel, "叫法")  # points bidding on: the wildcard goes off
    group_row = await manager_of(bot).db.get_group(group)
    assert group_row is not None
    assert group_row.options_of("doudizhu") == {"bidding": "points", "wildcard": False}
    assert "发 /newgame 将开：叫分" in (bot.api.messages[(group, panel.message_id)].text or "")
