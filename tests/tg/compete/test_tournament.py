"""比赛 through the real Application: sign-up by buttons, the fees taken at the start, every
board playing at once (the AI filling the last), people seated again by the standings after
each round, one standings message in the group naming no card, the prizes paid once; a
tournament called off gives the fees back; a restart mid-tournament plays on from storage,
and a restart edits the same group message, in sign-up or in play (R-TOUR-SIGNUP,
R-TOUR-FEE, R-TOUR-SEAT, R-TOUR-RANK, R-TOUR-PRIZE)."""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

from ddz_bot.render.tournament_board import render_tournament
from ddz_bot.storage import TournamentState
from ddz_bot.tg.table import Table
from ddz_bot.tg.tournament import event_of
from ddz_bot.tg.tournament_page import final_board
from ddz_bot.tg.tournament_plan import boards, prizes, standings

from ..conftest import make_settings, manager_of, start_bot
from ..fake_api import FakeBotAPI, FakeMessage
from ..harness import Harness, SimUser

_CARD_WORDS = ("♠", "♥", "♣", "♦", "大王", "小王", "炸弹", "王炸", "3️⃣")


def _event_tables(bot: Harness, tournament_id: int) -> list[Table]:
    return [
        table
        for table in manager_of(bot).tables.values()
        if (board := event_of(table)) is not None and board.tournament == tournament_id
    ]


async def _play_on(bot: Harness, tournament_id: int, max_steps: int = 2_000) -> None:
    """Every seat that must decide runs out of time (its default, then 托管 and the AI)
    until the tournament has no table left in play."""
    rt = manager_of(bot)
    idle = 0
    for _ in range(max_steps):
        found = await rt.db.tournament(tournament_id)
        assert found is not None
        live = [t for t in _event_tables(bot, tournament_id) if t.in_hand()]
        if found.state is not TournamentState.PLAYING:
            return
        if not live:  # a second's grace for the next step, in the background, to be stored
            idle += 1
            if idle > 20:
                return
            await asyncio.sleep(0.05)
            await bot.settle()
            continue
        idle = 0
        for table in live:
            await rt.fire_timer(table)
        await bot.settle()
    raise AssertionError("the tournament did not end")


def _signup(bot: Harness, group: int) -> FakeMessage:
    message = bot.api.last_message(group, with_buttons=True)
    assert message is not None and "报名中" in (message.text or "")
    return message


async def _open(bot: Harness, group: int, users: list[SimUser], words: str) -> int:
    await users[0].send(group, f"/bisai {words}")
    signup = _signup(bot, group)
    for user in users[1:]:
        answer = await user.press(signup, "报名")
        assert answer.get("text") == "已报名。"
    found = await manager_of(bot).db.open_tournaments()
    assert len(found) == 1
    return found[0].id


def _tournament_texts(bot: Harness, group: int) -> list[str]:
    return [
        m.text or ""
        for m in bot.api.chat_messages(group)
        if m.from_bot and "比赛 #" in (m.text or "")
    ]


async def test_a_tournament_plays_its_rounds_at_once_and_pays_the_first_three_once(
    bot: Harness,
) -> None:
    group = bot.group()
    users = [bot.user(name) for name in ("Alice", "Bob", "Carol", "Dave")]
    rt = manager_of(bot)
    tid = await _open(bot, group, users, "2x1 100")
    signup = _signup(bot, group)
    assert "已报名 4 人" in (signup.text or "") and "奖池 400 豆" in (signup.text or "")
    start = next(b["callback_data"] for b in signup.buttons() if b["text"] == "开赛")
    refused = await users[1].press(signup, "开赛")
    assert refused.get("text") == "只有发起人可以这样做。"
    answer = await users[0].press(signup, "开赛")
    assert answer.get("text") == "比赛开始！"
    for user in users:  # the fee, one ledger row each
        player = await rt.db.get_player(user.id)
        assert player is not None and player.beans == 9_900

    tables = _event_tables(bot, tid)
    assert len(tables) == 2  # both boards play at once
    seated = sorted(len(t.humans()) for t in tables)
    assert seated == [1, 3]  # the AI fills the last board
    assert rt.table_in(group) is None  # the group's own table is free
    await _play_on(bot, tid)

    found = await rt.db.tournament(tid)
    assert found is not None and found.state is TournamentState.FINISHED and found.round == 2
    counted = await rt.db.tournament_hand_ids(tid)
    assert [(r, b, h) for r, b, h, _ in counted] == [(1, 1, 1), (1, 2, 1), (2, 1, 1), (2, 2, 1)]
    # round 2 seats people by the standings after round 1: the leaders at board 1
    entrants = await rt.db.tournament_entrants(tid)
    after_one = standings(entrants, await rt.db.tournament_scores(tid, before_round=2))
    expected = boards([s.user_id for s in after_one], 3)
    round_two = {b: hand_id for r, b, _, hand_id in counted if r == 2}
    for board, people in enumerate(expected, start=1):
        hand = await rt.db.recent_hands(chat_id=group, limit=10)
        seats = next(h for h in hand if h.hand_id == round_two[board]).seats
        assert [u for u in seats if u > 0] == people

    final = standings(entrants, await rt.db.tournament_scores(tid))
    texts = _tournament_texts(bot, group)
    assert any("结束" in text for text in texts)
    last = next(text for text in reversed(texts) if "结束" in text)
    assert f"🥇 {final[0].name} +200 豆" in last and f"🥉 {final[2].name} +80 豆" in last
    assert "同分时胜局多者在前" in last
    pictures = [m for m in bot.api.chat_messages(group) if m.from_bot and m.photo_digest]
    (final_picture,) = [m for m in pictures if f"比赛 #{tid} 结束" in (m.caption or "")]
    assert final_picture.caption == f"🏆 比赛 #{tid} 结束！冠军：{final[0].name}"
    paid = prizes([s.user_id for s in final], 400)
    found_now = await rt.db.tournament(tid)
    assert found_now is not None
    drawn = final_board(found_now, final, paid)
    assert [r.prize for r in drawn.rows[:3]] == [200, 120, 80] and drawn.pool == 400
    assert (
        final_picture.photo_digest == hashlib.sha1(render_tournament(drawn, "zh-Hans")).hexdigest()
    )
    for text in texts:
        assert not any(word in text for word in _CARD_WORDS)
    assert not await rt.db.ledger_mismatches()
    # pressing again pays nothing more: the tournament is over
    again = await users[0].press_data(signup, start)
    assert again.get("text") == "这场比赛已经不在报名了。"
    assert not await rt.db.ledger_mismatches()


