"""When a group's season begins and ends: pure date arithmetic in the group's time zone.

A monthly season begins on the first day of a month at 00:00, a weekly one on Monday at
00:00, both in the group's time zone (its setting, else the default of its language: China's
groups count in Asia/Shanghai, Taiwan's in Asia/Taipei, English ones in UTC). Storage
gets the boundaries as UTC moments.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..storage import SeasonPeriod, SeasonSettings

__all__ = [
    "DEFAULT_ZONES",
    "TIME_ZONES",
    "Season",
    "season_at",
    "zone_name",
]

#: the time zone of a group that chose none, by its language
DEFAULT_ZONES: Final = {"zh-Hans": "Asia/Shanghai", "zh-Hant": "Asia/Taipei", "en": "UTC"}
#: the time zones /settings cycles through
TIME_ZONES: Final = (
    "Asia/Shanghai",
    "Asia/Taipei",
    "Asia/Hong_Kong",
    "Asia/Singapore",
    "Asia/Tokyo",
    "Europe/London",
    "Europe/Berlin",
    "America/New_York",
    "America/Los_Angeles",
    "UTC",
)


def zone_name(settings: SeasonSettings, lang: str) -> str:
    """The group's time zone: its own, else its language's default."""
    return settings.time_zone or DEFAULT_ZONES.get(lang, "UTC")


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


@dataclass(frozen=True, slots=True)
class Season:
    """One season of a group: ``[starts, ends)`` in UTC, and its local first day."""

    period: SeasonPeriod
    zone: str
    first_day: date

    @property
    def starts(self) -> datetime:
        return _midnight(self.first_day, self.zone)

    @property
    def ends(self) -> datetime:
        return _midnight(self.next_first_day, self.zone)

    @property
    def next_first_day(self) -> date:
        if self.period is SeasonPeriod.WEEKLY:
            return self.first_day + timedelta(days=7)
        year, month = self.first_day.year, self.first_day.month
        return date(year + month // 12, month % 12 + 1, 1)

    @property
    def last_day(self) -> date:
        return self.next_first_day - timedelta(days=1)

    def previous(self) -> Season:
        """The season before this one."""
        return season_at(self.starts - timedelta(seconds=1), self.period, self.zone)

    def label(self) -> str:
        """How pictures and messages name it: ``2026-12`` or ``2026-W49``."""
        if self.period is SeasonPeriod.WEEKLY:
            year, week, _ = self.first_day.isocalendar()
            return f"{year}-W{week:02d}"
        return f"{self.first_day.year}-{self.first_day.month:02d}"

    def span(self) -> str:
        """Its days: ``12-01 – 12-31``."""
        return f"{self.first_day:%m-%d} – {self.last_day:%m-%d}"


def _midnight(day: date, zone: str) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=_zone(zone)).astimezone(UTC)


def season_at(moment: datetime, period: SeasonPeriod, zone: str) -> Season:
    """The season of ``period`` in ``zone`` that holds ``moment``."""
    local = moment.astimezone(_zone(zone)).date()
    if period is SeasonPeriod.WEEKLY:
        first = local - timedelta(days=local.weekday())
    else:
        first = local.replace(day=1)
    return Season(period, zone, first)
