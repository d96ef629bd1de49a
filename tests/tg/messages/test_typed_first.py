"""The answer to typed words is the first thing the bot sends, and a group keeps its pace
whatever its people type: the bot's budget gives its next turn to a person who just typed,
ahead of the seats that must decide; a full second frees its turns one at a time, so that turn
comes within milliseconds. Time is virtual."""

from __future__ import annotations

from ddz_bot.tg.budget import Budget, Urgency

from .test_budget import clock
from .test_outbox_pace import VirtualTime

__all__ = ["clock"]


async def test_a_person_who_typed_gets_the_next_turn_before_deciding_seats(
    clock: VirtualTime,
) -> None:
    budget = Budget(10)
    went: list[tuple[str, float]] = []

    async def take(name: str, urgency: Urgency) -> None:
        await budget.take(urgency)
        went.append((name, clock.now))

    deciding = [clock.create_task(take(f"deciding {k}", Urgency.DECIDING)) for k in range(30)]
    await clock.advance(0.5)  # mid-second: the budget is spent for now, 20 panels wait
    assert 0 < len(went) < 10
    typed_at = clock.now
    answer = clock.create_task(take("answer", Urgency.AWAITED))
    await clock.advance(0.3)
    names = [name for name, _ in went]
    assert "answer" in names  # the next turn, before the twenty waiting seats
    assert all(name.startswith("deciding") for name in names[names.index("answer") + 1 :])
    # a turn or two at ten a second (the clock moves by 0.05 s), not the second's end
    assert dict(went)["answer"] - typed_at <= 0.25
    await clock.advance(5.0)
    await clock.gather(*deciding, answer)
    assert len(went) == 31


async def test_a_full_second_frees_its_turns_one_at_a_time(clock: VirtualTime) -> None:
    budget = Budget(20)
    went: list[float] = []

    async def take() -> None:
        await budget.take(Urgency.DECIDING)
        went.append(clock.now)

    tasks = [clock.create_task(take()) for _ in range(100)]
    await clock.advance(6.0, step=0.01)
    await clock.gather(*tasks)
    assert max(_in_any(went, 1.0)) <= 20  # Telegram's second is kept
    assert max(_in_any(went[20:], 0.2)) <= 6  # once the budget is spent, spread over it


def _in_any(times: list[float], span: float) -> list[int]:
    """How many of ``times`` fall in the ``span`` seconds from each of them."""
    return [sum(1 for t in times if start <= t < start + span) for start in times]
