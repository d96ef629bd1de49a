"""The play policy: score every legal play (and passing) from a ``Situation``.

Scores are plan scores (``hand.plan_hand``) of what the hand keeps, plus adjustments from
the strategy notes of the seeds: keep control cards, don't bomb your partner, feed your
partner when they are about to go out, block an enemy's last cards, and take a win in one
or two plays when the hand has it. Lower is better.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ddz_bot.games.doudizhu.engine import CLASSIC, Combo, ComboKind, legal_moves, useful_moves
from ddz_bot.kernel import Cards, Rank

from .hand import Part, plan_hand, plan_score
from .situation import Situation

__all__ = [
    "EASY",
    "NORMAL",
    "NORMAL_V1",
    "Level",
    "Scored",
    "beatable",
    "legal_plays",
    "score_options",
]

K = ComboKind
_TWO: Final = int(Rank.TWO)
_ACE: Final = int(Rank.ACE)
_JACK: Final = int(Rank.JACK)
_WIN: Final = -1000.0
_NEVER: Final = 1000.0


@dataclass(frozen=True, slots=True)
class Level:
    """How much of the strategy a policy uses, and how it weighs a few choices (in the
    units of ``hand.plan_score``: one more combo in hand costs 7)."""

    name: str
    tactics: bool = True  # blocking, feeding, two-step wins, partner play
    noise: float = 0.0  # chance of a random legal play (easy)
    #: what topping a partner's play costs (it takes the lead from them), when an enemy
    #: plays next and when not
    partner_top_before_enemy: float = 8.0
    partner_top: float = 8.0
    #: a lead's bonus per card, the landlord's and a farmer's: the landlord gains by
    #: leading long combos (the farmers can seldom follow), a farmer by short ones (they let
    #: the partner in and keep the farmers' long combos for later)
    landlord_lead_per_card: float = 0.0
    farmer_lead_per_card: float = 0.0
    #: topping an enemy's single below an ace with a single up to the ace: a bonus per rank
    #: above it (the next seat must spend more to top it in turn)
    single_top_per_rank: float = 0.0
    #: what passing on an enemy's play costs, the landlord's and a farmer's: the enemy keeps
    #: the lead, which the plan of the hand doesn't count (a long search of the landlord's
    #: decisions found most of its passes on a farmer's play losing: topping it won more)
    landlord_pass: float = 0.0
    farmer_pass: float = 0.0


EASY: Final = Level("easy", tactics=False, noise=0.25)
#: the normal level's weights, measured head to head against ``NORMAL_V1`` over 5,000 to
#: 6,000 deals a role: a farmer tops a partner's play before the landlord plays, and leads
#: short; the landlord leads long; an enemy's single is topped a little higher; passing on
#: an enemy's play costs what a combo more in hand costs twice or more (landlord WP +0.020,
#: farmers +0.085)
NORMAL: Final = Level(
    "normal",
    partner_top_before_enemy=0.0,
    partner_top=4.0,
    landlord_lead_per_card=1.25,
    farmer_lead_per_card=-2.0,
    single_top_per_rank=1.0,
    landlord_pass=16.0,
    farmer_pass=24.0,
)
#: the normal level as it was before being measured (the arena's baseline ``normal_v1``)
NORMAL_V1: Final = Level("normal_v1")


@dataclass(frozen=True, slots=True)
class Scored:
    score: float
    play: Combo | None  # None: pass


def legal_plays(situation: Situation) -> list[Combo]:
    """The plays to choose from: legal, without wasted wildcards (``useful_moves``), and
    among those the table offers when it says."""
    plays = useful_moves(situation.hand, situation.to_beat, situation.rules)
    allowed = situation.allowed
    if allowed is None:
        return plays
    return [
        m
        for m in plays
        if (m.cards, None) in allowed or (m.cards, (m.kind, m.rank, m.length)) in allowed
    ]


def _remainder(hand: list[int], combo: Combo) -> list[int]:
    """The rank counts ``hand`` keeps after playing ``combo``."""
    counts = hand[:]
    for r in combo.cards:
        counts[r] -= 1
    return counts


def beatable(combo: Combo | Part, unseen: list[int], wild_count: int = 0) -> bool:
    """Could the unseen cards beat ``combo``? Conservative: the unseen cards are taken as
    one hand, and wildcards top up every rank up to the 2."""
    counts = unseen[:]
    if wild_count:
        for r in range(_TWO + 1):
            counts[r] = min(4, counts[r] + wild_count)
    target = (
        combo
        if isinstance(combo, Combo)
        else Combo(combo.kind, combo.rank, combo.length, Cards(combo.ranks))
    )
    if target.kind is K.ROCKET:
        return False
    if counts[int(Rank.SMALL_JOKER)] and counts[int(Rank.BIG_JOKER)]:
        return True
    if not target.is_bomb and any(n >= 4 for n in counts):
        return True
    probe = Combo(target.kind, target.rank, target.length, target.cards)
    return bool(legal_moves(Cards.from_counts([min(n, 4) for n in counts]), probe, CLASSIC))


def _enemy_wilds(situation: Situation) -> int:
    wild = situation.rules.wild_rank
    return 0 if wild is None else situation.unseen[wild]


def score_options(
    situation: Situation,
    level: Level = NORMAL,
    plays: list[Combo] | None = None,
    fast: bool = False,
) -> list[Scored]:
    """Every option with its score, best first (passing included when allowed).

    ``fast`` (for playouts) leads only with the combos of the hand's plan, singles and
    pairs, instead of weighing every lead a 20-card hand has (hundreds, with kickers).
    """
    if plays is None:
        plays = legal_plays(situation)
    if fast and situation.to_beat is None and len(plays) > 12:
        parts = {p.ranks for p in plan_hand(situation.hand.counts()).parts}
        plays = [
            m
            for m in plays
            if len(m.cards) <= 2 or tuple(m.cards) in parts or len(m.cards) == len(situation.hand)
        ]
    elif situation.to_beat is None and len(plays) > _MANY_LEADS:
        plays = _plausible_leads(situation, plays)
    if situation.to_beat is None:
        options = _lead(situation, plays, level)
    else:
        options = _follow(situation, plays, level)
    options.sort(key=lambda s: s.score)
    return options


#: above this many leads (a 33-card hand of two decks has ~900, a wildcard hand ~1,300)
#: only the plausible ones are weighed: each costs a plan of the rest, and a decision must
#: stay within tens of milliseconds
_MANY_LEADS: Final = 300
_MAINS: Final = {
    K.TRIO_SINGLE: K.TRIO,
    K.TRIO_PAIR: K.TRIO,
    K.PLANE_SINGLES: K.PLANE,
    K.PLANE_PAIRS: K.PLANE,
    K.FOUR_TWO_SINGLES: K.BOMB,
    K.FOUR_TWO_PAIRS: K.BOMB,
}


def _plausible_leads(situation: Situation, plays: list[Combo]) -> list[Combo]:
    """The leads worth weighing in a hand with very many: up to three cards, bombs, the
    whole hand, the combos of the hand's plan, and combos with kickers whose main part is
    one of the plan's trios, planes or bombs and whose kickers are loose singles or pairs
    of the plan."""
    parts = plan_hand(situation.hand.counts()).parts
    whole = {p.ranks for p in parts}
    mains = {(p.kind, p.rank, p.length) for p in parts}
    mains |= {(K.TRIO, p.rank, 1) for p in parts if p.kind in (K.TRIO_SINGLE, K.TRIO_PAIR)}
    mains |= {
        (K.PLANE, p.rank, p.length) for p in parts if p.kind in (K.PLANE_SINGLES, K.PLANE_PAIRS)
    }
    loose = {p.rank for p in parts if p.kind in (K.SINGLE, K.PAIR)}
    size = len(situation.hand)
    out = []
    for m in plays:
        if len(m.cards) <= 3 or m.is_bomb or len(m.cards) == size or tuple(m.cards) in whole:
            out.append(m)
            continue
        main_kind = _MAINS.get(m.kind)
        if main_kind is None or (main_kind, m.rank, m.length) not in mains:
            continue
        main = range(m.rank - m.length + 1, m.rank + 1)
        if all(r in loose for r in m.cards if r not in main):
            out.append(m)
    return out


def _lead(sit: Situation, plays: list[Combo], level: Level) -> list[Scored]:
    hand = sit.hand
    out: list[Scored] = []
    tactics = level.tactics
    counts = hand.counts()
    plan = plan_hand(counts)
    unseen = sit.unseen
    wilds = _enemy_wilds(sit)
    enemy_low = sit.fewest_enemy_cards()
    next_enemy = not sit.is_partner(sit.next_seat())
    next_cards = sit.card_counts[sit.next_seat()]
    partner_low = min((sit.card_counts[p] for p in sit.partners()), default=99)
    # the two-step win: every combo but one is out of the enemies' reach
    sure: set[tuple[int, ...]] = set()
    if tactics and plan.hands <= 3:
        safe = [p for p in plan.parts if not beatable(p, unseen, wilds)]
        if len(safe) >= plan.hands - 1:
            sure = {p.ranks for p in safe}
    per_card = level.landlord_lead_per_card if sit.is_landlord else level.farmer_lead_per_card
    lowest_single = min((p.rank for p in plays if p.kind is K.SINGLE), default=None)
    lowest_pair = min((p.rank for p in plays if p.kind is K.PAIR), default=None)
    for m in plays:
        if len(m.cards) == len(hand):
            out.append(Scored(_WIN, m))
            continue
        rest = _remainder(counts, m)
        score = plan_score(rest) - per_card * len(m.cards)
        if m.is_bomb:
            score += 4.0
        if tactics:
            if tuple(m.cards) in sure:
                score -= 60.0
            if m.kind is K.SINGLE and enemy_low == 1:
                if beatable(m, unseen, wilds):
                    score += 60.0 - 4.0 * m.rank
            elif m.kind is K.PAIR and enemy_low == 2 and beatable(m, unseen, wilds):
                score += 45.0 - 3.0 * m.rank
            if (
                partner_low == 1
                and m.kind is K.SINGLE
                and m.rank == lowest_single
                and (not next_enemy or next_cards > 2)
            ):
                score -= 50.0
            elif (
                partner_low == 2
                and m.kind is K.PAIR
                and m.rank == lowest_pair
                and (not next_enemy or next_cards > 2)
            ):
                score -= 40.0
        out.append(Scored(score, m))
    return out


def _follow(sit: Situation, plays: list[Combo], level: Level) -> list[Scored]:
    hand = sit.hand
    table = sit.to_beat
    assert table is not None and sit.to_beat_seat is not None
    tactics = level.tactics
    counts = hand.counts()
    base = plan_hand(counts)
    pass_score = base.score
    out: list[Scored] = []
    by_partner = sit.is_partner(sit.to_beat_seat)
    player_cards = sit.card_counts[sit.to_beat_seat]
    enemy_low = sit.fewest_enemy_cards()
    unseen = sit.unseen
    wilds = _enemy_wilds(sit)
    blocking = (
        not by_partner
        and tactics
        and (
            (table.kind is K.SINGLE and enemy_low == 1) or (table.kind is K.PAIR and enemy_low <= 2)
        )
    )
    urgent = not by_partner and (player_cards <= 3 or enemy_low <= 2)
    if blocking:
        pass_score += 60.0
    elif urgent:
        pass_score += 15.0
    if not by_partner:
        pass_score += level.landlord_pass if sit.is_landlord else level.farmer_pass
    # topping a partner with an enemy next makes the enemy spend more to take the lead
    partner_top = (
        level.partner_top_before_enemy if not sit.is_partner(sit.next_seat()) else level.partner_top
    )
    for m in plays:
        if len(m.cards) == len(hand):
            out.append(Scored(_WIN, m))
            continue
        rest = _remainder(counts, m)
        score = plan_score(rest)
        if by_partner:
            if m.is_bomb or not tactics:
                score += _NEVER if m.is_bomb else 6.0
            elif player_cards <= 4 or enemy_low <= 2 or table.rank >= _ACE or m.rank >= _TWO:
                score += _NEVER
            else:
                score += partner_top
        elif m.is_bomb:
            rest_plan = plan_hand(rest)
            go_out = rest_plan.hands <= 1 or (
                rest_plan.hands == 2
                and any(not beatable(p, unseen, wilds) for p in rest_plan.parts)
            )
            if urgent or go_out:
                score -= 10.0 if player_cards <= 2 else 0.0
            else:
                score += 25.0
        else:
            if (
                m.rank >= _TWO
                and table.rank < _JACK
                and enemy_low > 6
                and base.hands >= 4
                and not urgent
            ):
                score += 6.0 + (m.rank - _TWO)
            if blocking:
                score -= 2.0 * m.rank  # the highest card that beats
            elif m.kind is K.SINGLE and m.rank <= _ACE:
                score -= level.single_top_per_rank * (m.rank - table.rank)
        out.append(Scored(score, m))
    out.append(Scored(pass_score, None))
    return out
