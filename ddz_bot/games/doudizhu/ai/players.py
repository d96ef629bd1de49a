"""Players for empty seats, 托管 and measurement: the ``Player`` protocol and its kinds.

The game loop hands a player a ``SeatView`` (what that seat may see, never another
hand) and the legal actions; the player returns one of those actions. Every player is
seeded (``random.Random(seed)``), so a table replays the same way.
"""

from __future__ import annotations

import random
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Final, Protocol, runtime_checkable

from ddz_bot.ai.levels import SEAT_LEVEL, LevelName
from ddz_bot.ai.thinking import ThinkingShare
from ddz_bot.games.doudizhu.engine import (
    Bid,
    Call,
    Combo,
    Decline,
    Double,
    Grab,
    NoDouble,
    NoGrab,
    NoShow,
    SeatView,
    ShowCards,
    beats,
)
from ddz_bot.kernel import Action, Card, Cards, Pass, Play

from .bidding import BiddingStyle, choose_bidding
from .hand import bid_strength
from .play import EASY, NORMAL, greedy_play, policy_play, random_play
from .policy import NORMAL_V1, Level
from .search import Clock, SearchConfig, search_play
from .situation import Observed, Situation, passes_shown, topped

__all__ = [
    "LEVELS",
    "SEAT_LEVEL",
    "AIPlayer",
    "Baseline",
    "GreedyPlayer",
    "LevelName",
    "Player",
    "RandomPlayer",
    "make_player",
]

#: hands whose passes a player keeps (one per AI seat at a table): the least recently seen
#: is forgotten first, so a player serving many tables for weeks stays small
_HANDS_REMEMBERED = 4096
#: what tells one hand from another as a seat sees it (``hand_identity``)
HandKey = tuple[int, int | None, frozenset[Card], tuple[Card, ...] | None]
#: What a player may answer; the rest (Deal, Timeout, Escape, AutoPlay) is the table's.
_CHOICES = (Call, Decline, Grab, NoGrab, Bid, Double, NoDouble, ShowCards, NoShow, Play, Pass)


@runtime_checkable
class Player(Protocol):
    name: str

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from what ``view`` shows."""
        ...


def hand_identity(view: SeatView) -> HandKey:
    """The hand as the seat knows it: its seat, the landlord, every card it was dealt (the
    ones it holds and the ones it played, suits included) and the bottom cards. Two hands
    share this only if the same deal is dealt again; ``_HandMemory.cards_played`` tells
    those apart."""
    public = view.public
    dealt = frozenset(view.hand) | frozenset(public.seats[view.seat].played_cards)
    return (view.seat, public.landlord, dealt, public.bottom)


@dataclass(slots=True)
class _HandMemory:
    """What one seat saw of one hand beyond the current trick."""

    #: the cards played when last seen: a hand where one of them is not played is another
    cards_played: frozenset[Card] = frozenset()
    #: the combos each seat passed on when an enemy played them
    passed_on: dict[int, list[Combo]] = field(default_factory=dict)
    #: the other seats' plays seen, by (seat, how many cards it had played before): the
    #: play and what it topped, and whose that was (None: a lead)
    plays: dict[tuple[int, int], tuple[Combo, tuple[Combo, int] | None]] = field(
        default_factory=dict
    )
    #: the table's top when this seat last decided (the combo and whose): when it passed
    #: on it, a play after that may have topped it though the view no longer shows it
    top: tuple[Combo, int] | None = None
    #: the other seats' passes seen: (seat, cards it had played then, what it passed on)
    passes: dict[tuple[int, int, Combo], None] = field(default_factory=dict)


class _Base:
    """The shared plumbing: phase dispatch, mapping a chosen combo to a ``Play``, timings.
    Each kind of player brings its ``choose_play``: the play (None: pass) for a situation,
    ``started`` being when the decision began (perf_counter)."""

    name = "base"
    choose_play: Callable[[Situation, float | None], Combo | None]

    def __init__(
        self, seed: int | None = None, bidding: BiddingStyle = BiddingStyle.JUDGED
    ) -> None:
        self.rng = random.Random(seed)
        self.bidding = bidding
        #: seconds per play decision, kept only when ``keep_timings`` (the arena) is set:
        #: a player serving a bot for weeks must not grow
        self.keep_timings = False
        self.timings: list[float] = []

    # ---------------------------------------------------------------- the protocol
    def act(self, view: SeatView, legal: Sequence[Action], asked: float | None = None) -> Action:
        """One of ``legal`` for the seat of ``view``. ``asked``: when the question was asked
        (perf_counter, the same clock in every process of the machine); a decision's time
        counts from then, so one that waited its turn behind others has less left."""
        choices = [a for a in legal if isinstance(a, _CHOICES)]
        if not choices:
            if not legal:
                raise ValueError("no legal action to choose from")
            return legal[0]
        if any(isinstance(a, Play | Pass) for a in choices):
            started = time.perf_counter() if asked is None else min(asked, time.perf_counter())
            situation = Situation.from_view(view)
            situation.allowed = {(a.cards, a.reading) for a in choices if isinstance(a, Play)}
            self.observe(view, situation)
            combo = self.choose_play(situation, started)
            if self.keep_timings:
                self.timings.append(time.perf_counter() - started)
            return _as_action(view.seat, combo, choices)
        return self.choose_other(view, choices)

    # ---------------------------------------------------------------- to override
    def observe(self, view: SeatView, situation: Situation) -> None:
        """Learn from the view before choosing (the AI keeps the passes and plays it saw)."""

    def bid_strength(self, view: SeatView) -> float:
        return bid_strength(view.hand_ranks.counts())

    def choose_other(self, view: SeatView, choices: Sequence[Action]) -> Action:
        """Bidding, grabbing, doubling and showing from the hand's strength."""
        landlord = view.public.landlord == view.seat
        return choose_bidding(self.bidding, self.bid_strength(view), landlord, choices)


