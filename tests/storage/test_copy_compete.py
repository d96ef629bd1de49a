"""copy-db carries the seasons' and the tournaments' rows into PostgreSQL with the rest."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from ddz_bot.storage import Database, SeasonPeriod, SeasonSettings
from ddz_bot.storage.copying import copy_database

from ..postgres import fresh_schema
from .conftest import START, FakeClock, seat_players


async def test_seasons_and_tournaments_are_copied(tmp_path: Path) -> None:
    source = tmp_path / "ddz.sqlite3"
    async with Database(source, clock=FakeClock()) as db:
        await seat_players(db, 1, 2)
        await db.set_season_settings(SeasonSettings(-100, SeasonPeriod.WEEKLY, "UTC"))
        ends = START + timedelta(days=7)
        await db.claim_season_final(-100, START, ends, SeasonPeriod.WEEKLY, "UTC")
        opened = await db.open_tournament(-100, 1, "classic", 1, 1, 10, "zh-Hans", "群")
        assert opened is not None
        await db.enter_tournament(opened.id, 1, "player 1")
        await db.enter_tournament(opened.id, 2, "player 2")
        assert await db.start_tournament(opened.id)
    async with fresh_schema() as url:
        report = await copy_database(source, url)
        for table in ("season_settings", "season_finals", "tournaments"):
            assert report.rows[table] == 1, table
        assert report.rows["tournament_entrants"] == 2
        async with Database(url) as copied:
            assert await copied.season_settings(-100) == SeasonSettings(
                -100, SeasonPeriod.WEEKLY, "UTC"
            )
            assert [f.number for f in await copied.season_finals(-100)] == [1]
            assert len(await copied.tournament_entrants(opened.id)) == 2
            player = await copied.get_player(1)
            assert player is not None and player.beans == 9_990  # the fee came along
