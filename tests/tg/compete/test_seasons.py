"""Seasons through the real Application: /rank shows the group's season as a picture, a season
that ends posts its final standings once and a new one starts afresh, /rank last and
/season N show the old one again (R-SEASON-SPAN, R-SEASON-RANK, R-SEASON-FINAL). Time moves
by the bot's clock only (``manager_clock``)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

from ddz_bot.render.standings import Standings, render_standings
from ddz_bot.tg.seasons import JOB_NAME

from ..clocks import ManualClock
from ..conftest import manager_of
from ..fake_api import FakeMessage
from ..harness import Harness
from ..scripts import play_until_over, seat_three

_CARD_WORDS = ("♠", "♥", "♣", "♦", "大王", "小王", "炸弹", "王炸")


def _digest(board: Standings, lang: str = "zh-Hans") -> str:
    return hashlib.sha1(render_standings(board, lang)).hexdigest()


async def _run_season_job(bot: Harness) -> None:
    """What the bot's minute job does, now."""
    assert bot.app.job_queue is not None
    (job,) = bot.app.job_queue.get_jobs_by_name(JOB_NAME)
    await job.run(bot.app)
    await bot.settle()


def _photos(bot: Harness, group: int) -> list[FakeMessage]:
    return [m for m in bot.api.chat_messages(group) if m.from_bot and m.photo_digest]


async def test_a_season_ends_posts_its_standings_once_and_a_new_one_starts_afresh(
    bot: Harness, manager_clock: ManualClock
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await play_until_over(bot, group, users)
    rt = manager_of(bot)
    seasons = rt.seasons

    await users[1].send(group, "/rank")
    now = await seasons.current(group)
    assert now.season.zone == "Asia/Shanghai"  # a zh-Hans group counts in China's time
    board = await seasons.board(group, now.season, final=False, viewer=users[1].id)
    assert {row.name for row in board.rows} == {u.name for u in users}
    assert sum(row.hands for row in board.rows) == 3 and board.own is None
    assert sum(1 for row in board.rows if row.own) == 1  # Bob's row is marked for Bob
    picture = bot.api.last_message(group)
    assert picture is not None and picture.photo_digest == _digest(board)
    assert picture.caption is not None and now.season.label() in picture.caption

    await users[1].send(group, "/rank pdk")  # one game's season: nobody played 跑得快
    pdk = await seasons.board(group, now.season, final=False, game="paodekuai")
    assert pdk.rows == () and pdk.game == "paodekuai"
    assert bot.api.last_message(group).photo_digest == _digest(pdk)  # type: ignore[union-attr]
    await users[1].send(group, "/rank doudizhu")
    ddz = await seasons.board(group, now.season, final=False, game="doudizhu", viewer=users[1].id)
    assert len(ddz.rows) == 3
    assert bot.api.last_message(group).photo_digest == _digest(ddz)  # type: ignore[union-attr]

    await _run_season_job(bot)  # the season runs on: nothing is posted
    before = len(_photos(bot, group))

    ended = now.season
    manager_clock.now = (ended.ends + timedelta(minutes=1)).timestamp()
    await _run_season_job(bot)
    finals = _photos(bot, group)[before:]
    assert len(finals) == 1
    final = finals[0]
    expected = await seasons.board(group, ended, final=True)
    assert final.photo_digest == _digest(expected)
    assert final.caption is not None and "第 1 赛季" in final.caption
    assert expected.rows[0].name in final.caption and ended.label() in final.caption
    assert not any(word in final.caption for word in _CARD_WORDS)  # no card is named

    await _run_season_job(bot)  # looked at again: posted once
    manager_clock.advance(3600)
    await _run_season_job(bot)
    assert len(_photos(bot, group)) == before + 1

    await users[0].send(group, "/rank")  # the new season has no hand yet
    fresh = await seasons.current(group)
    assert fresh.season.starts == ended.ends
    empty = await seasons.board(group, fresh.season, final=False, viewer=users[0].id)
    assert empty.rows == () and empty.players == 0
    assert bot.api.last_message(group).photo_digest == _digest(empty)  # type: ignore[union-attr]

    await users[0].send(group, "/rank last")
    last = bot.api.last_message(group)
    old = await seasons.board(group, ended, final=True, viewer=users[0].id)
    assert last is not None and last.photo_digest == _digest(old)
    assert last.caption is not None and ended.label() in last.caption

    await users[2].send(group, "/season 1")
    again = bot.api.last_message(group)
    assert again is not None and again.photo_digest == _digest(
        await seasons.board(group, ended, final=True, viewer=users[2].id)
    )
    await users[2].send(group, "/season")
    listed = bot.api.last_message(group)
    assert listed is not None and f"第 1 赛季：{ended.label()}" in (listed.text or "")
    await users[2].send(group, "/season 7")
    assert "没有第 7 赛季" in (bot.api.last_message(group).text or "")  # type: ignore[union-attr]

    # a hand of the new season counts in it alone
    await seat_three(bot, group, users)
    await play_until_over(bot, group, users)
    board = await seasons.board(group, fresh.season, final=False)
    assert sum(row.hands for row in board.rows) == 3
    finished = await rt.db.recent_hands(chat_id=group, limit=1)
    assert finished and finished[0].finished_at >= fresh.season.starts


async def test_a_group_that_played_nothing_gets_no_final_standings(
    bot: Harness, manager_clock: ManualClock
) -> None:
    played, quiet = bot.group(), bot.group(-100200, "安静群")
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group=played, users=users)
    await play_until_over(bot, played, users)
    await users[0].send(quiet, "/rank")  # the quiet group exists and has asked
    season = (await manager_of(bot).seasons.current(quiet)).season
    before = len(_photos(bot, played))
    manager_clock.now = (season.ends + timedelta(hours=2)).timestamp()
    await _run_season_job(bot)
    assert len(_photos(bot, quiet)) == 1  # its /rank answer only
    assert len(_photos(bot, played)) == before + 1  # the final standings


async def test_settings_make_the_season_weekly_in_another_time_zone(
    bot: Harness, manager_clock: ManualClock
) -> None:
    admin = bot.user("Admin")
    group = bot.group(admins={admin.id})
    await admin.send(group, "/settings")
    panel = bot.api.last_message(group, with_buttons=True)
    assert panel is not None and "赛季：每月，时区 Asia/Shanghai" in (panel.text or "")
    await admin.press(panel, "赛季：每月")
    panel = bot.api.last_message(group, with_buttons=True)
    await admin.press(panel, "时区：Asia/Shanghai")
    panel = bot.api.last_message(group, with_buttons=True)
    assert panel is not None and "赛季：每周，时区 Asia/Taipei" in (panel.text or "")
    manager_clock.now = datetime(2026, 12, 9, 12, tzinfo=UTC).timestamp()  # a Wednesday
    season = (await manager_of(bot).seasons.current(group)).season
    assert season.label() == "2026-W50"
    assert season.starts == datetime(2026, 12, 6, 16, tzinfo=UTC)  # Monday 00:00 in Taipei
    assert season.ends - season.starts == timedelta(days=7)
