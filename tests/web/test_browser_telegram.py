"""Inside Telegram the page plays through Telegram's own frame: Play is the main bottom button
and Pass the secondary one (in the theme's colours, shown only on the seat's own turn, Play
greyed out until a card is chosen, Pass only where the rules allow it, a progress while the
action travels), a haptic on a turn, on choosing a card and on a refusal, the closing
confirmation during the hand, no vertical swipe closing the app. Telegram's ``WebApp`` is a
stand-in here (``browser.TELEGRAM``) that keeps the buttons' state and records each call."""

from __future__ import annotations

from typing import Any

from ddz_bot.games.paodekuai.engine import PdkGame
from ddz_bot.kernel import Pass
from ddz_bot.tg.table import Table
from tests.tg.harness import Harness
from tests.tg.scripts import current_table, seat_three, whose_turn

from .browser import (
    THEME,
    Person,
    bottom_button,
    chromium,
    hint_or_nothing,
    moved,
    needs_chromium,
    open_person,
    press,
    selected,
    tap_card,
    telegram_calls,
)
from .live import server_of

pytestmark = needs_chromium

#: turns enough to reach a seat that can't beat the table
TURNS = 60


async def called(person: Person) -> list[str]:
    return [str(call[0]) for call in await telegram_calls(person.page)]


async def buttons(person: Person) -> tuple[dict[str, Any], dict[str, Any]]:
    return (
        await bottom_button(person.page, "MainButton"),
        await bottom_button(person.page, "SecondaryButton"),
    )


def pdk_of(table: Table) -> PdkGame:
    """The table's game as committed now (each commit gives the table a new game object)."""
    game = table.game
    assert isinstance(game, PdkGame)
    return game


async def test_play_and_pass_are_telegrams_bottom_buttons(live: Harness) -> None:
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    await seat_three(live, group, users, "/newgame 跑得快")
    table = current_table(live, group)
    assert isinstance(table.game, PdkGame)
    token = server_of(live).tokens.token(table.id)
    async with chromium() as browser:
        port = server_of(live).port
        people = {u.id: await open_person(browser, port, u, token, telegram=True) for u in users}
        eve = await open_person(browser, port, live.user("Eve"), token, telegram=True)
        for person in [*people.values(), eve]:
            await person.page.wait_for_function(
                "v => window.ddzLive.version === v", arg=table.version
            )
            calls = await called(person)
            assert {"ready", "expand", "disableVerticalSwipes"} <= set(calls)
            assert {"MainButton.onClick", "SecondaryButton.onClick"} <= set(calls)
            seated = person is not eve
            confirm = await person.page.evaluate(
                "() => Telegram.WebApp.isClosingConfirmationEnabled"
            )
            assert confirm is seated  # leaving mid-hand asks first; a spectator just goes
        leader = whose_turn(live, group, users)
        assert leader is not None
        await first_lead(people[leader.id], [p for u, p in people.items() if u != leader.id])
        passed = False
        for _ in range(TURNS):
            user = whose_turn(live, group, users)
            assert user is not None
            seat = table.seat_of(user.id)
            assert seat is not None
            person = people[user.id]
            version = table.version
            await person.page.wait_for_function("v => window.ddzLive.version === v", arg=version)
            main, second = await buttons(person)
            may_pass = Pass(seat) in pdk_of(table).legal_actions(seat)
            assert main["isVisible"] and main["text"] == "出牌"
            assert second["isVisible"] is may_pass  # never a Pass for a seat that must beat
            assert ["HapticFeedback.impactOccurred", "medium"] in await telegram_calls(person.page)
            assert [b["isVisible"] for b in await buttons(eve)] == [False, False]
            if may_pass:
                assert second["text"] == "不出" and second["position"] == "left"
                assert second["color"] == THEME["bottom_bar_bg_color"]
                assert second["textColor"] == THEME["button_color"]
                assert second["isActive"]
                assert await hint_or_nothing(person.page) == 0
                assert await press(person.page, "SecondaryButton")
                await moved(person.page, version)
                assert ["SecondaryButton.showProgress", False] in await telegram_calls(person.page)
                assert not (await buttons(person))[1]["isVisible"]
                passed = True
                break
            assert await hint_or_nothing(person.page) > 0
            assert await press(person.page, "MainButton")
            await moved(person.page, version)
            await live.settle()
        assert passed
        spectator = await called(eve)  # a spectator: no turn, nothing to confirm on leaving
        assert "HapticFeedback.impactOccurred" not in spectator
        assert "enableClosingConfirmation" not in spectator


async def first_lead(person: Person, others: list[Person]) -> None:
    """The leader's Play: greyed out with no card chosen, refused for a non-combo (a haptic,
    the progress gone, Play back), then ♠3 alone goes; the others see no button."""
    page = person.page
    assert ["HapticFeedback.impactOccurred", "medium"] in await telegram_calls(page)  # its turn
    main, second = await buttons(person)
    assert main["isVisible"] and main["text"] == "出牌"
    assert main["color"] == THEME["button_color"]
    assert main["textColor"] == THEME["button_text_color"]
    assert not main["isActive"]  # no card chosen yet
    assert not second["isVisible"]  # the leader can't pass
    # inside Telegram the page draws no Play or Pass of its own, only Hint
    assert await page.locator("#decide button.play, #decide button.pass").count() == 0
    assert await page.locator("#decide button.hint").count() == 1
    for other in others:
        assert [b["isVisible"] for b in await buttons(other)] == [False, False]
    assert not await press(page, "MainButton")  # greyed out: nothing is sent
    assert await page.evaluate("() => window.ddzLive.answer") == 0
    count = await page.locator("#hand .card").count()
    await tap_card(page, 0)
    await tap_card(page, count - 1)  # ♠3 and the top card: not a combo
    assert await selected(page) == 2
    assert "HapticFeedback.selectionChanged" in await called(person)
    assert (await buttons(person))[0]["isActive"]
    version = await page.evaluate("() => window.ddzLive.version")
    assert await press(page, "MainButton")
    await page.wait_for_function("() => !document.getElementById('toast').hidden")
    await page.wait_for_function("() => window.ddzLive.answer === 0")
    calls = await telegram_calls(page)
    assert ["MainButton.showProgress", False] in calls
    assert ["HapticFeedback.notificationOccurred", "error"] in calls
    main = (await buttons(person))[0]
    assert main["isVisible"] and main["isActive"] and not main["isProgressVisible"]
    await tap_card(page, count - 1)
    assert await selected(page) == 1
    assert await press(page, "MainButton")
    await moved(page, version)
    assert not (await buttons(person))[0]["isVisible"]  # no longer its turn
