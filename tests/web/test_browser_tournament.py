"""A 比赛's hand at the live table in the system's Chromium (phone screen): the page says which
tournament, round, table and hand it is; when the hand is over the page shows the standings it
left, a player's page and a spectator's alike (no card in them), and goes on to the next hand:
the player's by itself, the spectator's by its button."""

from __future__ import annotations

from ddz_bot.tg.tournament_plan import standings
from tests.tg.compete.test_tournament import _event_tables
from tests.tg.conftest import manager_of
from tests.tg.harness import Harness

from .browser import PHONE, chromium, needs_chromium, open_person
from .gallery import shoot
from .live import server_of
from .test_server_tournament import _cards_of, _play_hand, _started

pytestmark = needs_chromium

_BOX = "#result section.standings"


async def test_the_page_shows_a_tournaments_standings_between_hands(live: Harness) -> None:
    tid, users = await _started(live, "1x2 10")
    rt = manager_of(live)
    (first,) = _event_tables(live, tid)
    dealt = _cards_of(first)
    token = server_of(live).tokens.token(first.id)
    async with chromium() as browser:
        port = server_of(live).port
        bob = await open_person(browser, port, users[1], token)
        spy = await open_person(browser, port, live.user("Eve"), token)
        for person in (bob, spy):
            await person.page.wait_for_function("() => window.ddzLive.version >= 0")
            stakes = await person.page.locator("#stakes").inner_text()
            assert stakes.startswith(f"比赛 #{tid} · 第 1/1 轮 · 第 1 桌 · 第 1/2 局"), stakes
        await _play_hand(live, tid, 1)
        entrants = await rt.db.tournament_entrants(tid)
        after = standings(entrants, await rt.db.tournament_scores(tid))
        shown = []
        for person in (bob, spy):
            box = person.page.locator(_BOX)
            await box.wait_for(state="visible", timeout=15_000)
            rows = await box.locator("tr").all_inner_texts()
            assert len(rows) == 3
            for row, standing in zip(rows, after, strict=True):
                assert standing.name in row and f"{standing.points} 分" in row
            medal = box.locator("tr").first.locator(".medal.m1")
            assert await medal.inner_text() == "1"
            title = await box.locator("h3").inner_text()
            assert title == f"比赛 #{tid} 排名 · 第 1/1 轮"
            width = await person.page.locator("#result .box").evaluate(
                "el => el.getBoundingClientRect().right"
            )
            assert width <= PHONE["viewport"]["width"]  # fits the phone's screen
            shown.append(rows)
        assert shown[0] == shown[1]  # the spectator sees the same
        bold = await bob.page.locator(f"{_BOX} tr.me").inner_text()
        assert "Bob" in bold
        await shoot(bob.page, "live_tournament_standings")
        # the next hand: Bob's page goes there by itself, the spectator's has the button
        await bob.page.wait_for_function(
            "() => document.querySelector('#stakes').textContent.includes('第 2/2 局')",
            timeout=20_000,
        )
        await spy.page.locator("#result button.next").click()
        await spy.page.wait_for_function(
            "() => document.querySelector('#stakes').textContent.includes('第 2/2 局')",
            timeout=20_000,
        )
        for text in spy.raw + bob.raw:
            if '"gone"' in text:
                assert not any(f'"{card}"' in text for card in dealt)
