"""Players for 跑得快 seats: random and greedy baselines, and the AI at three levels.

A player (``PdkPlayer``, ``act(view, legal)``: a seat's view in, one of the legal actions out)
is a way to choose among the legal plays (``Choose``); each sees the ``SeatView`` only. The AI
plays to run out fast (the plan cost of what it keeps), keeps its bombs for a trick they win
or for an opponent about to go out, reads the one-card warning (报单) on the table, and, at
``hard``, remembers the cards played to know which of its plays nobody can beat any more.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from ddz_bot.kernel import Action, Cards, Pass, Play

from ..engine import SeatView, combo_of
from .memory import Memory
from .plan import plan_cost

__all__ = [
    "PDK_LEVELS",
    "Choose",
    "Level",
    "PdkAI",
    "PdkPlayer",
    "greedy_choice",
    "make_pdk_player",
    "random_choice",
]


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


PDK_LEVELS = tuple(Level)


class Choose(Protocol):
    """A way to play: the cards to play from ``plays`` (the seat's legal plays), or ``None``
    to pass (only when ``can_pass``)."""

    def __call__(self, view: SeatView, plays: list[Cards], can_pass: bool) -> Cards | None: ...


@dataclass(slots=True)
class PdkPlayer:
    """A player for a 跑得快 seat (``act(view, legal)``): its way to ``choose``, made one of
    the legal actions; the seconds each decision took, kept when the arena asks."""

    name: str
    choose: Choose
    keep_timings: bool = False
    timings: list[float] = field(default_factory=list)

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        started = time.perf_counter()
        plays = [a.cards for a in legal if isinstance(a, Play)]
        can_pass = any(isinstance(a, Pass) for a in legal)
        chosen = self.choose(view, plays, can_pass) if plays else None
        if self.keep_timings:
            self.timings.append(time.perf_counter() - started)
        if chosen is None:
            return next(a for a in legal if isinstance(a, Pass))
        return next(a for a in legal if isinstance(a, Play) and a.cards == chosen)


def random_choice(rng: random.Random) -> Choose:
    """Any legal play, at random."""
    return lambda view, plays, can_pass: rng.choice(plays)


def _rank(view: SeatView, cards: Cards) -> int:
    return combo_of(cards, view.public.rules, len(cards) == len(view.hand)).rank


def greedy_choice(view: SeatView, plays: list[Cards], can_pass: bool) -> Cards | None:
    """Following, the lowest play that beats (a bomb last); leading, the play with the most
    cards, the lowest first."""
    if view.public.to_beat is None:
        return min(plays, key=lambda m: (-len(m), _rank(view, m), m))
    return min(plays, key=lambda m: (len(m) == 4 and len(set(m)) == 1, _rank(view, m), m))


@dataclass(frozen=True, slots=True)
class _Style:
    memory: bool  # count the cards played: which plays are sure to win
    hold_bombs: bool  # keep bombs for a trick they win or for an emergency
    warned: bool  # read the one-card warning and the opponents' last cards
    noise: float  # how much a choice wobbles (easy plays loosely)


_STYLES = {
    Level.EASY: _Style(memory=False, hold_bombs=False, warned=False, noise=0.6),
    Level.NORMAL: _Style(memory=False, hold_bombs=True, warned=True, noise=0.0),
    Level.HARD: _Style(memory=True, hold_bombs=True, warned=True, noise=0.0),
}


class PdkAI:
    """The AI (see the module docstring), at ``level``: its way to choose, and a player."""

    def __init__(self, level: Level | str = Level.HARD, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.level = Level(level)
        self.style = _STYLES[self.level]
        self.player = PdkPlayer(f"ai-{self.level.value}", self.choose)

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return self.player.act(view, legal)

    def choose(self, view: SeatView, plays: list[Cards], can_pass: bool) -> Cards | None:
        hand = view.hand_ranks
        if hand in plays:
            return hand  # out: the hand is won
        memory = Memory.of(view)
        scored = [(self._value(view, memory, m), m) for m in plays]
        return min(scored)[1]

    def _value(self, view: SeatView, memory: Memory, play: Cards) -> float:
        style = self.style
        counts = list(memory.counts)
        for r in play:
            counts[r] -= 1
        rest = plan_cost(counts)
        leading = view.public.to_beat is None
        combo = combo_of(play, view.public.rules, len(play) == len(view.hand))
        value = rest + 0.03 * combo.rank
        danger = memory.fewest_left <= 2 if style.warned else False
        if combo.is_bomb and style.hold_bombs:
            sure = not style.memory or not memory.bomb_possible(combo.rank)
            worth = danger or (sure and rest <= 2.5)
            value += -0.5 if worth else 1.2
        if leading:
            value -= 0.02 * len(play)  # shed more when it costs the same
            if style.warned:
                value += self._lead_risk(memory, combo.kind, combo.rank, len(play))
        elif danger:
            value -= 0.05 * combo.rank  # stop an opponent about to go out: play high
        if style.noise:
            value += self.rng.random() * style.noise
        return value

    def _lead_risk(self, memory: Memory, kind: str, rank: int, size: int) -> float:
        """Leading a play an opponent about to go out could answer with their last cards."""
        risk = 0.0
        for left in (memory.next_left, memory.other_left):
            if left == size and kind in ("single", "pair"):
                sure = self.style.memory and (
                    memory.top_single(rank) if size == 1 else memory.top_pair(rank)
                )
                if not sure:
                    risk += 2.0
        if self.style.memory and kind == "single" and memory.top_single(rank):
            risk -= 0.3  # a single nobody can beat keeps the lead
        return risk


def make_pdk_player(kind: str, seed: int | None = None) -> PdkPlayer:
    """``random``, ``greedy``, or an AI level (``easy``, ``normal``, ``hard``)."""
    if kind == "random":
        return PdkPlayer("random", random_choice(random.Random(seed)))
    if kind == "greedy":
        return PdkPlayer("greedy", greedy_choice)
    try:
        return PdkAI(Level(kind), seed).player
    except ValueError:
        raise ValueError(
            f"unknown player {kind!r}; one of random, greedy, easy, normal, hard"
        ) from None
