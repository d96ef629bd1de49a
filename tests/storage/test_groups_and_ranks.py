"""Group settings, group membership, the player card and the leaderboards."""

from __future__ import annotations

import pytest

from ddz_bot.storage import Database, GroupSettings, Ranking, StorageError, UnknownPlayerError

from .conftest import hand_record, landlord_wins, seat_players


async def test_a_new_group_gets_the_defaults(db: Database) -> None:
    group = await db.ensure_group(-100, "牌友群")
    assert group == GroupSettings(-100, "牌友群")
    assert (group.room, group.tracker, group.ai_level) == ("beginner", True, "hard")
    assert (group.bid_seconds, group.double_seconds, group.play_seconds) == (15, 10, 30)
    assert (await db.ensure_group(-100)).title == "牌友群"  # an empty title keeps the old one
    assert (await db.ensure_group(-100, "新名字")).title == "新名字"


async def test_defaults_can_come_from_settings(db: Database) -> None:
    defaults = GroupSettings(0, language="en", play_seconds=45)
    group = await db.ensure_group(-7, "g", defaults=defaults)
    assert (group.chat_id, group.language, group.play_seconds) == (-7, "en", 45)


async def test_updating_group_settings(db: Database) -> None:
    updated = await db.update_group(
        -100,
        room="advanced",
        bid_seconds=20,
        play_seconds=60,
        tracker=False,
        language="zh-Hant",
    )
    assert updated == await db.get_group(-100)
    assert (updated.room, updated.bid_seconds, updated.play_seconds, updated.tracker) == (
        "advanced",
        20,
        60,
        False,
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"room": "vip"}, "unknown room 'vip'"),
        ({"ai_level": "expert"}, "expert"),
        ({"play_seconds": 1}, "play_seconds must be 5..600"),
        ({"language": "de"}, "unknown language 'de'"),
        ({"colour": "red"}, "no group setting colour"),
        ({"tracker": "yes"}, "tracker is on or off"),
        ({"bidding": "points"}, "no group setting bidding"),
    ],
)
async def test_bad_group_settings_change_nothing(
    db: Database, change: dict[str, object], message: str
) -> None:
    before = await db.ensure_group(-100, "g")
    with pytest.raises(ValueError, match=message):
        await db.update_group(-100, **change)
    assert await db.get_group(-100) == before


async def test_group_members_are_those_who_played(db: Database) -> None:
    await seat_players(db, 1, 2, 3, 4)
    await db.ensure_player(-1, "AI", is_ai=True)
    changes, results = landlord_wins(1, [2, -1], stake=10)
    await db.apply_settlement("h1", changes, results, hand_record([1, 2, -1], chat_id=-100))
    assert await db.group_player_ids(-100) == [1, 2]  # AI players are never members
    await db.add_group_player(-100, 4)
    await db.add_group_player(-100, 4)
    assert await db.group_player_ids(-100) == [1, 2, 4]
    with pytest.raises(UnknownPlayerError):
        await db.add_group_player(-100, 99)


async def _league(db: Database) -> None:
    """Players 1..6 with known beans and points; -1 is a rich AI; 1, 2, 3 play in -100."""
    await seat_players(db, 1, 2, 3, 4, 5, 6)
    await db.ensure_player(-1, "Robot", is_ai=True)
    await db.adjust_beans(-1, 1_000_000, key="rich robot")
    for user, beans in [(4, 5_000), (5, 20_000), (6, 0)]:
        await db.adjust_beans(user, beans, key="seed")
    changes, results = landlord_wins(1, [2, 3], stake=1_000)
    await db.apply_settlement("h1", changes, results, hand_record([1, 2, 3], chat_id=-100))
    # beans: 1: 12000, 2: 9000, 3: 9000, 4: 15000, 5: 30000, 6: 10000
    # points: 1: 2, others 0


