"""Words for the table: cards as people write them, and the narration of what just happened,
from the lines each game gives for its own events. No Telegram here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ddz_bot.kernel import AutoPlayChanged, Event, Passed, TimedOut

from ..i18n import t
from .cardwords import cards_text, grouped_cards_text
from .table import Table

__all__ = ["EventLine", "PlayText", "cards_text", "grouped_cards_text", "narrate"]

#: a game's line for one of its events (``None``: nothing to tell)
EventLine = Callable[[Event, Sequence[str], str], str | None]
#: the words of a game's play event (``None``: the event is no play)
PlayText = Callable[[Event, str], str | None]


def narrate(
    table: Table,
    events: Iterable[Event],
    lang: str,
    event_line: EventLine,
    play_text: PlayText,
) -> str | None:
    """One line for the group about what an action just did (its events that matter,
    joined); a time-out and the move made for the sleeper read as one, and stay in front
    until the sleeper acts again (the AI seats answering at once would hide it)."""
    names = table.names()
    events = list(events)
    carried = (
        [] if any(isinstance(event, TimedOut) for event in events) else _still_late(table, lang)
    )
    parts: list[str] = list(carried)
    late: int | None = None  # the seat that just timed out, until its default move is told
    for event in events:
        if isinstance(event, TimedOut):
            parts.append(t(lang, "timed_out", name=names[event.seat]))
            late = event.seat
            continue
        play = play_text(event, lang)
        seat = getattr(event, "seat", None)
        if late is not None and seat == late and (play is not None or isinstance(event, Passed)):
            if play is None:
                parts[-1] = t(lang, "timed_out_passed", name=names[late])
            else:
                parts[-1] = t(lang, "timed_out_played", name=names[late], play=play)
        elif isinstance(event, AutoPlayChanged) and event.on and event.seat == late:
            pass  # the status line says 托管 already
        else:
            line = event_line(event, names, lang)
            if line is None:
                continue
            parts.append(line)
        late = None
    if len(parts) == len(carried):
        return None  # nothing new to say
    return " · ".join(parts)


def _still_late(table: Table, lang: str) -> list[str]:
    """The time-out line of the group's current narration, if its sleeper has not acted
    since (the engine's count of time-outs in a row is still running) nor gone on 托管."""
    game = table.game
    previous = table.narration.split(" · ")[0]
    if game is None or not previous:
        return []
    for seat, name in enumerate(table.names()):
        if not game.timeouts[seat] or game.auto[seat]:
            continue
        for key in ("timed_out_played", "timed_out_passed", "timed_out"):
            opening = t(lang, key, name=name, play="\0").split("\0")[0]
            if previous.startswith(opening):
                return [previous]
    return []
