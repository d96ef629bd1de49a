"""What a seat can know from its view (card memory, 记牌): the cards it hasn't seen, who holds
how many, and which of its plays nobody can beat any more."""

from __future__ import annotations

from dataclasses import dataclass

from ddz_bot.kernel import Cards

from ..engine import TOP_RANK, SeatView, deck_for

__all__ = ["Memory"]


@dataclass(frozen=True, slots=True)
class Memory:
    """``unseen``: by rank, the cards in the other two hands; ``counts``: the seat's own cards
    by rank; ``next_left``/``other_left``: how many cards the next and the other seat hold."""

    unseen: tuple[int, ...]
    counts: tuple[int, ...]
    next_left: int
    other_left: int

    @classmethod
    def of(cls, view: SeatView) -> Memory:
        public = view.public
        unseen = Cards.of(deck_for(public.rules)).counts()[: TOP_RANK + 1]
        own = view.hand_ranks.counts()[: TOP_RANK + 1]
        for rank in public.played:
            unseen[rank] -= 1
        for rank, n in enumerate(own):
            unseen[rank] -= n
        seat = view.seat
        seats = public.seats
        return cls(
            tuple(unseen),
            tuple(own),
            seats[(seat + 1) % len(seats)].card_count,
            seats[(seat + 2) % len(seats)].card_count,
        )

    @property
    def fewest_left(self) -> int:
        return min(self.next_left, self.other_left)

    def top_single(self, rank: int) -> bool:
        """No unseen card is higher than ``rank``."""
        return not any(self.unseen[rank + 1 :])

    def top_pair(self, rank: int) -> bool:
        return not any(n >= 2 for n in self.unseen[rank + 1 :])

    def bomb_possible(self, above: int = -1) -> bool:
        """An opponent may hold a bomb higher than ``above``."""
        return any(n == 4 for n in self.unseen[above + 1 :])