async def test_leaderboard_by_beans_global_and_group(db: Database) -> None:
    await _league(db)
    board = await db.leaderboard(Ranking.BEANS)
    assert [(e.rank, e.user_id, e.beans) for e in board.entries] == [
        (1, 5, 30_000),
        (2, 4, 15_000),
        (3, 1, 12_000),
        (4, 6, 10_000),
        (5, 2, 9_000),
        (6, 3, 9_000),
    ]  # ties in beans: the lower user id first; the AI never appears
    assert (board.total, board.pages) == (6, 1)
    group = await db.leaderboard("beans", chat_id=-100)
    assert [e.user_id for e in group.entries] == [1, 2, 3]
    assert [e.rank for e in group.entries] == [1, 2, 3]


async def test_leaderboard_pages(db: Database) -> None:
    await _league(db)
    first = await db.leaderboard(page_size=4)
    second = await db.leaderboard(page=1, page_size=4)
    assert (first.pages, second.pages) == (2, 2)
    assert [e.rank for e in second.entries] == [5, 6]
    assert [e.user_id for e in first.entries + second.entries] == [5, 4, 1, 6, 2, 3]
    assert (await db.leaderboard(page=5, page_size=4)).entries == []
    for bad in ({"page_size": 0}, {"page_size": 51}, {"page": -1}, {"by": "wins"}):
        with pytest.raises(StorageError):
            await db.leaderboard(**bad)


async def test_leaderboard_by_points(db: Database) -> None:
    await _league(db)
    board = await db.leaderboard(Ranking.POINTS)
    assert [e.user_id for e in board.entries] == [1, 2, 3, 4, 5, 6]
    assert board.entries[0].points == 2


async def test_empty_leaderboards(db: Database) -> None:
    board = await db.leaderboard(chat_id=-999)
    assert (board.total, board.pages, board.entries) == (0, 1, [])


async def test_player_card(db: Database) -> None:
    await _league(db)
    card = await db.player_card(1, chat_id=-100)
    assert card is not None
    assert (card.player.beans, card.player.points) == (12_000, 2)
    assert (card.global_rank, card.global_points_rank) == (3, 1)
    assert (card.group_rank, card.group_points_rank) == (1, 1)
    assert card.win_rate == 1.0 and card.player.record("doudizhu", "landlord") == (1, 0)
    farmer = await db.player_card(3, chat_id=-100)
    assert farmer is not None
    assert (farmer.global_rank, farmer.group_rank, farmer.win_rate) == (6, 3, 0.0)


async def test_card_rank_matches_the_leaderboard_position(db: Database) -> None:
    await _league(db)
    board = await db.leaderboard(page_size=50)
    for entry in board.entries:
        card = await db.player_card(entry.user_id)
        assert card is not None and card.global_rank == entry.rank


async def test_card_outside_the_group_and_for_ai(db: Database) -> None:
    await _league(db)
    outsider = await db.player_card(5, chat_id=-100)
    assert outsider is not None and outsider.group_rank is None and outsider.global_rank == 1
    alone = await db.player_card(5)
    assert alone is not None and alone.group_rank is None
    robot = await db.player_card(-1)
    assert robot is not None and robot.global_rank is None and robot.player.is_ai
    assert await db.player_card(12345) is None


async def test_card_title_and_the_way_to_the_next(db: Database) -> None:
    await db.ensure_player(1, "ann")
    card = await db.player_card(1)
    assert card is not None
    assert (str(card.title), card.title.name("en")) == ("商人", "Merchant")  # 10,000 beans
    assert card.next_title is not None and str(card.next_title) == "衙役"
    assert card.beans_to_next_title == 10_000
    await db.adjust_beans(1, 50_000_000, key="jackpot")
    top = await db.player_card(1)
    assert top is not None and str(top.title) == "丞相"
    assert top.next_title is None and top.beans_to_next_title is None


async def test_leaderboard_total_follows_new_players(db: Database) -> None:
    await _league(db)
    assert (await db.leaderboard()).total == 6
    await db.ensure_player(7, "newcomer")
    await db.ensure_player(-2, "another robot", is_ai=True)
    await db.ensure_player(7, "newcomer again")
    board = await db.leaderboard(page_size=50)
    assert board.total == 7 == len(board.entries)
