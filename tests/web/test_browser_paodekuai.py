"""A whole 跑得快 hand at the live table in the system's Chromium, on phone screens: three
people choose cards by tapping and dragging, Hint, Play and Pass, two in a browser (the page's
own buttons) and one inside Telegram (Play and Pass are Telegram's bottom buttons there); Pass
is offered only to a seat that can't beat (有大必压, R-PDK-MUST), never to one that must; each
page shows its seat's hand as the engine has it; the result comes up on every page; and no
frame a spectator gets holds a card still in someone's hand."""

from __future__ import annotations

from typing import Any

from ddz_bot.games.paodekuai.engine import PdkGame
from ddz_bot.kernel import GameProtocol, Pass
from ddz_bot.tg.table import FINISHED, Table
from tests.tg.harness import Harness
from tests.tg.scripts import current_table, seat_three, whose_turn

from .browser import (
    Person,
    bottom_button,
    card_names,
    chromium,
    drag_across,
    hint_or_nothing,
    moved,
    needs_chromium,
    open_person,
    press,
    selected,
    tap_card,
)
from .gallery import shoot
from .live import server_of

pytestmark = needs_chromium

#: enough turns for a whole hand (every play takes a card at least)
TURNS = 150


def hidden_cards(game: GameProtocol) -> set[str]:
    """The cards no spectator may see now: every hand not face up."""
    public: Any = game.public_view()
    return {
        str(card)
        for seat in range(len(public.seats))
        if public.seats[seat].shown_hand is None
        for card in game.view_for(seat).hand
    }


async def offers_pass(person: Person, inside: bool) -> bool:
    """Whether the page offers Pass now: its own button, or Telegram's secondary one."""
    own = await person.page.locator("#decide button.pass").count()
    if not inside:
        return own == 1
    assert own == 0  # inside Telegram the page draws no Pass of its own
    return bool((await bottom_button(person.page, "SecondaryButton"))["isVisible"])


async def play_turn(person: Person, inside: bool, may_pass: bool, first: bool) -> str:
    """One turn at the page: on the first lead, a drag across three cards and back, then a tap
    on the lowest (♠3); later, Hint then Play, or Pass when Hint finds nothing that beats."""
    page = person.page
    if first:
        await drag_across(page, 0, 2)
        assert await selected(page) == 3
        # a quick swipe back (its one pointer event jumps over the middle card), starting on a
        # chosen card, takes every card it crossed out again
        await drag_across(page, 2, 0, steps=1)
        assert await selected(page) == 0
        await tap_card(page, 0)
        assert await selected(page) == 1
        kind = "tap"
    elif await hint_or_nothing(page) == 0:
        assert may_pass  # nothing beats: that is the only time a seat may pass
        kind = "pass"
    else:
        assert not may_pass  # 有大必压: it can beat, so it must
        kind = "hint"
    if inside:
        button = "SecondaryButton" if kind == "pass" else "MainButton"
        assert await press(page, button)
        return "telegram " + kind
    await page.locator("#decide button." + ("pass" if kind == "pass" else "play")).click()
    return kind


def pdk_of(table: Table) -> PdkGame:
    """The table's game as committed now (each commit gives the table a new game object)."""
    game = table.game
    assert isinstance(game, PdkGame)
    return game


async def agree(table: Table, people: dict[int, Person]) -> None:
    """Each page shows the table's version, its seat's own hand as the engine has it, and
    every seat's card count."""
    game = pdk_of(table)
    counts = [info.card_count for info in game.public_view().seats]
    for user_id, person in people.items():
        await person.page.wait_for_function("v => window.ddzLive.version === v", arg=table.version)
        seat = table.seat_of(user_id)
        assert seat is not None
        shown = await person.page.locator("#hand .card").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
        assert shown == [str(card) for card in game.view_for(seat).hand]
        written = await person.page.locator("#seats .seat .count").all_inner_texts()
        assert written == [f"{n} 张" for n in counts]
        # the card tracker (记牌器): ranks in order, the unseen cards being the others' hands
        tracker = await person.page.locator("#tracker span").all_inner_texts()
        assert tracker[0] == "记牌器"
        faces = [item.split("·") for item in tracker[1:]]
        assert [face for face, _ in faces] == [*"3456789", "10", *"JQKA2"]
        assert sum(int(n) for _, n in faces) == sum(counts) - counts[seat]


