"""What each chat should show for a table: words (captions, narration) and ``Content``.

Pure functions of the table and the game; pictures are drawn lazily by the outbox, only for
the content that is really sent.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from ..engine.cards import Cards
from ..engine.combos import Combo
from ..engine.events import (
    AutoPlayChanged,
    Escaped,
    Event,
    LandlordChosen,
    Passed,
    Played,
    Redealt,
    TimedOut,
    WildcardDrawn,
)
from ..engine.game import Game
from ..engine.views import Phase, PublicView
from ..i18n import t
from ..render import ResultLine, render_hand, render_result, render_table
from .keyboards import Keyboards, rank_label
from .outbox import Content
from .table import FINISHED, Table

__all__ = ["cards_text", "group_content", "lobby_content", "narrate", "panel_content",
           "phase_seconds", "result_content", "tracker_text", "unseen_counts"]

def cards_text(cards: Iterable[int], lang: str) -> str:
    """Cards as people write them: ``33344``, ``10JQKA``, ``小王大王`` (``SJBJ``)."""
    return "".join(rank_label(rank, lang) for rank in cards)


def combo_text(combo: Combo, lang: str) -> str:
    return cards_text(combo.cards, lang)


def unseen_counts(game: Game, seat: int) -> list[int]:
    """The card tracker (记牌器): how many of each rank ``seat`` has not seen yet (not in its
    hand, not played)."""
    decks = game.rules.decks
    counts = [4 * decks] * 13 + [decks, decks]
    for rank in list(game.hand(seat)) + list(game.public_view().played):
        counts[rank] -= 1
    return counts


def tracker_text(game: Game, seat: int, lang: str) -> str:
    """Unseen cards, high ranks first: ``大王1 小王1 2×4 A×3 ...`` (ranks all seen left out)."""
    counts = unseen_counts(game, seat)
    parts = []
    for rank in range(len(counts) - 1, -1, -1):
        if counts[rank]:
            parts.append(f"{cards_text([rank], lang)}×{counts[rank]}")
    return " ".join(parts) or "-"


def phase_seconds(table: Table) -> float:
    game = table.game
    if game is None:
        return 0.0
    if game.phase is Phase.DOUBLING:
        return table.double_seconds
    if game.phase is Phase.PLAYING:
        return table.play_seconds
    return table.bid_seconds


def narrate(table: Table, events: Iterable[Event], lang: str) -> str | None:
    """One line for the group about what just happened (the latest event that matters)."""
    names = table.names()
    line: str | None = None
    for event in events:
        if isinstance(event, Played):
            line = t(lang, "caption_last", name=names[event.seat],
                     play=combo_text(event.combo, lang))
        elif isinstance(event, Passed):
            line = f"{names[event.seat]} {t(lang, 'said_pass')}"
        elif isinstance(event, TimedOut):
            line = t(lang, "timed_out", name=names[event.seat])
        elif isinstance(event, AutoPlayChanged):
            line = t(lang, "auto_on" if event.on else "auto_off", name=names[event.seat])
        elif isinstance(event, Redealt):
            line = t(lang, "redealt")
        elif isinstance(event, LandlordChosen):
            line = t(lang, "caption_landlord", name=names[event.seat])
        elif isinstance(event, WildcardDrawn):
            line = t(lang, "caption_wild", rank=cards_text([event.rank], lang))
        elif isinstance(event, Escaped):
            line = t(lang, "left", name=names[event.seat])
    return line


def _public(table: Table) -> PublicView:
    assert table.game is not None
    view = table.game.public_view()
    return dataclasses.replace(view, deadline=table.deadline)


def group_caption(table: Table) -> str:
    game = table.game
    lang = table.lang
    assert game is not None
    names = table.names()
    lines = []
    phase = t(lang, f"phase_{game.phase.value}")
    seconds = int(phase_seconds(table))
    if game.over:
        lines.append(phase)
    elif game.turn is not None:
        lines.append(t(lang, "caption_turn", phase=phase, name=names[game.turn],
                       seconds=seconds))
    else:
        lines.append(t(lang, "caption_all", phase=phase, seconds=seconds))
    if table.narration:
        lines.append(table.narration)
    if game.landlord is not None:
        lines.append(t(lang, "caption_landlord", name=names[game.landlord]) + " · "
                     + t(lang, "caption_mult", base=game.base, multiplier=game.multiplier()))
    for seat, auto in enumerate(game.auto):
        if auto and not game.over:
            lines.append(t(lang, "caption_auto", name=names[seat]))
    return "\n".join(lines)


def group_content(table: Table, keyboards: Keyboards, extra: str = "") -> Content:
    """The table picture with its caption and the "My cards" button."""
    view = _public(table)
    names = table.names()
    lang = table.lang
    caption = group_caption(table) + (f"\n{extra}" if extra else "")
    markup = keyboards.result(table, lang) if table.phase == FINISHED else \
        keyboards.table(table, lang)
    return Content(caption[:1024], markup, photo_key=f"t{table.hand_no}:{table.version}",
                   render=lambda: render_table(view, names, lang))


def result_content(table: Table, keyboards: Keyboards, text: list[str],
                   pictures: list[ResultLine] | None) -> Content:
    """The end of a hand: the result picture (or the table, if cancelled), Again / Leave."""
    if not pictures:
        return group_content(table, keyboards, "\n".join(text))
    view = _public(table)
    lang = table.lang
    lines = list(pictures)
    return Content("\n".join(text)[:1024], keyboards.result(table, lang),
                   photo_key=f"r{table.hand_no}",
                   render=lambda: render_result(view, lines, lang))


def lobby_content(table: Table, keyboards: Keyboards, *, closed_text: str | None = None,
                  ) -> Content:
    lang = table.lang
    seats = []
    for n in range(table.players):
        name = table.seats[n].name if n < len(table.seats) else t(lang, "seat_empty")
        seats.append(t(lang, "lobby_seat", n=n + 1, name=name))
    text = t(lang, "lobby", room=t(lang, f"room_{table.room}"),
             game=t(lang, f"game_{table.rules}"), seats="\n".join(seats))
    if closed_text is not None:
        return Content(f"{text}\n\n{closed_text}", None)
    return Content(text, keyboards.lobby(table, lang))


def panel_caption(table: Table, seat: int, lang: str) -> str:
    game = table.game
    assert game is not None
    names = table.names()
    lines = [t(lang, "panel_table", group=table.title)]
    if game.over:
        lines.append(t(lang, "panel_finished"))
    elif game.auto[seat]:
        lines.append(t(lang, "panel_auto"))
    elif seat in table.readings:
        lines.append(t(lang, "choose_reading", cards=cards_text(table.readings[seat][0], lang)))
    elif seat in game_deciders(table):
        lines.append(t(lang, "panel_your_turn", seconds=int(phase_seconds(table))))
        selected = table.selections.get(seat)
        if game.phase is Phase.PLAYING and selected and any(selected):
            lines.append(t(lang, "panel_selected",
                           cards=cards_text(Cards.from_counts(selected), lang)))
        if game.phase is Phase.PLAYING:
            if game.to_beat is not None and game.to_beat_seat is not None:
                lines.append(t(lang, "panel_to_beat", play=combo_text(game.to_beat, lang),
                               name=names[game.to_beat_seat]))
            else:
                lines.append(t(lang, "panel_lead"))
            if table.tracker:
                lines.append(t(lang, "panel_tracker", cards=tracker_text(game, seat, lang)))
    elif game.turn is not None and game.phase is not Phase.DOUBLING:
        lines.append(t(lang, "panel_waiting", name=names[game.turn]))
    else:
        lines.append(t(lang, "panel_waiting_all"))
    return "\n".join(lines)


def game_deciders(table: Table) -> set[int]:
    """Seats whose decision the table waits for now."""
    game = table.game
    if game is None or game.over:
        return set()
    if game.phase is Phase.DOUBLING:
        return {s for s, d in enumerate(game.doubled) if d is None}
    if game.phase in (Phase.SHOW_START, Phase.DEALING):
        return set()
    return set() if game.turn is None else {game.turn}


def panel_content(table: Table, seat: int, keyboards: Keyboards, lang: str) -> Content:
    """A player's DM panel: the hand picture, a caption, the decision keyboard."""
    game = table.game
    assert game is not None
    view = game.view_for(seat)
    view = dataclasses.replace(view, public=dataclasses.replace(view.public,
                                                                deadline=table.deadline))
    names = table.names()
    deciding = seat in game_deciders(table) and game.phase is Phase.PLAYING
    hand_key = "".join(f"{int(c):02x}" for c in view.hand)
    mode = f"turn{table.version}" if deciding else ("over" if game.over else "wait")
    markup = keyboards.panel(table, seat, lang)
    return Content(panel_caption(table, seat, lang), markup,
                   photo_key=f"h{table.hand_no}:{hand_key}:{mode}:{game.rules.wild_rank}",
                   render=lambda: render_hand(view, None, lang, names))
