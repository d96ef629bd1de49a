"""跑得快 at a table through the real Application over the fake Bot API (RULES.md section 6):
/newgame 跑得快 opens it; three people play a hand to the end by buttons and by typing; one
person and two AI; a shut loser and a standing bomb settle as the result says; a time-out
plays the lowest beating play; a restart mid-hand resumes; /replay tells the hand."""

from __future__ import annotations

from pathlib import Path

from ddz_bot.games.paodekuai.engine import PdkGame, PdkRules, pdk_settle
from ddz_bot.kernel import Cards, Pass, Play, room_by_key
from ddz_bot.tg.table import FINISHED

from ..conftest import make_settings, manager_of, start_bot
from ..harness import Harness, SimUser
from ..pdk_scripts import (
    NAMES,
    FixedDeal,
    dealt,
    pdk_game,
    pdk_take_turn,
    play_pdk_until_over,
    seat_three_pdk,
)
from ..scripts import current_table, fire_timer, whose_turn

#: seat 0 holds every 3 (so the ♠3: it leads, R-PDK-FIRST); both others can beat 34567
TYPING_DEAL = ("33334567 89TJQKA2", "456789TJQK45678A", "4567899TTJJQQKKA")
#: seat 0 bombs with 3333, then runs 456789TJQKA and the 2: both others are shut
BOMB_DEAL = ("3333456789TJQKA2", "444555666777888A", "999TTTJJJQQQKKKA")


async def beans_of(bot: Harness, users: list[SimUser]) -> list[int]:
    db = manager_of(bot).db
    out = []
    for user in users:
        player = await db.get_player(user.id)
        assert player is not None
        out.append(player.beans)
    return out


def expected_balances(game: PdkGame) -> list[int]:
    """What the settlement of the finished hand leaves each seat (10,000 beans each before)."""
    outcome = game.outcome()
    assert outcome is not None
    return list(pdk_settle(outcome, room_by_key("beginner"), [10_000] * 3, [0] * 3).balances)


def by_seat(bot: Harness, group: int, users: list[SimUser]) -> list[SimUser]:
    """The users in the order of their seats."""
    table = current_table(bot, group)
    ids = [seat.user_id for seat in table.seats]
    return sorted(users, key=lambda u: ids.index(u.id))


