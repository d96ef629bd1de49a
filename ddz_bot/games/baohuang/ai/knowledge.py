"""What one seat knows when it decides, read from its ``SeatView`` and nothing else.

``Knowledge`` gathers the seat's hand as rank counts, the unseen cards (card memory), the
other seats still in the hand with their card counts, and for each of them the chance it is a
partner: certain once the sides are public (or for the guard, who always knows), otherwise
the guard's identity is a guess, uniform or read from the play by ``GuardSuspicion``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ddz_bot.games.baohuang.engine import Meld, Role, SeatView
from ddz_bot.kernel import NUM_RANKS

from .memory import beat_chance, unseen_counts
from .teams import GuardSuspicion

__all__ = ["Knowledge"]

PLAYERS = 5


@dataclass(slots=True)
class Knowledge:
    seat: int
    counts: list[int]  # own hand by rank
    unseen: list[int]  # cards in the other hands, by rank
    others: dict[int, int]  # seats still holding cards (not this one): their card counts
    partner: dict[int, float]  # chance each other seat plays on this seat's side
    emperor: int | None
    role: Role | None
    to_beat: Meld | None
    to_beat_seat: int | None
    roast: bool = False

    @property
    def cards(self) -> int:
        return sum(self.counts)

    def opponent_weight(self) -> dict[int, float]:
        return {seat: 1.0 - self.partner.get(seat, 0.0) for seat in self.others}

    def beat_chance(self, meld: Meld, joker_use: float = 1.0) -> float:
        """How likely an opponent can beat ``meld``; ``joker_use`` < 1 counts only that share
        of the unseen jokers (players rarely spend jokers on a cheap play)."""
        unseen = self.unseen
        if joker_use < 1.0:
            unseen = list(unseen)
            for rank in (NUM_RANKS - 2, NUM_RANKS - 1):
                unseen[rank] = int(unseen[rank] * joker_use + 0.5)
        return beat_chance(meld, unseen, self.others, self.opponent_weight())

    def fewest_opponent_cards(self) -> int:
        """The smallest hand among seats that are surely or probably opponents."""
        counts = [n for seat, n in self.others.items() if self.partner.get(seat, 0.0) < 0.5]
        return min(counts, default=99)

    @classmethod
    def from_view(cls, view: SeatView, suspicion: GuardSuspicion | None = None) -> Knowledge:
        public = view.public
        counts = view.hand_ranks.counts()
        others = {
            info.seat: info.card_count
            for info in public.seats
            if info.seat != view.seat and info.card_count > 0 and info.place is None
        }
        return cls(
            seat=view.seat,
            counts=counts,
            unseen=unseen_counts(view.hand_ranks, public.played),
            others=others,
            partner=partner_chances(view, suspicion),
            emperor=public.emperor,
            role=view.role,
            to_beat=public.to_beat,
            to_beat_seat=public.to_beat_seat,
            roast=public.rules.roast,
        )


def partner_chances(view: SeatView, suspicion: GuardSuspicion | None) -> dict[int, float]:
    """The chance each other seat is on this seat's side, from what the seat may know."""
    public = view.public
    me, emperor = view.seat, public.emperor
    others = [seat for seat in range(PLAYERS) if seat != me]
    if emperor is None or view.role is None:
        return {seat: 0.0 for seat in others}
    solo = public.solo is not None or view.solo is not None
    if view.role is Role.EMPEROR:
        if solo:
            return {seat: 0.0 for seat in others}
        if public.guard is not None:
            return {seat: float(seat == public.guard) for seat in others}
        return guard_chances(others, suspicion)
    if view.role is Role.GUARD:
        return {seat: float(seat == emperor) for seat in others}
    # a rebel: partners are everyone but the emperor and the guard
    if solo:
        return {seat: float(seat != emperor) for seat in others}
    if public.guard is not None:
        return {seat: float(seat not in (emperor, public.guard)) for seat in others}
    candidates = [seat for seat in others if seat != emperor]
    guard = guard_chances(candidates, suspicion)
    return {seat: 0.0 if seat == emperor else 1.0 - guard[seat] for seat in others}


def guard_chances(candidates: list[int], suspicion: GuardSuspicion | None) -> dict[int, float]:
    if suspicion is None:
        return {seat: 1.0 / len(candidates) for seat in candidates}
    return suspicion.chances(candidates)
