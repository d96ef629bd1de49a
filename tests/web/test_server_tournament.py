"""The live table of a 比赛's hand: the page says which tournament, round, board and hand it
is; when the hand is counted and its table closes, the page is told the standings it left
(names and points, never a card; a spectator gets the same), then the way on to the next
table once it is dealt (the person's own, for a spectator the same board's next hand); after
the last hand the standings say the tournament is over."""

from __future__ import annotations

import json

from ddz_bot.storage import TournamentState
from ddz_bot.tg.table import Table
from ddz_bot.tg.tournament import event_of
from ddz_bot.tg.tournament_plan import standings
from tests.tg.compete.test_tournament import _event_tables, _signup
from tests.tg.conftest import manager_of
from tests.tg.harness import Harness, SimUser

from .live import Frame, Page, open_page, server_of


async def _started(live: Harness, words: str) -> tuple[int, list[SimUser]]:
    group = live.group()
    users = [live.user(name) for name in ("Alice", "Bob", "Carol")]
    await users[0].send(group, f"/bisai {words}")
    for user in users[1:]:
        await user.press(_signup(live, group), "报名")
    await users[0].press(_signup(live, group), "开赛")
    (found,) = await manager_of(live).db.open_tournaments()
    return found.id, users


async def _play_hand(live: Harness, tid: int, hand: int) -> None:
    """Every decision of the tournament's hand ``hand`` runs out of time (托管 and the AI)
    until it is over (a redealt hand is played on too)."""
    rt = manager_of(live)
    for _ in range(500):
        playing = [
            t
            for t in _event_tables(live, tid)
            if t.in_hand() and (board := event_of(t)) is not None and board.hand == hand
        ]
        if not playing:
            return
        for table in playing:
            await rt.fire_timer(table)
        await live.settle()
    info = [(t.id, t.phase, t.game and t.game.waiting_for(), t.version) for t in playing]
    fired = [await rt.fire_timer(t) for t in playing]
    raise AssertionError(f"the hand did not end {info} {fired}")


def _cards_of(table: Table) -> set[str]:
    game = table.game
    assert game is not None
    return {str(card) for seat in range(3) for card in game.view_for(seat).hand}


async def _gone(page: Page, wanted: str | None = None) -> Frame:
    """The next gone frame (with ``wanted`` in it)."""
    return await page.until(lambda f: f["t"] == "gone" and (wanted is None or wanted in f))


async def test_a_tournament_page_shows_the_standings_between_hands(live: Harness) -> None:
    tid, users = await _started(live, "1x2 10")
    rt = manager_of(live)
    (first,) = _event_tables(live, tid)
    dealt = _cards_of(first)
    token = server_of(live).tokens.token(first.id)
    eve = live.user("Eve")  # a spectator
    async with open_page(live, users[1], token) as bob, open_page(live, eve, token) as spy:
        mine, public = await bob.state(), await spy.state()
        for frame in (mine, public):
            assert frame["tour"] == {
                "id": tid,
                "round": 1,
                "rounds": 1,
                "board": 1,
                "hand": 1,
                "hands": 2,
            }
        await _play_hand(live, tid, 1)
        seen = await _gone(bob, "tour"), await _gone(spy, "tour")
        entrants = await rt.db.tournament_entrants(tid)
        after = standings(entrants, await rt.db.tournament_scores(tid))
        for gone in seen:
            tour = gone["tour"]
            assert tour["id"] == tid and tour["over"] is False
            assert [(r["place"], r["name"], r["points"], r["hands"]) for r in tour["rows"]] == [
                (s.place, s.name, s.points, s.hands) for s in after
            ]
            assert all(r["hands"] == 1 for r in tour["rows"])
        assert seen[0]["tour"] == seen[1]["tour"]  # a spectator sees the same
        # the next hand is dealt: both pages learn the way on, to the same board's table
        on, spied = await _gone(bob, "next"), await _gone(spy, "next")
        (second,) = [t for t in _event_tables(live, tid) if t.in_hand()]
        assert second.id != first.id
        assert on["next"] == spied["next"] == server_of(live).tokens.token(second.id)
        texts = [*bob.raw, *spy.raw]

        second_token = on["next"]
    async with open_page(live, users[1], second_token) as bob:
        frame = await bob.state()
        assert frame["tour"]["hand"] == 2 and frame["seat"] is not None
        dealt_again = _cards_of(second)
        await _play_hand(live, tid, 2)
        last = await bob.until(lambda f: f["t"] == "gone" and f.get("tour", {}).get("over"))
        texts += bob.raw
    found = await rt.db.tournament(tid)
    assert found is not None and found.state is TournamentState.FINISHED
    final = standings(entrants, await rt.db.tournament_scores(tid))
    assert [(r["place"], r["name"], r["points"], r["wins"]) for r in last["tour"]["rows"]] == [
        (s.place, s.name, s.points, s.wins) for s in final
    ]
    assert "next" not in last
    # no standings names a card: the tour blocks and gone frames hold names and numbers
    for text in texts:
        frame = json.loads(text)
        if frame["t"] == "gone":
            assert not any(f'"{card}"' in text for card in dealt | dealt_again)
        if frame["t"] == "state":
            assert set(frame["tour"]) == {"id", "round", "rounds", "board", "hand", "hands"}
