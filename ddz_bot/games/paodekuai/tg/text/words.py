"""跑得快's words for a table: cards, combos, the group's caption and one line for each event.

Functions of events and views, no Telegram. Events and the public view hold no card still in a
hand, so narrating every event and captioning every view can't tell the group a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence

from ddz_bot.kernel import AutoPlayChanged, Escaped, Event, Passed, TimedOut

from ...engine import (
    BOMB_POINTS,
    BombStood,
    HandDealt,
    HandFinished,
    OneCardLeft,
    PdkCombo,
    Played,
    PublicView,
    TrickWon,
)
from ...i18n import cards_text, rank_label, t

__all__ = [
    "caption",
    "cards_text",
    "combo_text",
    "event_line",
    "kind_word",
    "play_text",
    "rank_label",
]


def kind_word(combo: PdkCombo, lang: str) -> str:
    word = t(lang, f"kind_{combo.kind.value}")
    return word + t(lang, "kind_short") if combo.short else word


def combo_text(combo: PdkCombo, lang: str) -> str:
    """``55579（三带二）``: the cards and the kind."""
    return f"{cards_text(combo.cards, lang)} ({kind_word(combo, lang)})"


def play_text(event: Event, lang: str) -> str | None:
    """The words of a play event (``None``: the event is no play)."""
    if isinstance(event, Played):
        return combo_text(event.combo, lang)
    return None


def event_line(event: Event, names: Sequence[str], lang: str) -> str | None:
    """One line for the group about an event; ``None`` for events nobody needs told."""
    seat = getattr(event, "seat", None)
    name = names[seat] if isinstance(seat, int) else ""
    if isinstance(event, HandDealt):
        key = "say_dealt_three" if event.spade_three else "say_dealt"
        return t(lang, key, cards=event.cards_each, name=names[event.leader])
    if isinstance(event, Played):
        return t(
            lang,
            "say_played",
            name=name,
            cards=cards_text(event.combo.cards, lang),
            kind=kind_word(event.combo, lang),
        )
    if isinstance(event, Passed):
        return t(lang, "say_passed", name=name)
    if isinstance(event, OneCardLeft):
        return t(lang, "say_one_card", name=name)
    if isinstance(event, TrickWon):
        return t(lang, "say_trick_won", name=name)
    if isinstance(event, BombStood):
        rank = rank_label(event.rank, lang)
        return t(lang, "say_bomb_stood", name=name, rank=rank, points=BOMB_POINTS)
    if isinstance(event, TimedOut):
        return t(lang, "say_timed_out", name=name)
    if isinstance(event, AutoPlayChanged):
        return t(lang, "say_auto_on" if event.on else "say_auto_off", name=name)
    if isinstance(event, Escaped):
        return t(lang, "say_escaped", name=name)
    if isinstance(event, HandFinished) and event.outcome.winner is not None:
        return t(lang, "say_finished", name=names[event.outcome.winner])
    return None


def caption(view: PublicView, names: Sequence[str], lang: str) -> str:
    """The group picture's caption: whose turn, the play to beat, each seat's count with the
    one-card warning (报单) and 托管."""
    lines: list[str] = []
    if view.turn is not None:
        lines.append(t(lang, "caption_turn", name=names[view.turn]))
    if view.to_beat is not None and view.to_beat_seat is not None:
        lines.append(
            t(
                lang,
                "caption_to_beat",
                name=names[view.to_beat_seat],
                cards=combo_text(view.to_beat, lang),
            )
        )
    for info in view.seats:
        line = t(lang, "caption_seat", name=names[info.seat], n=info.card_count)
        if info.one_card:
            line += f" ⚠️{t(lang, 'caption_one_card')}"
        if info.auto_play:
            line += f" 🤖{t(lang, 'caption_auto')}"
        lines.append(line)
    return "\n".join(lines)
