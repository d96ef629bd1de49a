"""Storage tests run on real SQLite files under tmp_path, with a clock the test moves."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from ddz_bot.storage import Database, Engine, HandRecord, HandResult, LedgerChange, Reason
from tests.postgres import fresh_schema

START = datetime(2026, 3, 1, 4, 0, tzinfo=UTC)  # 12:00 in Asia/Shanghai
#: the game and roles the storage tests' hands are played in: storage reads none of them
GAME, LANDLORD, FARMER = "doudizhu", "landlord", "farmer"


@dataclass
class FakeClock:
    now: datetime = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "ddz.sqlite3"


@pytest.fixture(params=list(Engine))
def engine(request: pytest.FixtureRequest) -> Engine:
    """The database engine a test runs on: every storage test runs on both."""
    return Engine(request.param)


@pytest.fixture
async def db_target(engine: Engine, db_path: Path) -> AsyncIterator[Path | str]:
    """Where the test's database lives: an SQLite file, or a fresh PostgreSQL schema."""
    if engine is Engine.SQLITE:
        yield db_path
        return
    async with fresh_schema() as url:
        yield url


@pytest.fixture
async def db(db_target: Path | str, clock: FakeClock) -> AsyncIterator[Database]:
    async with Database(db_target, clock=clock) as database:
        yield database


@pytest.fixture
async def pg_db(clock: FakeClock) -> AsyncIterator[Database]:
    """For what only PostgreSQL has (a write that runs on the loop)."""
    async with fresh_schema() as url, Database(url, clock=clock) as database:
        yield database


@pytest.fixture
async def sqlite_db(db_path: Path, clock: FakeClock) -> AsyncIterator[Database]:
    """For what only SQLite has (its file, its writer thread, its pragmas)."""
    async with Database(db_path, clock=clock) as database:
        yield database


def hand_record(
    seats: Sequence[int],
    *,
    chat_id: int | None = -100,
    table_id: str = "t1",
    at: datetime = START,
    game: str = GAME,
) -> HandRecord:
    return HandRecord(
        game=game,
        room="beginner",
        rules={"name": "classic", "players": len(seats)},
        seats=list(seats),
        result={"winner": "landlord"},
        multipliers=[["grab", 2], ["bomb", 2]],
        started_at=at - timedelta(minutes=3),
        finished_at=at,
        chat_id=chat_id,
        table_id=table_id,
    )


def landlord_wins(
    landlord: int,
    farmers: Sequence[int],
    stake: int,
    fee: int = 0,
) -> tuple[list[LedgerChange], list[HandResult]]:
    """Bean changes and results of a hand the landlord won with ``stake`` per farmer."""
    changes = [LedgerChange(landlord, stake * len(farmers))]
    changes += [LedgerChange(f, -stake) for f in farmers]
    if fee:
        changes += [LedgerChange(u, -fee, Reason.FEE) for u in (landlord, *farmers)]
    results = [HandResult(landlord, LANDLORD, True, 2)]
    results += [HandResult(f, FARMER, False, -1) for f in farmers]
    return changes, results


async def seat_players(db: Database, *user_ids: int) -> None:
    for user in user_ids:
        await db.ensure_player(user, f"player {user}")
