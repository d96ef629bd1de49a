"""Three people play a whole 斗地主 hand at the live table in the system's Chromium (phone
screen, launch data signed with the test bot's token), a spectator watches; the page, the
table and the group's message agree at every step, and no frame a spectator receives holds a
hidden card."""

from __future__ import annotations

import time
from typing import Any

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.kernel import AutoPlay
from ddz_bot.tg.table import FINISHED, Table
from tests.tg.conftest import manager_of
from tests.tg.harness import Harness
from tests.tg.scripts import current_table, seat_three, whose_turn

from .browser import (
    Person,
    card_names,
    chromium,
    covered_indexes,
    drag_across,
    hidden_cards,
    hint_or_nothing,
    moved,
    needs_chromium,
    open_person,
    selected,
    tap_card,
)
from .gallery import shoot
from .live import server_of

pytestmark = needs_chromium


async def decide_before_play(person: Person, game: Game, caller: bool) -> str:
    """The buttons of the phase's decision: the first to speak calls, others decline; one
    doubles; the landlord shows (明牌) their hand."""
    labels = await person.page.locator("#decide button.choice").all_inner_texts()
    if game.phase is Phase.BIDDING:
        wanted = (
            "叫地主" if caller and "叫地主" in labels else ("不抢" if "不抢" in labels else "不叫")
        )
    elif game.phase is Phase.DOUBLING:
        wanted = "加倍" if caller and "加倍" in labels else "不加倍"
    else:
        wanted = next((label for label in labels if label.startswith("明牌")), labels[-1])
    await person.page.locator("#decide button.choice", has_text=wanted).first.click()
    return "明牌" if wanted.startswith("明牌") else wanted


async def play_turn(person: Person, first_lead: bool) -> str:
    """Tap and drag on the first lead (a single, the lowest card); Hint then Play after, or
    Pass when nothing beats the table."""
    page = person.page
    if first_lead:
        await drag_across(page, 0, 2)
        assert await selected(page) == 3
        # a quick swipe back (its one pointer event jumps over the middle card), starting on a
        # chosen card, takes every card it crossed out again
        await drag_across(page, 2, 0, steps=1)
        assert await selected(page) == 0
        await tap_card(page, 0)
        assert await selected(page) == 1
        await page.locator("#decide button.play").click()
        return "tap"
    if await hint_or_nothing(page) == 0:
        await page.locator("#decide button.pass").click()
        return "pass"
    await page.locator("#decide button.play").click()
    return "hint"


async def test_three_people_play_a_whole_hand_at_the_live_table(live: Harness) -> None:
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    eve = live.user("Eve")
    await seat_three(live, group, users)
    table = current_table(live, group)
    token = server_of(live).tokens.token(table.id)
    leaks: list[str] = []
    async with chromium() as browser:
        port = server_of(live).port
        people = {u.id: await open_person(browser, port, u, token) for u in users}
        spy = await open_person(browser, port, eve, token)

        def checked(frame: dict[str, Any]) -> None:
            # everything but "page" (the game's card faces and deck, the same for every table)
            state = {k: v for k, v in frame.items() if k != "page"}
            leaked = card_names(state) & hidden_cards(table)
            if leaked:
                leaks.append(f"v{frame.get('v')}: {sorted(leaked)}")

        spy.on_frame = checked
        for person in [*people.values(), spy]:
            await person.page.wait_for_function("() => window.ddzLive.version >= 0")
        done: list[str] = []
        called = doubled = False
        for _ in range(200):
            game = table.game
            assert isinstance(game, Game)
            if game.over:
                break
            user = whose_turn(live, group, users)
            assert user is not None
            person = people[user.id]
            version = table.version
            await person.page.wait_for_function("v => window.ddzLive.version === v", arg=version)
            await agree(live, table, people)
            if game.phase is Phase.PLAYING:
                if "tap" not in done:
                    await shoot(person.page, "live_hand")
                    # the landlord's 20 cards on a phone: every rank can be read
                    assert await person.page.locator("#hand .card").count() == 20
                    assert await covered_indexes(person.page) == []
                    await others_see_the_shown_hand(table, people, person)
                    # the seconds left are where one acts: 轮到你了 · 你先出 · ⏱ N
                    status = await person.page.locator("#status").inner_text()
                    assert status.startswith("轮到你了 · 你先出 · ⏱ "), status
                    # a farmer chooses a card while the landlord leads: the lead moves the
                    # table on, not the farmer's hand, so the card stays chosen
                    farmer = next(p for p in people.values() if p is not person)
                    await tap_card(farmer.page, 0)
                    assert await selected(farmer.page) == 1
                    done.append(await play_turn(person, first_lead=True))
                    await moved(person.page, version)
                    await moved(farmer.page, version)
                    assert await selected(farmer.page) == 1
                    await tap_card(farmer.page, 0)  # and a second tap takes it out
                    assert await selected(farmer.page) == 0
                    await live.settle()
                    continue
                done.append(await play_turn(person, first_lead="tap" not in done))
            else:
                if not done:
                    await shoot(person.page, "live_decision")
                    await taken_back_at_the_page(live, table, people, person)
                first = not (doubled if game.phase is Phase.DOUBLING else called)
                word = await decide_before_play(person, game, caller=first)
                called, doubled = called or word == "叫地主", doubled or word == "加倍"
                done.append(word)
            await moved(person.page, version)
            await live.settle()
        assert {"tap", "hint", "pass", "叫地主", "加倍", "明牌"} <= set(done), done
        for person in people.values():  # the result shows once the hand is settled
            await person.page.wait_for_selector("#result:not([hidden])")
            rows = await person.page.locator("#result tr").all_inner_texts()
            assert len(rows) == 3 and all("欢乐豆" in row for row in rows)
            # who doubled, and so pays or earns twice, says so on their row
            over = table.game
            assert isinstance(over, Game)
            assert ["加倍 ×2" in row for row in rows] == [bool(d) for d in over.doubled]
            # and how points became beans: the room's rate and fee
            rate = await person.page.locator("#result .rate").inner_text()
            assert rate == f"1 分 = {over.room.coefficient} 欢乐豆 · 服务费每人 {over.room.fee}"
        await live.settle()
        assert table.phase == FINISHED
        assert await spy.page.locator("#hand .card").count() == 0
        await shoot(people[users[0].id].page, "live_result")
        await shoot(spy.page, "live_spectator")
    assert not leaks, leaks
    assert spy.frames and all("hand" not in (f.get("view") or {}) for f in spy.frames)
    # the group's message ends on the result with Again / Leave, as without the page
    final = live.api.last_message(group, with_buttons=True)
    assert final is not None
    assert {"再来一局", "离开"} <= {b["text"] for b in final.buttons()}


