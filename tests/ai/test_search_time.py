"""The search keeps within its time: nothing runs past the ceiling, not even the first
sample, and every decision with a choice is searched (in the four-player game too).

The clocks here are counters, not time: the tests never wait."""

from __future__ import annotations

import random
import time

from ddz_bot.games.doudizhu.ai import AIPlayer
from ddz_bot.games.doudizhu.ai.policy import score_options
from ddz_bot.games.doudizhu.ai.search import SearchConfig, search_play
from ddz_bot.games.doudizhu.ai.sim import PlayState
from ddz_bot.games.doudizhu.ai.situation import Situation
from ddz_bot.games.doudizhu.engine import FOUR_PLAYER

from .helpers import play_game

HANDS = ["3456789TJQKA22XD3", "3456789TJQKA24455", "366778899TTJJQQKA"]
BOTTOM = "A2K"
CONFIG = SearchConfig(budget=0.040, ceiling=0.100, max_samples=50)


class SteppingClock:
    """Each reading is ``step`` seconds after the one before."""

    def __init__(self, step: float, first: float = 0.0) -> None:
        self.step = step
        self.now = first - step
        self.readings = 0

    def __call__(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now


def _opening_lead() -> Situation:
    return Situation.from_view(play_game(HANDS, BOTTOM).view_for(0))


def test_no_sample_starts_after_the_ceiling() -> None:
    situation = _opening_lead()
    clock = SteppingClock(step=1.0)  # every reading is a second later: past every limit
    play, options, samples = search_play(situation, random.Random(1), CONFIG, clock)
    assert samples == 0
    assert play == options[0].play == score_options(situation)[0].play


def test_a_playout_is_cut_at_the_ceiling() -> None:
    situation = _opening_lead()
    clock = SteppingClock(step=0.001)  # a millisecond per play of a playout
    _, _, samples = search_play(situation, random.Random(1), CONFIG, clock)
    assert samples < CONFIG.min_samples  # the ceiling came before the samples wanted
    assert clock.now <= CONFIG.limit + clock.step  # and nothing ran on after it


def test_the_time_counts_from_the_start_of_the_decision() -> None:
    situation = _opening_lead()
    clock = SteppingClock(step=0.0, first=5.0)
    _, _, samples = search_play(situation, random.Random(1), CONFIG, clock, started=4.0)
    assert samples == 0  # the view was read a second ago: the ceiling has passed


def test_with_time_to_spare_the_samples_count_up_to_the_maximum() -> None:
    clock = SteppingClock(step=0.0)  # time stands still: only max_samples stops
    config = SearchConfig(budget=0.040, max_samples=3, settle_after=99)
    _, _, samples = search_play(_opening_lead(), random.Random(1), config, clock)
    assert samples == 3


def test_the_four_player_opening_is_searched_too() -> None:
    rng = random.Random(3)
    deck = [r for r in range(13) for _ in range(8)] + [13, 13, 14, 14]
    rng.shuffle(deck)
    hands = [deck[i * 25 : (i + 1) * 25] for i in range(4)]
    hands[0] += deck[100:]
    counts = [[h.count(r) for r in range(15)] for h in hands]
    state = PlayState(FOUR_PLAYER, counts, 0, 0, plays_made=[0] * 4)
    situation = state.situation()
    assert situation.card_counts == (33, 25, 25, 25)
    config = SearchConfig(budget=0.040, max_samples=2, settle_after=99)
    _, _, samples = search_play(situation, random.Random(1), config, SteppingClock(step=0.0))
    assert samples == 2


def test_a_sample_that_could_not_end_in_time_is_not_begun() -> None:
    situation = _opening_lead()
    clock = SteppingClock(step=0.0001)  # a sample takes some milliseconds
    config = SearchConfig(budget=0.1, ceiling=0.1, max_samples=400, min_samples=400)
    _, _, samples = search_play(situation, random.Random(1), config, clock)
    assert samples >= 2
    assert clock.now < config.limit  # it stopped before the ceiling: no sample was cut


def test_a_question_that_waited_past_the_ceiling_is_answered_without_a_search() -> None:
    # a worker's queue: the time counts from when the table asked, not from when it is read
    game = play_game(HANDS, BOTTOM)
    player = AIPlayer("hard", seed=1)
    player.keep_timings = True
    legal = game.legal_actions(0)
    action = player.act(game.view_for(0), legal, asked=time.perf_counter() - 1.0)
    assert action in legal
    assert player.searched == [] and len(player.timings) == 1  # the policy answered at once
