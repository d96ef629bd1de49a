"""What a player has half-chosen on their panel, and who is to be told it is their turn.

Nothing here is saved: a selection of cards, the hint cursor and a wildcard play waiting for
its reading matter only while the player taps (after a restart the panel starts clean). The
presenter owns this state; a change of the table reaches it only once the change is saved
(``after_step``), so a change that fails leaves every half-made choice as it was.

Whose turn comes is remembered with when each seat last decided: a person whose previous
decision is at most ``STILL_LOOKING_SECONDS`` old is taken to be looking at the chat
(``looking``), so their turn may edit the panel they see instead of sending a new one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ddz_bot.kernel import Cards, DecisionKind, Waiting

from . import clock

__all__ = [
    "JUST_DECIDED_SECONDS",
    "STILL_LOOKING_SECONDS",
    "PanelState",
    "SeatPanel",
    "Transition",
]

#: a person whose previous decision is at most this many seconds old is looking at the chat:
#: about one round of a brisk table, and less than the play's clock
STILL_LOOKING_SECONDS: Final = 20.0
#: a person who decided at most this many seconds ago waits to see it taken: their panel is
#: an answer to them (``Urgency.ANSWER``), not a waiting seat's
JUST_DECIDED_SECONDS: Final = 3.0


@dataclass(slots=True)
class SeatPanel:
    """One seat's half-made choices."""

    selection: list[int] | None = None  # how many of each rank are chosen
    hint_cursor: int = -1  # the last hint shown (the next press shows the next one)
    #: a wildcard play that reads several ways, with its readings, until one is pressed
    reading: tuple[Cards, list[Any]] | None = None
    #: sat down through the private chat as the hand was dealt: the panel says so
    sat_down: bool = False

    def empty(self) -> bool:
        return (
            self.selection is None
            and self.hint_cursor == -1
            and self.reading is None
            and not self.sat_down
        )


@dataclass(frozen=True, slots=True)
class Transition:
    """What one accepted action changed in who the table waits for: enough to clear what the
    seats no longer asked had chosen, and to know whom to notify."""

    before: Waiting | None
    after: Waiting | None
    people_before: frozenset[int]  # people (not AI, not 托管) waited for, before and after
    people_after: frozenset[int]
    same_phase: bool
    version: int = 0  # the table's version once the action is taken
    actor: int | None = None  # the seat that acted (None: the table, e.g. the deal)


@dataclass(slots=True)
class _TablePanels:
    seats: dict[int, SeatPanel] = field(default_factory=dict)
    asked: set[int] = field(default_factory=set)  # to be sent their panel anew (notified)
    #: the version since which every seat's decision is the same (None: not known, e.g.
    #: after a restart), and later openings of single seats' decisions
    opened_all: int | None = None
    opened: dict[int, int] = field(default_factory=dict)
    #: when each seat's person last decided (the tables' clock, ``tg.clock``)
    decided_at: dict[int, float] = field(default_factory=dict)


