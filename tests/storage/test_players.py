"""Players, the ledger, admin changes, the daily bonus and relief."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from ddz_bot.storage import (
    AlreadyClaimedError,
    BadChangeError,
    Database,
    EconomySettings,
    InsufficientBeansError,
    Reason,
    ReliefRefusedError,
    StorageError,
    UnknownPlayerError,
)

from .conftest import FakeClock


async def test_new_player_starts_with_initial_beans_and_a_ledger_row(db: Database) -> None:
    player = await db.ensure_player(42, "Ann", language="en")
    assert (player.beans, player.points, player.wins, player.losses) == (10_000, 0, 0, 0)
    assert player.language == "en" and not player.is_ai and player.win_rate is None
    [entry] = await db.ledger(42)
    assert (entry.delta, entry.balance_after, entry.reason) == (10_000, 10_000, Reason.INITIAL)


async def test_initial_beans_is_a_setting(db_path: Path) -> None:
    async with Database(db_path, economy=EconomySettings(initial_beans=500)) as db:
        assert (await db.ensure_player(1, "ann")).beans == 500


async def test_seeing_a_player_again_refreshes_name_not_beans(
    db: Database, clock: FakeClock
) -> None:
    first = await db.ensure_player(42, "Ann", language="zh-Hant")
    clock.advance(hours=1)
    again = await db.ensure_player(42, "  Ann B  ")
    assert again.display_name == "Ann B" and again.beans == 10_000
    assert again.language == "zh-Hant"  # not given: kept
    assert again.last_seen_at > first.last_seen_at and again.created_at == first.created_at
    assert len(await db.ledger(42)) == 1


async def test_blank_name_falls_back_to_the_id(db: Database) -> None:
    assert (await db.ensure_player(9, "   ")).display_name == "9"


async def test_language_is_checked(db: Database) -> None:
    with pytest.raises(StorageError, match="'fr'"):
        await db.ensure_player(1, "ann", language="fr")
    assert await db.get_player(1) is None
    await db.ensure_player(1, "ann")
    await db.set_language(1, "zh-Hans")
    player = await db.get_player(1)
    assert player is not None and player.language == "zh-Hans"
    with pytest.raises(UnknownPlayerError, match="99"):
        await db.set_language(99, "en")


async def test_admin_change_is_keyed(db: Database) -> None:
    await db.ensure_player(1, "ann")
    first = await db.adjust_beans(1, 500, key="gift-1")
    again = await db.adjust_beans(1, 500, key="gift-1")
    assert (first.applied, first.balance) == (True, 10_500)
    assert (again.applied, again.balance) == (False, 10_500)
    assert (await db.adjust_beans(1, -10_500, key="take-all")).balance == 0
    with pytest.raises(InsufficientBeansError, match="holds 0 beans"):
        await db.adjust_beans(1, -1, key="overdraw")
    with pytest.raises(BadChangeError):
        await db.adjust_beans(1, 1, key="")
    with pytest.raises(UnknownPlayerError):
        await db.adjust_beans(2, 1, key="nobody")
    assert [e.delta for e in await db.ledger(1)] == [-10_500, 500, 10_000]
    assert await db.ledger_mismatches() == {}


async def test_daily_bonus_once_a_day_with_streak(db: Database, clock: FakeClock) -> None:
    await db.ensure_player(1, "ann")
    first = await db.claim_daily(1)
    assert (first.day, first.amount, first.streak, first.balance) == ("2026-03-01", 1000, 1, 11_000)
    with pytest.raises(AlreadyClaimedError, match="2026-03-01"):
        await db.claim_daily(1)
    clock.advance(days=1)
    second = await db.claim_daily(1)
    assert (second.amount, second.streak) == (1200, 2)
    clock.advance(days=2)  # a day missed: the streak starts again
    third = await db.claim_daily(1)
    assert (third.amount, third.streak) == (1000, 1)
    player = await db.get_player(1)
    assert player is not None and player.beans == 10_000 + 1000 + 1200 + 1000
    assert await db.ledger_mismatches() == {}


async def test_daily_streak_bonus_is_capped() -> None:
    settings = EconomySettings(daily_base=100, daily_streak_bonus=10, daily_streak_cap=3)
    assert [settings.daily_amount(day) for day in range(1, 7)] == [100, 110, 120, 130, 130, 130]


async def test_daily_day_follows_the_bot_time_zone(db: Database, clock: FakeClock) -> None:
    await db.ensure_player(1, "ann")
    clock.now = datetime(2026, 3, 1, 15, 59, tzinfo=UTC)  # 23:59 in Shanghai
    assert (await db.claim_daily(1)).day == "2026-03-01"
    clock.now = datetime(2026, 3, 1, 16, 1, tzinfo=UTC)  # 00:01 the next day in Shanghai
    claim = await db.claim_daily(1)
    assert (claim.day, claim.streak) == ("2026-03-02", 2)


async def test_daily_in_another_time_zone(db_path: Path, clock: FakeClock) -> None:
    economy = EconomySettings(timezone="UTC")
    async with Database(db_path, clock=clock, economy=economy) as db:
        await db.ensure_player(1, "ann")
        clock.now = datetime(2026, 3, 1, 15, 59, tzinfo=UTC)
        await db.claim_daily(1)
        clock.now = datetime(2026, 3, 1, 16, 1, tzinfo=UTC)
        with pytest.raises(AlreadyClaimedError):
            await db.claim_daily(1)


async def test_relief_only_below_the_threshold(db: Database) -> None:
    await db.ensure_player(1, "ann")
    assert db.economy.relief_below == 1_000  # the beginner room's minimum
    with pytest.raises(ReliefRefusedError, match="holds 10000 beans"):
        await db.claim_relief(1)
    await db.adjust_beans(1, -9_500, key="lost")
    claim = await db.claim_relief(1)
    assert (claim.amount, claim.balance, claim.claims_today, claim.claims_left) == (
        2_000,
        2_500,
        1,
        2,
    )
    with pytest.raises(ReliefRefusedError, match="2500"):
        await db.claim_relief(1)


async def test_relief_a_limited_number_of_times_a_day(db_path: Path, clock: FakeClock) -> None:
    economy = EconomySettings(relief_below=1_000, relief_amount=100, relief_per_day=2)
    async with Database(db_path, clock=clock, economy=economy) as db:
        await db.ensure_player(1, "ann")
        await db.adjust_beans(1, -10_000, key="broke")
        assert (await db.claim_relief(1)).claims_left == 1
        assert (await db.claim_relief(1)).claims_left == 0
        with pytest.raises(ReliefRefusedError, match="already claimed 2 times on 2026-03-01"):
            await db.claim_relief(1)
        clock.advance(days=1)
        assert (await db.claim_relief(1)).balance == 300
        assert await db.ledger_mismatches() == {}


async def test_unknown_player_claims_nothing(db: Database) -> None:
    with pytest.raises(UnknownPlayerError):
        await db.claim_daily(5)
    with pytest.raises(UnknownPlayerError):
        await db.claim_relief(5)


async def test_ledger_is_append_only(db: Database) -> None:
    await db.ensure_player(1, "ann")
    for sql in ("UPDATE ledger SET delta = 1", "DELETE FROM ledger"):
        with pytest.raises(Exception, match="append-only"):
            await db._transact(lambda tx, sql=sql: tx.execute(sql))  # type: ignore[misc]
    assert [e.delta for e in await db.ledger(1)] == [10_000]


def test_economy_settings_refuse_nonsense() -> None:
    with pytest.raises(ValueError, match="relief_amount"):
        EconomySettings(relief_amount=-1)
    with pytest.raises(ValueError, match="'Mars/Olympus'"):
        EconomySettings(timezone="Mars/Olympus")
