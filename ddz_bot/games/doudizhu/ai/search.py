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

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from ddz_bot.games.doudizhu.engine import Combo, RuleSet, legal_moves
from ddz_bot.kernel import Cards

from .belief import simple_belief
from .endgame import Endgame, TooLarge
from .policy import NORMAL, Scored, legal_plays, score_options
from .sampler import Sampler, plays_simply
from .sim import PlayState
from .simple import simple_choice
from .situation import Situation, full_counts

__all__ = [
    "Clock",
    "Sampler",
    "SearchConfig",
    "kept_choice",
    "playout_wins",
    "search_candidates",
    "search_play",
]

#: seconds, monotonic (``time.perf_counter``; tests pass a clock of their own)
Clock = Callable[[], float]

_WIN: Final = -1000.0
_VETO: Final = 500.0


@dataclass(frozen=True, slots=True)
class SearchConfig:
    #: seconds of playouts a decision aims at. Most decisions stop sooner (one option, the
    #: samples agreeing, an exact end): at 75 ms the median play decision takes about 30 ms
    #: of CPU (``bench/decision_cpu.py``), and against rlcard_rule the landlord made +0.008
    #: ± 0.008 (1,000 deals) and +0.023 ± 0.016 (400, at 72 ms), the farmers +0.020 ± 0.014
    #: (400) beside 48 ms; 100 ms made no more (+0.007 ± 0.008)
    budget: float = 0.075
    #: seconds no decision goes past, from its start (None: 2.5 x budget): the p99 of the
    #: decisions, kept as it was at 48 ms (120) within the table's 150
    ceiling: float | None = 0.125
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
    #: swaps of a card between two other seats a sample may then take to fit better (with
    #: ``history``: over 2,000 deals against normal_v1, the landlord's WP +0.018 ± 0.009
    #: at 20 swaps, +0.011 at 50; -0.005 with none)
    refine: int = 20
    #: 0: every sample is dealt afresh; else each after the first goes on from the one
    #: before by this many swaps, a worse fit kept by chance (a chain: a sample costs 0.6
    #: ms, not 2.1, and fits as well: ``bench/sample_fit.py``); off: with 5, over 2,000
    #: deals against normal_v1, the landlord's WP +0.006 and -0.010 at two seeds, the
    #: farmers' -0.022 ± 0.010 (samples that follow from each other are fewer deals)
    chain: int = 0
    #: what a sampled deal's seats' earlier plays misfitting their plans weighs
    #: (``sampler.implausibility``, per plan point) against one pass it contradicts; 0: the
    #: plays are not read (see ``refine``)
    history: float = 0.15
    #: how much wider the margin is (x the prior) for each combo, up to three, that the
    #: policy scored a candidate worse than its choice (``kept_choice``; 0: one margin for
    #: all; 1 against 0, over 2,000 deals against normal_v1: the landlord's WP +0.023, +0.015,
    #: +0.013, -0.008 at seeds 1, 2, 3, 11, the farmers' +0.019 at seed 1, each ± 0.009)
    gap: float = 1.0
    #: an enemy whose every play this hand could have been a simple player's plays the
    #: playouts as one (``_simple_play``: lead the combo of the lowest card, follow with the
    #: lowest combo of the kind on the table, else pass behind a partner or bomb), and the
    #: samples read its plays so (``sampler.simple_misfit``, with ``simple_read``); when
    #: every enemy is so, the playouts model them closely, and the policy's choice is
    #: trusted less (``simple_prior``, ``simple_farmer_prior`` for ``prior``, ``farmer_prior``)
    simple: bool = True
    #: the landlord's decisions too, whenever no play contradicts it (else only the
    #: farmers' model the landlord so, and the landlord as ``landlord_belief`` says)
    simple_landlord: bool = False
    #: the landlord models the farmers so when, besides no contradiction, the likelihood of
    #: their answers this hand makes them simple players with at least this probability
    #: (``belief.simple_belief`` from ``belief_prior``, log odds); above 1: never. At 0.7,
    #: over 400 deals beside never: the landlord +0.030 ± 0.014 against rlcard_rule, +0.018
    #: ± 0.019 against normal_v1, +0.047 ± 0.020 against greedy (300)
    landlord_belief: float = 0.7
    belief_prior: float = 0.0
    simple_read: bool = True
    #: when the landlord reads both farmers as simple players, each sample's end is played
    #: exactly from this many cards in all hands, the farmers making their one move each
    #: (``Endgame``'s ``simple``), not from ``endgame``'s. The landlord's only: a farmer's
    #: search would play its partner perfectly too (at 20 the farmers lost 0.022 ± 0.013
    #: against rlcard_rule, 400 deals at seed 21)
    simple_endgame: int = 20
    #: ``tries`` and ``refine`` then: a simple player's reading is cheap to check, and more
    #: swaps fit it closer (``bench/simple_fit.py``, 25 deals against rlcard_rule: the
    #: farmers' cards in the wrong hand 4.96 at 6 and 20, 4.59 at 12 and 100, at 0.4 ms
    #: more a sample; the landlord +0.005 ± 0.012, 400 deals at seed 21)
    simple_tries: int = 12
    simple_refine: int = 100
    #: a farmer's samples too, when it reads the landlord as a simple player (with the
    #: budget at 75 ms, the farmers +0.013 ± 0.011 against rlcard_rule, 600 deals at seed 41)
    simple_samples_farmers: bool = True
    simple_prior: float = 0.1
    simple_farmer_prior: float = 0.25

    #: from this many cards in all hands up (0: never), a decision aims at
    #: ``opening_budget`` s and stops at ``opening_ceiling``: its hands are the largest, a
    #: sample of them costs the most, and 48 ms buys it the fewest samples
    opening: int = 0
    opening_budget: float = 0.09
    opening_ceiling: float = 0.14

    @property
    def limit(self) -> float:
        """The ceiling in seconds."""
        return self.ceiling if self.ceiling is not None else 2.5 * self.budget

    def at(self, cards_left: int) -> SearchConfig:
        """The settings of a decision with ``cards_left`` cards in all hands."""
        if self.opening and cards_left >= self.opening:
            return replace(self, budget=self.opening_budget, ceiling=self.opening_ceiling)
        return self


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