class PanelState:
    """The half-made choices of every seat of every table (see the module docstring)."""

    def __init__(self) -> None:
        self._tables: dict[int, _TablePanels] = {}

    def seat(self, table_id: int, seat: int) -> SeatPanel:
        """The seat's choices (a fresh, empty one if it has none; not stored until changed)."""
        panels = self._tables.get(table_id)
        found = None if panels is None else panels.seats.get(seat)
        return found if found is not None else SeatPanel()

    def _mine(self, table_id: int, seat: int) -> SeatPanel:
        panels = self._tables.setdefault(table_id, _TablePanels())
        return panels.seats.setdefault(seat, SeatPanel())

    def select(self, table_id: int, seat: int, counts: list[int]) -> None:
        self._mine(table_id, seat).selection = counts

    def next_hint(self, table_id: int, seat: int, options: int) -> int:
        """The index of the hint to show now, cycling through ``options``."""
        panel = self._mine(table_id, seat)
        panel.hint_cursor = panel.hint_cursor + 1 if panel.hint_cursor + 1 < options else 0
        return panel.hint_cursor

    def ask_reading(self, table_id: int, seat: int, cards: Cards, readings: list[Any]) -> None:
        self._mine(table_id, seat).reading = (cards, readings)

    def clear(self, table_id: int, seat: int, *, keep_hints: bool = True) -> None:
        """The seat's selection and pending reading go (the hint cursor stays if asked)."""
        panels = self._tables.get(table_id)
        panel = None if panels is None else panels.seats.get(seat)
        if panel is None:
            return
        panel.selection, panel.reading = None, None
        if not keep_hints:
            panel.hint_cursor, panel.sat_down = -1, False
        if panel.empty():
            del panels.seats[seat]  # type: ignore[union-attr]

    def sat_down(self, table_id: int, seat: int) -> None:
        """The seat sat down with no other word than its panel: the panel says so, until
        the seat's first decision is over."""
        self._mine(table_id, seat).sat_down = True

    def decided(self, table_id: int, seat: int) -> None:
        """The seat's person took its decision: what it had half-chosen goes, and the
        moment is kept (``looking``)."""
        self.clear(table_id, seat, keep_hints=False)
        self._tables.setdefault(table_id, _TablePanels()).decided_at[seat] = clock.now()

    def looking(self, table_id: int, seat: int) -> bool:
        """Whether the seat's person decided in this hand at most ``STILL_LOOKING_SECONDS``
        ago: they are taken to be looking at the chat, so an edit of their panel is seen
        (a time-out or 托管 is no decision of theirs)."""
        panels = self._tables.get(table_id)
        at = None if panels is None else panels.decided_at.get(seat)
        return at is not None and clock.now() - at <= STILL_LOOKING_SECONDS

    def just_decided(self, table_id: int, seat: int) -> bool:
        """Whether the seat's person decided at most ``JUST_DECIDED_SECONDS`` ago: what their
        panel shows next answers them."""
        panels = self._tables.get(table_id)
        at = None if panels is None else panels.decided_at.get(seat)
        return at is not None and clock.now() - at <= JUST_DECIDED_SECONDS

    def after_step(self, table_id: int, step: Transition) -> None:
        """An accepted action is saved: whoever stops being asked loses what they had
        half-chosen; a reading waits only while its seat is asked to play; whoever starts
        being asked is remembered, to be notified (a new phase asks everyone it asks anew)."""
        before = set() if step.before is None else set(step.before.seats)
        after = set() if step.after is None else set(step.after.seats)
        for seat in before - after:
            self.clear(table_id, seat, keep_hints=False)
        panels = self._tables.get(table_id)
        if panels is not None:
            playing = step.after is not None and step.after.kind is DecisionKind.PLAY
            for seat, panel in list(panels.seats.items()):
                if panel.reading is not None and (seat not in after or not playing):
                    panel.reading = None
                    if panel.empty():
                        del panels.seats[seat]
        newly = set(step.people_after)
        if step.same_phase:
            newly -= step.people_before
        if newly:
            self._tables.setdefault(table_id, _TablePanels()).asked.update(newly)
        self._opened(table_id, step, before, after)

    def _opened(self, table_id: int, step: Transition, before: set[int], after: set[int]) -> None:
        """Whose decision this step opened anew: everyone's when the phase changed or the
        table itself acted (the deal moved on); else the actor's and the seats newly asked.
        Another seat's answer leaves a decision open, and so its buttons good."""
        panels = self._tables.setdefault(table_id, _TablePanels())
        if not step.same_phase or step.actor is None:
            panels.opened_all, panels.opened = step.version, {}
            return
        for seat in {step.actor} | (after - before):
            panels.opened[seat] = step.version

    def open_since(self, table_id: int, seat: int) -> int | None:
        """The version since which the seat's decision is the one it is now (None: not
        known): a button drawn since then still answers it."""
        panels = self._tables.get(table_id)
        if panels is None or panels.opened_all is None:
            return None
        return max(panels.opened_all, panels.opened.get(seat, panels.opened_all))

    def take_asked(self, table_id: int) -> set[int]:
        """The seats to be notified since the table was last shown (and forget them)."""
        panels = self._tables.get(table_id)
        if panels is None:
            return set()
        asked, panels.asked = panels.asked, set()
        return asked

    def new_hand(self, table_id: int) -> None:
        self._tables.pop(table_id, None)

    def forget(self, table_id: int) -> None:
        self._tables.pop(table_id, None)
