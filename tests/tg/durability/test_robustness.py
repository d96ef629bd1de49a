"""What players see when the database or Telegram fails them: nothing half-done, nothing lost,
the table plays on."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.tg.resume import Resumer
from ddz_bot.tg.table import FINISHED, Table

from ..conftest import make_settings, manager_of, start_bot
from ..harness import Harness, SimUser
from ..scripts import (
    current_table,
    fire_timer,
    first_lead,
    play_until_over,
    seat_three,
    take_turn,
    waiting_seats,
)


async def beans_of(bot: Harness, users: list[SimUser]) -> list[int]:
    db = manager_of(bot).db
    return [(await db.get_player(u.id)).beans for u in users]  # type: ignore[union-attr]


def owed(table: Table) -> list[int]:
    """What each seat's beans move by for the table's finished hand in the beginners' room
    (coefficient 100, fee 5; 10,000 beans each: no cap reached): the landlord wins or pays
    twice the stake (base x multiplier x coefficient), each farmer once."""
    game = table.game
    assert isinstance(game, Game)
    assert isinstance(game, Game)  # a 斗地主 table
    outcome = game.outcome()
    assert outcome is not None and outcome.landlord is not None and outcome.escaped is None
    stake = outcome.base * outcome.multiplier * 100
    sign = 1 if outcome.landlord in outcome.winners else -1
    return [
        (2 * sign * stake if seat == outcome.landlord else -sign * stake) - 5 for seat in range(3)
    ]


def fail_saves(
    monkeypatch: pytest.MonkeyPatch, bot: Harness, times: int = 1, *, after: int = 0
) -> list[int]:
    """After ``after`` more saves, the next ``times`` table saves fail (a full disk, a locked
    file); returns a list that counts the failures."""
    db = manager_of(bot).db
    real = db.save_table_state
    failed: list[int] = []
    passed: list[int] = []

    async def flaky(*args: Any, **kwargs: Any) -> Any:
        if len(passed) < after:
            passed.append(1)
        elif len(failed) < times:
            failed.append(1)
            raise sqlite3.OperationalError("disk I/O error")
        return await real(*args, **kwargs)

    monkeypatch.setattr(db, "save_table_state", flaky)
    return failed


async def test_a_play_that_cant_be_saved_changes_nothing_and_can_be_played_again(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    table, leader, seat = await first_lead(bot, group, users)
    game = table.game
    assert isinstance(game, Game)
    await leader.press(leader.panel(), "提示")
    version, hand = table.version, game.to_dict()
    failed = fail_saves(monkeypatch, bot)
    answer = await leader.press(leader.panel(), "出牌")
    assert failed == [1]
    # told in the answer to the press, or (answered already) in the private chat
    assert (
        answer.get("text") == "出了点问题，请再试一次。"
        or leader.dm_texts()[-1] == "出了点问题，请再试一次。"
    )
    # exactly as before: same state, still the leader's turn, their cards still chosen
    assert table.version == version
    assert isinstance(table.game, Game) and table.game.to_dict() == hand
    assert table.game.turn == seat
    pending = manager_of(bot).timers.pending(table.id)
    assert pending is not None and pending.version == version  # the clock still runs
    errors = leader.dm_texts().count("出了点问题，请再试一次。")
    answer = await leader.press(leader.panel(), "出牌")  # the same button again
    assert "出了点问题" not in str(answer.get("text", ""))
    assert leader.dm_texts().count("出了点问题，请再试一次。") == errors
    assert table.game.turn != seat and table.version > version
    logged = [entry.action for entry in await manager_of(bot).db.hand_actions(table.hand_id)]
    assert isinstance(table.game, Game)  # a 斗地主 table
    assert logged == table.game.log  # the play is in the log once
    # the timer of the next decision still fires
    version = table.version
    assert await fire_timer(bot, table)
    assert table.version > version


async def test_an_ai_answer_that_cant_be_saved_stops_at_what_was_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player's play is saved, the AI's answer is not: the table shows the play, waits
    for the AI's time-out, and a restart finds the same table."""
    settings = make_settings(tmp_path)
    bot = await start_bot(settings)
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob")
    try:
        await alice.send(group, "/newgame")
        lobby = bot.api.last_message(group, with_buttons=True)
        await bob.press(lobby, "加入")
        await alice.press(lobby, "开始")
        table = current_table(bot, group)
        game = table.game
        assert isinstance(game, Game)
        ai_seat = next(i for i, s in enumerate(table.seats) if s.is_ai)
        people = [alice, bob]
        for _ in range(20):  # until a person decides right before the AI
            turn = game.turn
            assert turn is not None and not table.seats[turn].is_ai
            if (turn + 1) % 3 == ai_seat and len(waiting_seats(table)) == 1:
                break
            await take_turn(
                bot, group, next(u for u in people if u.id == table.seats[turn].user_id)
            )
        else:
            raise AssertionError("the AI never came next")
        person = next(u for u in people if u.id == table.seats[turn].user_id)
        failed = fail_saves(monkeypatch, bot, after=1)
        await take_turn(bot, group, person)
        assert failed == [1]
        game = table.game
        assert isinstance(game, Game) and game.turn == ai_seat  # the person's decision stands
        stored = await manager_of(bot).db.load_table(str(table.id))
        assert stored is not None and stored.state == table.to_dict()
        pending = manager_of(bot).timers.pending(table.id)
        assert pending is not None and pending.version == table.version
        assert await fire_timer(bot, table)  # the AI's time runs out: the hand goes on
        assert isinstance(table.game, Game) and table.game.turn != ai_seat
        logged = [entry.action for entry in await manager_of(bot).db.hand_actions(table.hand_id)]
        assert isinstance(table.game, Game)  # a 斗地主 table
        assert logged == table.game.log
    finally:
        await bot.stop()


