"""The hard level: sample the unseen cards, try the best few plays by playouts.

Each sample (a determinisation) deals the unseen cards to the other seats with their
exact card counts, the landlord keeping the bottom cards not yet played, and, when a
few tries allow, no seat holding what would have beaten (without a bomb) a play of an
enemy it passed on. The normal policy's best few options, passing and the best bomb
are played out on the same samples with the normal policy for every seat (what one
decision's playouts work out, moves and choices, is kept for the rest of its samples),
or exactly (``endgame``) once few cards are left, until the time budget is spent; a
candidate far behind stops being played out; the policy's own first choice is kept
unless another is clearly better. Seeded: the same situation and seed give the same
choice as long as the budget allows the same number of samples (``max_samples`` makes
it exact).

Time: the samples stop at ``budget`` (once ``min_samples`` are in), and nothing runs past
the ``ceiling``: a playout is cut in the middle when the ceiling comes, and a sample cut
short doesn't count, and one that would not end in time (as long as the samples before
it took) is not begun, nor a play of a playout that could end past it (as long as the
longest so far took); with no sample in, the policy decides alone. The table's latency is
the bound (a decision holds the bot's event loop), so it is a ceiling, not a hope.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ddz_bot.engine import CLASSIC, Cards, Combo, RuleSet, legal_moves

from .endgame import Endgame, TooLarge
from .policy import NORMAL, Scored, legal_plays, score_options
from .sim import PlayState
from .situation import Acted, Situation, full_counts

__all__ = [
    "Clock",
    "Sampler",
    "SearchConfig",
    "playout_wins",
    "search_candidates",
    "search_play",
]

#: seconds, monotonic (``time.perf_counter``; tests pass a clock of their own)
Clock = Callable[[], float]

_WIN: Final = -1000.0
_VETO: Final = 500.0
#: the most cards a seat held when its decision is read back (``Sampler``)
_READ_UP_TO: Final = 20


@dataclass(frozen=True, slots=True)
class SearchConfig:
    budget: float = 0.040  # seconds of playouts a decision aims at
    #: seconds no decision goes past, from its start (None: 2.5 x budget)
    ceiling: float | None = None
    candidates: int = 4
    max_samples: int = 400
    min_samples: int = 2
    #: how much the policy's first choice is trusted, in win rate x sqrt(n): the candidates
    #: play out on the same samples, so their differences are less noisy than their rates
    #: (0.2 against 0.4: WP +0.04 in both roles over 500 deals against normal_v1)
    prior: float = 0.2
    #: a farmer's: the farmers' policy pays for passing on the landlord's play, and the
    #: playouts (uniform samples, the policy for every seat) overrule it too often (0.5
    #: against 0.2: the farmers' WP +0.023 ± 0.010 over 2,000 deals against normal_v1)
    farmer_prior: float = 0.5
    settle_after: int = 8  # stop early once the samples agree this far
    #: from ``settle_after`` samples on, a candidate this far behind the leader (in win
    #: rate) is played out no more: its samples go to the close ones; 0: never
    prune: float = 0.25
    #: at most this many cards in all hands, each sample's end is played exactly
    #: (``endgame``); 0: never
    endgame: int = 10
    #: read the other seats' decisions on the table's top back into the samples
    #: (``Sampler``; off: over 2 x 400 deals against normal_v1, WP -0.04 a role with it)
    read: bool = False
    tries: int = 6  # deals a sample may take to agree with what the seats did

    @property
    def limit(self) -> float:
        """The ceiling in seconds."""
        return self.ceiling if self.ceiling is not None else 2.5 * self.budget


def _settled(wins: list[float], samples: int) -> bool:
    """Every candidate scores the same (all win or all lose: the policy's order decides),
    or the leader is out of reach of the runner-up."""
    ordered = sorted(wins, reverse=True)
    if ordered[0] == ordered[-1]:
        return True
    return ordered[0] - ordered[1] >= 0.4 * samples


def _still_in(active: list[int], wins: list[float], samples: int, prune: float) -> list[int]:
    """The candidates worth more samples: those less than ``prune`` x samples behind the
    leader (all of ``active`` played the same ``samples``); the rest keep their rate."""
    if prune <= 0:
        return active
    lead = max(wins[i] for i in active)
    return [i for i in active if lead - wins[i] < prune * samples]


class Sampler:
    """Deals the samples of one decision: the unseen cards to the other seats, the first
    of ``tries`` deals that agrees with what they were seen to do, else the one that agrees
    most. Each decision on the table's top (``Acted``) must be the one the normal policy
    makes from the sampled hand, with the rest of that moment's situation as the view
    shows it (a seat's plays say much about its hand); of the other passes on an enemy's
    play remembered, none may be of a hand that could have beaten it without a bomb."""

    __slots__ = ("checks", "full", "memo", "passes", "played", "situation", "tries")

    def __init__(self, situation: Situation, tries: int = 12, read: bool = True) -> None:
        self.situation = situation
        self.tries = tries
        self.full = full_counts(situation.rules)
        # the policy is read on hands up to a farmer's deal: beyond, a lead weighs hundreds
        self.checks = [
            a
            for a in situation.acted
            if read
            and situation.rules.wild_rank is None
            and situation.card_counts[a.seat] + (len(a.play.cards) if a.play else 0) <= _READ_UP_TO
        ]
        # a pass read back exactly is not also asked to be one the hand couldn't top: the
        # policy passes with cards that would beat, to keep a 2 or a pair
        exact = {(a.seat, a.faced) for a in self.checks if a.play is None}
        self.passes = {
            seat: [c for c in combos if (seat, c) not in exact]
            for seat, combos in situation.passed_on.items()
        }
        self.memo: dict[tuple[int, tuple[int, ...]], bool] = {}
        hand = situation.hand.counts()
        self.played = [self.full[r] - situation.unseen[r] - hand[r] for r in range(len(hand))]

    def deal(
        self, rng: random.Random, out_of_time: Callable[[], bool] | None = None
    ) -> list[list[int]]:
        """One sample; no further try once ``out_of_time`` says so."""
        hands = _deal_once(self.situation, rng)
        if not any(self.passes.values()) and not self.checks:
            return hands
        best, fewest = hands, self._disagreements(hands)
        for _ in range(self.tries - 1):
            if not fewest or (out_of_time is not None and out_of_time()):
                break
            hands = _deal_once(self.situation, rng)
            found = self._disagreements(hands)
            if found < fewest:
                best, fewest = hands, found
        return best

    def _disagreements(self, hands: list[list[int]]) -> int:
        found = sum(_could_beat(hands[seat], combos) for seat, combos in self.passes.items())
        for i, acted in enumerate(self.checks):
            found += not self._agrees(i, acted, hands[acted.seat])
        return found

    def _agrees(self, index: int, acted: Acted, counts: list[int]) -> bool:
        """Whether the policy, holding ``counts`` (and the play's cards) then, does what
        ``acted`` did."""
        then = counts[:]
        played = self.played[:]
        card_counts = list(self.situation.card_counts)
        if acted.play is not None:
            for r in acted.play.cards:
                then[r] += 1
                played[r] -= 1
            card_counts[acted.seat] += len(acted.play.cards)
        key = (index, tuple(then))
        known = self.memo.get(key)
        if known is not None:
            return known
        sit = self.situation
        moment = Situation(
            sit.rules,
            acted.seat,
            Cards.from_counts(then),
            sit.landlord,
            tuple(card_counts),
            acted.faced,
            acted.faced_seat,
            [self.full[r] - then[r] - played[r] for r in range(len(then))],
        )
        options = score_options(moment, NORMAL)
        choice = options[0].play if options else None
        if choice is None or acted.play is None:
            known = choice is acted.play
        else:
            known = choice.cards == acted.play.cards
        self.memo[key] = known
        return known


def _could_beat(counts: list[int], combos: list[Combo]) -> bool:
    hand = Cards.from_counts(counts)
    return any(not m.is_bomb for combo in combos for m in legal_moves(hand, combo, CLASSIC))


def _deal_once(situation: Situation, rng: random.Random) -> list[list[int]]:
    seats = situation.players
    hands: list[list[int]] = [[0] * 15 for _ in range(seats)]
    hands[situation.seat] = situation.hand.counts()
    pool = [r for r in range(15) for _ in range(situation.unseen[r])]
    need = [0 if s == situation.seat else situation.card_counts[s] for s in range(seats)]
    landlord = situation.landlord
    if situation.bottom_left is not None and landlord != situation.seat:
        for r, n in enumerate(situation.bottom_left):
            for _ in range(n):
                if need[landlord] and r in pool:
                    pool.remove(r)
                    hands[landlord][r] += 1
                    need[landlord] -= 1
    rng.shuffle(pool)
    i = 0
    for s in range(seats):
        for _ in range(need[s]):
            if i < len(pool):
                hands[s][pool[i]] += 1
                i += 1
    return hands


#: what the playout policy's choice depends on: the seat, its hand, the table and whose
#: it is, every seat's card count and the cards played (with the hand: what it doesn't see)
_ChoiceKey = tuple[int, tuple[int, ...], Combo | None, int | None, tuple[int, ...], tuple[int, ...]]


class _Playouts:
    """The playout policy of one decision, remembering what it worked out. The candidates
    of a sample start from the same hands and the samples share this seat's hand, so one
    hand meets one table again and again: its moves are listed once (a 33-card hand of two
    decks lists hundreds, milliseconds' worth) and a whole choice is made once, looked up
    from the playout's own counts before any ``Situation`` is built."""

    __slots__ = ("choices", "clock", "longest", "moves")

    def __init__(self, clock: Clock) -> None:
        self.moves: dict[tuple[Cards, Combo | None], list[Combo]] = {}
        self.choices: dict[_ChoiceKey, Combo | None] = {}
        self.clock = clock
        #: the longest choice worked out so far: none is begun that could end past the
        #: ceiling (a lead of 25 cards of two decks takes milliseconds)
        self.longest = 0.0

    def play(self, state: PlayState) -> Combo | None:
        """The normal policy's play for the seat whose turn it is in ``state``."""
        seat = state.turn
        hands = state.hands
        key = (
            seat,
            tuple(hands[seat]),
            state.to_beat,
            state.to_beat_seat,
            tuple([sum(h) for h in hands]),
            tuple(state.played),
        )
        choices = self.choices
        if key in choices:
            return choices[key]
        began = self.clock()
        sit = state.situation(seat)
        moves_key = (sit.hand, sit.to_beat)
        plays = self.moves.get(moves_key)
        if plays is None:
            plays = self.moves[moves_key] = legal_plays(sit)
        options = score_options(sit, NORMAL, plays=plays, fast=True)
        choice = choices[key] = options[0].play if options else None
        self.longest = max(self.longest, self.clock() - began)
        return choice


def _play_out(
    situation: Situation,
    rules: RuleSet,
    hands: list[list[int]],
    candidates: list[Combo | None],
    full: list[int],
    policy: _Playouts,
    out_of_time: Callable[[], bool],
    solver: Endgame | None = None,
) -> list[bool] | None:
    """Play every candidate out on one sample; for each, whether this seat's side won:
    exactly by ``solver`` when it has one and the end is small enough, else by the
    policy. None when ``out_of_time`` said so before the last playout ended."""
    played = [full[r] - sum(h[r] for h in hands) for r in range(15)]
    won = []
    for play in candidates:
        state = PlayState(
            rules,
            [h[:] for h in hands],
            situation.landlord,
            situation.seat,
            situation.to_beat,
            situation.to_beat_seat,
            played=played[:],
            plays_made=[0] * situation.players,
        )
        state.apply(play)
        if solver is not None and state.winner is None:
            try:
                landlord_won = solver.landlord_wins(
                    state.hands, state.turn, state.to_beat, state.to_beat_seat
                )
            except TooLarge:
                pass
            else:
                won.append(landlord_won == situation.is_landlord)
                continue
        if not state.play_out(policy.play, stop=out_of_time):
            return None
        won.append(state.winner is not None and state.landlord_won() == situation.is_landlord)
    return won


def _set_up(
    situation: Situation, config: SearchConfig, out_of_time: Callable[[], bool]
) -> tuple[RuleSet, list[int], Sampler, Endgame | None]:
    """What one decision's playouts share: the rules they play (wildcard move generation
    is slow: playouts read wildcards as plain cards), the whole pack's counts, the sampler,
    and the exact solver when few enough cards are left (else None)."""
    rules = situation.rules
    if rules.wild_rank is not None:
        rules = rules.with_wild_rank(None)
    solver = None
    if sum(situation.card_counts) <= config.endgame:
        solver = Endgame(rules, situation.landlord, out_of_time)
    sampler = Sampler(situation, config.tries, config.read)
    return rules, full_counts(situation.rules), sampler, solver


def search_candidates(options: list[Scored], count: int) -> list[Scored]:
    """The options a search plays out, from the policy's ranking: its best ``count`` and
    always the pass and the best bomb, none it rules out (bombing a partner); none when
    there is no choice (one option, a play that wins, or every other option ruled out)."""
    if len(options) <= 1 or options[0].score <= _WIN or options[1].score >= _VETO:
        return []
    chosen = [o for o in options[:count] if o.score < _VETO]
    for extra in (
        next((o for o in options if o.play is None), None),
        next((o for o in options if o.play is not None and o.play.is_bomb), None),
    ):
        if extra is not None and extra not in chosen and extra.score < _VETO:
            chosen.append(extra)
    return chosen


def search_play(
    situation: Situation,
    rng: random.Random,
    config: SearchConfig = SearchConfig(),
    clock: Clock = time.perf_counter,
    started: float | None = None,
) -> tuple[Combo | None, list[Scored], int]:
    """The play chosen by playouts, the normal policy's ranking it started from, and the
    number of samples (0: the policy decided alone). The time counts from ``started``
    (by ``clock``; default: now), so that reading the view counts too."""
    if started is None:
        started = clock()
    options = score_options(situation, NORMAL)
    if not options:
        return None, options, 0
    chosen = search_candidates(options, config.candidates)
    if not chosen:
        return options[0].play, options, 0
    candidates = [o.play for o in chosen]
    wins = [0.0] * len(candidates)
    tried = [0] * len(candidates)  # samples each candidate played out
    active = list(range(len(candidates)))
    deadline = started + config.budget
    ceiling = started + config.limit
    policy = _Playouts(clock)

    def out_of_time() -> bool:
        return clock() + policy.longest >= ceiling

    playout_rules, full, sampler, solver = _set_up(situation, config, out_of_time)
    samples = 0
    sampling_from = clock()
    while samples < config.max_samples:
        now = clock()
        if now >= ceiling or (now >= deadline and samples >= config.min_samples):
            break
        # a sample that can't end before the ceiling would be cut and thrown away
        if samples and now + (now - sampling_from) / samples > ceiling:
            break
        hands = sampler.deal(rng, out_of_time)
        won = _play_out(
            situation,
            playout_rules,
            hands,
            [candidates[i] for i in active],
            full,
            policy,
            out_of_time,
            solver,
        )
        if won is None:  # cut short by the ceiling: it doesn't count
            break
        for i, w in zip(active, won, strict=True):
            wins[i] += w
            tried[i] += 1
        samples += 1
        if samples >= config.settle_after:
            if _settled([wins[i] for i in active], tried[active[0]]):
                break
            active = _still_in(active, wins, tried[active[0]], config.prune)
    if not samples:
        return options[0].play, options, 0
    # leave the policy's choice only for a clear gain: a few samples are noisy
    prior = config.prior if situation.is_landlord else config.farmer_prior
    margin = prior / samples**0.5
    best = max(
        (i for i in range(len(candidates)) if tried[i]),
        key=lambda i: wins[i] / tried[i] - (0.0 if i == 0 else margin + 0.01 * i),
    )
    return candidates[best], options, samples


def playout_wins(
    situation: Situation,
    candidates: list[Combo | None],
    samples: int,
    rng: random.Random,
    config: SearchConfig = SearchConfig(),
) -> list[int]:
    """How many of ``samples`` deals each candidate wins, played out as a decision's
    playouts are (the same samples for all, the exact end from ``config.endgame`` cards),
    with no clock: for reviewing a policy's decisions (``review``), not for making one."""
    policy = _Playouts(time.perf_counter)

    def never() -> bool:
        return False

    rules, full, sampler, solver = _set_up(situation, config, never)
    wins = [0] * len(candidates)
    for _ in range(samples):
        won = _play_out(
            situation, rules, sampler.deal(rng), candidates, full, policy, never, solver
        )
        assert won is not None  # no clock: never cut short
        for i, w in enumerate(won):
            wins[i] += w
    return wins
