"""跑得快's players: they answer with a legal action from the seat's view alone, their hands
end, and the AI keeps to the tactics it is built on."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_bot.games.paodekuai.ai import PDK_LEVELS, PdkAI, make_pdk_player, plan_cost, play_deal
from ddz_bot.games.paodekuai.engine import PdkGame, PdkRules
from ddz_bot.kernel import Deal, Pass, Play, parse_cards

from .helpers import pass_, play

KINDS = ["random", "greedy", *PDK_LEVELS]


@settings(max_examples=25)
@given(st.integers(0, 2**32), st.sampled_from(KINDS), st.booleans(), st.booleans())
def test_every_player_plays_hands_to_the_end(
    seed: int, kind: str, cards15: bool, four_three: bool
) -> None:
    rules = PdkRules(cards15=cards15, four_three=four_three)
    game = PdkGame(rules, rng=random.Random(seed))
    game.apply(Deal())
    players = [make_pdk_player(kind, seed + s) for s in range(3)]
    while not game.over:
        waiting = game.waiting_for()
        assert waiting is not None
        seat = waiting.seats[0]
        legal = game.legal_actions(seat)
        action = players[seat].act(game.view_for(seat), legal)
        assert action in legal
        game.apply(action)
        assert PdkGame.from_dict(game.to_dict()).to_dict() == game.to_dict()
    outcome = game.outcome()
    assert outcome is not None and sum(outcome.scores) == 0
    held = sum(len(h) for h in game.hands)
    assert held + len(game.played) == len(rules.hand_size * [0]) * 3


def test_play_deal_is_the_same_for_the_same_seed() -> None:
    players = [make_pdk_player("hard", 1) for _ in range(3)]
    assert play_deal(5, players) == play_deal(5, [make_pdk_player("hard", 1) for _ in range(3)])


def test_unknown_player_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        make_pdk_player("genius")


def test_players_pickle_for_the_worker_processes() -> None:
    ai = pickle.loads(pickle.dumps(PdkAI("hard", 3)))
    assert ai.level == "hard"


def test_plan_cost_prefers_hands_that_run_out_in_fewer_plays() -> None:
    straight = parse_cards("3456789").counts()[:13]
    scattered = parse_cards("3579JK2").counts()[:13]
    assert plan_cost(straight) < plan_cost(scattered)


HANDS = ("3456789TJQKA" + "2" + "333", "444555666777" + "89TJ", "8899TTJJQQQKKKAA")


def test_the_ai_goes_out_when_it_can() -> None:
    game = PdkGame.from_deal(HANDS, leader=1)
    view = game.view_for(1)
    action = PdkAI("easy").act(view, game.legal_actions(1))
    assert action == Play(1, parse_cards("444555666777" + "89TJ"))


def test_the_ai_keeps_its_bomb_when_a_plain_play_beats() -> None:
    hands = (
        "KKKK" + "Q" + "2" + "8899TTJJQQ",
        "3456789TJQ" + "AAA" + "344",
        "334555666777" + "89TJ",
    )
    game = PdkGame.from_deal(hands, leader=1)
    play(game, 1, "9")
    play(game, 2, "T")
    action = PdkAI("hard").act(game.view_for(0), game.legal_actions(0))
    assert isinstance(action, Play) and action.cards != parse_cards("KKKK")


def test_the_ai_passes_only_when_it_may() -> None:
    game = PdkGame.from_deal(HANDS, leader=0)
    play(game, 0, "2")
    assert PdkAI("hard").act(game.view_for(1), game.legal_actions(1)) == Pass(1)
    pass_(game, 1)


def test_the_ai_does_not_lead_a_single_an_opponent_can_go_out_on() -> None:
    hands = ("344556677" + "8QA" + "KKKK", "334567889TJQQAA2", "999TTTJJJ" + "345678" + "Q")
    game = PdkGame.from_deal(hands, leader=2)
    play(game, 2, "999TTTJJJ" + "345678")  # seat 2 holds one card (报单)
    play(game, 0, "KKKK")
    pass_(game, 1)
    pass_(game, 2)
    assert game.view_for(0).public.seats[2].one_card
    action = PdkAI("hard").act(game.view_for(0), game.legal_actions(0))
    assert isinstance(action, Play) and len(action.cards) > 1
