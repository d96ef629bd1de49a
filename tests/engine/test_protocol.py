"""斗地主's Game is a GameProtocol: what the table layer relies on, for every variant."""

from __future__ import annotations

import random

import pytest

from ddz_bot.games.doudizhu.engine import CLASSIC, FOUR_PLAYER, POINTS, WILDCARD, Game, RuleSet
from ddz_bot.kernel import Deal, Escape, GameProtocol, Termination


@pytest.mark.parametrize("rules", [CLASSIC, POINTS, WILDCARD, FOUR_PLAYER], ids=str)
def test_every_variant_is_a_game_of_the_protocol(rules: RuleSet) -> None:
    game: GameProtocol = Game(rules, balances=[10**6] * rules.players, rng=random.Random(3))
    assert isinstance(game, GameProtocol)
    assert game.players == rules.players
    assert game.waiting_for() is None  # the table deals: nobody is waited on
    while game.waiting_for() is None:
        game.apply(Deal())
    waiting = game.waiting_for()
    assert waiting is not None and waiting.seats
    for seat in range(game.players):
        actions = game.legal_actions(seat)
        assert bool(actions) == (seat in waiting)


def test_outcome_names_its_termination() -> None:
    rng = random.Random(5)
    game = Game(CLASSIC, balances=[10**6] * 3, rng=rng)
    game.apply(Escape(1))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.ESCAPED
    assert outcome.escaped == 1 and not outcome.aborted
    assert game.waiting_for() is None
