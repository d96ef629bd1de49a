"""Pictures of real hands: every state of random games played by the engine is drawn
from its views, and no picture of the table ever shows a card of a hidden hand."""

from __future__ import annotations

import random

import pytest

from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.rules import CLASSIC, FOUR_PLAYER, POINTS, WILDCARD, RuleSet
from ddz_bot.games.doudizhu.engine.views import Phase
from ddz_bot.games.doudizhu.render.hand import draw_hand
from ddz_bot.games.doudizhu.render.result import draw_result
from ddz_bot.games.doudizhu.render.table import draw_table
from ddz_bot.kernel import Action, Card, Deal
from ddz_bot.render import ResultLine

from .conftest import FaceSpy


def _next_action(game: Game, rng: random.Random) -> Action:
    view = game.public_view()
    if view.phase in (Phase.SHOW_START, Phase.DEALING):
        return Deal()
    if view.turn is not None:
        seat = view.turn
    else:  # doubling: everyone at once
        seat = next(s.seat for s in view.seats if s.doubled is None)
    return rng.choice(game.legal_actions(seat))


@pytest.mark.parametrize(
    "rules, seed",
    [(CLASSIC, 1), (POINTS, 2), (WILDCARD, 3), (FOUR_PLAYER, 4)],
    ids=lambda v: str(v)[:12],
)
def test_every_state_of_a_hand_draws_without_leaking(
    rules: RuleSet, seed: int, spy: FaceSpy
) -> None:
    rng = random.Random(seed)
    game = Game(rules, rng=random.Random(seed))
    names = [f"P{i}" for i in range(rules.players)]
    for _ in range(400):
        if game.over:
            break
        view = game.public_view()
        hidden: set[Card] = set()
        for seat in view.seats:
            if seat.shown_hand is None:
                hidden |= set(game.view_for(seat.seat).hand)
        hidden -= set(view.bottom or ())  # the bottom is shown to all once taken
        spy.faces.clear()
        draw_table(view, names, "en")
        assert not hidden & set(spy.faces)
        if view.turn is not None:
            draw_hand(game.view_for(view.turn), None, "zh-Hans", names)
        game.apply(_next_action(game, rng))
    assert game.over
    final = game.public_view()
    draw_table(final, names, "zh-Hant")
    if final.outcome is not None and not final.outcome.aborted:
        lines = [ResultLine(s, names[s], 0, 0, 1_000) for s in range(rules.players)]
        draw_result(final, lines, "zh-Hans")