async def test_a_time_out_that_cant_be_saved_is_tried_again(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    table, _, seat = await first_lead(bot, group, users)
    version = table.version
    failed = fail_saves(monkeypatch, bot)
    await fire_timer(bot, table)
    assert failed == [1]
    assert table.version == version and isinstance(table.game, Game) and table.game.turn == seat
    pending = manager_of(bot).timers.pending(table.id)
    assert pending is not None and pending.version == version  # armed again
    assert await fire_timer(bot, table)
    assert table.version > version and table.game.turn != seat


async def test_a_deal_that_cant_be_saved_leaves_the_lobby_open(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    fail_saves(monkeypatch, bot)
    await alice.press(lobby, "开始")
    table = current_table(bot, group)
    assert table.phase == "lobby" and table.game is None and table.hand_no == 0
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and any("开始" in b["text"] for b in lobby.buttons())
    await alice.press(lobby, "开始")
    assert isinstance(table.game, Game) and table.hand_no == 1


async def test_one_table_failing_to_resume_does_not_keep_the_others_from_resuming(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    broken, fine = first.group(-100201, "一群"), first.group(-100202, "二群")
    one = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    two = [first.user("Dave"), first.user("Erin"), first.user("Frank")]
    try:
        await seat_three(first, broken, one)
        await seat_three(first, fine, two)
    finally:
        await first.stop()
    real = Resumer.resume_one

    async def resume_one(self: Resumer, table: Table) -> None:
        if table.chat_id == broken:
            raise RuntimeError("a stored table that can't be shown")
        await real(self, table)

    monkeypatch.setattr(Resumer, "resume_one", resume_one)
    api = first.api
    second = await start_bot(settings, api)
    try:
        people = [SimUser(second, api.users[u.id]) for u in two]
        table = await play_until_over(second, fine, people)
        assert table.phase == FINISHED
        stored = await manager_of(second).db.get_hand(table.hand_id)
        assert stored is not None and stored.seats == [u.id for u in two]
        assert await beans_of(second, people) == [10_000 + d for d in owed(table)]
        # the broken group's players were not touched
        assert (
            await beans_of(second, [SimUser(second, api.users[u.id]) for u in one]) == [10_000] * 3
        )
    finally:
        await second.stop()


async def test_a_table_id_used_again_still_settles_its_own_hand(bot: Harness) -> None:
    """Table ids come from the clock; if it steps back across a restart, an id comes again.
    The new hand must still move beans, not be taken for the settled one."""
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    manager = manager_of(bot)
    await seat_three(bot, group, users)
    first = await play_until_over(bot, group, users)
    first_hand = first.hand_id
    assert await fire_timer(bot, first)  # the result's idle time ends: the table closes
    assert manager.table_in(group) is None
    beans = await beans_of(bot, users)
    assert beans == [10_000 + d for d in owed(first)]
    manager.registry._next_id = first.id - 1  # the clock went back
    await seat_three(bot, group, users)
    second = current_table(bot, group)
    assert second.id == first.id and second.hand_no == first.hand_no
    second = await play_until_over(bot, group, users)
    assert second.hand_id != first_hand
    assert await manager.db.get_hand(second.hand_id) is not None
    after = await beans_of(bot, users)
    assert after == [b + d for b, d in zip(beans, owed(second), strict=True)]  # moved once
    logged = [entry.action for entry in await manager.db.hand_actions(second.hand_id)]
    assert isinstance(second.game, Game)  # a 斗地主 table
    assert second.game is not None and logged == second.game.log  # its own log only


# ---- a private chat that refuses our messages, and comes back ---------------------------------


async def _block_until_their_panel_fails(
    bot: Harness, group: int, users: list[SimUser], blocked: SimUser
) -> None:
    """``blocked`` blocks the bot; the others decide until the table tried to show them
    something (their panel fails: the group is told)."""
    table = current_table(bot, group)
    bot.api.started.discard(blocked.id)
    version = table.version
    while table.version == version or not any(
        "/start" in (m.text or "") for m in bot.api.chat_messages(group)
    ):
        assert await fire_timer(bot, table)


async def test_a_player_back_after_blocking_the_bot_gets_one_live_panel(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    carol = users[2]
    old = carol.panel()
    assert old is not None
    await _block_until_their_panel_fails(bot, group, users, carol)
    notices = [m.text or "" for m in bot.api.chat_messages(group) if "联系不上" in (m.text or "")]
    assert len(notices) == 1 and "Carol" in notices[0]
    assert "/start" in notices[0] and "我的牌" in notices[0]
    bot.api.started.add(carol.id)  # unblocks
    await carol.dm("/start")
    panels = [m for m in bot.api.chat_messages(carol.id) if m.photo_digest]
    assert len(panels) == 1 and panels[0].message_id != old.message_id  # the stale one is gone
    assert bot.api.messages[(carol.id, old.message_id)].deleted
    assert table.version == current_table(bot, group).version


async def test_a_restart_does_not_tell_the_group_again_whom_it_cannot_reach(
    tmp_path: Path,
) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    try:
        await seat_three(first, group, users)
        await _block_until_their_panel_fails(first, group, users, users[2])
    finally:
        await first.stop()
    api = first.api
    calls = len(api.calls)
    second = await start_bot(settings, api)
    try:
        table = current_table(second, group)
        assert users[2].id in table.unreachable
        assert await fire_timer(second, table)  # the hand goes on
        notices = [m for m in api.chat_messages(group) if "/start" in (m.text or "")]
        assert len(notices) == 1
        assert not [c for c in api.calls[calls:] if c.chat_id == users[2].id]  # not tried
    finally:
        await second.stop()


# ---- the end of a table ----------------------------------------------------------------------


async def test_again_works_after_a_restart(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    try:
        await seat_three(first, group, users)
        finished = await play_until_over(first, group, users)
        hand = finished.hand_id
    finally:
        await first.stop()
    api = first.api
    second = await start_bot(settings, api)
    try:
        result = api.last_message(group, with_buttons=True)
        assert result is not None and result.photo_digest is not None
        alice = SimUser(second, api.users[users[0].id])
        answer = await alice.press(result, "再来一局")
        assert not answer.get("show_alert"), answer
        table = current_table(second, group)
        assert table.phase != FINISHED and [s.user_id for s in table.seats] == [alice.id]
        for user in users[1:]:  # the others sit down by their own press of the old Again
            answer = await SimUser(second, api.users[user.id]).press(result, "再来一局")
            assert not answer.get("show_alert"), answer
        table = current_table(second, group)
        assert table.hand_no == 1 and isinstance(table.game, Game) and table.hand_id != hand
    finally:
        await second.stop()


async def test_the_bot_removed_mid_hand_tells_each_player_once_and_why(bot: Harness) -> None:
    import time

    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol", language_code="en")]
    await seat_three(bot, group, users)
    bot.api.chats[group].bot_member = False
    me = bot.api.bot_user()
    await bot.feed(
        {
            "update_id": bot.api.next_update_id(),
            "my_chat_member": {
                "chat": bot.api.chat_dict(group),
                "from": users[0].user,
                "date": int(time.time()),
                "old_chat_member": {"status": "member", "user": me},
                "new_chat_member": {"status": "left", "user": me},
            },
        }
    )
    for user, words in zip(
        users,
        (
            "机器人已被移出「牌友群」",
            "机器人已被移出「牌友群」",
            "The bot was removed from «牌友群»",
        ),
        strict=True,
    ):
        texts = [text for text in user.dm_texts() if words in text]
        assert len(texts) == 1, user.dm_texts()
        panel = user.panel()
        assert panel is not None and panel.buttons() == [] and words in (panel.caption or "")


async def test_a_settlement_that_fails_is_tried_again_and_beans_move_once(
    bot: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    db = manager_of(bot).db
    real = db.settle_hand
    failed: list[int] = []

    async def flaky(*args: Any, **kwargs: Any) -> Any:
        if not failed:
            failed.append(1)
            raise sqlite3.OperationalError("database is locked")
        return await real(*args, **kwargs)

    monkeypatch.setattr(db, "settle_hand", flaky)
    await seat_three(bot, group, users)
    table = await play_until_over(bot, group, users)
    assert failed == [1] and table.phase != FINISHED  # over, not settled yet
    assert await db.get_hand(table.hand_id) is None
    assert await fire_timer(bot, table)  # tried again
    assert table.phase == FINISHED and await db.get_hand(table.hand_id) is not None
    assert await beans_of(bot, users) == [10_000 + d for d in owed(table)]
    result = bot.api.last_message(group, with_buttons=True)
    assert result is not None and {b["text"] for b in result.buttons()} == {"再来一局", "离开"}
    assert await fire_timer(bot, table)  # the idle time ends: nothing moves again
    assert await beans_of(bot, users) == [10_000 + d for d in owed(table)]
