"""How several workers split one bot token's budget: by what each wants now.

Telegram's 30 calls a second belong to the bot, however many processes make them. Each worker
reports, with its load, the calls it made in its last second and those waiting for a turn
(``Budget.demand``); each takes the part of the budget its demand is of all of theirs
(``budget_share``), so a worker whose tables are busy now borrows what a quiet one leaves.
Every worker works out the same split from the same reports, so the parts add up to at most
``SHARED_HEADROOM``: the rest covers the calls of processes that leave within their own
seconds and reach Telegram closer together, and reports up to a second old. A worker takes a
smaller part at once and a larger one only a little over a second later (``Raise``), once the
others have read the same reports and given theirs up, and their last second's calls have
left Telegram's window.

>>> budget_share({1: 0, 2: 0}, 1)
0.45
>>> budget_share({1: 27, 2: 0}, 1), budget_share({1: 27, 2: 0}, 2)
(0.75, 0.1)
>>> budget_share({1: 12}, 1)
1.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

__all__ = ["SHARED_HEADROOM", "Raise", "budget_share"]

#: of the token's budget shared by several workers, the part handed out
SHARED_HEADROOM: Final = 0.9
#: the calls a second every worker counts as wanted beyond its own: a quiet worker keeps a
#: part for its next calls (a person's press answered at once), and shares don't swing on
#: a call or two
STANDING_DEMAND: Final = 5
#: a worker's demand counts up to this many calls a second (Telegram's own rate: a long queue
#: wants no more than the whole budget)
MOST_DEMAND: Final = 30
#: shares go in steps of this (rounded down, so they add up to no more than the headroom),
#: the budget reshaped when the step changes, not on every call
STEP: Final = 0.05


def budget_share(demands: Mapping[int, int], worker: int) -> float:
    """The part of the token's budget ``worker`` keeps to, given every playing worker's demand
    (``worker`` among them); a worker alone keeps to all of it."""
    if len(demands) <= 1:
        return 1.0
    weights = {w: STANDING_DEMAND + min(max(d, 0), MOST_DEMAND) for w, d in demands.items()}
    share = SHARED_HEADROOM * weights[worker] / sum(weights.values())
    stepped = math.floor(share / STEP + 1e-9) * STEP
    return round(stepped, 6) if stepped > 0 else share


class Raise:
    """A larger share waited for: taken ``gap`` seconds after it was first wanted, and no
    larger than the least wanted meanwhile (the others gave theirs up by then)."""

    def __init__(self, gap: float) -> None:
        self.gap = gap
        self._since: float | None = None
        self._least = 0.0

    def wanted(self, share: float, now: float) -> float | None:
        """``share`` is wanted at ``now``: the share to take now, if the wait is over."""
        if self._since is None:
            self._since, self._least = now, share
            return None
        self._least = min(self._least, share)
        if now - self._since < self.gap:
            return None
        taken, self._since = self._least, None
        return taken

    def cancel(self) -> None:
        """No larger share is wanted any more."""
        self._since = None
