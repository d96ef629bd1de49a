"""The AI only ever answers with a legal action, at every level and in every game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ddz_bot.games.doudizhu.ai import AIPlayer, GreedyPlayer, Player, RandomPlayer, make_player
from ddz_bot.games.doudizhu.ai.search import SearchConfig
from ddz_bot.games.doudizhu.engine import CLASSIC, FOUR_PLAYER, POINTS, WILDCARD
from ddz_bot.kernel import Pass, Play

from .helpers import drive, game_at, seat_to_act

RULES = {"classic": CLASSIC, "points": POINTS, "wildcard": WILDCARD, "four": FOUR_PLAYER}


def _check(seed: int, steps: int, rules_name: str, level: str) -> None:
    game = game_at(seed, steps, RULES[rules_name])
    seat = seat_to_act(game)
    if seat is None:
        return
    legal = game.legal_actions(seat)
    player = (
        make_player(level, seed, search=SearchConfig(budget=0.002, max_samples=2))
        if level == "hard"
        else make_player(level, seed)
    )
    action = player.act(game.view_for(seat), legal)
    assert action in legal
    game.clone().apply(action)  # the hand takes it


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
    rules=st.sampled_from(["classic", "points"]),
    level=st.sampled_from(["random", "greedy", "easy", "normal", "hard"]),
)
def test_every_answer_is_legal(seed: int, steps: int, rules: str, level: str) -> None:
    _check(seed, steps, rules, level)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6), steps=st.integers(5, 40), level=st.sampled_from(["normal", "hard"])
)
def test_every_answer_is_legal_with_wildcards(seed: int, steps: int, level: str) -> None:
    # R-LZ-CHOICE: a play with wildcards carries one of its legal readings
    _check(seed, steps, "wildcard", level)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 80),
    level=st.sampled_from(["normal_v1", "never_bids", "always_bids", "hard"]),
)
def test_every_answer_is_legal_in_the_four_player_game(seed: int, steps: int, level: str) -> None:
    _check(seed, steps, "four", level)


def test_whole_hands_finish_with_legal_plays_only() -> None:
    for seed, rules in ((1, CLASSIC), (2, POINTS), (3, WILDCARD)):
        game = game_at(seed, 0, rules)
        players: list[Player] = [AIPlayer("normal", 1), AIPlayer("easy", 2), GreedyPlayer(3)]
        drive(game, players)
        assert game.over


def test_plays_are_plays_or_passes_while_playing() -> None:
    game = game_at(11, 12)
    seat = seat_to_act(game)
    assert seat is not None
    action = RandomPlayer(0).act(game.view_for(seat), game.legal_actions(seat))
    assert isinstance(action, Play | Pass) or game.phase.value != "playing"
