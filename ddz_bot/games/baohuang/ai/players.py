"""Players for 保皇 seats: random and greedy baselines, and the AI at three levels.

They speak the same ``Player`` protocol as the 斗地主 players (``act(view, legal)``: a seat's
view in, one of the legal actions out), so the table layer seats either game's players the
same way. They see the ``SeatView`` only: the hidden guard is known to the guard alone, and
the others guess it from the play (``hard``) or treat every candidate alike (``normal``).
"""

from __future__ import annotations

import random
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence

from ddz_bot.games.baohuang.engine import (
    CallGuard,
    Declaration,
    Declare,
    Face,
    Role,
    SeatView,
    TakeThrone,
    YieldThrone,
)
from ddz_bot.kernel import Action, Cards, Pass, Play

from .knowledge import Knowledge
from .memory import BIG, SIX, SMALL, TWO
from .strength import Thresholds, opening_value
from .tactics import PlayStyle, choose_play
from .teams import GuardSuspicion

__all__ = [
    "BAOHUANG_LEVELS",
    "BaoHuangAI",
    "BaoHuangGreedy",
    "BaoHuangPlayer",
    "BaoHuangRandom",
    "make_baohuang_player",
]

_HANDS_REMEMBERED = 256
_PLAYS = (Play, Pass)


class BaoHuangPlayer:
    """The shared dispatch: the throne, a called guard, a declaration, or a play. Each kind
    of player brings its ``choose_play`` (the cards to play, None: pass) and its
    ``choose_throne``; declaring nothing is everyone's default."""

    name = "base"
    choose_play: Callable[[SeatView, list[Cards], bool], Cards | None]
    choose_throne: Callable[[SeatView, Sequence[Action]], Action]

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        #: seconds per decision, kept only when ``keep_timings`` is set (the arena)
        self.keep_timings = False
        self.timings: list[float] = []

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        started = time.perf_counter()
        action = self._decide(view, legal)
        if self.keep_timings:
            self.timings.append(time.perf_counter() - started)
        return action

    def _decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if any(isinstance(a, _PLAYS) for a in legal):
            plays = [a.cards for a in legal if isinstance(a, Play)]
            chosen = self.choose_play(view, plays, any(isinstance(a, Pass) for a in legal))
            return _as_action(view.seat, chosen, legal)
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            word = self.choose_declaration(view, [a.declaration for a in declares])
            return next((a for a in declares if a.declaration is word), declares[0])
        if any(isinstance(a, TakeThrone | YieldThrone | CallGuard) for a in legal):
            return self.choose_throne(view, legal)
        return legal[0]

    def choose_declaration(self, view: SeatView, words: list[Declaration]) -> Declaration:
        return Declaration.NOTHING if Declaration.NOTHING in words else words[0]


def _as_action(seat: int, cards: Cards | None, legal: Sequence[Action]) -> Action:
    """The legal ``Play`` of ``cards``, or the pass."""
    if cards is not None:
        for action in legal:
            if isinstance(action, Play) and action.cards == cards:
                return action
    for action in legal:
        if isinstance(action, Pass):
            return action
    return next(a for a in legal if isinstance(a, Play))


def _take_or_yield(legal: Sequence[Action], take: bool) -> Action:
    """Take the throne (the fixed method's 登基, or the first call offered) or yield it."""
    takes = [a for a in legal if isinstance(a, TakeThrone | CallGuard)]
    yields = [a for a in legal if isinstance(a, YieldThrone)]
    if (take or not yields) and takes:
        return takes[0]
    return yields[0] if yields else legal[0]


