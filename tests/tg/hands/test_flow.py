"""The flow of a hand as players live it: being told it is their turn, half-made choices that
end with the turn, the doubling clock, Again, languages, modes, typed decisions."""

from __future__ import annotations

from pathlib import Path

from ddz_bot.games.doudizhu.engine.catalogue import classify
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.kernel import RANK_CHARS, Play
from ddz_bot.tg.panels import STILL_LOOKING_SECONDS

from ..built_deals import ambiguous_wildcard_lead
from ..clocks import ManualClock
from ..conftest import make_settings, manager_of, start_bot
from ..harness import Harness, SimUser
from ..scripts import (
    current_table,
    ddz_game,
    fire_timer,
    play_until_over,
    seat_three,
    take_turn,
    whose_turn,
)


def _panels(bot: Harness, user: SimUser) -> list[int]:
    """The panels (pictures) the user's private chat still shows."""
    return [
        m.message_id
        for m in bot.api.chat_messages(user.id)
        if m.from_bot and m.photo_digest is not None
    ]


def _sent(bot: Harness, user: SimUser) -> int:
    """How many new pictures the bot sent to the user's private chat (each one notifies)."""
    return len(bot.api.calls_to(user.id, "sendPhoto"))


async def test_whose_turn_it_becomes_gets_a_new_panel_and_the_old_one_goes(
    bot: Harness, manager_clock: ManualClock
) -> None:
    """Everyone thinks longer than ``STILL_LOOKING_SECONDS``: nobody is looking at their chat
    when their turn comes, so each is notified (``test_call_budget`` has those who are)."""
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    game = table.game
    assert game is not None
    first = whose_turn(bot, group, users)
    assert first is not None and "轮到你了" in (first.panel().caption or "")  # type: ignore[union-attr]
    told = 0
    for _ in range(400):
        if ddz_game(table).over:
            break
        user = whose_turn(bot, group, users)
        assert user is not None
        phase = ddz_game(table).phase
        before = {u.id: _sent(bot, u) for u in users}
        manager_clock.advance(STILL_LOOKING_SECONDS + 1)
        await take_turn(bot, group, user)
        if ddz_game(table).over:
            break
        for u in users:
            assert len(_panels(bot, u)) == 1, "the old panel is deleted: one panel a chat"
        now = whose_turn(bot, group, users)
        assert now is not None
        if ddz_game(table).phase is Phase.DOUBLING and phase is not Phase.DOUBLING:
            # doubling asks everyone at once: everyone is told, once, but who just acted
            # (looking at their chat: their panel is edited before their eyes)
            assert all(_sent(bot, u) == before[u.id] + (u is not user) for u in users)
        elif ddz_game(table).phase is Phase.DOUBLING:
            assert all(_sent(bot, u) == before[u.id] for u in users), "asked once only"
        elif now is not user:
            assert _sent(bot, now) == before[now.id] + 1, "the next player is notified"
            assert "轮到你了" in (now.panel().caption or "")  # type: ignore[union-attr]
            assert _sent(bot, user) == before[user.id], "the one who acted is not"
            told += 1
    assert ddz_game(table).over and told > 5