def _passed_top(
    view: SeatView, top: tuple[Combo, int] | None, seat: int, play: Combo
) -> tuple[Combo, int] | None:
    """What ``play`` of ``seat`` topped (None: it led): the greatest play the view shows
    that it beats (``topped``), or the top this seat passed on in the trick still on the
    table when that is greater (the seat that played it may have played again since, and
    the view shows only a seat's latest play of the trick)."""
    faced = topped(view, seat, play)
    if top is None or top[1] == seat or not view.public.seats[view.seat].passed:
        return faced
    rules = view.public.rules
    if beats(play, top[0], rules) and (faced is None or beats(top[0], faced[0], rules)):
        return top
    return faced


def _as_action(seat: int, combo: Combo | None, choices: Sequence[Action]) -> Action:
    """The legal action that plays ``combo`` (with its reading), or passes."""
    if combo is None:
        return next((a for a in choices if isinstance(a, Pass)), Pass(seat))
    reading = (combo.kind, combo.rank, combo.length)
    for a in choices:
        if isinstance(a, Play) and a.cards == combo.cards and a.reading in (None, reading):
            return a
    return Play(seat, combo.cards, reading)


class RandomPlayer(_Base):
    """Any legal action, uniformly: the floor of every measurement."""

    name = "random"

    def choose_play(self, situation: Situation, started: float | None = None) -> Combo | None:
        return random_play(situation, self.rng)

    def choose_other(self, view: SeatView, choices: Sequence[Action]) -> Action:
        return self.rng.choice(list(choices))


class GreedyPlayer(_Base):
    """Always the smallest legal play; calls with a fair hand, never grabs or doubles."""

    name = "greedy"

    def choose_play(self, situation: Situation, started: float | None = None) -> Combo | None:
        return greedy_play(situation)

    def choose_other(self, view: SeatView, choices: Sequence[Action]) -> Action:
        strength = self.bid_strength(view)
        for a in choices:
            if isinstance(a, Call) and strength >= 7:
                return a
            if isinstance(a, Bid) and a.points == 1 and strength >= 7:
                return a
        for kind in (Decline, NoGrab, NoDouble, NoShow, Pass):
            for a in choices:
                if isinstance(a, kind):
                    return a
        return choices[0]


class Baseline(StrEnum):
    """Players the arena measures the AI against; no table seats them."""

    RANDOM = "random"
    GREEDY = "greedy"
    #: the normal level as it was before being measured: card play and bidding frozen
    NORMAL_V1 = "normal_v1"
    #: the normal level's card play; never calls, bids, grabs or doubles
    NEVER_BIDS = "never_bids"
    #: the normal level's card play; always calls, bids the most, grabs and doubles
    ALWAYS_BIDS = "always_bids"
    #: RLCard's rule agent (the rlcard package, requirements-bench.txt; ``ai/rlcard_rule.py``:
    #: the arena's ``make_arena_player`` seats it, ``make_player`` doesn't)
    RLCARD_RULE = "rlcard_rule"


_SEARCH = SearchConfig()
LEVELS: dict[str, Level] = {
    LevelName.EASY: EASY,
    LevelName.NORMAL: NORMAL,
    LevelName.HARD: NORMAL,
}
_BASELINE_BIDDING: Final = {
    Baseline.NORMAL_V1: BiddingStyle.JUDGED_V1,
    Baseline.NEVER_BIDS: BiddingStyle.NEVER,
    Baseline.ALWAYS_BIDS: BiddingStyle.ALWAYS,
}


