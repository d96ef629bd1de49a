"""A light-weight play-phase simulator on rank counts.

Much faster than the full ``Game``: no actions, events, suits or bidding, just hands,
the combo on the table and whose turn it is. The hard AI plays its playouts here, and
the arena falls back to it for the play phase.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ddz_bot.games.doudizhu.engine import Combo, RuleSet, bomb_factor, legal_moves
from ddz_bot.kernel import Cards

from .situation import Situation, full_counts

__all__ = ["PlayState", "Policy"]

#: A policy of the simulator: the options of a situation -> a play, or None to pass.
Policy = Callable[[Situation], Combo | None]


@dataclass(slots=True)
class PlayState:
    rules: RuleSet
    hands: list[list[int]]  # rank counts per seat
    landlord: int
    turn: int
    to_beat: Combo | None = None
    to_beat_seat: int | None = None
    played: list[int] = field(default_factory=lambda: [0] * 15)
    plays_made: list[int] = field(default_factory=lambda: [0, 0, 0])
    bombs: int = 1  # the product of the bomb factors
    winner: int | None = None

    @classmethod
    def start(
        cls, rules: RuleSet, hands: Sequence[Cards | Sequence[int]], landlord: int
    ) -> PlayState:
        counts = [h.counts() if isinstance(h, Cards) else list(h) for h in hands]
        return cls(rules, counts, landlord, landlord, plays_made=[0] * len(counts))

    def copy(self) -> PlayState:
        return PlayState(
            self.rules,
            [h[:] for h in self.hands],
            self.landlord,
            self.turn,
            self.to_beat,
            self.to_beat_seat,
            self.played[:],
            self.plays_made[:],
            self.bombs,
            self.winner,
        )

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def hand(self, seat: int) -> Cards:
        return Cards.from_counts(self.hands[seat])

    def legal(self) -> list[Combo]:
        return legal_moves(self.hand(self.turn), self.to_beat, self.rules)

    def situation(self, seat: int | None = None) -> Situation:
        seat = self.turn if seat is None else seat
        unseen = full_counts(self.rules)
        mine = self.hands[seat]
        for r in range(15):
            unseen[r] -= mine[r] + self.played[r]
        return Situation(
            self.rules,
            seat,
            self.hand(seat),
            self.landlord,
            tuple(sum(h) for h in self.hands),
            self.to_beat,
            self.to_beat_seat,
            unseen,
        )

    def apply(self, play: Combo | None) -> None:
        """Play a combo (assumed legal) or pass (``None``, only when following)."""
        seat = self.turn
        n = len(self.hands)
        if play is None:
            if self.to_beat is None:
                raise ValueError("the leader cannot pass")
            self.turn = (seat + 1) % n
            if self.turn == self.to_beat_seat:
                self.to_beat = None
                self.to_beat_seat = None
            return
        hand = self.hands[seat]
        for r in play.cards:
            hand[r] -= 1
            self.played[r] += 1
        self.plays_made[seat] += 1
        self.bombs *= bomb_factor(play, self.rules)
        self.to_beat = play
        self.to_beat_seat = seat
        if not any(hand):
            self.winner = seat
            return
        self.turn = (seat + 1) % n

    def landlord_won(self) -> bool:
        return self.winner == self.landlord

    def multiplier(self) -> int:
        """Bombs and spring (R-SPRING) of the play phase."""
        factor = self.bombs
        if self.winner is not None:
            farmers = [s for s in range(len(self.hands)) if s != self.landlord]
            spring = self.landlord_won() and all(self.plays_made[s] == 0 for s in farmers)
            anti = not self.landlord_won() and self.plays_made[self.landlord] == 1
            if spring or anti:
                factor *= 2
        return factor

    def run(
        self,
        policies: Sequence[Policy],
        max_steps: int = 400,
        stop: Callable[[], bool] | None = None,
    ) -> bool:
        """Play to the end with one policy per seat; False if ``stop`` said so first
        (asked before every play: a playout must not outlive its decision's time)."""
        return self.play_out(lambda state: policies[state.turn](state.situation()), max_steps, stop)

    def play_out(
        self,
        choose: Callable[[PlayState], Combo | None],
        max_steps: int = 400,
        stop: Callable[[], bool] | None = None,
    ) -> bool:
        """``run`` with each play chosen from the state itself (a playout that remembers its
        choices looks them up before building any ``Situation``)."""
        steps = 0
        while self.winner is None and steps < max_steps:
            if stop is not None and stop():
                return False
            self.apply(choose(self))
            steps += 1
        return True