async def test_newgame_paodekuai_opens_a_table_and_three_people_play_it_out(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await seat_three_pdk(bot, group, users, "/newgame 跑得快")
    lobbies = [m.text or "" for m in bot.api.chat_messages(group) if "🏃" in (m.text or "")]
    assert lobbies and "跑得快" in lobbies[0] and "标准规则" in lobbies[0]
    table = current_table(bot, group)
    assert table.rules == "paodekuai" and len(table.seats) == 3
    game = pdk_game(table)
    assert game.rules == PdkRules() and all(len(game.hand(s)) == 16 for s in range(3))
    table = await play_pdk_until_over(bot, group, users)
    assert table.phase == FINISHED
    game = pdk_game(table)
    assert await beans_of(bot, by_seat(bot, group, users)) == expected_balances(game)
    result = bot.api.last_message(group, with_buttons=True)
    assert result is not None and result.photo_digest is not None
    assert "先出完，赢了！" in (result.caption or "")
    # /replay names every play of the hand, in order
    await users[0].send(group, "/replay")
    replay = bot.api.last_message(group)
    assert replay is not None and (replay.text or "").startswith("跑得快回放：")
    plays = sum(1 for a in game.actions if isinstance(a, Play | Pass))
    assert f"\n{plays}. " in (replay.text or "")


async def test_each_alias_opens_paodekuai(bot: Harness) -> None:
    for word in ("pdk", "paodekuai", "跑的快"):
        group = bot.group()
        user = bot.user(f"u{word}")
        await user.send(group, f"/newgame {word}")
        assert current_table(bot, group).rules == "paodekuai"


async def test_typed_plays_and_a_pass_refused_while_the_seat_can_beat(tmp_path: Path) -> None:
    async with dealt(tmp_path, FixedDeal(TYPING_DEAL)) as bot:
        group = bot.group()
        users = [bot.user(name) for name in NAMES]
        await seat_three_pdk(bot, group, users)
        first, second, _ = by_seat(bot, group, users)
        game = pdk_game(current_table(bot, group))
        assert whose_turn(bot, group, users) is first  # ♠3 leads the table's first hand
        await first.dm("34567")
        game = pdk_game(current_table(bot, group))
        assert game.to_beat is not None and game.to_beat.cards == Cards.parse("34567")
        assert whose_turn(bot, group, users) is second
        assert "要不起" not in second.labels()  # R-PDK-MUST: no Pass on the panel
        assert "你能管上，必须出牌" in (second.panel().caption or "")  # type: ignore[union-attr]
        await second.dm("pass")
        assert "有大必压" in second.dm_texts()[-1]
        game = pdk_game(current_table(bot, group))
        assert whose_turn(bot, group, users) is second
        assert game.to_beat is not None and game.to_beat.cards == Cards.parse("34567")
        await second.dm("45678")
        game = pdk_game(current_table(bot, group))
        assert game.to_beat is not None and game.to_beat.cards == Cards.parse("45678")
        table = await play_pdk_until_over(bot, group, users)
        assert table.phase == FINISHED


async def test_a_time_out_plays_the_lowest_play_that_beats(tmp_path: Path) -> None:
    async with dealt(tmp_path, FixedDeal(TYPING_DEAL)) as bot:
        group = bot.group()
        users = [bot.user(name) for name in NAMES]
        await seat_three_pdk(bot, group, users)
        first = by_seat(bot, group, users)[0]
        table = current_table(bot, group)
        game = pdk_game(table)
        await first.dm("34567")
        assert await fire_timer(bot, table)  # seat 1 sleeps: 45678 beats, and is the lowest
        game = pdk_game(table)
        assert game.to_beat is not None and game.to_beat.cards == Cards.parse("45678")
        game = pdk_game(table)
        assert game.to_beat_seat == 1 and game.timeouts[1] == 1
        assert "超时，系统代出" in (bot.api.last_message(group).caption or "")  # type: ignore[union-attr]


async def test_a_shut_loser_pays_double_and_a_standing_bomb_scores(tmp_path: Path) -> None:
    async with dealt(tmp_path, FixedDeal(BOMB_DEAL)) as bot:
        group = bot.group()
        users = [bot.user(name) for name in NAMES]
        await seat_three_pdk(bot, group, users)
        first, second, third = by_seat(bot, group, users)
        for play in ("3333", "456789TJQKA"):
            await first.dm(play)
            for other in (second, third):
                assert "要不起" in other.labels()  # nothing beats: Pass is offered
                await other.press(other.panel(), "要不起")
        await first.dm("2")
        table = current_table(bot, group)
        assert table.phase == FINISHED
        outcome = pdk_game(table).outcome()
        assert outcome is not None and outcome.winner == 0 and outcome.shut == (False, True, True)
        assert outcome.scores == (84, -42, -42)  # 16 x2 each, and 10 from each for the bomb
        balances = expected_balances(pdk_game(table))
        assert await beans_of(bot, [first, second, third]) == balances
        result = bot.api.last_message(group, with_buttons=True)
        caption = result.caption or "" if result is not None else ""
        assert "被关（一张没出）：16 张 ×2 = -32 分" in caption
        assert "炸弹 3：+20 分" in caption and "别家炸弹：-10 分" in caption
        assert "合计 +84 分" in caption and "合计 -42 分" in caption


async def test_one_person_and_two_ai_play_a_hand(bot: Harness) -> None:
    group = bot.group()
    alice = bot.user("Alice")
    await seat_three_pdk(bot, group, [alice])
    table = current_table(bot, group)
    assert [s.is_ai for s in table.seats] == [False, True, True]
    table = await play_pdk_until_over(bot, group, [alice])
    assert table.phase == FINISHED
    assert any(isinstance(a, Play) and a.seat != 0 for a in pdk_game(table).actions)


async def test_a_restart_mid_hand_resumes_and_settles_once(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    group = first.group()
    users = [first.user(name) for name in NAMES]
    try:
        await seat_three_pdk(first, group, users)
        for _ in range(5):
            user = whose_turn(first, group, users)
            assert user is not None
            await pdk_take_turn(first, user)
        table = current_table(first, group)
        snapshot, hand_id = pdk_game(table).to_dict(), table.hand_id
    finally:
        await first.stop()
    api = first.api
    second = await start_bot(settings, api)
    try:
        table = current_table(second, group)
        assert pdk_game(table).to_dict() == snapshot and table.hand_id == hand_id
        assert manager_of(second).timers.pending(table.id) is not None  # its clock runs on
        people = [SimUser(second, api.users[u.id]) for u in users]
        table = await play_pdk_until_over(second, group, people)
        game = pdk_game(table)
        assert game.over
        assert await beans_of(second, by_seat(second, group, people)) == expected_balances(game)
    finally:
        await second.stop()


async def test_settings_make_paodekuai_the_groups_game_with_its_options(bot: Harness) -> None:
    alice, bob, cy = bot.user("Alice"), bot.user("Bob"), bot.user("Cy")
    group = bot.group(admins={alice.id})
    await alice.send(group, "/settings")
    panel = bot.api.last_message(group, with_buttons=True)
    await alice.press(panel, "默认玩法")  # 斗地主 -> 保皇
    await alice.press(panel, "默认玩法")  # 保皇 -> 跑得快
    await alice.press(panel, "15 张牌")
    await alice.press(panel, "四带三")
    stored = await manager_of(bot).db.get_group(group)
    assert stored is not None and stored.game == "paodekuai"
    assert stored.game_options == {
        "paodekuai": {"cards15": True, "free_first": False, "four_three": True}
    }
    await alice.send(group, "/settings")
    text = bot.api.last_message(group, with_buttons=True)
    assert text is not None and "默认玩法：跑得快" in str(text.buttons())
    assert "发 /newgame 将开：跑得快: 15 张牌（45 张） · 四带三" in (text.text or "")
    await seat_three_pdk(bot, group, [alice, bob, cy], "/newgame")  # the group's game now
    table = current_table(bot, group)
    assert table.rules == "paodekuai+cards15+four_three"
    game = pdk_game(table)
    assert game.rules == PdkRules(cards15=True, four_three=True)
    assert all(len(game.hand(seat)) == 15 for seat in range(3))


async def test_an_escape_costs_a_shut_full_hand_to_each_other_seat(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await seat_three_pdk(bot, group, users)
    runner = by_seat(bot, group, users)[2]
    await runner.send(group, "/leave")
    confirm = bot.api.last_message(group, with_buttons=True)
    assert confirm is not None and "6405" in (confirm.text or "")  # 2 x 32 points x 100 + fee
    await runner.press(confirm, "确定离开")
    table = current_table(bot, group)
    assert table.phase == FINISHED
    seated = by_seat(bot, group, users)
    assert await beans_of(bot, seated) == [13_200, 13_200, 10_000 - 6_400 - 5]
    caption = bot.api.last_message(group, with_buttons=True).caption or ""  # type: ignore[union-attr]
    assert "Cy 逃跑：付给其他两家各 32 分。" in caption


async def test_two_time_outs_in_a_row_put_the_seat_on_auto_play_until_taken_back(
    tmp_path: Path,
) -> None:
    async with dealt(tmp_path, FixedDeal(TYPING_DEAL)) as bot:
        group = bot.group()
        users = [bot.user(name) for name in NAMES]
        await seat_three_pdk(bot, group, users)
        first = by_seat(bot, group, users)[0]
        table = current_table(bot, group)
        assert await fire_timer(bot, table)  # the lead timed out: a play with the ♠3
        assert pdk_game(table).timeouts[0] == 1 and not pdk_game(table).auto[0]
        assert "再超时一次就会进入托管" in (first.panel().caption or "")  # type: ignore[union-attr]
        for _ in range(30):
            if whose_turn(bot, group, users) is first or pdk_game(table).over:
                break
            user = whose_turn(bot, group, users)
            assert user is not None
            await pdk_take_turn(bot, user)
        assert whose_turn(bot, group, users) is first
        assert await fire_timer(bot, table)
        assert pdk_game(table).auto[0]  # R-PDK-AFK: two in a row, 托管
        assert "取消托管" in first.labels()
        await first.press(first.panel(), "取消托管")
        assert not pdk_game(table).auto[0]
