"""A group opens a table, people sit down, the hand is dealt into their private chats."""

from __future__ import annotations

from ddz_bot.kernel import room_by_key
from ddz_bot.tg.people import Recent

from ..conftest import manager_of
from ..harness import Harness, SimUser
from ..scripts import current_table, play_until_over, seat_three


async def test_three_join_and_the_hand_is_dealt(bot: Harness) -> None:
    group = bot.group()
    alice, bob, carol = bot.user("Alice"), bot.user("Bob"), bot.user("Carol")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    assert lobby is not None and "Alice" in (lobby.text or "")
    await bob.press(lobby, "加入")
    await carol.press(lobby, "加入")
    table = manager_of(bot).table_in(group)
    assert table is not None and table.game is not None
    photo = [m for m in bot.api.chat_messages(group) if m.photo_digest]
    assert len(photo) == 1
    for user in (alice, bob, carol):
        panel = user.panel()
        assert panel is not None and panel.photo_digest is not None


async def test_command_menus_for_groups_and_private_chats_in_three_languages(
    bot: Harness,
) -> None:
    menus = {
        (c.get("language_code"), str(c["scope"]["type"].value)): c["commands"]
        for c in bot.api.commands
    }
    languages = {language for language, _ in menus}
    assert {"zh", "en", None} == languages
    english_group = next(
        v for (lang, scope), v in menus.items() if lang == "en" and scope == "all_group_chats"
    )
    assert [c["command"] for c in english_group][:2] == ["newgame", "join"]
    assert english_group[0]["description"] == "Open a table in this group"


async def test_only_a_seated_player_may_add_ai(bot: Harness) -> None:
    group = bot.group()
    alice, zed = bot.user("Alice"), bot.user("Zed")
    await alice.send(group, "/newgame")
    lobby = bot.api.last_message(group, with_buttons=True)
    table = manager_of(bot).table_in(group)
    assert table is not None
    for _ in range(2):
        answer = await zed.press(lobby, "AI")
        assert answer["text"] == "你不在这桌。" and answer["show_alert"]
    assert [s.name for s in table.seats] == ["Alice"] and table.game is None
    await alice.press(lobby, "AI")
    assert len(table.seats) == 2 and table.seats[1].is_ai


async def _finished_hand(bot: Harness) -> tuple[int, list[SimUser]]:
    group = bot.group()
    users = [bot.user("Alice"), bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await play_until_over(bot, group, users)
    return group, users


async def test_again_with_everyone_able_to_play_deals_at_once(bot: Harness) -> None:
    group, users = await _finished_hand(bot)
    result = bot.api.last_message(group, with_buttons=True)
    assert result is not None
    for user in (users[1], users[0], users[2]):  # each chooses to play again
        await user.press(result, "再来一局")
    table = current_table(bot, group)
    assert [s.name for s in table.seats] == ["Bob", "Alice", "Carol"]
    assert table.in_hand() and table.hand_no == 1
    for user in users:
        panel = user.panel()
        assert panel is not None and panel.caption is not None and "牌友群" in panel.caption


async def test_again_refuses_who_cannot_sit_and_seats_the_others(bot: Harness) -> None:
    group, users = await _finished_hand(bot)
    db = manager_of(bot).db
    room = room_by_key("beginner")
    carol = await db.get_player(users[2].id)
    assert carol is not None
    await db.adjust_beans(users[2].id, room.min_beans - 1 - carol.beans, key="test:poor")
    result = bot.api.last_message(group, with_buttons=True)
    assert result is not None
    await users[0].press(result, "再来一局")
    answer = await users[2].press(result, "再来一局")
    assert "欢乐豆" in answer.get("text", "") and answer.get("show_alert")
    await users[1].press(result, "再来一局")
    table = current_table(bot, group)
    assert [s.name for s in table.seats] == ["Alice", "Bob"] and table.game is None


async def test_closed_tables_leave_no_outbox_slots_behind(bot: Harness) -> None:
    manager = manager_of(bot)
    alice = bot.user("Alice")
    group = bot.group(admins={alice.id})
    for _ in range(3):
        await alice.send(group, "/newgame")
        await alice.send(group, "/stop")
    assert manager.outbox.slot_names() == []
    users = [alice, bot.user("Bob"), bot.user("Carol")]
    await seat_three(bot, group, users)
    await play_until_over(bot, group, users)
    await alice.press(bot.api.last_message(group, with_buttons=True), "再来一局")
    table = current_table(bot, group)
    lobbies = [name for _, name in manager.outbox.slot_names() if name.startswith("lobby")]
    assert lobbies == [f"lobby{table.id}"]  # only the lobby of the table in play


def test_recent_keeps_the_newest_users_only() -> None:
    recent = Recent(2)
    recent.add(1, "en")
    recent.add(2, "zh-Hans")
    assert recent.get(1) == "en"  # 1 is now the most recent
    recent.add(3, "zh-Hant")
    assert 2 not in recent and recent.get(1) == "en" and recent.get(3) == "zh-Hant"
    assert len(recent) == 2
