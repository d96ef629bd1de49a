"""Season boundaries: the first day at 00:00 in the group's time zone, monthly or weekly."""

from __future__ import annotations

from datetime import UTC, date, datetime

from ddz_bot.storage import SeasonPeriod, SeasonSettings
from ddz_bot.tg.season_calendar import season_at, zone_name

MONTHLY, WEEKLY = SeasonPeriod.MONTHLY, SeasonPeriod.WEEKLY


def test_a_monthly_season_begins_at_midnight_in_the_groups_zone() -> None:
    # 16:30 UTC on 30 November is already 1 December in Shanghai
    season = season_at(datetime(2026, 11, 30, 16, 30, tzinfo=UTC), MONTHLY, "Asia/Shanghai")
    assert season.first_day == date(2026, 12, 1) and season.label() == "2026-12"
    assert season.starts == datetime(2026, 11, 30, 16, tzinfo=UTC)
    assert season.ends == datetime(2026, 12, 31, 16, tzinfo=UTC)  # into January
    assert season.span() == "12-01 – 12-31"
    assert season.previous().label() == "2026-11"
    assert season_at(datetime(2026, 11, 30, 16, 30, tzinfo=UTC), MONTHLY, "UTC").label() == (
        "2026-11"
    )


def test_a_weekly_season_begins_on_monday_and_a_year_turns() -> None:
    season = season_at(datetime(2027, 1, 1, 12, tzinfo=UTC), WEEKLY, "UTC")
    assert season.first_day == date(2026, 12, 28) and season.label() == "2026-W53"
    assert season.ends == datetime(2027, 1, 4, tzinfo=UTC)
    assert season.previous().first_day == date(2026, 12, 21)


def test_a_group_without_a_zone_counts_in_its_languages() -> None:
    plain = SeasonSettings(1)
    assert zone_name(plain, "zh-Hans") == "Asia/Shanghai"
    assert zone_name(plain, "zh-Hant") == "Asia/Taipei"
    assert zone_name(plain, "en") == "UTC"
    assert zone_name(SeasonSettings(1, WEEKLY, "Asia/Tokyo"), "en") == "Asia/Tokyo"
    # a zone that no longer exists counts in UTC rather than failing
    assert season_at(datetime(2026, 5, 5, tzinfo=UTC), MONTHLY, "Mars/Olympus").starts == (
        datetime(2026, 5, 1, tzinfo=UTC)
    )