class AIPlayer(_Base):
    """The real AI. ``easy``: the plan without tactics, sometimes careless; ``normal``: the
    plan with the strategy notes; ``hard``: normal plus playouts as ``search`` says (for its
    ``budget`` s, never past its ceiling from the start of the decision) and, with
    ``thinking``, only as much as its share of the wall time allows."""

    def __init__(
        self,
        level: str = "normal",
        seed: int | None = None,
        search: SearchConfig = _SEARCH,
        bidding: BiddingStyle = BiddingStyle.JUDGED,
        thinking: ThinkingShare | None = None,
        policy: Level | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
        super().__init__(seed, bidding)
        self.level = level
        self.name = level
        #: the card-play policy below the search (a baseline may keep an older one)
        self.policy = LEVELS[level] if policy is None else policy
        self.search = search
        self.searched: list[float] = []  # seconds of the decisions that ran playouts
        #: the share of the wall time the search may take (a player serving a bot's
        #: tables); None: every decision searches in full (the arena, tests)
        self.thinking = thinking
        #: the search's clock (``search.Clock``); None: the wall clock, from when the
        #: question was asked. The arena's ``--cpu-clock`` gives it the process's CPU time,
        #: so that runs on a machine under different loads search alike
        self.clock: Clock | None = None
        #: passes and plays seen, per hand: one player may serve many tables at once
        self._memory: OrderedDict[HandKey, _HandMemory] = OrderedDict()

    def observe(self, view: SeatView, situation: Situation) -> None:
        """Keep the passes and the other seats' plays seen in this hand (the view shows only
        the current trick's)."""
        key = hand_identity(view)
        played = frozenset(card for info in view.public.seats for card in info.played_cards)
        memory = self._memory.get(key)
        if memory is None or not memory.cards_played <= played:  # the same deal dealt again
            memory = self._memory[key] = _HandMemory()
            while len(self._memory) > _HANDS_REMEMBERED:
                self._memory.popitem(last=False)
        self._memory.move_to_end(key)
        memory.cards_played = played
        for seat, combos in situation.passed_on.items():
            seen = memory.passed_on.setdefault(seat, [])
            seen.extend(c for c in combos if c not in seen)
        situation.passed_on = {seat: list(c) for seat, c in memory.passed_on.items()}
        seats = view.public.seats
        for info in seats:
            play = info.last_play
            if info.seat == view.seat or play is None:
                continue
            made = (info.seat, len(info.played_cards) - len(play.cards))
            if made not in memory.plays:
                faced = _passed_top(view, memory.top, info.seat, play)
                memory.plays[made] = (play, faced)
        for seat, combo in passes_shown(view):
            if seat != view.seat:
                memory.passes[(seat, len(seats[seat].played_cards), combo)] = None
        situation.passes = [
            (seat, combo, tuple(Cards.of(seats[seat].played_cards[before:]).counts()))
            for seat, before, combo in memory.passes
        ]
        public = view.public
        memory.top = (
            None
            if public.to_beat is None or public.to_beat_seat is None
            else (public.to_beat, public.to_beat_seat)
        )
        situation.observed = [
            Observed(
                seat,
                play,
                None if faced is None else faced[0],
                tuple(Cards.of(seats[seat].played_cards[before:]).counts()),
                None if faced is None else faced[1],
            )
            for (seat, before), (play, faced) in memory.plays.items()
        ]

    def choose_play(self, situation: Situation, started: float | None = None) -> Combo | None:
        if self.level == "hard":
            if started is None:
                started = time.perf_counter()
            config = self.search.at(sum(situation.card_counts))
            if self.thinking is not None:
                granted = self.thinking.grant(config.limit)
                if granted < config.limit:
                    budget = config.budget * granted / config.limit
                    config = replace(config, budget=budget, ceiling=granted)
            if self.clock is None:
                play, _, samples = search_play(situation, self.rng, config, started=started)
            else:
                play, _, samples = search_play(
                    situation, self.rng, config, clock=self.clock, started=self.clock()
                )
            if self.thinking is not None:
                self.thinking.spend(time.perf_counter() - started)
            if samples and self.keep_timings:
                self.searched.append(time.perf_counter() - started)
            return play
        return policy_play(situation, self.policy, self.rng)


def make_player(kind: str, seed: int | None = None, search: SearchConfig | None = None) -> _Base:
    """A player by name: a ``LevelName`` or a ``Baseline``; ``search`` tunes the hard
    level's playouts (the other kinds don't search)."""
    if kind == Baseline.RANDOM:
        return RandomPlayer(seed)
    if kind == Baseline.GREEDY:
        return GreedyPlayer(seed)
    if kind == Baseline.RLCARD_RULE:  # a bench-only dependency: the arena seats it
        raise ValueError("rlcard_rule is the arena's: arena.make_arena_player")
    if kind in _BASELINE_BIDDING:
        baseline = Baseline(kind)
        player = AIPlayer(
            LevelName.NORMAL,
            seed,
            bidding=_BASELINE_BIDDING[baseline],
            policy=NORMAL_V1 if baseline is Baseline.NORMAL_V1 else None,
        )
        player.name = kind
        return player
    if kind == LevelName.HARD and search is not None:
        return AIPlayer(kind, seed, search)
    return AIPlayer(kind, seed)