async def test_a_seat_on_auto_play_is_not_notified(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    game = table.game
    assert game is not None
    sleeper = whose_turn(bot, group, users)
    assert sleeper is not None
    seat = table.seat_of(sleeper.id)
    assert seat is not None
    for _ in range(60):  # the sleeper lets every clock of theirs run out: 托管 (R-AFK)
        if ddz_game(table).over or ddz_game(table).auto[seat]:
            break
        user = whose_turn(bot, group, users)
        if user is sleeper:
            assert await fire_timer(bot, table)
        else:
            assert user is not None
            await take_turn(bot, group, user)
    assert ddz_game(table).auto[seat]
    sent = _sent(bot, sleeper)
    others = [u for u in users if u is not sleeper]
    await play_until_over(bot, group, others)
    assert _sent(bot, sleeper) == sent, "no new message for a seat on 托管"


async def test_start_or_my_cards_reposts_the_panel(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    alice = users[0]
    old = _panels(bot, alice)
    await alice.dm("hello")
    await alice.dm("/start")
    panels = _panels(bot, alice)
    assert len(panels) == 1 and panels[0] > max(old), "the panel comes back to the bottom"
    assert bot.api.chat_messages(alice.id)[-1].message_id == panels[0]
    await alice.dm("我的牌")
    assert _panels(bot, alice)[0] > panels[0]
    assert len(_panels(bot, alice)) == 1
    panels = _panels(bot, alice)
    table_message = bot.api.last_message(group, with_buttons=True)
    answer = await alice.press(table_message, "我的牌")  # the group's button
    assert "你的手牌" in answer.get("text", "")
    assert len(_panels(bot, alice)) == 1 and _panels(bot, alice)[0] > panels[0]


async def test_a_reading_choice_ends_with_the_turn(tmp_path: Path) -> None:
    """R-LZ-CHOICE: the question "play these as which combo?" is gone once the clock played
    for the player."""
    async with ambiguous_wildcard_lead(tmp_path) as (bot, table, leader, seat):
        game = table.game
        assert game is not None
        assert isinstance(game, Game)  # a 斗地主 table
        ambiguous = [
            a
            for a in game.legal_actions(seat)
            if isinstance(a, Play) and len(classify(a.cards, game.rules)) > 1
        ]
        assert ambiguous, "the built deal's leader holds a play of several readings"
        panel = leader.panel()
        assert panel is not None
        for rank in ambiguous[0].cards:
            data = next(
                b["callback_data"]
                for b in panel.buttons()
                if b["callback_data"].split("|")[0] == "r"
                and b["callback_data"].split("|")[3] == RANK_CHARS[rank]
            )
            await leader.press_data(panel, data)
        await leader.press(leader.panel(), "出牌")
        assert "按哪种牌型出" in (leader.panel().caption or "")  # type: ignore[union-attr]
        await fire_timer(bot, table)  # the player hesitated too long
        assert ddz_game(table).turn != seat
        caption = leader.panel().caption or ""  # type: ignore[union-attr]
        assert "按哪种牌型出" not in caption
        assert not any("✅" in label for label in leader.labels()), "selection dropped"


async def test_the_doubling_clock_does_not_restart_at_each_answer(
    bot: Harness, manager_clock: ManualClock
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    game = table.game
    assert game is not None
    for _ in range(10):
        if ddz_game(table).phase is Phase.DOUBLING:
            break
        user = whose_turn(bot, group, users)
        assert user is not None
        await take_turn(bot, group, user)
    assert ddz_game(table).phase is Phase.DOUBLING
    began = table.deadline
    assert began is not None
    manager_clock.advance(2)
    await users[0].press(users[0].panel(), "不加倍")
    assert table.deadline == began, "the others keep the clock set when doubling began"
    await users[1].press(users[1].panel(), "加倍")
    assert table.deadline == began
    await users[2].press(users[2].panel(), "不加倍")
    assert ddz_game(table).phase.value == Phase.PLAYING.value and table.deadline is not None
    assert table.deadline > began  # the play has its own clock


async def test_a_broke_player_pressing_again_leaves_again_to_the_others(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await play_until_over(bot, group, users)
    db = manager_of(bot).db
    carol = users[2]
    player = await db.get_player(carol.id)
    assert player is not None
    await db.adjust_beans(carol.id, -player.beans, key="test:broke")
    final = bot.api.last_message(group, with_buttons=True)
    answer = await carol.press(final, "再来一局")
    assert "欢乐豆" in answer.get("text", "") and answer.get("show_alert")
    answer = await users[0].press(final, "再来一局")
    assert "不开放" not in answer.get("text", "")
    answer = await users[1].press(final, "再来一局")  # Bob takes the invitation
    assert "不开放" not in answer.get("text", "")
    table = current_table(bot, group)
    assert table.phase == "lobby"
    assert [s.user_id for s in table.seats] == [users[0].id, users[1].id]


async def test_a_language_chosen_mid_hand_reaches_the_panel_and_the_next_hand(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    bob = users[1]
    assert "的牌桌" in (bob.panel().caption or "")  # type: ignore[union-attr]
    await bob.dm("/lang")
    menu = bot.api.last_message(bob.id, with_buttons=True)
    assert (await bob.press(menu, "English")).get("text") == "Language: English."
    assert "Table in" in (bob.panel().caption or ""), "the panel speaks English at once"  # type: ignore[union-attr]
    alice = users[0]
    await alice.send(group, "/leave")  # Alice runs away: the hand ends
    await alice.press(bot.api.last_message(group, with_buttons=True), "确定离开")
    assert current_table(bot, group).phase == "finished"
    final = bot.api.last_message(group, with_buttons=True)
    for user in users:  # Alice opens the next hand, Bob and Carol come along
        await user.press(final, "再来一局")
    table = current_table(bot, group)
    assert table.in_hand()
    assert "Table in" in (bob.panel().caption or "")  # type: ignore[union-attr]
    assert "的牌桌" in (users[2].panel().caption or "")  # type: ignore[union-attr]


async def test_join_during_a_hand_says_to_wait_for_the_next(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    dave = bot.user("Dave")
    await dave.send(group, "/join")
    answer = bot.api.last_message(group)
    assert answer is not None and "正在打一局" in (answer.text or "")
    assert "没有牌桌" not in (answer.text or "")


async def test_points_and_wildcard_settings_are_exclusive_and_say_what_newgame_opens(
    bot: Harness,
) -> None:
    alice = bot.user("Alice")
    group = bot.group(admins={alice.id})
    await alice.send(group, "/settings")
    panel = bot.api.last_message(group, with_buttons=True)
    assert panel is not None and "发 /newgame 将开：经典" in (panel.text or "")
    await alice.press(panel, "叫法")
    panel = bot.api.last_message(group, with_buttons=True)
    assert panel is not None and "将开：叫分" in (panel.text or "")
    await alice.press(panel, "癞子")  # the wildcard on: points bidding goes off
    panel = bot.api.last_message(group, with_buttons=True)
    assert panel is not None and "将开：癞子" in (panel.text or "")
    assert "抢地主" in (panel.text or "")
    await alice.press(panel, "叫法")  # points on again: the wildcard goes off
    panel = bot.api.last_message(group, with_buttons=True)
    assert panel is not None and "将开：叫分" in (panel.text or "")
    group_settings = await manager_of(bot).db.get_group(group)
    assert group_settings is not None
    assert group_settings.options_of("doudizhu")["wildcard"] is False
    await alice.send(group, "/newgame")
    assert current_table(bot, group).rules == "points"


async def test_newgame_understands_mode_words_and_names_the_modes(bot: Harness) -> None:
    alice = bot.user("Alice")
    for number, (words, rules) in enumerate(
        [
            ("四人", "four"),
            ("4人", "four"),
            ("lz", "wildcard"),
            ("叫分", "points"),
            ("經典", "classic"),
            ("four players", "four"),
        ]
    ):
        group = bot.group(-100200 - number, f"群{number}")
        await alice.send(group, f"/kaiju {words}")
        assert current_table(bot, group).rules == rules, words
        await alice.send(group, "/leave")
    group = bot.group(-100300, "群")
    await alice.send(group, "/newgame 六人")
    answer = bot.api.last_message(group)
    assert answer is not None and "没有「六人」这种玩法" in (answer.text or "")
    assert "四人" in (answer.text or "") and "癞子" in (answer.text or "")
    assert manager_of(bot).table_in(group) is None, "no table opened on a word not understood"
    await alice.send(group, "/help")
    help_text = bot.api.last_message(group).text or ""  # type: ignore[union-attr]
    assert "/newgame" in help_text and "四人" in help_text and "叫分" in help_text


async def test_points_are_bid_as_phones_type_them(tmp_path: Path) -> None:
    """R-BID-POINTS typed: 3分, 3 分, 三分, 一分, 叫 (the lowest bid allowed)."""
    for typed, points in (
        ("3分", 3),
        ("3 分", 3),
        ("三分", 3),
        ("３分", 3),
        ("一分", 1),
        ("2 pt", 2),
        ("叫地主", 1),
        ("叫", 1),
    ):
        bot = await start_bot(make_settings(tmp_path / typed.replace(" ", "_")))
        try:
            group = bot.group()
            users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
            await seat_three(bot, group, users, "/newgame points")
            table = current_table(bot, group)
            game = table.game
            assert game is not None
            assert isinstance(game, Game)  # a 斗地主 table
            bidder = whose_turn(bot, group, users)
            assert bidder is not None
            version = table.version
            await bidder.dm(typed)
            assert table.version > version, (typed, bidder.dm_texts()[-1])
            seat = table.seat_of(bidder.id)
            if points == 3:
                assert ddz_game(table).landlord == seat and ddz_game(table).base == 3
            else:
                nxt = whose_turn(bot, group, users)
                assert nxt is not None
                await nxt.dm("加油")
                answer = nxt.dm_texts()[-1]
                # what may be typed now: higher bids and 不叫, not 抢 / 加倍
                assert answer.startswith("没看懂「加油」。现在可以输入：") and "不叫" in answer
                assert f"{points}分" not in answer and "3分" in answer
                assert "抢" not in answer and "加倍" not in answer
                await nxt.dm("加倍")
                assert nxt.dm_texts()[-1].startswith("现在不能「加倍」")
        finally:
            await bot.stop()
