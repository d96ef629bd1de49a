"""Who plays with whom: the hidden guard read from the play (保皇's 暗保).

Until the guard is revealed, only the guard knows the sides. The others watch the tricks: a
seat that tops the emperor's play is most likely a rebel; a seat that tops whoever just beat
the emperor, or lets the emperor's play run, looks like the guard. ``GuardSuspicion`` keeps
that evidence for one hand, seen through the seat's own views only (each trick's plays as
``SeatInfo`` shows them), and turns it into a chance per seat.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cmp_to_key
from itertools import pairwise

from ddz_bot.games.baohuang.engine import Meld, PublicView, meld_beats

__all__ = ["GuardSuspicion", "trick_chain"]

#: how much each sign moves a seat's score (log-odds of being the guard)
_TOPS_EMPEROR = -1.2  # beat the emperor's play: a rebel's move
_RESCUES_EMPEROR = 0.7  # beat the play that had beaten the emperor
_LETS_EMPEROR_RUN = 0.25  # passed on the emperor's play
_EMPEROR_TOPS = -0.3  # the emperor beat this seat's play (the emperor doesn't know either)


def trick_chain(public: PublicView) -> list[tuple[int, Meld]]:
    """The current trick's plays in the order they were made: each beats the one before,
    so sorting by "beats" restores the order from the seats' latest plays."""
    plays = [(info.seat, info.play) for info in public.seats if info.play is not None]
    roast = public.rules.roast

    def order(a: tuple[int, Meld], b: tuple[int, Meld]) -> int:
        if meld_beats(a[1], b[1], roast):
            return 1
        if meld_beats(b[1], a[1], roast):
            return -1
        return 0

    return sorted(plays, key=cmp_to_key(order))


class GuardSuspicion:
    """Evidence, per seat, that it is the hidden guard, gathered over one hand."""

    def __init__(self) -> None:
        self.score: dict[int, float] = {}
        self._seen: set[tuple[object, ...]] = set()
        self.played_seen = 0  # cards played when last observed (a new hand starts lower)

    def observe(self, public: PublicView, me: int) -> None:
        """Read the current trick from the public view (called at each of the seat's turns)."""
        self.played_seen = len(public.played)
        emperor = public.emperor
        if emperor is None:
            return
        chain = trick_chain(public)
        if not chain:
            return
        lead = (chain[0][0], str(chain[0][1]), len(chain))
        for (beaten, beaten_meld), (beater, beater_meld) in pairwise(chain):
            key: tuple[object, ...] = (
                "beat",
                beater,
                str(beater_meld),
                beaten,
                str(beaten_meld),
                lead[:2],
            )
            if key in self._seen:
                continue
            self._seen.add(key)
            if beaten == emperor and beater != me:
                self._add(beater, _TOPS_EMPEROR)
            elif beater == emperor and beaten != me:
                self._add(beaten, _EMPEROR_TOPS)
        for (first, _), (second, _), (third, third_meld) in zip(
            chain, chain[1:], chain[2:], strict=False
        ):
            key = ("rescue", third, str(third_meld), second, lead[:2])
            if first == emperor and third not in (emperor, me) and key not in self._seen:
                self._seen.add(key)
                self._add(third, _RESCUES_EMPEROR)
        top_seat, top_meld = chain[-1]
        if top_seat == emperor:
            for info in public.seats:
                key = ("pass", info.seat, str(top_meld), lead[:2])
                if info.passed and info.seat not in (emperor, me) and key not in self._seen:
                    self._seen.add(key)
                    self._add(info.seat, _LETS_EMPEROR_RUN)

    def _add(self, seat: int, amount: float) -> None:
        self.score[seat] = self.score.get(seat, 0.0) + amount

    def chances(self, candidates: Iterable[int]) -> dict[int, float]:
        """The chance each candidate is the guard (they sum to 1; uniform without evidence)."""
        seats = list(candidates)
        if not seats:
            return {}
        weights = {seat: math.exp(self.score.get(seat, 0.0)) for seat in seats}
        total = sum(weights.values())
        return {seat: weight / total for seat, weight in weights.items()}
