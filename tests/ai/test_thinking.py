"""A player serving many tables searches only within its share of the wall time; with
none left it decides by the policy alone."""

from __future__ import annotations

from ddz_bot.ai import ThinkingShare
from ddz_bot.games.doudizhu.ai import AIPlayer
from ddz_bot.games.doudizhu.ai.policy import score_options
from ddz_bot.games.doudizhu.ai.search import SearchConfig
from ddz_bot.games.doudizhu.ai.situation import Situation

from .helpers import play_game

HANDS = ["3456789TJQKA22XD3", "3456789TJQKA24455", "366778899TTJJQQKA"]


class ManualClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_allowance_refills_with_the_time_and_saves_up_to_the_burst() -> None:
    clock = ManualClock()
    thinking = ThinkingShare(share=0.25, burst=0.5, clock=clock)
    assert thinking.grant(0.1) == 0.1  # full at the start
    thinking.spend(0.45)
    assert round(thinking.grant(0.1), 9) == 0.05  # what is left
    thinking.spend(0.05)
    assert thinking.grant(0.1) == 0.0  # nothing left: the policy alone
    clock.now = 0.2  # a fifth of a second later: 0.05 s more
    assert round(thinking.grant(0.1), 9) == 0.05
    clock.now = 100.0  # a quiet while: saved up to the burst only
    assert thinking.grant(1.0) == 0.5


def test_with_no_time_to_spare_the_hard_level_plays_the_policy() -> None:
    game = play_game(HANDS, "A2K")
    view = game.view_for(0)
    thinking = ThinkingShare(burst=0.0)
    player = AIPlayer("hard", 1, SearchConfig(budget=5.0, max_samples=50), thinking=thinking)
    player.keep_timings = True
    action = player.act(view, game.legal_actions(0))
    best = score_options(Situation.from_view(view))[0].play
    assert best is not None and getattr(action, "cards", None) == best.cards
    assert player.searched == []  # no playout ran
