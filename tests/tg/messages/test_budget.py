"""The bot token's budget is spent first where a person waits: under Telegram's overall limit
(the fake Bot API keeps it too), the panel of the seat that must decide goes before the group
pictures and the waiting panels, a decision whose panel came late is given its full time,
and nothing waiting is lost. Time is virtual (``VirtualTime``): the outbox, the budget and
the fake Telegram read one clock that the test moves."""

from __future__ import annotations

from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import cast

import pytest
from telegram import Bot

import ddz_bot.tg.budget as budget_module
import ddz_bot.tg.outbox as outbox_module
from ddz_bot.tg.budget import PATIENCE, Budget, Urgency
from ddz_bot.tg.grace import LATE_GRACE_SECONDS, postponed
from ddz_bot.tg.outbox import Content, Outbox
from ddz_bot.tg.screens import PANEL_SLOT
from ddz_bot.tg.table import Table

from ..fake_api import FakeBotAPI, FloodLimits
from .test_outbox_pace import VirtualTime

#: Telegram's limits with an overall one small enough for a test to exceed: 5 calls a second
#: (the outbox keeps to 4 in any second: ``WINDOW``)
SMALL = FloodLimits(overall_per_second=5)
WINDOW = SMALL.overall_per_second - 1


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> VirtualTime:
    virtual = VirtualTime()
    for module in (outbox_module, budget_module):
        monkeypatch.setattr(module, "asyncio", virtual)
        monkeypatch.setattr(module, "time", virtual)
    return virtual


@pytest.fixture
async def api(clock: VirtualTime) -> AsyncIterator[tuple[FakeBotAPI, Bot]]:
    fake = FakeBotAPI(limits=SMALL, clock=clock.monotonic)
    bot = Bot("123:TEST", request=fake, get_updates_request=fake)
    await bot.initialize()
    yield fake, bot
    await bot.shutdown()


def chats(fake: FakeBotAPI, groups: int, people: int) -> tuple[list[int], list[int]]:
    group_ids = [-1000 - k for k in range(groups)]
    for chat in group_ids:
        fake.add_group(chat, f"group {chat}")
    person_ids = [5000 + k for k in range(people)]
    for user in person_ids:
        fake.add_user(user, f"P{user}")
    return group_ids, person_ids


def sent_to(fake: FakeBotAPI) -> list[int | None]:
    return [call.chat_id for call in fake.calls if call.ok and call.chat_id is not None]


async def test_the_deciding_seats_panel_goes_before_group_pictures_and_waiting_panels(
    clock: VirtualTime, api: tuple[FakeBotAPI, Bot]
) -> None:
    fake, bot = api
    outbox = Outbox(bot, group_interval=3.5, overall_rate=SMALL.overall_per_second)
    groups, people = chats(fake, 6, 7)
    for group in groups:
        outbox.show(group, "table", Content(f"table of {group}"))
    for person in people[:-1]:
        outbox.show(person, PANEL_SLOT, Content("you wait"), urgency=Urgency.WAITING)
    decider = people[-1]
    outbox.show(decider, PANEL_SLOT, Content("your turn"), urgency=Urgency.DECIDING, decision="d1")
    await clock.settle(outbox)
    order = sent_to(fake)
    assert fake.too_many_total == 0
    # the first second's calls went to the first asked; the decision right after them
    assert order.index(decider) <= WINDOW
    # the group pictures before every waiting panel the burst did not send
    waiting = [k for k, chat in enumerate(order) if chat in people[:-1]]
    pictures = [k for k, chat in enumerate(order) if chat in groups]
    assert max(pictures) < min(k for k in waiting if k > WINDOW)


async def test_a_waiting_panel_whose_seat_must_decide_now_is_hurried(
    clock: VirtualTime, api: tuple[FakeBotAPI, Bot]
) -> None:
    fake, bot = api
    outbox = Outbox(bot, group_interval=3.5, overall_rate=SMALL.overall_per_second)
    groups, people = chats(fake, 8, 1)
    for group in groups:
        outbox.show(group, "table", Content(f"table of {group}"))
    person = people[0]
    outbox.show(person, PANEL_SLOT, Content("you wait"), urgency=Urgency.WAITING)
    await clock.advance(0.01)
    outbox.show(person, PANEL_SLOT, Content("your turn"), urgency=Urgency.DECIDING, decision=1)
    await clock.settle(outbox)
    order = sent_to(fake)
    assert order.index(person) <= WINDOW  # not behind the eight group pictures
    assert fake.chat_messages(person)[-1].text == "your turn"


