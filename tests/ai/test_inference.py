"""What the other seats did on the table's top is read from the view, and the hard level's
samples give them hands with which the policy would have done the same."""

from __future__ import annotations

import random

from ddz_bot.ai import Situation
from ddz_bot.ai.search import Sampler
from ddz_bot.ai.situation import Acted
from ddz_bot.engine.actions import Pass, Play

from .helpers import cards, play_game

HANDS = ["3456789TJQKA22XD3", "3456789TJQKA24455", "366778899TTJJQQKA"]
BOTTOM = "A2K"


def _acted(situation: Situation) -> list[tuple[int, str | None, str | None, int | None]]:
    return [
        (
            a.seat,
            None if a.play is None else str(a.play),
            None if a.faced is None else str(a.faced),
            a.faced_seat,
        )
        for a in situation.acted
    ]


def test_the_top_and_the_passes_on_it_are_read_in_order() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("5")))
    assert _acted(Situation.from_view(game.view_for(2))) == [(1, "5", "3", 0)]
    game.apply(Pass(2))
    assert _acted(Situation.from_view(game.view_for(0))) == [(1, "5", "3", 0), (2, None, "5", 1)]


def test_a_lead_faced_nothing() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    assert Situation.from_view(game.view_for(1)).acted == [Acted(0, game.to_beat, None, None)]


def test_the_samples_agree_with_what_the_seats_did_more_often_than_chance() -> None:
    game = play_game(HANDS, BOTTOM)
    game.apply(Play(0, cards("3")))
    game.apply(Play(1, cards("5")))
    game.apply(Pass(2))
    situation = Situation.from_view(game.view_for(0))
    reading, chance = Sampler(situation), Sampler(situation, tries=1)
    rng = random.Random(5)
    read = sum(not reading._disagreements(reading.deal(rng)) for _ in range(40))
    guessed = sum(not reading._disagreements(chance.deal(rng)) for _ in range(40))
    assert read > guessed