#: what the playout policy's choice depends on: the seat, its hand, the table and whose
#: it is, every seat's card count and the cards played (with the hand: what it doesn't see)
_ChoiceKey = tuple[int, tuple[int, ...], Combo | None, int | None, tuple[int, ...], tuple[int, ...]]


class _Playouts:
    """The playout policy of one decision, remembering what it worked out. The candidates
    of a sample start from the same hands and the samples share this seat's hand, so one
    hand meets one table again and again: its moves are listed once (a 33-card hand of two
    decks lists hundreds, milliseconds' worth) and a whole choice is made once, looked up
    from the playout's own counts before any ``Situation`` is built."""

    __slots__ = ("choices", "clock", "enemies", "longest", "moves")

    def __init__(self, clock: Clock, enemies: frozenset[int] = frozenset()) -> None:
        #: the seats played by ``_simple_play``
        self.enemies = enemies
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
        if seat in self.enemies:
            moves_key = (Cards.from_counts(hands[seat]), state.to_beat)
            plays = self.moves.get(moves_key)
            if plays is None:
                plays = self.moves[moves_key] = legal_moves(
                    moves_key[0], state.to_beat, state.rules
                )
            choice = choices[key] = _simple_play(state, plays)
            self.longest = max(self.longest, self.clock() - began)
            return choice
        sit = state.situation(seat)
        moves_key = (sit.hand, sit.to_beat)
        plays = self.moves.get(moves_key)
        if plays is None:
            plays = self.moves[moves_key] = legal_plays(sit)
        options = score_options(sit, NORMAL, plays=plays, fast=True)
        choice = choices[key] = options[0].play if options else None
        self.longest = max(self.longest, self.clock() - began)
        return choice


