"""Every registered game behaves as a ``GameProtocol``: what the table layer relies on, checked
by playing each game's variants through the protocol's names only (no isinstance: a class
that merely has the names would pass that)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ddz_bot.games import GAMES
from ddz_bot.games.doudizhu.engine import CLASSIC, Game
from ddz_bot.kernel import (
    Action,
    Escape,
    GameProtocol,
    IllegalAction,
    Termination,
    room_by_key,
)

#: every registered game with each of its variants (the first word of a table's rules)
VARIANTS = [(name, rules) for name in GAMES for rules in sorted(GAMES[name].variants)]


def _new_hand(name: str, rules: str, seed: int = 3) -> GameProtocol:
    """A hand as a table opens it: through the game's host, on seats rich enough for any
    stake, every seat a person."""
    host = GAMES[name].host
    seats = host.seats(rules)
    game: GameProtocol = host.new_hand(
        rules, room_by_key("beginner"), [10**6] * seats, random.Random(seed), [True] * seats
    )
    return game


def _dealt(name: str, rules: str) -> tuple[GameProtocol, list[Action]]:
    """A new hand with the table's opening actions applied, and those actions."""
    game = _new_hand(name, rules)
    opening = GAMES[name].host.opening([], deal_window=False)
    for action in opening:
        game.apply(action)
    return game, opening


def _check_seats(game: GameProtocol) -> None:
    """The seats waited for are exactly those with decisions; the others' time-outs are
    refused (nothing is due from them)."""
    waiting = game.waiting_for()
    assert waiting is not None and waiting.seats
    for seat in range(game.players):
        assert bool(game.legal_actions(seat)) == (seat in waiting)
        if seat not in waiting:
            with pytest.raises(IllegalAction):
                game.default_action(seat)


@pytest.mark.parametrize(("name", "rules"), VARIANTS)
def test_a_new_hand_waits_for_the_deal_then_for_the_seats_it_names(name: str, rules: str) -> None:
    game = _new_hand(name, rules)
    assert GAMES[game.game_name] is GAMES[name]  # the registry finds the hand's game again
    assert game.players == GAMES[name].host.seats(rules)
    assert game.waiting_for() is None  # the table deals: nobody is waited on
    assert not game.over and game.outcome() is None and game.settlement() is None
    for action in GAMES[name].host.opening([], deal_window=False):
        game.apply(action)
    _check_seats(game)
    for seat in range(game.players):
        assert len(game.hand(seat)) > 0


#: how often a played hand is checked against a clone (a clone may replay the whole hand)
CLONE_EVERY = 15


def _step(game: GameProtocol, action: Action, checked: bool) -> None:
    """Apply ``action``; when ``checked``, the way a table does (on a clone first, then on
    the hand): the clone shares nothing with the hand, the two end in the same state, and
    what a time-out would do now applies cleanly."""
    if not checked:
        game.apply(action)
        return
    waiting = game.waiting_for()
    assert waiting is not None
    game.clone().apply(game.default_action(waiting.seats[0]))
    before = game.to_dict()
    twin = game.clone()
    twin.apply(action)
    assert game.to_dict() == before, "applying to a clone changed the hand"
    game.apply(action)
    assert game.to_dict() == twin.to_dict()


@pytest.mark.parametrize(("name", "rules"), VARIANTS)
def test_a_hand_played_through_the_protocol_ends_settled_and_replays(name: str, rules: str) -> None:
    game, actions = _dealt(name, rules)
    start = game.start_dict()
    rng = random.Random(1)
    for _ in range(3000):
        if game.over:
            break
        _check_seats(game)
        waiting = game.waiting_for()
        assert waiting is not None
        action = rng.choice(game.legal_actions(waiting.seats[0]))
        _step(game, action, checked=len(actions) % CLONE_EVERY == 0)
        actions.append(action)
        assert game.to_beat is None or len(game.to_beat.cards) > 0
    assert game.over and game.waiting_for() is None
    assert not any(game.legal_actions(seat) for seat in range(game.players))
    outcome: Any = game.outcome()
    assert outcome is not None and outcome.termination is Termination.WON
    settlement = game.settlement()
    assert settlement is not None and len(settlement.deltas) == game.players
    assert sum(settlement.deltas) == -settlement.fees  # beans move between seats, less fees
    state = game.to_dict()
    assert type(game).from_dict(state).to_dict() == state
    assert type(game).replay(start, actions).to_dict() == state  # the deal and every decision


@pytest.mark.parametrize("name", list(GAMES))
def test_an_escape_ends_the_hand_with_its_termination(name: str) -> None:
    rules = sorted(GAMES[name].variants)[0]
    game, _ = _dealt(name, rules)
    game.apply(Escape(1))  # the kernel's escape: every game takes it
    outcome: Any = game.outcome()
    assert outcome is not None and outcome.termination is Termination.ESCAPED
    assert game.over and game.waiting_for() is None


def test_outcome_names_its_termination() -> None:
    rng = random.Random(5)
    game = Game(CLASSIC, balances=[10**6] * 3, rng=rng)
    game.apply(Escape(1))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is Termination.ESCAPED
    assert outcome.escaped == 1 and not outcome.aborted
    assert game.waiting_for() is None