async def test_calling_a_tournament_off_in_play_gives_the_fees_back(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in ("Alice", "Bob")]
    rt = manager_of(bot)
    tid = await _open(bot, group, users, "1x3 50")
    await users[0].press(_signup(bot, group), "开赛")
    assert len(_event_tables(bot, tid)) == 1
    standings_message = bot.api.last_message(group, with_buttons=True)
    assert standings_message is not None
    refused = await users[1].press(standings_message, "取消比赛")
    assert refused.get("text") == "只有发起人可以这样做。"
    await users[0].press(standings_message, "取消比赛")
    found = await rt.db.tournament(tid)
    assert found is not None and found.state is TournamentState.CANCELLED
    assert _event_tables(bot, tid) == []
    for user in users:
        player = await rt.db.get_player(user.id)
        assert player is not None and player.beans == 10_000
    assert not await rt.db.ledger_mismatches()
    assert "已取消" in (bot.api.chat_messages(group)[-1].text or "")


async def test_a_tournament_plays_on_after_a_restart(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    api = FakeBotAPI()
    first = await start_bot(settings, api)
    group = first.group()
    users = [first.user(name) for name in ("Alice", "Bob", "Carol")]
    try:
        tid = await _open(first, group, users, "pdk 2x2 10")
        await users[0].press(_signup(first, group), "开赛")
        (table,) = _event_tables(first, tid)
        assert table.rules.startswith("paodekuai")
        await manager_of(first).fire_timer(table)  # one decision, then the bot stops
        await first.settle()
    finally:
        await first.stop()
    second = await start_bot(settings, api)
    try:
        assert len(_event_tables(second, tid)) == 1  # the hand in play came back
        await _play_on(second, tid)
        rt = manager_of(second)
        found = await rt.db.tournament(tid)
        assert found is not None and found.state is TournamentState.FINISHED
        assert len(await rt.db.tournament_hand_ids(tid)) == 4
        assert not await rt.db.ledger_mismatches()
        (shown,) = _tournament_texts(second, group)  # the same message, edited to the end
        assert "结束" in shown
    finally:
        await second.stop()


async def test_a_restart_edits_the_same_sign_up_message(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    api = FakeBotAPI()
    first = await start_bot(settings, api)
    group = first.group()
    alice, bob = first.user("Alice"), first.user("Bob")
    try:
        tid = await _open(first, group, [alice], "2x1")
        signup = _signup(first, group)
        found = await manager_of(first).db.tournament(tid)
        assert found is not None and found.message_id == signup.message_id
    finally:
        await first.stop()
    second = await start_bot(settings, api)
    alice, bob = SimUser(second, alice.user), SimUser(second, bob.user)
    try:
        assert (await bob.press(signup, "报名")).get("text") == "已报名。"
        assert "已报名 2 人" in (signup.text or "")  # the old message, edited
        assert len(_tournament_texts(second, group)) == 1  # nothing posted anew
        await alice.press(signup, "开赛")
        assert "第 1/2 轮" in (signup.text or "")
        assert len(_tournament_texts(second, group)) == 1
    finally:
        await second.stop()
