"""The simple player the hard level's playouts may model an enemy by: it leads the combo of
its plan that holds its lowest card and follows with the lowest combo of the kind on the
table; a seat is read as one while none of its plays this hand says otherwise."""

from __future__ import annotations

from dataclasses import replace

from ddz_bot.games.doudizhu.ai import AIPlayer, Situation
from ddz_bot.games.doudizhu.ai.endgame import Endgame
from ddz_bot.games.doudizhu.ai.sampler import Sampler, _simple_read, plays_simply, simple_misfit
from ddz_bot.games.doudizhu.ai.search import SearchConfig, _simple_play, simple_enemies
from ddz_bot.games.doudizhu.ai.sim import PlayState
from ddz_bot.games.doudizhu.ai.simple import simple_lead
from ddz_bot.games.doudizhu.ai.situation import Observed
from ddz_bot.games.doudizhu.engine import CLASSIC, Combo, ComboKind, classify, legal_moves
from ddz_bot.kernel import Cards, Pass, Play

from .helpers import cards, play_game

HANDS = ["3456789TJQKA22XD3", "3456789TJQKA24455", "366778899TTJJQQKA"]
BOTTOM = "A2K"


def _combo(text: str) -> Combo:
    return classify(text)[0]


def _state(
    hands: list[str], turn: int, to_beat: str | None = None, by: int | None = None
) -> PlayState:
    state = PlayState.start(CLASSIC, [cards(h) for h in hands], 0)
    state.turn = turn
    if to_beat is not None:
        state.to_beat, state.to_beat_seat = _combo(to_beat), by
    return state


def _simple(state: PlayState) -> str | None:
    plays = legal_moves(Cards.from_counts(state.hands[state.turn]), state.to_beat, CLASSIC)
    play = _simple_play(state, plays)
    return None if play is None else str(play)


def test_a_simple_player_leads_the_combo_of_its_lowest_card() -> None:
    assert _simple(_state(["3", "5566KKK", "4"], 1)) == "55"
    assert _simple(_state(["3", "45678TJQ", "4"], 1)) == "45678"


def test_a_simple_player_follows_with_the_lowest_combo_of_the_kind_even_over_its_partner() -> None:
    assert _simple(_state(["3", "59KK", "4"], 1, "8", 2)) == "9"
    assert _simple(_state(["3", "59KK", "4"], 1, "T", 0)) == "KK"[0]


def test_without_a_combo_of_the_kind_a_farmer_behind_its_partner_passes() -> None:
    # seat 2 sits behind its partner (seat 1): it passes, bomb or not
    assert _simple(_state(["3", "4", "55556"], 2, "KK", 0)) is None


def test_a_play_that_contradicts_a_simple_player_is_a_misfit() -> None:
    lead = Observed(1, _combo("7"), None, tuple(cards("7").counts()))
    assert simple_misfit(lead, cards("9").counts(), CLASSIC) == 0.0
    assert simple_misfit(lead, cards("5").counts(), CLASSIC) == 1.0
    follow = Observed(1, _combo("K"), _combo("8"), tuple(cards("K").counts()))
    assert simple_misfit(follow, cards("33").counts(), CLASSIC) == 0.0
    assert simple_misfit(follow, cards("J").counts(), CLASSIC) == 1.0


def test_a_seat_is_read_as_simple_until_a_card_it_played_since_says_otherwise() -> None:
    player = AIPlayer("hard", 1)
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("K")))  # topped the 3 with a K ...
    view = game.view_for(2)
    player.observe(view, Situation.from_view(view))
    game.apply(Pass(2))
    game.apply(Pass(0))
    game.apply(Play(1, cards("5")))  # ... holding a 5: no simple player
    view = game.view_for(2)
    situation = Situation.from_view(view)
    player.observe(view, situation)
    assert plays_simply(situation, 0)
    assert not plays_simply(situation, 1)
    assert simple_enemies(situation, SearchConfig()) == frozenset({0})
    assert simple_enemies(situation, SearchConfig(simple=False)) == frozenset()


def test_a_pass_on_a_low_single_with_many_cards_in_hand_is_no_simple_players() -> None:
    # a simple player passes only without a single above the 3: not with 16 cards
    player = AIPlayer("hard", 1)
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Pass(1))
    view = game.view_for(2)
    situation = Situation.from_view(view)
    player.observe(view, situation)
    assert situation.passes == [(1, classify("3")[0], (0,) * 15)]
    assert not plays_simply(situation, 1)
    assert plays_simply(situation, 0)


def test_the_landlords_search_and_other_games_model_no_one_simply() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("5")))
    game.apply(Play(2, cards("6")))
    situation = Situation.from_view(game.view_for(0))
    assert plays_simply(situation, 1) and plays_simply(situation, 2)
    # the farmers of a planner look simple for most of a hand: the landlord doesn't bet on it
    assert simple_enemies(situation, SearchConfig()) == frozenset()
    assert simple_enemies(situation, SearchConfig(simple_landlord=True)) == frozenset({1, 2})
    four = replace(situation, card_counts=(*situation.card_counts, 17))
    assert simple_enemies(four, SearchConfig(simple_landlord=True)) == frozenset()


def test_a_simple_player_leads_a_plane_or_the_rocket_as_the_agent_splits_them() -> None:
    assert _simple(_state(["3", "333444789", "4"], 1)) == "333444"
    assert _simple(_state(["3", "XD", "4"], 1)) == "XD"
    assert simple_lead(cards("3333456").counts()) == (ComboKind.BOMB, 0, 1)
    assert simple_lead(cards("334455667").counts()) == (ComboKind.STRAIGHT, 4, 5)


def test_the_samples_read_a_simple_lead_and_a_pass_on_a_partner_against_the_whole_hand() -> None:
    situation = Situation(
        CLASSIC, 0, cards("3456789TJQKA2XD33"), 0, (20, 2, 2), None, None, [0] * 15
    )
    led = Observed(1, _combo("5"), None, tuple(cards("5").counts()))
    # a single 5 led from 5 and 55: a simple player would have led the pair
    assert _simple_read(led, cards("5").counts(), CLASSIC) == 1.0
    assert _simple_read(led, cards("6").counts(), CLASSIC) == 0.0
    # seat 2 passed on its partner's 9: it held no higher single then
    situation.passes = [(2, _combo("9"), tuple([0] * 15))]
    sampler = Sampler(situation, simple=frozenset({1, 2}))
    assert sampler._misfit(2, cards("8T").counts()) == 1.0
    assert sampler._misfit(2, cards("78").counts()) == 0.0


def test_the_exact_end_plays_a_simple_enemy_its_one_move() -> None:
    # seat 1 leads: perfectly, the 6 first (the landlord's 5 can't top it), then the 4;
    # simply, its lowest card first, which the landlord's 5 tops to go out
    hands = [cards("5").counts(), cards("46").counts(), cards("3").counts()]
    perfect = Endgame(CLASSIC, 0, lambda: False)
    assert not perfect.landlord_wins(hands, 1, None, None)
    simple = Endgame(CLASSIC, 0, lambda: False, frozenset({1, 2}))
    assert simple.landlord_wins(hands, 1, None, None)
