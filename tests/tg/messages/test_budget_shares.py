"""Several workers split one bot token's budget by what each wants now (``tg/shares.py``)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ddz_bot.tg.budget as budget_module
import ddz_bot.tg.shares as shares_module
from ddz_bot.tg.budget import Budget, Urgency
from ddz_bot.tg.shares import SHARED_HEADROOM, Demand, Share, budget_share

from .test_outbox_pace import VirtualTime

demands = st.dictionaries(st.integers(1, 50), st.integers(-5, 500), min_size=2, max_size=40)


@given(demands)
def test_the_workers_shares_never_add_up_to_more_than_the_headroom(
    wanted: dict[int, int],
) -> None:
    shares = [budget_share(wanted, worker) for worker in wanted]
    assert sum(shares) <= SHARED_HEADROOM + 1e-9
    assert all(0 < share <= SHARED_HEADROOM for share in shares)


@given(demands, st.data())
def test_a_worker_that_wants_more_gets_no_less(wanted: dict[int, int], data: st.DataObject) -> None:
    worker = data.draw(st.sampled_from(sorted(wanted)))
    more = dict(wanted)
    more[worker] = max(wanted[worker], 0) + data.draw(st.integers(1, 40))
    assert budget_share(more, worker) >= budget_share(wanted, worker)


def test_the_examples_hold() -> None:
    assert doctest.testmod(shares_module).failed == 0


def test_a_busy_worker_borrows_what_a_quiet_one_leaves() -> None:
    assert budget_share({1: 0, 2: 0}, 1) == budget_share({1: 0, 2: 0}, 2) == 0.45
    busy, quiet = budget_share({1: 40, 2: 0}, 1), budget_share({1: 40, 2: 0}, 2)
    assert busy >= 0.75 and quiet >= 0.1  # the quiet one still answers a press at once
    assert budget_share({7: 100}, 7) == 1.0  # alone: the whole budget


def test_a_smaller_share_is_kept_at_once_a_larger_one_a_gap_later() -> None:
    share = Share(2.05)
    assert share.wanted(0.45, now=9.0) == 0.45  # joining: down at once
    assert share.wanted(0.6, now=10.0) is None
    assert share.wanted(0.5, now=11.0) is None
    assert share.wanted(0.7, now=12.1) == 0.5  # no more than the least wanted meanwhile
    assert share.wanted(0.51, now=13.0) is None  # a step too small to take
    assert share.wanted(0.8, now=13.1) is None  # a new wait begins
    assert share.wanted(0.52, now=14.0) is None  # too small a raise: the wait is off
    assert share.wanted(0.8, now=14.1) is None
    assert share.wanted(0.8, now=16.2) == 0.6  # a tenth at a time
    assert share.wanted(0.8, now=16.3) is None
    assert share.wanted(0.8, now=18.4) == 0.7
    assert share.wanted(0.3, now=18.5) == 0.3 and share.share == 0.3


def test_the_demand_reported_follows_a_lasting_change_not_a_burst() -> None:
    demand = Demand()
    assert [demand.sample(30) for _ in range(2)] == [6, 11]  # a burst of two seconds
    assert [demand.sample(0) for _ in range(3)] == [9, 7, 6]
    lasting = [demand.sample(20) for _ in range(15)]
    assert lasting[-1] >= 19 and lasting[2] < 15  # within a step after fifteen seconds


async def test_a_budget_wants_its_last_seconds_calls_and_those_waiting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = VirtualTime()
    monkeypatch.setattr(budget_module, "asyncio", clock)
    monkeypatch.setattr(budget_module, "time", clock)
    budget = Budget(30.0, share=0.2)  # six calls a second

    async def one() -> None:
        await budget.take(Urgency.GROUP)
        await budget.call(Urgency.GROUP)

    calls = [clock.create_task(one()) for _ in range(20)]
    await clock.advance(0.5, step=0.01)
    assert budget.demand == 20  # six made, fourteen waiting
    await clock.advance(10.0, step=0.01)
    await clock.gather(*calls)
    assert budget.demand == 0
