"""A 保皇 hand's edges through the real Application: time-outs and auto-play (R-BH-AFK), an
escape (R-BH-ESCAPE), a restart mid-hand, stale, foreign and forged buttons, typed words, and
a player who never opened the bot's private chat sitting down by the link."""

from __future__ import annotations

from pathlib import Path

from ddz_bot.games.baohuang.engine import Declaration, Phase, Role
from ddz_bot.games.baohuang.tg.keyboards import BaoHuangButton
from ddz_bot.kernel import RANK_CHARS, Cards, Rank
from ddz_bot.tg.codec import Button, Callback
from ddz_bot.tg.table import FINISHED

from ..bh_scripts import (
    Watch,
    bh_game,
    bh_take_turn,
    play_bh_until_over,
    seat_five,
    simulate,
)
from ..conftest import make_settings, manager_of, start_bot
from ..harness import Harness, SimUser
from ..scripts import current_table, fire_timer, whose_turn
from .test_baohuang_table import NAMES, beans_of, expected_balances


async def until_playing(bot: Harness, group: int, users: list[SimUser]) -> None:
    for _ in range(40):
        if bh_game(current_table(bot, group)).phase is Phase.PLAYING:
            return
        user = whose_turn(bot, group, users)
        assert user is not None
        await bh_take_turn(bot, group, user)
    raise AssertionError("the throne and the declarations did not end")


