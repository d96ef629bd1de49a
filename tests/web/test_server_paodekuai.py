"""跑得快 at the live table, which it gets from its module alone: three seats play at their
pages through the table flow to the end of the hand, Pass is offered only where the rules
allow it (R-PDK-MUST), and a spectator's frames hold no card of a hand still held."""

from __future__ import annotations

import json

from ddz_bot.games.paodekuai.engine import PdkGame
from ddz_bot.kernel import Pass
from tests.tg.harness import Harness
from tests.tg.pdk_scripts import pdk_game
from tests.tg.scripts import current_table, seat_three, whose_turn

from .live import open_page, server_of

#: enough moves for a whole hand (each play takes a card at least; 有大必压 keeps it short)
MOVES = 100


async def test_a_paodekuai_table_is_played_at_the_page_and_watched(live: Harness) -> None:
    group = live.group()
    users = [live.user("Alice"), live.user("Bob"), live.user("Carol")]
    await seat_three(live, group, users, "/newgame 跑得快")
    table = current_table(live, group)
    game = table.game
    assert isinstance(game, PdkGame)
    token = server_of(live).tokens.token(table.id)
    eve = live.user("Eve")
    async with (
        open_page(live, users[0], token) as ann,
        open_page(live, users[1], token) as bob,
        open_page(live, users[2], token) as cy,
        open_page(live, eve, token) as spy,
    ):
        pages = {users[0].id: ann, users[1].id: bob, users[2].id: cy}
        first = await spy.state()
        assert first["page"]["game"] == "paodekuai"
        assert first["page"]["deck"] == {**dict.fromkeys("3456789TJQK", 4), "A": 3, "2": 1}
        assert [s["count"] for s in first["sum"]["seats"]] == [16, 16, 16]
        passes = 0
        for _ in range(MOVES):
            user = whose_turn(live, group, users)
            assert user is not None
            seat = table.seat_of(user.id)
            assert seat is not None
            page = pages[user.id]
            frame = await page.state(lambda f: f["v"] == table.version and "decide" in f)
            assert frame["decide"]["kind"] == "play"
            may_pass = Pass(seat) in pdk_game(table).legal_actions(seat)
            assert frame["decide"]["pass"] is may_pass  # never a Pass for a seat that must beat
            if may_pass:
                message = {"t": "act", "v": frame["v"], "a": {"type": "pass"}}
                passes += 1
            else:
                hints = await page.answer(page.send({"t": "hint"}))
                assert hints["t"] == "hints" and hints["cards"]
                message = {"t": "play", "v": frame["v"], "cards": hints["cards"][0]}
            before = table.version
            answer = await page.answer(page.send(message))
            assert answer["t"] == "ok", answer
            await live.settle()
            assert table.version > before
            if pdk_game(table).over:
                break
        seen = await spy.state(lambda f: f["v"] == table.version)
    assert pdk_game(table).over and passes > 0
    outcome = pdk_game(table).outcome()
    assert outcome is not None
    assert seen["sum"]["phase"] == "finished" and seen["settlement"] is not None
    assert seen["sum"]["winners"] == list(outcome.winners)
    assert seen["sum"]["stakes"]["cards_left"] == list(outcome.cards_left)
    assert [s["count"] for s in seen["sum"]["seats"]] == list(outcome.cards_left)
    assert seen["seat"] is None and "decide" not in seen and seen["sum"]["hand"] is None
    # a card held at the end was held all along: no frame before the end showed it
    held = {str(card) for seat in range(3) for card in pdk_game(table).view_for(seat).hand}
    assert held  # two seats still hold cards
    during = [json.loads(text) for text in spy.raw]
    during = [f for f in during if f["t"] == "state" and not f.get("settlement")]
    assert len(during) > MOVES // 10
    for frame in during:
        frame.pop("page", None)  # the game's description: card names of the deck
        written = json.dumps(frame, ensure_ascii=False)
        assert not any(f'"{card}"' in written for card in held), frame["v"]
