"""Seasons in storage: standings summed from the finished hands between two moments (by
group and game), and a season's final standings claimed once, across a restart."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from ddz_bot.storage import Database, SeasonPeriod, SeasonSettings

from .conftest import START, FakeClock, hand_record, landlord_wins, seat_players

DAY = timedelta(days=1)


async def _hand(
    db: Database, hand_id: str, landlord: int, farmers: list[int], **kw: object
) -> None:
    changes, results = landlord_wins(landlord, farmers, stake=100)
    await db.apply_settlement(hand_id, changes, results, hand_record([landlord, *farmers], **kw))  # type: ignore[arg-type]


async def test_standings_count_the_groups_hands_in_the_span_only(db: Database) -> None:
    await seat_players(db, 1, 2, 3)
    await _hand(db, "h1", 1, [2, 3], at=START)
    await _hand(db, "h2", 2, [1, 3], at=START + DAY)
    await _hand(db, "h3", 1, [2, 3], at=START + DAY, game="paodekuai")
    await _hand(db, "h4", 3, [1, 2], at=START + 40 * DAY)  # the next season
    await _hand(db, "h5", 3, [1, 2], at=START, chat_id=-999)  # another group
    board = await db.season_standings(-100, START, START + 30 * DAY)
    # points as each hand moved them (a player's points never go below 0): 1 won 2, lost 1,
    # won 2; 2 had none to lose, won 2, lost 1; 3 never had any
    assert [(s.user_id, s.points, s.hands, s.wins, s.best) for s in board] == [
        (1, 3, 3, 2, 2),
        (2, 1, 3, 1, 2),
        (3, 0, 3, 0, 0),
    ]
    assert board[0].win_rate == board[0].wins / 3
    only_pdk = await db.season_standings(-100, START, START + 30 * DAY, "paodekuai")
    assert [s.hands for s in only_pdk] == [1, 1, 1]
    assert await db.season_standings(-100, START + 50 * DAY, START + 60 * DAY) == []
    assert set(await db.chats_with_hands_since(START)) == {-100, -999}
    assert await db.chats_with_hands_since(START + 41 * DAY) == []


async def test_a_season_is_claimed_once_across_a_restart(db_path: Path, clock: FakeClock) -> None:
    ends = START + 30 * DAY
    async with Database(db_path, clock=clock) as db:
        first = await db.claim_season_final(-100, START, ends, SeasonPeriod.MONTHLY, "UTC")
        assert first is not None and first.number == 1 and first.starts_at == START
        assert await db.claim_season_final(-100, START, ends, SeasonPeriod.MONTHLY, "UTC") is None
    async with Database(db_path, clock=clock) as db:
        assert await db.claim_season_final(-100, START, ends, SeasonPeriod.MONTHLY, "UTC") is None
        second = await db.claim_season_final(-100, ends, ends + 7 * DAY, SeasonPeriod.WEEKLY, "")
        assert second is not None and second.number == 2
        other = await db.claim_season_final(-7, START, ends, SeasonPeriod.MONTHLY, "UTC")
        assert other is not None and other.number == 1  # numbered in each group
        assert [f.number for f in await db.season_finals(-100)] == [2, 1]
        assert (await db.season_final(-100, 2)) == second
        assert await db.season_final(-100, 3) is None


async def test_season_settings_default_to_monthly_in_the_languages_zone(db: Database) -> None:
    assert await db.season_settings(-5) == SeasonSettings(-5, SeasonPeriod.MONTHLY, "")
    await db.set_season_settings(SeasonSettings(-5, SeasonPeriod.WEEKLY, "Asia/Taipei"))
    assert await db.season_settings(-5) == SeasonSettings(-5, SeasonPeriod.WEEKLY, "Asia/Taipei")
