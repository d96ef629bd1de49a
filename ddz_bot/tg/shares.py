"""How several workers split one bot token's budget: by what each wants now.

Telegram's 30 calls a second belong to the bot, however many processes make them. Each worker
reports, with its load, the calls it made in its last second and those waiting for a turn
(``Budget.demand``); each takes the part of the budget its demand is of all of theirs
(``budget_share``), so a worker whose tables are busy now borrows what a quiet one leaves.
Every worker works out the same split from the same reports, so the parts add up to at most
``SHARED_HEADROOM``: the rest covers the calls of processes that leave within their own
seconds and reach Telegram closer together, and reports up to a second old. A worker takes a
smaller part at once and a larger one only two seconds later (``Share``,
``cluster.RAISE_GAP``), a tenth at a time: the others read its report within a second and
give theirs up, and their calls of the second before must leave Telegram's window first.
The demand reported is smoothed over a few seconds (``Demand``): the shares follow a lasting
difference between the workers (one back from a restart holds few groups), not a hand's
burst that is over before the others could read it.

>>> budget_share({1: 0, 2: 0}, 1)
0.45
>>> budget_share({1: 27, 2: 0}, 1), budget_share({1: 27, 2: 0}, 2)
(0.77, 0.12)
>>> budget_share({1: 12}, 1)
1.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

__all__ = ["SHARED_HEADROOM", "Demand", "Share", "budget_share"]

#: of the token's budget shared by several workers, the part handed out
SHARED_HEADROOM: Final = 0.9
#: the calls a second every worker counts as wanted beyond its own: a quiet worker keeps a
#: part for its next calls (a person's press answered at once), and shares don't swing on
#: a call or two
STANDING_DEMAND: Final = 5
#: a worker's demand counts up to this many calls a second (Telegram's own rate: a long queue
#: wants no more than the whole budget)
MOST_DEMAND: Final = 30
#: shares go in steps of this (rounded down, so they add up to no more than the headroom)
STEP: Final = 0.01
#: a larger share is taken only when larger by this much
RAISE_AT_LEAST: Final = 0.03
#: and at most this much larger at a time: the headroom, so that a raise made while another
#: worker's calls of its larger share still count in Telegram's window keeps within the rate
MOST_RAISE: Final = round(1.0 - SHARED_HEADROOM, 6)
#: of the difference between a second's demand and the demand reported, the part taken each
#: second (about five seconds to follow a lasting change)
DEMAND_SMOOTHING: Final = 0.2


def budget_share(demands: Mapping[int, int], worker: int) -> float:
    """The part of the token's budget ``worker`` keeps to, given every playing worker's demand
    (``worker`` among them); a worker alone keeps to all of it."""
    if len(demands) <= 1:
        return 1.0
    weights = {w: STANDING_DEMAND + min(max(d, 0), MOST_DEMAND) for w, d in demands.items()}
    share = SHARED_HEADROOM * weights[worker] / sum(weights.values())
    stepped = math.floor(share / STEP + 1e-9) * STEP
    return round(stepped, 6) if stepped > 0 else share


class Demand:
    """What a worker reports it wants: its budget's demand smoothed over several seconds, so
    that the shares follow a lasting difference between the workers (one back from a restart
    holds few groups), not a hand's burst of panels that is over before the others read it."""

    def __init__(self) -> None:
        self._smoothed = 0.0

    def sample(self, demand: int) -> int:
        """The budget's demand now (once a second): the demand to report."""
        self._smoothed += DEMAND_SMOOTHING * (demand - self._smoothed)
        return round(self._smoothed)


class Share:
    """The share a worker keeps to: a smaller one at once; a larger one ``gap`` seconds after
    it was first wanted, no larger than the least wanted meanwhile (the others gave theirs up
    by then and their last second's calls left Telegram's window), only when larger by
    ``RAISE_AT_LEAST`` (not on every small change of the reports) and by ``MOST_RAISE`` at
    most (a worker slow to give its share up costs no more than the headroom)."""

    def __init__(self, gap: float) -> None:
        self.gap = gap
        self.share = 1.0
        self._since: float | None = None
        self._least = 0.0

    def wanted(self, share: float, now: float) -> float | None:
        """``share`` is wanted at ``now``: the share to keep to from now, if it changes."""
        if share < self.share:
            self._since, self.share = None, share
            return share
        if share < self.share + RAISE_AT_LEAST - 1e-9:
            self._since = None
            return None
        if self._since is None:
            self._since, self._least = now, share
            return None
        self._least = min(self._least, share)
        if now - self._since < self.gap:
            return None
        self._since, self.share = None, min(self._least, round(self.share + MOST_RAISE, 6))
        return self.share
