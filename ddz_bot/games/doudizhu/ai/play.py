"""Choosing a play from a ``Situation``: random, greedy, and the policy at each level."""

from __future__ import annotations

import random

from ddz_bot.games.doudizhu.engine import Combo

from .policy import EASY, NORMAL, Level, Scored, legal_plays, score_options
from .situation import Situation

__all__ = ["EASY", "NORMAL", "greedy_key", "greedy_play", "policy_play", "random_play", "ranked"]


def random_play(situation: Situation, rng: random.Random) -> Combo | None:
    """Any legal play, or a pass, uniformly."""
    options: list[Combo | None] = list(legal_plays(situation))
    if situation.to_beat is not None:
        options.append(None)
    return rng.choice(options) if options else None


def greedy_key(combo: Combo) -> tuple[bool, int, int]:
    return (combo.is_bomb, combo.rank, -len(combo.cards))


def greedy_play(situation: Situation) -> Combo | None:
    """The smallest legal play: the lowest combo (longest first), bombs last; never passes
    when it can play."""
    plays = legal_plays(situation)
    if not plays:
        return None
    return min(plays, key=greedy_key)


def policy_play(
    situation: Situation, level: Level = NORMAL, rng: random.Random | None = None
) -> Combo | None:
    options = score_options(situation, level)
    if not options:
        return None
    if level.noise and rng is not None and rng.random() < level.noise:
        return rng.choice(options).play
    return options[0].play


def ranked(situation: Situation, level: Level = NORMAL) -> list[Scored]:
    return score_options(situation, level)