async def test_a_late_panel_is_given_the_time_it_came_late(
    clock: VirtualTime, api: tuple[FakeBotAPI, Bot]
) -> None:
    fake, bot = api
    outbox = Outbox(bot, group_interval=3.5, overall_rate=SMALL.overall_per_second)
    _, people = chats(fake, 0, 12)
    for k, person in enumerate(people):
        outbox.show(person, PANEL_SLOT, Content("decide"), urgency=Urgency.DECIDING, decision=k)
    first, last = people[0], people[-1]
    assert outbox.lateness(last, PANEL_SLOT) == 0.0  # asked this instant
    await clock.settle(outbox)
    assert outbox.lateness(first, PANEL_SLOT) < LATE_GRACE_SECONDS
    late = outbox.lateness(last, PANEL_SLOT)
    assert late > 1.5  # eleven decisions at 4 a second went before it
    deadline = 2_000_000_000.0
    table = cast(
        Table,
        SimpleNamespace(
            deadline=deadline,
            seats=[SimpleNamespace(user_id=last), SimpleNamespace(user_id=first)],
            people_waiting=lambda: frozenset({0, 1}),
        ),
    )
    # its clock ran out: the time-out waits as long again as the panel came late
    assert postponed(table, outbox, deadline) == pytest.approx(deadline + late)
    # once that time is over, it times out
    assert postponed(table, outbox, deadline + late + 0.1) is None


async def test_a_panel_on_time_moves_no_clock(
    clock: VirtualTime, api: tuple[FakeBotAPI, Bot]
) -> None:
    fake, bot = api
    outbox = Outbox(bot, group_interval=3.5, overall_rate=SMALL.overall_per_second)
    _, people = chats(fake, 0, 1)
    outbox.show(people[0], PANEL_SLOT, Content("decide"), urgency=Urgency.DECIDING, decision=1)
    await clock.settle(outbox)
    table = cast(
        Table,
        SimpleNamespace(
            deadline=1.0,
            seats=[SimpleNamespace(user_id=people[0])],
            people_waiting=lambda: frozenset({0}),
        ),
    )
    assert postponed(table, outbox, 1.0) is None


async def test_a_panel_still_waiting_to_go_keeps_its_decision_open(
    clock: VirtualTime, api: tuple[FakeBotAPI, Bot]
) -> None:
    fake, bot = api
    outbox = Outbox(bot, group_interval=3.5, overall_rate=SMALL.overall_per_second)
    _, people = chats(fake, 0, 12)
    for k, person in enumerate(people):
        outbox.show(person, PANEL_SLOT, Content("decide"), urgency=Urgency.DECIDING, decision=k)
    await clock.advance(2.0)
    table = cast(
        Table,
        SimpleNamespace(
            deadline=clock.now,
            seats=[SimpleNamespace(user_id=people[-1])],
            people_waiting=lambda: frozenset({0}),
        ),
    )
    later = postponed(table, outbox, clock.now)
    assert later is not None and later > clock.now
    await clock.settle(outbox)


async def test_nothing_waiting_is_lost_under_a_short_budget(
    clock: VirtualTime, api: tuple[FakeBotAPI, Bot]
) -> None:
    fake, bot = api
    outbox = Outbox(bot, group_interval=3.5, overall_rate=SMALL.overall_per_second)
    groups, people = chats(fake, 4, 8)
    for step in range(3):
        for group in groups:
            outbox.show(group, "table", Content(f"table {step}"))
        for k, person in enumerate(people):
            deciding = (k + step) % 4 == 0
            outbox.show(
                person,
                PANEL_SLOT,
                Content(f"panel {step}"),
                urgency=Urgency.DECIDING if deciding else Urgency.WAITING,
                decision=(k, step) if deciding else None,
            )
        for person in people[:2]:
            outbox.post(person, f"answer {step}")
        await clock.advance(0.5)
    await clock.settle(outbox)
    assert fake.too_many_total == 0
    for group in groups:
        assert fake.chat_messages(group)[-1].text == "table 2"
    for person in people:
        texts = [m.text for m in fake.chat_messages(person)]
        assert texts[0] == "panel 2" or "panel 2" in texts
    for person in people[:2]:
        texts = [m.text for m in fake.chat_messages(person)]
        assert [t for t in texts if t and t.startswith("answer")] == [
            "answer 0",
            "answer 1",
            "answer 2",
        ]


async def test_the_budget_hands_turns_out_by_urgency(clock: VirtualTime) -> None:
    budget = Budget(1)
    done: list[str] = []

    async def take(name: str, urgency: Urgency, key: int | None = None) -> None:
        await budget.take(urgency, key)
        done.append(name)

    await budget.take(Urgency.TIDY)  # this second's one call is spent
    tasks = [
        clock.create_task(take("tidy", Urgency.TIDY)),
        clock.create_task(take("waiting", Urgency.WAITING, key=7)),
        clock.create_task(take("group", Urgency.GROUP)),
        clock.create_task(take("deciding", Urgency.DECIDING)),
    ]
    await clock.advance(0.01)
    budget.hurry(7, Urgency.ANSWER)  # the waiting chat has an answer behind its call
    await clock.advance(5.0)
    await clock.gather(*tasks)
    assert done == ["deciding", "waiting", "group", "tidy"]


async def test_no_budget_waits_for_nothing(clock: VirtualTime) -> None:
    budget = Budget(0)
    for _ in range(100):
        await budget.take(Urgency.TIDY)
    assert budget.waiting == 0 and budget.taken == 100


