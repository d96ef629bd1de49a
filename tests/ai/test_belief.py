"""The landlord's belief that the farmers play simply: each answer of theirs weighs as the
likelihood ratio of a simple player's and a planner's, and only a belief past the
threshold makes the landlord's playouts model them so."""

from __future__ import annotations

from dataclasses import replace

from ddz_bot.games.doudizhu.ai import Situation
from ddz_bot.games.doudizhu.ai.belief import simple_belief
from ddz_bot.games.doudizhu.ai.search import SearchConfig, simple_enemies
from ddz_bot.games.doudizhu.ai.situation import Observed
from ddz_bot.games.doudizhu.engine import Combo, classify
from ddz_bot.kernel import Play

from .helpers import cards, play_game

HANDS = ["3456789TJQKA22XD3", "3456789TJQKA24455", "366778899TTJJQQKA"]
BOTTOM = "A2K"


def _combo(text: str) -> Combo:
    return classify(text)[0]


def _landlord_view() -> Situation:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("5")))
    game.apply(Play(2, cards("6")))
    return Situation.from_view(game.view_for(0))


def _topped(seat: int, play: str, faced: str, by: int) -> Observed:
    return Observed(seat, _combo(play), _combo(faced), tuple(cards(play).counts()), by)


def test_no_answer_seen_is_even_odds() -> None:
    situation = _landlord_view()
    assert simple_belief(situation, [1, 2]) == 0.5
    assert simple_enemies(situation, SearchConfig()) == frozenset()


def test_farmers_topping_each_other_read_as_simple_players() -> None:
    situation = _landlord_view()
    situation.observed = [_topped(1, "5", "3", 0), _topped(2, "6", "5", 1)]
    one = simple_belief(situation, [1, 2])
    situation.observed.append(_topped(1, "8", "7", 2))
    two = simple_belief(situation, [1, 2])
    assert 0.5 < one < two
    assert two > SearchConfig().landlord_belief
    assert simple_enemies(situation, SearchConfig()) == frozenset({1, 2})
    assert simple_enemies(situation, SearchConfig(landlord_belief=1.5)) == frozenset()


def test_passes_on_a_partners_play_read_as_a_planners() -> None:
    situation = _landlord_view()
    situation.observed = [_topped(1, "5", "3", 0), _topped(2, "6", "5", 1)]
    before = simple_belief(situation, [1, 2])
    situation.passes = [(2, _combo("9"), tuple([0] * 15)), (1, _combo("T"), tuple([0] * 15))]
    assert simple_belief(situation, [1, 2]) < before
    assert simple_enemies(situation, SearchConfig()) == frozenset()


def test_a_farmers_search_still_models_a_landlord_without_a_contradiction() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    situation = Situation.from_view(game.view_for(1))
    assert simple_enemies(situation, SearchConfig()) == frozenset({0})
    four = replace(situation, card_counts=(*situation.card_counts, 17))
    assert simple_enemies(four, SearchConfig()) == frozenset()
