"""Tournaments in storage: one open a group, the fees all or nothing, a refund and the prizes
once each, a hand counted once, the standings summed."""

from __future__ import annotations

import pytest

from ddz_bot.storage import (
    Database,
    HandScore,
    InsufficientBeansError,
    TournamentError,
    TournamentState,
)

from .conftest import seat_players


async def _beans(db: Database, user: int) -> int:
    player = await db.get_player(user)
    assert player is not None
    return player.beans


async def test_the_fees_are_taken_all_or_nothing_and_given_back_once(db: Database) -> None:
    await seat_players(db, 1, 2, 3)
    await db.adjust_beans(3, -9_990, key="poor")  # 10 beans left
    opened = await db.open_tournament(-1, 1, "classic", 2, 1, 100, "zh-Hans", "群")
    assert opened is not None and opened.state is TournamentState.SIGNUP
    assert await db.open_tournament(-1, 2, "classic", 1, 1, 0, "zh-Hans", "群") is None
    for user in (1, 2, 3):
        assert await db.enter_tournament(opened.id, user, f"p{user}")
    assert not await db.enter_tournament(opened.id, 1, "p1")  # once
    with pytest.raises(InsufficientBeansError):
        await db.start_tournament(opened.id)
    assert [await _beans(db, u) for u in (1, 2)] == [10_000, 10_000]  # nothing taken
    assert await db.leave_tournament(opened.id, 3)
    assert await db.start_tournament(opened.id)
    assert not await db.start_tournament(opened.id)
    assert [await _beans(db, u) for u in (1, 2)] == [9_900, 9_900]
    with pytest.raises(TournamentError):
        await db.enter_tournament(opened.id, 3, "p3")  # signing up is over
    assert await db.cancel_tournament(opened.id)
    assert not await db.cancel_tournament(opened.id)
    assert [await _beans(db, u) for u in (1, 2)] == [10_000, 10_000]
    assert not await db.ledger_mismatches()


async def test_hands_count_once_and_the_prizes_are_paid_once(db: Database) -> None:
    await seat_players(db, 1, 2)
    opened = await db.open_tournament(-1, 1, "classic", 2, 1, 50, "en", "g")
    assert opened is not None
    await db.enter_tournament(opened.id, 1, "p1")
    await db.enter_tournament(opened.id, 2, "p2")
    await db.start_tournament(opened.id)
    scores = [HandScore(1, 4, True), HandScore(2, -4, False)]
    assert await db.record_tournament_hand(opened.id, 1, 1, 1, "h1", scores)
    assert not await db.record_tournament_hand(opened.id, 1, 1, 1, "h1", scores)
    assert await db.tournament_hands_played(opened.id, 1) == {1: 1}
    assert await db.next_tournament_round(opened.id, 1)
    assert not await db.next_tournament_round(opened.id, 1)
    await db.record_tournament_hand(opened.id, 2, 1, 1, "h2", [HandScore(2, 6, True)])
    total = {s.user_id: (s.points, s.hands, s.wins) for s in await db.tournament_scores(opened.id)}
    assert total == {1: (4, 1, 1), 2: (2, 2, 1)}
    first = await db.tournament_scores(opened.id, before_round=2)
    assert {s.user_id: s.points for s in first} == {1: 4, 2: -4}
    assert await db.finish_tournament(opened.id, [(1, 70), (2, 30)])
    assert not await db.finish_tournament(opened.id, [(1, 70), (2, 30)])
    assert [await _beans(db, u) for u in (1, 2)] == [10_020, 9_980]
    found = await db.tournament(opened.id)
    assert found is not None and found.state is TournamentState.FINISHED and not found.open
    assert not await db.ledger_mismatches()