async def test_a_second_full_of_waiting_panels_still_has_room_for_a_decision(
    clock: VirtualTime,
) -> None:
    budget = Budget(10)
    taken: list[str] = []

    async def take(name: str, urgency: Urgency) -> None:
        await budget.take(urgency)
        taken.append(name)

    waiting = [clock.create_task(take(f"waiting {k}", Urgency.WAITING)) for k in range(10)]
    await clock.advance(0.01)
    assert 0 < len(taken) < 10  # the waiting panels leave part of the second free
    deciding = clock.create_task(take("deciding", Urgency.DECIDING))
    answer = clock.create_task(take("answer", Urgency.ANSWER))
    await clock.advance(0.01)
    assert taken[-2:] == ["deciding", "answer"]  # at once, not when the second is over
    await clock.advance(3.0)
    await clock.gather(*waiting, deciding, answer)
    assert len(taken) == 12  # every waiting panel went in the end


async def test_a_waiting_panel_still_waiting_for_its_turn_carries_the_decision(
    clock: VirtualTime, api: tuple[FakeBotAPI, Bot]
) -> None:
    fake, bot = api
    outbox = Outbox(bot, group_interval=3.5, overall_rate=SMALL.overall_per_second)
    groups, people = chats(fake, 8, 1)
    person = people[0]
    outbox.show(person, PANEL_SLOT, Content("your cards"), urgency=Urgency.ANSWER)
    await clock.settle(outbox)
    await clock.advance(2.0)  # the chat's pace and the budget are rested
    calls = len(fake.calls)
    for group in groups:
        outbox.show(group, "table", Content(f"table of {group}"))
    outbox.show(person, PANEL_SLOT, Content("you wait"), urgency=Urgency.WAITING)
    await clock.advance(0.01)
    outbox.show(person, PANEL_SLOT, Content("your turn"), urgency=Urgency.DECIDING, decision=1)
    await clock.settle(outbox)
    to_person = [c for c in fake.calls[calls:] if c.chat_id == person]
    assert len(to_person) == 1  # one edit, and it shows the decision
    assert fake.chat_messages(person)[-1].text == "your turn"
    assert outbox.lateness(person, PANEL_SLOT) < LATE_GRACE_SECONDS
    assert fake.too_many_total == 0


async def test_every_call_a_chat_has_waiting_is_hurried(clock: VirtualTime) -> None:
    budget = Budget(1)
    done: list[str] = []

    async def take(name: str, urgency: Urgency, key: int | None = None) -> None:
        await budget.take(urgency, key)
        done.append(name)

    await budget.take(Urgency.TIDY)  # this second's one call is spent
    tasks = [
        clock.create_task(take("group", Urgency.GROUP)),
        clock.create_task(take("panel", Urgency.WAITING, key=7)),
        clock.create_task(take("reply", Urgency.WAITING, key=7)),
    ]
    await clock.advance(0.01)
    budget.hurry(7, Urgency.DECIDING)  # the chat's seat must decide: both its calls go first
    await clock.advance(5.0)
    await clock.gather(*tasks)
    assert done == ["panel", "reply", "group"]


async def test_the_answer_to_typed_words_goes_before_answers_that_wait_already(
    clock: VirtualTime, api: tuple[FakeBotAPI, Bot]
) -> None:
    fake, bot = api
    outbox = Outbox(bot, group_interval=3.5, overall_rate=SMALL.overall_per_second)
    _, people = chats(fake, 0, 9)
    typist = people[-1]
    for person in people[:-1]:
        outbox.post(person, f"notice for {person}")
    await clock.advance(0.01)  # the calls that may go at once went; the other notices wait
    went = len(sent_to(fake))
    assert 0 < went < len(people) - 1
    outbox.awaited(typist)  # the person typed words: they wait for the answer now
    outbox.post(typist, "what you typed means nothing now")
    await clock.settle(outbox)
    order = sent_to(fake)
    assert order.index(typist) == went  # the next call made
    assert len(order) == len(people)  # every notice went all the same
    assert fake.too_many_total == 0


async def test_a_group_call_behind_a_budget_full_of_deciding_panels_goes_after_its_patience(
    clock: VirtualTime,
) -> None:
    """A tournament of hundreds keeps every turn busy with deciding seats' panels: the
    group's standings edit still goes, once it has waited ``PATIENCE``."""
    budget = Budget(10)
    started = clock.now
    went: list[float] = []

    async def panels() -> None:
        while True:
            await budget.take(Urgency.DECIDING)
            await budget.call(Urgency.DECIDING)

    async def group() -> None:
        await budget.take(Urgency.GROUP, key=-1001)
        await budget.call(Urgency.GROUP)
        went.append(clock.now - started)

    seats = [clock.create_task(panels()) for _ in range(40)]  # always more than the budget
    standings = clock.create_task(group())
    await clock.advance(PATIENCE - 1.0, step=0.1)
    assert not went  # the deciding seats first
    await clock.advance(3.0, step=0.1)
    assert went and PATIENCE <= went[0] < PATIENCE + 2.0
    for seat in seats:
        seat.cancel()
    await clock.gather(*seats, standings, return_exceptions=True)
