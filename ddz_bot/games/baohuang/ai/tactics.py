"""Choosing a play: what to lead, whether and how to beat the play on the table.

Every candidate is scored by how much better the hand is after it (``hand_value`` with the
card memory's view of what the other hands can top). Near the end the chance of running out
counts too: this play and every one left but the last must stand. Team play shifts the
balance: a partner's winning play is left alone, an opponent about to go out is stopped with
a play that stands (jokers included), and a partner with few cards is fed small leads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ddz_bot.games.baohuang.engine import Meld, meld_of
from ddz_bot.kernel import Cards

from .knowledge import Knowledge
from .memory import BIG, SIX, SMALL, TWO
from .strength import OUT, ValueWeights, hand_value

__all__ = ["PlayStyle", "choose_play"]


PLAY_WEIGHTS = ValueWeights(topped_cost=2.5)


@dataclass(frozen=True, slots=True)
class PlayStyle:
    """The weights of the play policy (the levels differ in these)."""

    joker_use: float = 1.0  # share of the unseen jokers others would spend to top a play
    patience: float = 0.35  # passing an opponent's play keeps options (others may beat it)
    danger: float = 4.0  # an opponent with few cards leading next
    partner_hold: float = 3.0  # a partner's play that stands
    doubt: float = 0.7  # partner chances up to this count as nothing when leaving a play alone
    feed: float = 1.2  # a small lead a partner with few cards can take
    out_next: float = 4.0  # the play stands and the one play left goes out at the next lead
    run_out: int = 1  # how many plays left still count as running out (the plays between stand)
    #: the hand's worth during the play: a set others can top weighs more than at the throne
    weights: ValueWeights = PLAY_WEIGHTS


class _Scorer:
    """Scores plays for one decision, caching the card memory's chances."""

    def __init__(self, know: Knowledge, style: PlayStyle) -> None:
        self.know = know
        self.style = style
        self._topped: dict[tuple[int, int], float] = {}
        self.base = hand_value(know.counts, self.topped, style.weights)

    def topped(self, rank: int, held: int) -> float:
        key = (rank, held)
        chance = self._topped.get(key)
        if chance is None:
            chance = self.know.beat_chance(Meld(rank, held, 0, 0), joker_use=0.0)
            self._topped[key] = chance
        return chance

    def after(self, play: Cards) -> list[int]:
        counts = list(self.know.counts)
        for rank in play:
            counts[rank] -= 1
        return counts

    def gain(self, play: Cards, meld: Meld) -> float:
        """How much the hand improves by playing ``play``. The chance of keeping the lead
        counts only once the rest goes out in ``run_out`` plays or fewer (measured in the
        arena: earlier, the plan's gain alone chooses better)."""
        counts = self.after(play)
        value = hand_value(counts, self.topped, self.style.weights)
        if value >= OUT:
            return OUT
        gain = value - self.base
        plays = _plays_left(counts)
        if len(plays) <= self.style.run_out:
            # every play but the weakest must stand, the weakest goes out last
            chances = sorted((self.stands(left) for left in plays), reverse=True)
            chance = self.stands(meld)
            for stands in chances[:-1]:
                chance *= stands
            gain += self.style.out_next * chance
        return gain

    def stands(self, meld: Meld) -> float:
        """The chance nobody tops ``meld``."""
        return 1.0 - self.know.beat_chance(meld, self.style.joker_use)


def _plays_left(counts: Sequence[int]) -> list[Meld]:
    """The plays the hand would go out in: each set whole, the jokers hung on the last (so a
    hand of one set and jokers is one play), or alone when no set is left."""
    sets = [Meld(rank, counts[rank], 0, 0) for rank in range(SIX, TWO + 1) if counts[rank]]
    small, big = counts[SMALL], counts[BIG]
    if not sets:
        return [Meld(None, 0, small, big)] if small or big else []
    if small or big:
        last = sets[-1]
        sets[-1] = Meld(last.rank, last.count, small, big)
    return sets


