"""What players read in the group's caption, their private panel and /replay: the clock,
time-outs, the result of a hand, plays with tens, who escaped, who is landlord."""

from __future__ import annotations

import re
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from ddz_bot.games.doudizhu.engine.actions import Bid, Decline
from ddz_bot.games.doudizhu.engine.events import Played
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.tg.present import cards_text, narrate, panel_caption
from ddz_bot.games.doudizhu.tg.settle import settle_hand
from ddz_bot.kernel import Cards, Pass, Passed, Play, TimedOut
from ddz_bot.storage import Database
from ddz_bot.tg import screens as present
from ddz_bot.tg.screens import seconds_left
from ddz_bot.tg.table import FINISHED, Seat, Table
from tests.engine.game_helpers import deal, run
from tests.engine.test_game_four import four_deal, to_play

from ..conftest import make_settings, manager_of, start_bot
from ..deals import landlord_spring, spring_table
from ..harness import Harness, SimUser
from ..scripts import (
    current_table,
    ddz_game,
    fire_timer,
    first_lead,
    play_until_over,
    seat_three,
    take_turn,
    until_playing,
    whose_turn,
)


def group_caption(bot: Harness, group: int) -> str:
    """The caption of the group's table picture as it reads now."""
    photos = [m for m in bot.api.chat_messages(group) if m.from_bot and m.photo_digest]
    assert photos
    return photos[-1].caption or ""


def panel_text(user: SimUser) -> str:
    panel = user.panel()
    assert panel is not None
    return panel.caption or ""


def shown_seconds(text: str) -> int:
    match = re.search(r"(\d+) 秒", text)
    assert match, text
    return int(match.group(1))


# ------------------------------------------------------------------ the clock (R-AFK)