async def taken_back_at_the_page(
    live: Harness, table: Table, people: dict[int, Person], deciding: Person
) -> None:
    """A person not deciding now goes on 托管 (R-AFK): their page offers Take back, and the
    press gives them their seat back."""
    sleeper = next(p for p in people.values() if p is not deciding)
    seat = table.seat_of(sleeper.user.id)
    game = table.game
    assert seat is not None and game is not None
    async with manager_of(live).registry.lock(table.id):
        await manager_of(live).hands.act(table, AutoPlay(seat, True))
    await live.settle()
    take_back = sleeper.page.locator("#decide button.take-back")
    await take_back.wait_for()
    assert await take_back.inner_text() == "取消托管"
    await take_back.click()
    await take_back.wait_for(state="detached")
    assert table.game is not None and not table.game.auto[seat]
    # the table moved: every page shows it before the next decision is sent from one
    for person in people.values():
        await person.page.wait_for_function("v => window.ddzLive.version === v", arg=table.version)


def rank_words(cards: list[str]) -> str:
    """A hand told in a line, as the page tells a shown one: ranks, 10, 小王 and 大王."""
    return " ".join({"T": "10", "X": "小王", "D": "大王"}.get(card[0], card[0]) for card in cards)


async def others_see_the_shown_hand(
    table: Table, people: dict[int, Person], landlord: Person
) -> None:
    """The landlord showed (明牌): every other page writes their hand in their seat."""
    game = table.game
    assert isinstance(game, Game) and game.landlord is not None
    hand = rank_words([str(card) for card in game.view_for(game.landlord).hand])
    chip = f'#seats .seat[data-seat="{game.landlord}"] .shown-hand'
    for person in people.values():
        if person is landlord:
            assert await person.page.locator(chip).count() == 0  # their own hand is below
        else:
            assert await person.page.locator(chip).inner_text() == hand


async def agree(live: Harness, table: Table, people: dict[int, Person]) -> None:
    """Each page shows the table's version and its seat's own hand, as the engine has it."""
    game = table.game
    assert game is not None
    for user_id, person in people.items():
        await person.page.wait_for_function("v => window.ddzLive.version === v", arg=table.version)
        seat = table.seat_of(user_id)
        assert seat is not None
        shown = await person.page.locator("#hand .card").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
        assert shown == [str(card) for card in game.view_for(seat).hand]
        if table.tracker and game.phase is Phase.PLAYING:  # the card tracker (记牌器)
            assert "记牌器" in (await person.page.locator("#tracker").inner_text())


async def test_a_page_with_forged_or_expired_launch_data_is_refused(live: Harness) -> None:
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    await seat_three(live, group, users)
    table = current_table(live, group)
    token = server_of(live).tokens.token(table.id)
    port = server_of(live).port
    async with chromium() as browser:
        expired = await open_person(
            browser, port, users[0], token, auth_date=time.time() - 2 * 86_400
        )
        forged = await open_person(browser, port, users[1], token, token="1:not-this-bot")
        for person in (expired, forged):
            await person.page.wait_for_function(
                "() => document.getElementById('status').textContent.includes('无法确认')"
            )
            assert person.frames == []
            assert await person.page.locator("#hand .card").count() == 0
        await shoot(forged.page, "live_refused")