def _lead_candidates(counts: Sequence[int], legal: set[Cards]) -> list[Cards]:
    """Whole sets (alone, or with every joker to go out), the lowest single, and jokers
    alone: the leads worth weighing (leading half a set rarely helps)."""
    out: list[Cards] = []
    jokers = [SMALL] * counts[SMALL] + [BIG] * counts[BIG]
    lowest: int | None = None
    for rank in range(SIX, TWO + 1):
        held = counts[rank]
        if not held:
            continue
        lowest = rank if lowest is None else lowest
        out.append(Cards.presorted([rank] * held))
        if jokers:
            out.append(Cards.presorted([rank] * held + jokers))
    if lowest is not None and counts[lowest] > 1:
        out.append(Cards.presorted([lowest]))
    if counts[SMALL]:
        out.append(Cards.presorted([SMALL] * counts[SMALL]))
    if counts[BIG]:
        out.append(Cards.presorted([BIG] * counts[BIG]))
    if jokers:
        out.append(Cards.presorted(jokers))
    return [play for play in out if play in legal]


def choose_play(know: Knowledge, legal: Sequence[Cards], style: PlayStyle) -> Cards | None:
    """The play to make (one of ``legal``), or ``None`` to pass (only when following)."""
    if not legal:
        return None
    total = know.cards
    for play in legal:
        if len(play) == total:
            return play  # going out is always right
    scorer = _Scorer(know, style)
    if know.to_beat is None:
        return _lead(know, scorer, legal)
    return _follow(know, scorer, legal)


def _lead(know: Knowledge, scorer: _Scorer, legal: Sequence[Cards]) -> Cards:
    candidates = _lead_candidates(know.counts, set(legal)) or list(legal)
    partner_low = _partner_short(know)
    best, best_score = candidates[0], -1e9
    for play in candidates:
        meld = meld_of(play)
        if meld is None:
            continue
        score = scorer.gain(play, meld)
        if meld.jokers and meld.size != know.cards:
            score -= 0.4 * meld.jokers  # jokers win the lead back later: don't lead them
        if partner_low is not None and meld.size <= partner_low and meld.jokers == 0:
            rank = meld.rank if meld.rank is not None else TWO
            score += scorer.style.feed * (TWO - rank) / (TWO - SIX)
        if score > best_score:
            best, best_score = play, score
    return best


def _partner_short(know: Knowledge) -> int | None:
    """The card count of a likely partner close to going out (few cards), if any."""
    short = [cards for seat, cards in know.others.items() if know.partner.get(seat, 0.0) >= 0.6]
    low = min(short, default=None)
    return low if low is not None and low <= 4 else None


def _follow(know: Knowledge, scorer: _Scorer, legal: Sequence[Cards]) -> Cards | None:
    style = scorer.style
    winner = know.to_beat_seat
    partner = know.partner.get(winner, 0.0) if winner is not None else 0.0
    if partner >= 1.0:
        return None  # a known partner's play stands: never top it (going out was taken above)
    winner_cards = know.others.get(winner, 0) if winner is not None else 0
    # what passing is worth: a partner's play standing, or an opponent leading next
    threat = style.danger * 0.5 * _shortness(know.fewest_opponent_cards())
    if winner_cards:
        threat += (1.0 - partner) * style.danger * _shortness(winner_cards)
    pass_value = style.patience + style.partner_hold * _sure(partner, style.doubt) - threat
    best: Cards | None = None
    best_score = pass_value
    for play in legal:
        meld = meld_of(play)
        if meld is None:
            continue
        score = scorer.gain(play, meld)
        if threat:
            score += threat * scorer.stands(meld)  # a play that stands stops them
        if score > best_score:
            best, best_score = play, score
    return best


def _sure(chance: float, doubt: float) -> float:
    """A partner chance discounted below ``doubt`` (a guess of the hidden guard counts less
    than knowing)."""
    if doubt <= 0.0:
        return chance
    return max(0.0, (chance - doubt) / (1.0 - doubt))


def _shortness(cards: int) -> float:
    """How close a hand of ``cards`` is to going out (1 for one card, fading by eight)."""
    return max(0.0, (8 - cards) / 7) if cards else 0.0