class BaoHuangRandom(BaoHuangPlayer):
    """Any legal action, uniformly: the floor of every measurement."""

    name = "random"

    def _decide(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


class BaoHuangGreedy(BaoHuangPlayer):
    """Plays as soon as it can, as low as it can (the lowest whole set when leading, the
    cheapest beat when following, jokers last); takes the throne with a fair hand, never
    declares, and pays no attention to partners."""

    name = "greedy"

    def choose_play(self, view: SeatView, plays: list[Cards], may_pass: bool) -> Cards | None:
        if not plays:
            return None
        counts = view.hand_ranks.counts()
        if not may_pass:
            for rank in range(SIX, TWO + 1):
                if counts[rank]:
                    whole = Cards.presorted([rank] * counts[rank])
                    if whole in plays:
                        return whole
        return min(plays, key=lambda cards: (_jokers(cards), cards[0], len(cards)))

    def choose_throne(self, view: SeatView, legal: Sequence[Action]) -> Action:
        counts = view.hand_ranks.counts()
        fair = counts[BIG] + counts[SMALL] + counts[TWO] >= 6
        return _take_or_yield(legal, fair)


def _jokers(cards: Cards) -> int:
    return sum(1 for rank in cards if rank >= SMALL)


#: the play style of each AI level
BAOHUANG_LEVELS: dict[str, PlayStyle] = {
    "easy": PlayStyle(joker_use=0.3, danger=1.0, partner_hold=1.5, feed=0.0),
    "normal": PlayStyle(),
    "hard": PlayStyle(run_out=4),
}
#: ``easy`` plays a random legal play this often (never over a known partner's play)
_CARELESS = 0.25


class BaoHuangAI(BaoHuangPlayer):
    """The real AI. ``easy``: the plan, sometimes careless, little team play; ``normal``: card
    memory and team play with the sides as far as they are public; ``hard``: normal, the
    hidden guard read from the play, and running out planned four plays ahead."""

    def __init__(
        self, level: str = "normal", seed: int | None = None, thresholds: Thresholds | None = None
    ) -> None:
        if level not in BAOHUANG_LEVELS:
            raise ValueError(f"unknown level {level!r}; one of {', '.join(BAOHUANG_LEVELS)}")
        super().__init__(seed)
        self.level = level
        self.name = level
        self.style = BAOHUANG_LEVELS[level]
        self.thresholds = thresholds or Thresholds()
        #: evidence about the hidden guard, per hand: one player may serve many tables
        self._suspicions: OrderedDict[tuple[object, ...], GuardSuspicion] = OrderedDict()

    # ---------------------------------------------------------------- the play
    def choose_play(self, view: SeatView, plays: list[Cards], may_pass: bool) -> Cards | None:
        suspicion = self._suspicion(view) if self.level == "hard" else None
        know = Knowledge.from_view(view, suspicion)
        winner = know.to_beat_seat
        partner_wins = winner is not None and know.partner.get(winner, 0.0) >= 1.0
        if self.level == "easy" and plays and not partner_wins and self.rng.random() < _CARELESS:
            options: list[Cards | None] = [*plays, None] if may_pass else list(plays)
            return self.rng.choice(options)
        chosen = choose_play(know, plays, self.style)
        if chosen is None and not may_pass:
            return plays[0]
        return chosen

    def _suspicion(self, view: SeatView) -> GuardSuspicion:
        public = view.public
        key = (view.seat, public.dealer, public.redeals, public.emperor, public.called)
        suspicion = self._suspicions.get(key)
        if suspicion is None or len(public.played) < suspicion.played_seen:
            suspicion = self._suspicions[key] = GuardSuspicion()
            while len(self._suspicions) > _HANDS_REMEMBERED:
                self._suspicions.popitem(last=False)
        self._suspicions.move_to_end(key)
        suspicion.observe(public, view.seat)
        return suspicion

    # ---------------------------------------------------------------- before the play
    def choose_throne(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Take the throne with a strong hand (the attached cards count: they come along);
        holding the guard card too means playing alone, which wants more."""
        offer = view.public.offer
        counts = view.hand_ranks.counts()
        attached = offer.attached if offer is not None else ()
        for card in attached:
            counts[int(card.rank)] += 1
        value = opening_value(counts)
        limits = self.thresholds
        need = limits.hidden_solo if view.holds_guard_card else limits.take_throne
        calls = [a for a in legal if isinstance(a, CallGuard)]
        if calls:
            return self._call(view, calls, legal, value)
        return _take_or_yield(legal, value >= need)

    def _call(
        self, view: SeatView, calls: list[CallGuard], legal: Sequence[Action], value: float
    ) -> Action:
        """Called-guard method: a face held four times plays a hidden solo (only with a
        hand for it); otherwise the lowest face held three times, whose fourth copy its
        holder plays early, showing the guard sooner."""
        held = _face_copies(view)
        limits = self.thresholds
        solo = [a for a in calls if held.get(a.face, 0) >= 4]
        pairs = sorted((a for a in calls if held.get(a.face, 0) == 3), key=lambda a: a.face)
        can_yield = any(isinstance(a, YieldThrone) for a in legal)
        if solo and value >= limits.hidden_solo:
            return solo[0]
        if pairs and (value >= limits.take_throne or not can_yield):
            return pairs[0]
        if can_yield:
            return _take_or_yield(legal, False)
        return (pairs or calls)[0]

    def choose_declaration(self, view: SeatView, words: list[Declaration]) -> Declaration:
        """明独保 / 抢独 only when overwhelming, 明保 with a strong guard hand, 造反 when
        this rebel's hand is strong (the doubling counts only if the rebels win)."""
        value = opening_value(view.hand_ranks.counts())
        limits = self.thresholds
        wanted = Declaration.NOTHING
        if view.role is Role.EMPEROR and value >= limits.open_solo:
            wanted = Declaration.OPEN_SOLO
        elif Declaration.GRAB_SOLO in words and value >= limits.open_solo:
            wanted = Declaration.GRAB_SOLO
        elif view.role is Role.GUARD and value >= limits.open_guard:
            wanted = Declaration.OPEN_GUARD
        elif view.role is Role.REBEL and value >= limits.revolt:
            wanted = Declaration.REVOLT
        return wanted if wanted in words else Declaration.NOTHING


def _face_copies(view: SeatView) -> dict[Face, int]:
    held: dict[Face, int] = {}
    for card in view.hand:
        if card.suit is not None and SIX <= card.rank <= TWO:
            face = Face.of(card)
            held[face] = held.get(face, 0) + 1
    return held


def make_baohuang_player(kind: str, seed: int | None = None) -> BaoHuangPlayer:
    """A player by name: ``random``, ``greedy``, ``easy``, ``normal`` or ``hard``."""
    if kind == "random":
        return BaoHuangRandom(seed)
    if kind == "greedy":
        return BaoHuangGreedy(seed)
    return BaoHuangAI(kind, seed)
