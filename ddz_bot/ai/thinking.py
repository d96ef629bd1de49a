"""How much of the bot's time a shared AI player may spend searching.

One player serves every table, on the bot's one event loop: while it searches, no update
of any table is handled. A search of tens of milliseconds is invisible at one table, but
with a hundred tables the AI seats ask for more search time per second than a second
holds, and every table waits. So the searching is paid from an allowance that refills at
``share`` seconds per second of wall time and saves up to ``burst`` seconds: a quiet bot
searches every decision in full; a busy one searches some, and the rest are decided by
the policy alone (about a millisecond), so the loop stays free most of the time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["ThinkingShare"]


@dataclass
class ThinkingShare:
    share: float = 0.15  # seconds of search per second of wall time, in the long run
    burst: float = 0.5  # seconds of search it may save up while the tables are quiet
    clock: Callable[[], float] = time.perf_counter
    _saved: float | None = field(default=None, repr=False)  # None: full, nothing spent yet
    _last: float = field(default=0.0, repr=False)

    def _refill(self) -> float:
        now = self.clock()
        if self._saved is None:
            self._saved = self.burst
        else:
            self._saved = min(self.burst, self._saved + (now - self._last) * self.share)
        self._last = now
        return self._saved

    def grant(self, wanted: float) -> float:
        """Seconds the next decision may take, at most ``wanted`` (0: none to spare)."""
        return max(0.0, min(wanted, self._refill()))

    def spend(self, seconds: float) -> None:
        """A decision took ``seconds``."""
        self._saved = self._refill() - seconds
