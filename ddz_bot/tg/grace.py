"""A decision's full time: its clock runs from when its person was shown it.

When the bot's budget is short, a panel may reach its person seconds after their decision
opened. The deadline stays as stored (what the table shows), but the time-out waits as long
as the panel came late: the budget never costs a person their turn.
"""

from __future__ import annotations

from typing import Final

from .outbox import Outbox
from .present import PANEL_SLOT
from .table import Table

__all__ = ["LATE_GRACE_SECONDS", "MOST_EXTRA_SECONDS", "postponed"]

#: a panel this late is on time (what sending it takes anyway)
LATE_GRACE_SECONDS: Final = 1.0
#: a decision is given at most this much more time (a panel that never arrives, e.g. Telegram
#: out of reach, does not hold the table for ever)
MOST_EXTRA_SECONDS: Final = 120.0


def postponed(table: Table, outbox: Outbox, now: float) -> float | None:
    """When the table's decision should time out instead of ``now`` (a UNIX time), because
    the panel of one of the people it waits for came late; None: it times out now."""
    if table.deadline is None:
        return None
    late = max(
        (outbox.lateness(table.seats[seat].user_id, PANEL_SLOT) for seat in table.people_waiting()),
        default=0.0,
    )
    if late <= LATE_GRACE_SECONDS:
        return None
    later = table.deadline + min(late, MOST_EXTRA_SECONDS)
    return later if later > now else None