def _simple_play(state: PlayState, plays: list[Combo]) -> Combo | None:
    """A simple player's play in a playout (``simple.simple_choice``)."""
    seat = state.turn
    return simple_choice(
        state.hands[seat],
        state.to_beat,
        seat,
        state.landlord,
        len(state.hands),
        plays,
        sum(state.played),
    )


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


def simple_enemies(situation: Situation, config: SearchConfig) -> frozenset[int]:
    """The enemies the playouts play as simple players (``config.simple``): those whose
    every play this hand could have been a simple player's (``sampler.plays_simply``), in
    the three-player game of one deck without wildcards."""
    if not config.simple or (situation.is_landlord and config.landlord_belief > 1.0):
        return frozenset()
    rules = situation.rules
    if situation.players != 3 or rules.decks != 1 or rules.wild_rank is not None:
        return frozenset()  # the classic game's only (the model knows no wildcards, two decks)
    enemies = situation.enemies()
    if situation.is_landlord and not config.simple_landlord:
        belief = simple_belief(situation, enemies, config.belief_prior)
        if belief < config.landlord_belief:
            return frozenset()
    return frozenset(e for e in enemies if plays_simply(situation, e))


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
    simple = simple_enemies(situation, config)
    cards = sum(situation.card_counts)
    both = situation.is_landlord and len(simple) == 2  # the landlord's two simple farmers
    if both and cards <= config.simple_endgame:
        solver = Endgame(rules, situation.landlord, out_of_time, simple)
    elif cards <= config.endgame:
        solver = Endgame(rules, situation.landlord, out_of_time)
    # every enemy read as a simple player: its misfit is cheap, the sample fits it closer
    close = both or (not situation.is_landlord and bool(simple) and config.simple_samples_farmers)
    sampler = Sampler(
        situation,
        config.simple_tries if close else config.tries,
        config.read,
        config.history,
        config.simple_refine if close else config.refine,
        config.chain,
        simple if config.simple_read else frozenset(),
    )
    return rules, full_counts(situation.rules), sampler, solver


def kept_choice(rates: list[float | None], scores: list[float], margin: float, gap: float) -> int:
    """Which candidate a decision plays: the best playout win rate (None: not played out),
    every candidate but the policy's choice (the first) less ``margin`` and a little for its
    place, and ``gap`` x ``margin`` more for each combo (7 points, up to three) the policy
    scored it worse than its choice: the samples are few, and the policy's score is evidence
    too.

    >>> kept_choice([0.5, 0.6], [10.0, 10.0], 0.08, 1.0)  # as good to the policy, won more
    1
    >>> kept_choice([0.5, 0.6], [10.0, 24.0], 0.08, 1.0)  # two combos worse: not enough
    0
    """
    first = scores[0]

    def behind(i: int) -> float:
        if i == 0:
            return 0.0
        combos = min(3.0, max(0.0, (scores[i] - first) / 7.0))
        return margin * (1.0 + gap * combos) + 0.01 * i

    played = [i for i, rate in enumerate(rates) if rate is not None]
    return max(played, key=lambda i: (rates[i] or 0.0) - behind(i))


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
    policy = _Playouts(clock, simple_enemies(situation, config))

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
    if policy.enemies and len(policy.enemies) == len(situation.enemies()):
        prior = config.simple_prior if situation.is_landlord else config.simple_farmer_prior
    else:
        prior = config.prior if situation.is_landlord else config.farmer_prior
    best = kept_choice(
        [w / t if t else None for w, t in zip(wins, tried, strict=True)],
        [o.score for o in chosen],
        prior / math.sqrt(samples),
        config.gap,
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
