"""The narration every game in the table's shared words says alike: a play (in the game's own
words for it), a pass, 托管 on or off, who left. A game's ``event_line`` asks this first and
says its own events itself."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ddz_bot.i18n import t
from ddz_bot.kernel import AutoPlayChanged, Escaped, Event, Passed

__all__ = ["table_line"]


def table_line(
    event: Event, names: Sequence[str], lang: str, play_text: Callable[[Event, str], str | None]
) -> str | None:
    """The group's line for ``event`` if it is one of these (``None``: the game's own)."""
    play, seat = play_text(event, lang), getattr(event, "seat", None)
    if play is not None and seat is not None:
        return t(lang, "caption_last", name=names[seat], play=play)
    if isinstance(event, Passed):
        return f"{names[event.seat]} {t(lang, 'said_pass')}"
    if isinstance(event, AutoPlayChanged):
        return t(lang, "auto_on" if event.on else "auto_off", name=names[event.seat])
    if isinstance(event, Escaped):
        return t(lang, "left", name=names[event.seat])
    return None