async def test_time_outs_take_the_default_then_auto_play_until_taken_back(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await seat_five(bot, group, users)
    table = current_table(bot, group)
    game = bh_game(table)
    holder = game.turn
    assert holder is not None
    assert await fire_timer(bot, table)  # the throne's time runs out: the card is yielded
    assert bh_game(table).turn == (holder - 1) % 5 and holder in bh_game(table).yielded
    assert f"{NAMES[holder]} 超时了" in (bot.api.last_message(group).caption or "")  # type: ignore[union-attr]
    await until_playing(bot, group, users)
    sleeper = whose_turn(bot, group, users)
    assert sleeper is not None
    seat = table.seat_of(sleeper.id)
    assert seat is not None
    played = len(bh_game(table).played)
    assert await fire_timer(bot, table)  # a lead timed out: the lowest play is made
    assert len(bh_game(table).played) > played and not bh_game(table).auto[seat]
    assert "再超时一次就会进入托管" in (sleeper.panel().caption or "")  # type: ignore[union-attr]
    for _ in range(60):
        user = whose_turn(bot, group, users)
        if user is sleeper or bh_game(table).over:
            break
        assert user is not None
        await bh_take_turn(bot, group, user)
    assert whose_turn(bot, group, users) is sleeper
    assert await fire_timer(bot, table)
    assert bh_game(table).auto[seat]  # two in a row: 托管
    assert "🤖" in (bot.api.last_message(group).caption or "")  # type: ignore[union-attr]
    assert "取消托管" in sleeper.labels()
    await sleeper.press(sleeper.panel(), "取消托管")
    assert not bh_game(table).auto[seat]
    table = await play_bh_until_over(bot, group, users)
    assert table.phase == FINISHED


async def test_an_escape_is_confirmed_and_pays_the_penalty(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await seat_five(bot, group, users)
    await until_playing(bot, group, users)
    runner = users[2]
    await runner.send(group, "/leave")
    confirm = bot.api.last_message(group, with_buttons=True)
    assert confirm is not None and "4005" in (confirm.text or "")  # 40 points x 100 + the fee
    answer = await users[1].press(confirm, "确定离开")  # only the one who asked may confirm
    assert answer["text"] == "这是别的玩家的面板。"
    await runner.press(confirm, "确定离开")
    table = current_table(bot, group)
    assert table.phase == FINISHED
    assert await beans_of(bot, users) == [11_000, 11_000, 10_000 - 4_000 - 5, 11_000, 11_000]
    caption = bot.api.last_message(group, with_buttons=True).caption or ""  # type: ignore[union-attr]
    assert "Carol 逃跑了" in caption


async def test_a_restart_mid_hand_resumes_and_settles_once(tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    group = first.group()
    users = [first.user(name) for name in NAMES]
    try:
        await seat_five(first, group, users)
        await until_playing(first, group, users)
        for _ in range(12):
            user = whose_turn(first, group, users)
            assert user is not None
            await bh_take_turn(first, group, user)
        table = current_table(first, group)
        snapshot, hand_id = bh_game(table).to_dict(), table.hand_id
    finally:
        await first.stop()
    api = first.api
    second = await start_bot(settings, api)
    try:
        table = current_table(second, group)
        assert bh_game(table).to_dict() == snapshot and table.hand_id == hand_id
        assert manager_of(second).timers.pending(table.id) is not None  # its clock runs on
        people = [SimUser(second, api.users[u.id]) for u in users]
        watch = Watch(second, group)
        table = await play_bh_until_over(second, group, people, watch=watch)
        game = bh_game(table)
        assert game.outcome() == simulate(7, "baohuang").outcome()
        assert await beans_of(second, people) == expected_balances(game)  # settled once
    finally:
        await second.stop()


async def test_stale_foreign_and_forged_buttons_change_nothing(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await seat_five(bot, group, users)
    table = current_table(bot, group)
    holder = whose_turn(bot, group, users)
    assert holder is not None
    old = holder.panel()
    assert old is not None
    take = next(b["callback_data"] for b in old.buttons() if b["text"] == "登基")
    await holder.press(old, "让位")
    version = table.version
    answer = await holder.press_data(old, take)  # the button of a decision already taken
    assert answer["text"] == "这个按钮已经过期了。" and table.version == version
    now = whose_turn(bot, group, users)
    assert now is not None and now is not holder
    other = next(u for u in users if u is not now)
    answer = await other.press_data(now.panel(), now.panel().buttons()[0]["callback_data"])  # type: ignore[arg-type,union-attr]
    assert answer["text"] == "这是别的玩家的面板。" and table.version == version
    data = now.panel().buttons()[0]["callback_data"]  # type: ignore[union-attr]
    answer = await now.press_data(now.panel(), data[:-2] + "zz")  # type: ignore[arg-type]
    assert answer["text"] == "这个按钮无效。" and table.version == version
    # a rebel's own signed button claiming 明保 (the guard's word) is refused by the engine
    codec = manager_of(bot).codec
    for _ in range(10):
        user = whose_turn(bot, group, users)
        assert user is not None
        seat = table.seat_of(user.id)
        if (
            bh_game(table).phase is Phase.DECLARING
            and seat is not None
            and bh_game(table).role_of(seat) is Role.REBEL
        ):
            data = codec.encode(Callback(BaoHuangButton.DECLARE, table.id, table.version, "g"))
            version = table.version
            answer = await user.press_data(user.panel(), data)  # type: ignore[arg-type]
            assert answer["text"] in ("现在不能这样做。", "你不能这样声明。")
            assert table.version == version and bh_game(table).declarations[seat] is None
            break
        await bh_take_turn(bot, group, user)
    else:
        raise AssertionError("no rebel was asked to declare (change the seed)")
    await until_playing(bot, group, users)
    # a rank this seat doesn't hold, signed: refused, nothing selected
    leader = whose_turn(bot, group, users)
    assert leader is not None
    seat = table.seat_of(leader.id)
    assert seat is not None
    missing = next(
        r for r in range(Rank.SIX, Rank.BIG_JOKER + 1) if not bh_game(table).hand(seat).counts()[r]
    )
    data = codec.encode(Callback(Button.RANK, table.id, table.hand_version, RANK_CHARS[missing]))
    answer = await leader.press_data(leader.panel(), data)  # type: ignore[arg-type]
    assert answer["text"] == "这个按钮已经过期了。"
    assert manager_of(bot).presenter.panels.seat(table.id, seat).selection is None


async def test_typed_words_take_the_throne_declare_and_play(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await seat_five(bot, group, users)
    table = current_table(bot, group)
    game = bh_game(table)
    holder = whose_turn(bot, group, users)
    assert holder is not None
    await holder.dm("hello")
    assert "现在可以输入：登基 / 让位" in holder.dm_texts()[-1]
    await holder.dm("让位")
    assert bh_game(table).offer_number == 2
    nxt = whose_turn(bot, group, users)
    assert nxt is not None
    await nxt.dm("登基")
    assert (
        bh_game(table).emperor == table.seat_of(nxt.id) and bh_game(table).phase is Phase.DECLARING
    )
    for _ in range(5):
        user = whose_turn(bot, group, users)
        if bh_game(table).phase is not Phase.DECLARING or user is None:
            break
        await user.dm("不表态")
    assert bh_game(table).phase is Phase.PLAYING
    assert all(d is Declaration.NOTHING for d in bh_game(table).declarations)
    leader = whose_turn(bot, group, users)
    assert leader is not None
    seat = table.seat_of(leader.id)
    assert seat is not None
    counts = bh_game(table).hand(seat).counts()
    rank = next(r for r in range(Rank.SIX, Rank.TWO + 1) if counts[r])
    jokers = "d" * min(counts[Rank.BIG_JOKER], 1) or "x" * min(counts[Rank.SMALL_JOKER], 1)
    typed = jokers + RANK_CHARS[rank].replace("T", "10") * counts[rank]  # like dx77
    await leader.dm(typed)
    game = bh_game(table)
    assert game.to_beat is not None and game.to_beat.rank == rank, leader.dm_texts()[-1]
    follower = whose_turn(bot, group, users)
    assert follower is not None
    await follower.dm("hello")
    assert "例如 8888、大王 77、dx77" in follower.dm_texts()[-1]
    version = table.version
    await follower.dm("pass")
    assert table.version > version and bh_game(table).passed[table.seat_of(follower.id) or 0]


async def test_a_player_who_never_started_the_bot_joins_by_the_link(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES[:4]]
    erin = bot.user("Erin", started=False)
    await users[0].send(group, "/newgame bh")
    lobby = bot.api.last_message(group, with_buttons=True)
    for user in users[1:]:
        await user.press(lobby, "加入")
    answer = await erin.press(lobby, "加入")
    table = current_table(bot, group)
    assert answer.get("url") == f"https://t.me/{bot.bot_username}?start=j{table.id:x}"
    assert table.seat_of(erin.id) is None
    await erin.dm(f"/start j{table.id:x}")
    assert table.seat_of(erin.id) == 4 and table.in_hand()
    assert erin.panel() is not None  # her hand came to her private chat


async def test_my_cards_shows_a_long_hand_within_an_alert(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await seat_five(bot, group, users)
    table_message = next(
        m for m in reversed(bot.api.chat_messages(group)) if m.photo_digest is not None
    )
    answer = await users[0].press(table_message, "我的牌")
    assert answer["show_alert"] and len(answer["text"]) <= 200
    assert answer["text"].startswith("你的手牌：")


async def test_each_player_reads_the_table_in_their_own_language(bot: Harness) -> None:
    group = bot.group()
    users = [
        bot.user(name, language_code={"Bob": "en", "Carol": "zh-hant"}.get(name, "zh-hans"))
        for name in NAMES
    ]
    await seat_five(bot, group, users)
    assert (users[1].panel().caption or "").startswith("Table in 牌友群")  # type: ignore[union-attr]
    assert (users[2].panel().caption or "").startswith("「牌友群」的牌桌")  # type: ignore[union-attr]
    holder = whose_turn(bot, group, users)
    assert holder is not None
    expected = {"Bob": ["Take throne", "Yield"], "Carol": ["登基", "讓位"]}
    assert holder.labels() == expected.get(holder.name, ["登基", "让位"])
    caption = bot.api.last_message(group).caption or ""  # type: ignore[union-attr]
    assert "保皇 · 固定侍卫" in caption  # the group reads the group's language


async def test_rank_buttons_all_of_a_rank_clear_play_and_pass(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await seat_five(bot, group, users)
    await until_playing(bot, group, users)
    table = current_table(bot, group)
    game = bh_game(table)
    leader = whose_turn(bot, group, users)
    assert leader is not None
    seat = table.seat_of(leader.id)
    assert seat is not None
    counts = game.hand(seat).counts()
    rank = next(r for r in range(Rank.SIX, Rank.TWO + 1) if counts[r] >= 2)
    label = "10" if RANK_CHARS[rank] == "T" else RANK_CHARS[rank]
    panels = manager_of(bot).presenter.panels
    await leader.press(leader.panel(), f"{label}×")  # one card of the rank
    assert panels.seat(table.id, seat).selection is not None
    assert f"✅{label} 1/{counts[rank]}" in leader.labels()
    await leader.press(leader.panel(), "清空")
    assert panels.seat(table.id, seat).selection is None
    await leader.press(leader.panel(), f"全部{label}")  # every card of it at once
    assert f"✅{label} {counts[rank]}/{counts[rank]}" in leader.labels()
    await leader.press(leader.panel(), "出牌")
    game = bh_game(table)
    assert game.to_beat is not None and game.to_beat.cards == Cards([rank] * counts[rank])
    follower = whose_turn(bot, group, users)
    assert follower is not None and "不出" in follower.labels()
    await follower.press(follower.panel(), "不出")
    assert bh_game(table).passed[table.seat_of(follower.id) or 0]
    # /balance counts the hand once it is over
    table = await play_bh_until_over(bot, group, users)
    await users[0].dm("/balance")
    card = next(m for m in reversed(bot.api.chat_messages(users[0].id)) if m.caption)
    assert "胜 " in (card.caption or "") and ("胜 1" in card.caption or "负 1" in card.caption)  # type: ignore[operator]


async def test_nobody_taking_the_throne_redeals_then_closes_without_beans(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user(name) for name in NAMES]
    await seat_five(bot, group, users)
    table = current_table(bot, group)
    for _ in range(60):
        if bh_game(table).over:
            break
        user = whose_turn(bot, group, users)
        assert user is not None
        await user.press(user.panel(), "让位")
    assert bh_game(table).over and bh_game(table).redeals == 3
    watch = Watch(bot, group)
    watch.check()  # every text sent since the start
    assert "没人登基，重新发牌。" in "\n".join(watch.texts)
    assert current_table(bot, group).phase == FINISHED
    assert await beans_of(bot, users) == [10_000] * 5  # an aborted hand moves nothing
    assert "本局作废" in (bot.api.last_message(group, with_buttons=True).caption or "")  # type: ignore[union-attr]
