"""Properties of random hands: they finish, lose no card, round-trip, leak nothing and
refuse illegal actions without a trace."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import fields, is_dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_bot.games.doudizhu.engine.actions import (
    Bid,
    Call,
    Decline,
    Double,
    Grab,
    NoDouble,
    NoGrab,
    NoShow,
    ShowCards,
)
from ddz_bot.games.doudizhu.engine.game import Game
from ddz_bot.games.doudizhu.engine.rules import CLASSIC, FOUR_PLAYER, POINTS, WILDCARD, RuleSet
from ddz_bot.games.doudizhu.engine.views import Phase, PublicView
from ddz_bot.kernel import (
    Action,
    AutoPlay,
    Card,
    Cards,
    Deal,
    Escape,
    Event,
    IllegalAction,
    Pass,
    Play,
    Timeout,
)

MAX_STEPS = 400


def view_cards(value: object) -> Iterator[Card]:
    """Every physical card anywhere inside a view."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from view_cards(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from view_cards(item)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from view_cards(getattr(value, f.name))


def check_invariants(game: Game) -> Game:
    """Assert the invariants; return a restored copy (from ``to_dict``) equal to ``game``."""
    # every card in exactly one place
    places = [c for h in game.hands for c in h] + list(game.played)
    if game.landlord is None:
        places += game.bottom
    assert len(places) == len(set(places))
    if game.phase not in (Phase.SHOW_START, Phase.DEALING) and game.escaped is None:
        assert sorted(places) == list(range(54 * game.rules.decks))
    # the public view holds no card of a hidden hand (the bottom is shown by rule)
    view: PublicView = game.public_view()
    seen = set(view_cards(view))
    shown = {s for s, _ in game.shows}
    if not game.over:
        for seat in range(game.players):
            if seat not in shown:
                hidden = set(game.hands[seat]) - set(game.bottom)
                assert not hidden & seen, f"seat {seat}'s hidden cards leak"
    # round trip
    data = game.to_dict()
    restored = Game.from_dict(data)
    assert restored.to_dict() == data
    return restored


def check_events(game: Game, events: list[Event]) -> None:
    """Events are plain data and, like the public view, show no hidden card."""
    json.dumps([event.to_dict() for event in events])
    if game.over:
        return
    shown = {s for s, _ in game.shows}
    hidden = {
        c for seat in range(game.players) if seat not in shown for c in game.hands[seat]
    } - set(game.bottom)
    assert not hidden & set(view_cards(events))


def random_action(game: Game, rng: random.Random) -> Action:
    """A random action, legal or not, for the refusal property."""
    seat = rng.randrange(game.players)
    hand = game.hand(seat)
    cards = (
        Cards(rng.sample(list(hand), min(len(hand), rng.randint(1, 3))))
        if hand
        else Cards.parse("3")
    )
    return rng.choice(
        [
            Deal(),
            ShowCards(seat),
            NoShow(seat),
            Call(seat),
            Decline(seat),
            Grab(seat),
            NoGrab(seat),
            Bid(seat, rng.randint(0, 4)),
            Double(seat),
            NoDouble(seat),
            Play(seat, cards),
            Pass(seat),
            Timeout(seat),
            Play(seat, Cards.parse("XD")),
        ]
    )


def policy(game: Game, rng: random.Random, *, cheap: bool = False) -> Action:
    """A random legal step, with the table's actions (deal, time-outs, auto-play) mixed in."""
    if game.phase in (Phase.SHOW_START, Phase.DEALING):
        seat = rng.randrange(game.players)
        if rng.random() < 0.1 and game.legal_actions(seat):
            return ShowCards(seat)
        return Deal()
    if rng.random() < 0.003:
        return Escape(rng.randrange(game.players))
    if rng.random() < 0.03:
        return AutoPlay(rng.randrange(game.players), rng.random() < 0.5)
    if game.phase is Phase.DOUBLING:
        seat = next(s for s in range(game.players) if game.doubled[s] is None)
    else:
        assert game.turn is not None
        seat = game.turn
    if rng.random() < 0.1 or (cheap and game.phase is Phase.PLAYING and rng.random() < 0.7):
        return Timeout(seat)
    return rng.choice(game.legal_actions(seat))


def playout(rules: RuleSet, seed: int, *, check: bool, cheap: bool = False) -> Game:
    rng = random.Random(seed)
    balances = [rng.choice([0, 10**4, 10**7]) for _ in range(rules.players)]
    game = Game(rules, balances=balances, rng=random.Random(seed))
    for _ in range(MAX_STEPS):
        if game.over:
            break
        if check:
            probe = check_invariants(game)
            before = probe.to_dict()
            try:
                probe.apply(random_action(game, rng))
            except IllegalAction:
                assert probe.to_dict() == before, "a refused action changed the hand"
        events = game.apply(policy(game, rng, cheap=cheap))
        if check:
            check_events(game, events)
    assert game.over, "the hand never finished"
    if check:
        check_invariants(game)
    return game


@settings(max_examples=60)
@given(st.integers(0, 2**32 - 1), st.sampled_from([CLASSIC, POINTS]))
def test_random_hands_finish_and_keep_every_invariant(seed: int, rules: RuleSet) -> None:
    game = playout(rules, seed, check=True)
    outcome = game.outcome()
    assert outcome is not None
    if outcome.aborted:
        assert game.redeals == 3
    replayed = Game.replay(game.start_dict(), game.log)
    assert replayed == game


@settings(max_examples=15)
@given(st.integers(0, 2**32 - 1))
def test_random_wildcard_hands_finish_and_keep_every_invariant(seed: int) -> None:
    game = playout(WILDCARD, seed, check=True, cheap=True)
    assert Game.replay(game.start_dict(), game.log) == game


@settings(max_examples=8)
@given(st.integers(0, 2**32 - 1))
def test_random_four_player_hands_finish_and_keep_every_invariant(seed: int) -> None:
    game = playout(FOUR_PLAYER, seed, check=True, cheap=True)
    assert Game.replay(game.start_dict(), game.log) == game
