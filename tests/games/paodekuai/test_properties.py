"""Properties of whole hands played at random: they end, the cards are conserved, the points
add up to zero, a hand stored at any step continues the same, no view shows a card it must
not, and a refused action changes nothing."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.games.paodekuai.engine import PdkGame, PdkRules, deck_for
from ddz_bot.kernel import Action, Cards, Deal, Escape, IllegalAction, Pass, Play, Timeout

from .helpers import cards_in

OPTIONS = st.builds(PdkRules, st.booleans(), st.booleans(), st.booleans())


def _wrong_actions(game: PdkGame, rng: random.Random) -> list[Action]:
    """Actions a hand may refuse: anyone's pass, plays of random cards, a second deal."""
    seat = rng.randrange(3)
    hand = list(game.hand(seat))
    rng.shuffle(hand)
    some = Cards(hand[: rng.randint(0, min(6, len(hand)))])
    return [Pass(rng.randrange(3)), Play(seat, some), Play(seat, Cards([14])), Deal()]


def _check_views(game: PdkGame) -> None:
    played = set(game.played)
    over = game.over
    for card in cards_in(game.public_view()):
        assert card in played or over, f"the public view shows {card}"
    for seat in range(3):
        own = set(game.hands[seat])
        for card in cards_in(game.view_for(seat)):
            assert card in own or card in played or over, f"seat {seat} sees {card}"


def _check_conserved(game: PdkGame) -> None:
    held = [c for h in game.hands for c in h]
    assert sorted(held + game.played) == deck_for(game.rules)


@given(OPTIONS, st.integers(0, 2**32), st.booleans(), st.booleans())
def test_random_hands_end_conserve_cards_and_sum_to_zero(
    rules: PdkRules, seed: int, first_hand: bool, time_outs: bool
) -> None:
    rng = random.Random(seed)
    game = PdkGame(rules, rng=rng, leader=None if first_hand else rng.randrange(3))
    game.apply(Deal())
    steps = 0
    while not game.over:
        waiting = game.waiting_for()
        assert waiting is not None
        seat = waiting.seats[0]
        for wrong in _wrong_actions(game, rng):
            before = game.to_dict()
            try:
                game.apply(wrong)
            except IllegalAction:
                assert game.to_dict() == before
            else:  # a random play can be legal: keep it
                break
        else:
            legal = game.legal_actions(seat)
            assert legal, "a seat that must act has an action"
            game.apply(Timeout(seat) if time_outs and rng.random() < 0.2 else rng.choice(legal))
        _check_conserved(game)
        _check_views(game)
        stored = game.to_dict()
        again = PdkGame.from_dict(stored)
        assert again.to_dict() == stored
        assert again.public_view() == game.public_view()
        assert again.legal_actions(seat) == game.legal_actions(seat)
        steps += 1
        assert steps < 500
    outcome = game.outcome()
    assert outcome is not None and sum(outcome.scores) == 0
    assert outcome.winner is not None and game.hands[outcome.winner] == []
    settlement = game.settlement([0, 5, 1000])
    assert settlement is not None
    assert sum(settlement.deltas) == -settlement.fees
    assert PdkGame.from_dict(game.to_dict()).outcome() == outcome


@given(OPTIONS, st.integers(0, 2**32), st.integers(0, 30), st.integers(0, 2))
def test_an_escape_ends_the_hand_and_scores_only_the_penalty(
    rules: PdkRules, seed: int, moves: int, runner: int
) -> None:
    rng = random.Random(seed)
    game = PdkGame(rules, rng=rng)
    game.apply(Deal())
    for _ in range(moves):
        waiting = game.waiting_for()
        if waiting is None:
            break
        game.apply(rng.choice(game.legal_actions(waiting.seats[0])))
    if game.over:
        return
    game.apply(Escape(runner))
    outcome = game.outcome()
    assert outcome is not None and outcome.escaped == runner
    each = 2 * rules.hand_size
    assert outcome.scores[runner] == -2 * each and sum(outcome.scores) == 0
