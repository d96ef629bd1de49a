"""比赛 of each game end to end: a 保皇 tournament of five and a 跑得快 one of three take
their fees, edit one standings message that names no card, and pay the prizes once (the
ledger's rows of the tournament sum to nothing); a 斗地主 tournament of seven plays three
boards (two AI seats on the last) and seats everyone again by the standings after round 1
(R-TOUR-FEE, R-TOUR-SEAT, R-TOUR-RANK, R-TOUR-PRIZE)."""

from __future__ import annotations

from ddz_bot.storage import TournamentState
from ddz_bot.tg.tournament import event_of
from ddz_bot.tg.tournament_plan import boards, prizes, standings

from ..conftest import manager_of
from ..harness import Harness, SimUser
from .test_tournament import _CARD_WORDS, _event_tables, _open, _play_on, _signup

_START_BEANS = 10_000


async def _tournament_rows(bot: Harness, users: list[SimUser], tid: int) -> list[int]:
    """Every ledger row of the tournament (fees, refunds, prizes), as beans moved."""
    rows = []
    for user in users:
        for entry in await manager_of(bot).db.ledger(user.id, limit=200):
            if entry.op_key.startswith(f"tour:{tid}"):
                rows.append(entry.delta)
    return rows


async def _seatings(bot: Harness, tid: int) -> dict[tuple[int, int, int], list[int]]:
    """Play the tournament out (as ``_play_on``), noting who sat at each hand: (round,
    board, hand) to the people at it, in seat order."""
    rt = manager_of(bot)
    seen: dict[tuple[int, int, int], list[int]] = {}
    for _ in range(2_000):
        found = await rt.db.tournament(tid)
        assert found is not None
        live = [t for t in _event_tables(bot, tid) if t.in_hand()]
        for table in live:
            board = event_of(table)
            assert board is not None
            seen[(board.round, board.board, board.hand)] = [
                s.user_id for s in table.seats if not s.is_ai
            ]
        if found.state is not TournamentState.PLAYING or not live:
            return seen
        for table in live:
            await rt.fire_timer(table)
        await bot.settle()
    raise AssertionError("the tournament did not end")


async def _played_through(bot: Harness, words: str, names: tuple[str, ...], fee: int) -> None:
    """Open, fill and start a tournament of ``words``, play it out, and check what the group
    and the players see: the fee taken, one message edited to the final standings with no
    card in it, the prizes paid once."""
    group = bot.group()
    users = [bot.user(name) for name in names]
    rt = manager_of(bot)
    tid = await _open(bot, group, users, words)
    signup = _signup(bot, group)
    start = next(b["callback_data"] for b in signup.buttons() if b["text"] == "开赛")
    assert (await users[0].press(signup, "开赛")).get("text") == "比赛开始！"
    for user in users:
        player = await rt.db.get_player(user.id)
        assert player is not None and player.beans == _START_BEANS - fee
    assert "第 1/" in (signup.text or "")  # the sign-up became the standings
    await _play_on(bot, tid)

    found = await rt.db.tournament(tid)
    assert found is not None and found.state is TournamentState.FINISHED
    assert len(await rt.db.tournament_hand_ids(tid)) == found.rounds * found.hands
    text = signup.text or ""
    assert "结束" in text and f"奖池 {fee * len(users)} 豆" in text
    assert signup.edits >= found.rounds * found.hands  # edited after the hands, not posted
    group_texts = [m.text or "" for m in bot.api.chat_messages(group) if m.from_bot]
    assert sum("比赛 #" in t for t in group_texts) == 1
    for seen in group_texts:
        assert not any(word in seen for word in _CARD_WORDS)
    # the prizes: 50/30/20 of the pool, to the first three of the final standings
    entrants = await rt.db.tournament_entrants(tid)
    final = standings(entrants, await rt.db.tournament_scores(tid))
    paid = prizes([s.user_id for s in final], fee * len(users))
    for user in users:
        player = await rt.db.get_player(user.id)
        won = dict(paid).get(user.id, 0)
        rows = await rt.db.ledger(user.id, limit=200)
        other = sum(e.delta for e in rows if not e.op_key.startswith(f"tour:{tid}"))
        assert player is not None and player.beans == other - fee + won  # the prize once
    moves = await _tournament_rows(bot, users, tid)
    assert moves.count(-fee) == len(users) and sum(moves) == 0  # the prizes sum to the fees
    assert len([r for r in moves if r > 0]) == len(paid)
    again = await users[0].press_data(signup, start)
    assert again.get("text") == "这场比赛已经不在报名了。"
    assert await _tournament_rows(bot, users, tid) == moves  # paid once
    assert not await rt.db.ledger_mismatches()


async def test_a_baohuang_tournament_of_five_pays_its_pool_once(bot: Harness) -> None:
    names = ("Alice", "Bob", "Carol", "Dave", "Erin")
    await _played_through(bot, "保皇 2x1 100", names, 100)


async def test_a_paodekuai_tournament_of_three_pays_its_pool_once(bot: Harness) -> None:
    await _played_through(bot, "pdk 2x1 30", ("Alice", "Bob", "Carol"), 30)


async def test_seven_at_doudizhu_play_three_boards_and_are_seated_by_the_standings(
    bot: Harness,
) -> None:
    group = bot.group()
    names = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace")
    users = [bot.user(name) for name in names]
    rt = manager_of(bot)
    tid = await _open(bot, group, users, "斗地主 2x2 20")
    await users[0].press(_signup(bot, group), "开赛")
    tables = sorted(_event_tables(bot, tid), key=lambda t: t.event)
    assert [len(t.humans()) for t in tables] == [3, 3, 1]  # three boards at once
    assert sum(seat.is_ai for seat in tables[2].seats) == 2  # the AI fills the last
    seated = await _seatings(bot, tid)

    found = await rt.db.tournament(tid)
    assert found is not None and found.state is TournamentState.FINISHED
    assert len(await rt.db.tournament_hand_ids(tid)) == 2 * 3 * 2  # 2 rounds, 2 hands, 3 boards
    entrants = await rt.db.tournament_entrants(tid)
    after_one = standings(entrants, await rt.db.tournament_scores(tid, before_round=2))
    by_round = {
        1: boards([e.user_id for e in entrants], 3),  # the order of signing up
        2: boards([s.user_id for s in after_one], 3),  # the leaders together
    }
    assert sorted(seated) == [(r, b, h) for r in (1, 2) for b in (1, 2, 3) for h in (1, 2)]
    for (round_no, board, _), people in seated.items():
        assert people == by_round[round_no][board - 1], (round_no, board)
    assert by_round[1] != by_round[2]  # people moved
    assert not await rt.db.ledger_mismatches()