async def test_three_people_play_a_paodekuai_hand_at_the_live_table(live: Harness) -> None:
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    carol = users[2]
    await seat_three(live, group, users, "/newgame 跑得快")
    table = current_table(live, group)
    assert isinstance(table.game, PdkGame)
    token = server_of(live).tokens.token(table.id)
    leaks: list[str] = []
    async with chromium() as browser:
        port = server_of(live).port
        people = {
            u.id: await open_person(browser, port, u, token, telegram=u is carol) for u in users
        }
        spy = await open_person(browser, port, live.user("Eve"), token)

        def checked(frame: dict[str, Any]) -> None:
            # everything but "page" (the game's card faces and deck, the same for every table)
            state = {k: v for k, v in frame.items() if k != "page"}
            leaked = card_names(state) & hidden_cards(pdk_of(table))
            if leaked:
                leaks.append(f"v{frame.get('v')}: {sorted(leaked)}")

        spy.on_frame = checked
        for person in [*people.values(), spy]:
            await person.page.wait_for_function("() => window.ddzLive.version >= 0")
        done: list[str] = []
        for _ in range(TURNS):
            if pdk_of(table).over:
                break
            user = whose_turn(live, group, users)
            assert user is not None
            seat = table.seat_of(user.id)
            assert seat is not None
            person = people[user.id]
            version = table.version
            await agree(table, people)
            may_pass = Pass(seat) in pdk_of(table).legal_actions(seat)
            # the page offers Pass exactly when the rules allow it: never to a seat that must beat
            assert await offers_pass(person, user is carol) is may_pass, (seat, done)
            if len(done) == 1:
                await shoot(person.page, "live_paodekuai_hand")
            done.append(await play_turn(person, user is carol, may_pass, first=not done))
            await moved(person.page, version)
            await live.settle()
        assert pdk_of(table).over, done
        assert {"tap", "hint", "pass", "telegram hint", "telegram pass"} <= set(done), done
        outcome = pdk_of(table).outcome()
        assert outcome is not None
        for user in users:  # the result, as the engine settled it, on every page
            page = people[user.id].page
            await page.wait_for_selector("#result:not([hidden])")
            rows = await page.locator("#result tr").all_inner_texts()
            assert len(rows) == 3 and all("欢乐豆" in row for row in rows)
            for seat, row in enumerate(rows):
                assert ("赢" in row) is (seat in outcome.winners), row
                assert f"{outcome.cards_left[seat]} 张" in row, row
        await live.settle()
        assert table.phase == FINISHED
        inside = people[carol.id].page
        for name in ("MainButton", "SecondaryButton"):  # nothing left to press in Telegram
            assert not (await bottom_button(inside, name))["isVisible"]
        assert not await inside.evaluate("() => Telegram.WebApp.isClosingConfirmationEnabled")
        assert await spy.page.locator("#hand .card").count() == 0
        assert await spy.page.locator("#status").inner_text() == "观战中 · 本局结束"
        await shoot(people[users[0].id].page, "live_paodekuai_result")
        # Again in the group: the finished table is let go and its pages lead to the next
        result = live.api.last_message(group, with_buttons=True)
        assert result is not None
        await users[0].press(result, "再来一局")
        await live.settle()
        following = current_table(live, group)
        assert following.id != table.id
        page = people[users[1].id].page  # its result stays, with the way to the next table
        onward = page.locator("#result button.next")
        await onward.wait_for()
        assert await onward.inner_text() == "去下一局"
        await onward.click()
        next_token = server_of(live).tokens.token(following.id)
        await page.wait_for_url(lambda url: next_token in url)
        await page.wait_for_function(
            "() => document.getElementById('status').textContent === '等待开局…'"
        )
    assert not leaks, leaks
    assert spy.frames and all(f.get("seat") is None for f in spy.frames if f["t"] == "state")
    # a card still held at the end was held all along: no frame before the result showed it
    held = {str(card) for seat in range(3) for card in pdk_of(table).view_for(seat).hand}
    assert held  # the two losers hold cards
    before = [f for f in spy.frames if f["t"] == "state" and not f.get("settlement")]
    assert len(before) > len(done) // 2
    for frame in before:
        assert not card_names({k: v for k, v in frame.items() if k != "page"}) & held, frame["v"]