async def test_a_refreshed_panel_shows_the_seconds_left_not_the_full_limit(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    table, leader, _ = await first_lead(bot, group, users)
    assert shown_seconds(panel_text(leader)) in (29, 30)  # the turn just began
    table.deadline = time.time() + 12.5  # 17.5 s of the 30 have gone
    await leader.press(leader.panel(), "提示")  # the panel is drawn again, cards selected
    assert 1 <= shown_seconds(panel_text(leader)) <= 13


async def test_after_a_restart_the_group_and_the_panel_count_down_from_the_stored_deadline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = make_settings(tmp_path)
    first = await start_bot(settings)
    group = first.group()
    users = [first.user("Alice"), first.user("Bob"), first.user("Carol")]
    try:
        await seat_three(first, group, users)
        await until_playing(first, group, users)
        leader = whose_turn(first, group, users)
        assert leader is not None
    finally:
        await first.stop()
    # the bot comes back 20 s later: 10 s of the 30 are left
    monkeypatch.setattr(
        present, "time", SimpleNamespace(time=lambda: time.time() + 20), raising=False
    )
    second = await start_bot(settings, first.api)
    try:
        await second.settle()
        caption = group_caption(second, group)
        assert 1 <= shown_seconds(caption) <= 10, caption
        panel = panel_text(SimUser(second, first.api.users[leader.id]))
        assert 1 <= shown_seconds(panel) <= 10, panel
    finally:
        await second.stop()


def test_the_clock_never_shows_negative_seconds() -> None:
    table = Table(id=1, chat_id=-1, title="g", lang="en", deadline=1000.0)
    assert seconds_left(table, now=990.2) == 10
    assert seconds_left(table, now=1000.0) == 0
    assert seconds_left(table, now=1007.0) == 0


# ------------------------------------------------------------------ time-outs (R-AFK)


async def test_a_time_out_is_told_to_the_group_with_the_play_made_and_warns_the_sleeper(
    bot: Harness,
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    table, sleeper, seat = await first_lead(bot, group, users)
    assert table.game is not None
    lowest = cards_text([table.game.hand(seat)[0]], "zh-Hans")
    await fire_timer(bot, table)  # the leader sleeps: the lowest card is played for them
    caption = group_caption(bot, group)
    assert f"{sleeper.name} 超时，系统代出 {lowest}" in caption, caption
    assert "再超时一次就会进入托管" in panel_text(sleeper)
    assert f"系统替你出了 {lowest}" in panel_text(sleeper)  # what was done for them
    assert all("托管" not in panel_text(u) for u in users if u is not sleeper)


async def test_a_time_out_stays_told_while_the_ai_seats_answer_at_once(bot: Harness) -> None:
    group = bot.group()
    alice, bob = bot.user("Alice"), bot.user("Bob")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    await bob.press(lobby, "加入")
    await alice.press(lobby, "开始")  # seat 2, after Bob, is an AI
    await until_playing(bot, group, [alice, bob])
    table = current_table(bot, group)
    while whose_turn(bot, group, [alice, bob]) is not bob:
        await take_turn(bot, group, alice)
    await fire_timer(bot, table)  # Bob sleeps; the AI answers before the group is drawn
    caption = group_caption(bot, group)
    assert "Bob 超时，系统代" in caption and table.seats[2].name in caption, caption
    await take_turn(bot, group, alice)
    assert whose_turn(bot, group, [alice, bob]) is bob
    await take_turn(bot, group, bob)  # Bob is back: the time-out is old news
    assert "超时" not in group_caption(bot, group)


def test_a_time_out_while_following_reads_as_a_pass_made_for_the_sleeper() -> None:
    table = Table(
        id=1,
        chat_id=-1,
        title="g",
        lang="zh-Hans",
        seats=[Seat(1, "Ann"), Seat(2, "Bob"), Seat(3, "Cy")],
    )
    assert narrate(table, [TimedOut(1), Passed(1)], "zh-Hans") == "Bob 超时，系统代为不出"
    assert narrate(table, [TimedOut(1), Passed(1)], "en") == "Bob timed out: passed for them"


async def test_the_second_time_out_puts_the_seat_on_auto_play_and_the_warning_goes(
    bot: Harness,
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    table, sleeper, _ = await first_lead(bot, group, users)
    await fire_timer(bot, table)
    while whose_turn(bot, group, users) is not sleeper:  # the others play on
        user = whose_turn(bot, group, users)
        assert user is not None
        await take_turn(bot, group, user)
    await fire_timer(bot, table)
    assert f"{sleeper.name} 托管中" in group_caption(bot, group)
    assert "再超时一次" not in panel_text(sleeper)
    assert "你在托管中" in panel_text(sleeper)


# ------------------------------------------------------------------ the result (R-BEANS)


async def test_each_private_panel_ends_with_that_players_own_result(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = await play_until_over(bot, group, users)
    assert table.phase == FINISHED and table.game is not None
    assert isinstance(table.game, Game)  # a 斗地主 table
    outcome = table.game.outcome()
    assert outcome is not None and outcome.winner_role is not None
    side = "地主胜" if outcome.winner_role.value == "landlord" else "农民胜"
    db = manager_of(bot).db
    for user in users:
        seat = table.seat_of(user.id)
        player = await db.get_player(user.id)
        assert seat is not None and player is not None
        text = panel_text(user)
        assert ("你赢了！" if seat in outcome.winners else "你输了。") in text, text
        delta = player.beans - 10_000
        assert f"{side} · 你 {delta:+d} 豆（余 {player.beans}）· {outcome.multiplier} 倍" in text
        assert "本局结束" not in text
    caption = group_caption(bot, group)
    assert f"底分 {outcome.base} × {outcome.multiplier} 倍" in caption, caption
    for seat, person in enumerate(table.seats):
        if table.game.hand(seat) and seat not in outcome.winners:
            assert f"剩牌（{person.name}）：" in caption


def landlord_spring_table(lang: str) -> tuple[Table, Game]:
    """Seat 0 (Ann) is landlord and springs with the rocket and a bomb: x8."""
    game = landlord_spring()
    return spring_table(game, lang, ["Ann", "Bob", "Cy"]), game


async def test_a_spring_is_in_the_winners_panel_in_their_language_and_the_group_says_why(
    tmp_path: Path,
) -> None:
    async with Database(tmp_path / "ddz.sqlite3") as db:
        for user, name in ((11, "Ann"), (12, "Bob"), (13, "Cy")):
            await db.ensure_player(user, name)
        table, game = landlord_spring_table("en")
        settled = await settle_hand(db, table, game)
        table.settled = tuple(settled.pictures)  # as the end of the hand saves it with the table
        ann = await db.get_player(11)
        assert ann is not None
        mine = panel_caption(table, 0, "en")
        assert "You won!" in mine
        assert f"Landlord wins · Beans: {ann.beans - 10_000:+d} (now {ann.beans}) · x8" in mine
        assert "Spring!" in mine
        assert "16 points" in mine  # the landlord's stake: 8 against each farmer
        assert "points" not in panel_caption(table, 1, "en")  # a farmer's 8 is the x8 shown
        assert "You lost." in panel_caption(table, 1, "en")
        assert "农民胜" not in mine and "你" not in panel_caption(table, 2, "en")
        assert "你输了。" in panel_caption(table, 2, "zh-Hans")
        text = "\n".join(settled.text)
        assert "Base 1 × 8 (Rocket, Bomb, Spring)" in text, text
        assert "Cards left (Bob): 3 4 555 7777 9999 JJJJ" in text  # grouped by rank
        assert "Cards left (Cy): 666 8888 10×4 QQQQ K A" in text


async def test_a_four_player_result_fits_a_caption_and_labels_every_hand_left(
    tmp_path: Path,
) -> None:
    game = four_deal(["3333333344444444555555556", "TTTTTTTT", "", ""], bottom="XXDD6666")
    game.apply(Bid(0, 1))
    run(game, Decline(1), Decline(2), Decline(3))
    to_play(game, 0)
    for cards in ("33333333", "44444444", "55555555", "66666"):
        run(game, Play(0, Cards.parse(cards)), Pass(1), Pass(2), Pass(3))
    game.apply(Play(0, Cards.parse("XXDD")))
    assert game.over
    names = [n.ljust(64, "x") for n in ("Ann", "Bob", "Cy", "Dee")]  # Telegram's longest
    table = Table(
        id=9,
        chat_id=-100,
        title="group",
        lang="zh-Hans",
        rules="four",
        game=game,
        hand_no=1,
        seats=[Seat(20 + i, name) for i, name in enumerate(names)],
    )
    async with Database(tmp_path / "ddz.sqlite3") as db:
        for person in table.seats:
            await db.ensure_player(person.user_id, person.name)
        settled = await settle_hand(db, table, game)
    table.settled = tuple(settled.pictures)  # as the end of the hand saves it with the table
    caption = "\n".join(settled.text)
    assert len(caption) <= 1024
    assert caption.count("剩牌（") == 3
    assert f"剩牌（{names[1]}）：666 77777777 888888 10×8" in caption  # grouped by rank
    assert f"剩牌（{names[2]}）：88 99999999 JJJJJJJJ QQQQQQQ" in caption
    for seat in range(4):
        assert len(panel_caption(table, seat, "zh-Hans")) <= 1024


# ------------------------------------------------------------------ plays with tens


def test_plays_with_a_ten_are_spaced_and_short_plays_stay_compact() -> None:
    assert cards_text(Cards.parse("78TTTT"), "zh-Hans") == "7 8 10 10 10 10"
    assert cards_text(Cards.parse("33344"), "zh-Hans") == "33344"
    assert cards_text(Cards.parse("XD"), "zh-Hans") == "小王 大王"
    assert cards_text(Cards.parse("TJQKA"), "en") == "10 J Q K A"


def test_a_combo_with_kickers_reads_main_part_first() -> None:
    from ddz_bot.games.doudizhu.engine.catalogue import classify
    from ddz_bot.games.doudizhu.tg.present import combo_text

    def text(cards: str) -> str:
        return combo_text(classify(Cards.parse(cards))[0], "en")

    assert text("78TTTT") == "10 10 10 10 7 8"
    assert text("33344479") == "33344479"
    assert text("3KKK") == "KKK3"
    assert text("34567") == "34567"


def test_the_group_reads_the_last_play_with_tens_apart() -> None:
    game = deal()
    table = Table(
        id=1,
        chat_id=-1,
        title="g",
        lang="zh-Hans",
        game=game,
        seats=[Seat(1, "Ann"), Seat(2, "Bob"), Seat(3, "Cy")],
    )
    combo = game.choose_reading(Cards.parse("TTTT"))
    line = narrate(table, [Played(2, combo, (), 13)], "zh-Hans")
    assert line == "上手：Cy 10 10 10 10"


# ------------------------------------------------------------------ escape (R-ESCAPE)


async def test_replay_after_an_escape_names_who_escaped_and_what_they_paid(bot: Harness) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await until_playing(bot, group, users)
    for _ in range(3):
        user = whose_turn(bot, group, users)
        assert user is not None
        await take_turn(bot, group, user)
    bob = users[1]
    await bob.send(group, "/leave")
    await bob.press(bot.api.last_message(group, with_buttons=True), "确定离开")
    player = await manager_of(bot).db.get_player(bob.id)
    assert player is not None
    paid = 10_000 - player.beans
    assert paid > 0
    await users[0].send(group, "/replay")
    head = (bot.api.chat_messages(group)[-1].text or "").splitlines()[0]
    assert f"Bob 逃跑（扣 {paid} 豆）" in head, head
    assert "未分胜负" not in head
    assert "你逃跑了" in panel_text(bob)
    assert f"Bob 逃跑（扣 {paid} 豆）" in panel_text(users[0])


# ------------------------------------------------------------------ the landlord, once


async def test_the_caption_names_the_new_landlord_once_and_shows_the_bottom_cards(
    bot: Harness,
) -> None:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    table = current_table(bot, group)
    game = table.game
    assert game is not None
    assert isinstance(game, Game)  # a 斗地主 table
    while ddz_game(table).landlord is None:
        user = whose_turn(bot, group, users)
        assert user is not None
        await take_turn(bot, group, user)
    caption = group_caption(bot, group)
    game = ddz_game(table)
    assert game.landlord is not None
    landlord = table.seats[game.landlord].name
    assert caption.count(f"地主：{landlord}") == 1, caption
    bottom = cards_text(sorted(card.rank for card in game.bottom), "zh-Hans")
    assert f"底牌：{bottom}" in caption, caption


def test_points_bidding_is_called_so_in_the_caption() -> None:
    from ddz_bot.games.doudizhu.engine.rules import POINTS
    from ddz_bot.games.doudizhu.tg.present import phase_key

    assert phase_key(deal(rules=POINTS)) == "phase_bidding_points"
    assert phase_key(deal()) == "phase_bidding"
