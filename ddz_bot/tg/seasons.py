"""Each group's season: its standings as a picture, and the final standings posted once when
a season ends.

Nothing is kept per hand: the standings are summed from the group's finished hands between
the season's boundaries (``season_calendar``), read with the bot's clock (``clock.now``), so
a test moves time by moving that clock. A job looks every minute for groups whose season
ended: a group that played in it gets its final picture once (the claim in storage is keyed,
so a restart or a second look posts nothing again); a group that played nothing gets none.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from telegram.ext import CallbackContext, JobQueue

from ..i18n import DEFAULT_LANG, t
from ..render.standings import StandingRow, Standings, render_standings
from ..storage import Database, SeasonFinal, SeasonSettings, SeasonStanding
from . import clock
from .outbox import Outbox
from .season_calendar import Season, season_at, zone_name

__all__ = ["JOB_NAME", "TOP", "Seasons", "board_of"]

log = logging.getLogger(__name__)

JOB_NAME: Final = "seasons"
#: how often the job looks for seasons that ended, seconds
EVERY: Final = 60.0
#: the rows a picture lists before the asker's own
TOP: Final = 10
#: how far back a group's last hand may be for its last season to be closed (two months and
#: some: the longest season, with room for a bot that was down when it ended)
_LOOKBACK: Final = timedelta(days=75)


def _now() -> datetime:
    return datetime.fromtimestamp(clock.now(), UTC)


def board_of(
    standings: list[SeasonStanding],
    season: Season,
    *,
    final: bool,
    game: str | None = None,
    viewer: int | None = None,
) -> Standings:
    """The picture's contents: the top ten (the viewer's row marked), and the viewer's own row
    below them when they are further down."""
    rows = [
        StandingRow(i + 1, s.name, s.points, s.hands, s.win_rate, s.best, s.user_id == viewer)
        for i, s in enumerate(standings)
    ]
    own = next((row for row in rows[TOP:] if row.own), None)
    return Standings(season.label(), final, game, season.span(), tuple(rows[:TOP]), own, len(rows))


@dataclass(frozen=True, slots=True)
class GroupSeason:
    """A group's season as a person asks for it, with the group's language."""

    season: Season
    lang: str
    settings: SeasonSettings


class Seasons:
    """The seasons of every group: now, the one before, the ones posted; their pictures."""

    def __init__(self, db: Database, outbox: Outbox) -> None:
        self._db = db
        self._outbox = outbox
        #: group -> the start of the ended season already looked at (posted, or nothing to
        #: post): the minute job reads each group's standings once a season, not every minute
        self._looked: dict[int, datetime] = {}

    def start(self, job_queue: JobQueue[Any] | None) -> None:
        """Look for ended seasons every minute (and soon after a restart)."""
        if job_queue is not None:
            job_queue.run_repeating(self._tick, interval=EVERY, first=5.0, name=JOB_NAME)

    async def _tick(self, _context: CallbackContext[Any, Any, Any, Any]) -> None:
        try:
            await self.close_ended()
        except Exception:
            log.exception("closing the seasons that ended failed")

    async def current(self, chat_id: int) -> GroupSeason:
        """The group's season now."""
        group = await self._db.get_group(chat_id)
        lang = group.language if group is not None else DEFAULT_LANG
        settings = await self._db.season_settings(chat_id)
        season = season_at(_now(), settings.period, zone_name(settings, lang))
        return GroupSeason(season, lang, settings)

    async def board(
        self,
        chat_id: int,
        season: Season,
        *,
        final: bool,
        game: str | None = None,
        viewer: int | None = None,
    ) -> Standings:
        standings = await self._db.season_standings(chat_id, season.starts, season.ends, game)
        return board_of(standings, season, final=final, game=game, viewer=viewer)

    @staticmethod
    def of_final(final: SeasonFinal) -> Season:
        """A posted season as it was counted (its period and time zone then)."""
        return season_at(final.starts_at, final.period, final.time_zone)

    async def close_ended(self) -> int:
        """Post the final standings of every season that ended and was not posted yet;
        how many were posted."""
        posted = 0
        for chat_id in await self._db.chats_with_hands_since(_now() - _LOOKBACK):
            try:
                posted += await self._close(chat_id)
            except Exception:
                log.exception("closing the season of group %s failed", chat_id)
        return posted

    async def _close(self, chat_id: int) -> int:
        now = await self.current(chat_id)
        ended = now.season.previous()
        if self._looked.get(chat_id) == ended.starts:
            return 0
        standings = await self._db.season_standings(chat_id, ended.starts, ended.ends)
        if not standings:
            self._looked[chat_id] = ended.starts
            return 0  # a group that played nothing gets nothing
        claimed = await self._db.claim_season_final(
            chat_id, ended.starts, ended.ends, ended.period, ended.zone
        )
        self._looked[chat_id] = ended.starts
        if claimed is None:
            return 0  # posted already
        board = board_of(standings, ended, final=True)
        lang = now.lang
        champion = standings[0]
        caption = t(
            lang,
            "season_final_caption",
            number=claimed.number,
            season=ended.label(),
            name=champion.name,
            points=champion.points,
        )
        self._outbox.post(chat_id, caption, photo=lambda: render_standings(board, lang))
        return 1
