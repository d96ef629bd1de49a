"""/balance shows a person's 比赛 results, from what the tournaments stored (on each engine):
how many they finished, their best place, the prizes in all, and the last one's place and
prize, in the person's language; someone who never finished one reads no such line."""

from __future__ import annotations

from ddz_bot.tg.tournament_plan import prizes, standings

from ..conftest import manager_of
from ..harness import Harness, SimUser
from .test_tournament import _play_on, _signup


async def _card(user: SimUser) -> str:
    await user.dm("/balance")
    card = user.harness.api.last_message(user.id)
    assert card is not None and card.photo_digest is not None
    return card.caption or ""


async def _played(bot: Harness, group: int, users: list[SimUser], words: str) -> int:
    await users[0].send(group, f"/bisai {words}")
    for user in users[1:]:  # each answered in their own language
        await user.press(_signup(bot, group), "报名")
    (found,) = await manager_of(bot).db.open_tournaments()
    tid = found.id
    assert len(await manager_of(bot).db.tournament_entrants(tid)) == len(users)
    assert (await users[0].press(_signup(bot, group), "开赛")).get("text") == "比赛开始！"
    await _play_on(bot, tid)
    return tid


async def test_the_balance_card_tells_each_persons_tournaments_in_their_language(
    bot: Harness,
) -> None:
    group = bot.group()
    ling = bot.user("Ling")  # zh-Hans
    ann = bot.user("Ann", language_code="en")
    mei = bot.user("Mei", language_code="zh-hant")
    nobody = bot.user("Nobody")
    users = [ling, ann, mei]
    rt = manager_of(bot)
    assert "比赛" not in await _card(ling)  # none finished yet: no line

    first = await _played(bot, group, users, "1x1 30")
    second = await _played(bot, group, users, "1x1 0")  # no fee: no prize
    places: dict[int, list[int]] = {u.id: [] for u in users}
    won: dict[int, int] = {u.id: 0 for u in users}
    for tid in (first, second):
        entrants = await rt.db.tournament_entrants(tid)
        final = standings(entrants, await rt.db.tournament_scores(tid))
        for s in final:
            places[s.user_id].append(s.place)
        found = await rt.db.tournament(tid)
        assert found is not None
        for user_id, beans in prizes([s.user_id for s in final], found.fee * len(entrants)):
            won[user_id] += beans
    assert sum(won.values()) == 90

    card = await _card(ling)
    best, last = min(places[ling.id]), places[ling.id][-1]
    assert f"🏆 比赛：2 场 · 最好第 {best} 名 · 奖金共 {won[ling.id]} 豆" in card
    assert f"上一场：比赛 #{second} · 斗地主 · 第 {last}/3 名" in card
    assert "奖金 +" not in card.split("上一场")[1]  # the last one had no pool
    card = await _card(mei)
    best, last = min(places[mei.id]), places[mei.id][-1]
    assert f"🏆 比賽：2 場 · 最好第 {best} 名 · 獎金共 {won[mei.id]} 豆" in card
    assert f"上一場：比賽 #{second} · 鬥地主 · 第 {last}/3 名" in card
    card = await _card(ann)
    best, last = min(places[ann.id]), places[ann.id][-1]
    assert f"🏆 Tournaments: 2 played · best place {best} · prizes {won[ann.id]} beans" in card
    assert f"Last: tournament #{second} · Dou Dizhu · place {last} of 3" in card
    assert "🏆" not in await _card(nobody)

    # the first one's prize is said on the card when it was the last one
    past = await rt.db.finished_tournaments_of(ling.id)
    assert [p.tournament.id for p in past] == [second, first]
    assert [p.prize for p in past] == [0, won[ling.id]]
    await users[0].send(group, "/balance")  # in the group, the same lines
    shown = bot.api.last_message(group)
    assert shown is not None and "🏆 比赛：2 场" in (shown.caption or "")
