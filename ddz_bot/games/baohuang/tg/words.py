"""保皇's words for the table: plays, faces, roles, the table's options, and one line for the
group about what an action did. Functions of events and views; no Telegram here.

Events are public by construction (the engine names the guard only in ``GuardRevealed``),
so narrating every event never tells the group who the hidden guard is; a seat's own role is
told only on its own panel (``present``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ddz_bot.games.baohuang.engine import (
    RANK_OF,
    BaoHuangRules,
    Declaration,
    Declared,
    Face,
    GuardCalled,
    GuardMethod,
    GuardRevealed,
    Meld,
    Role,
    SoloGrabbed,
    SoloRevealed,
    ThroneOffered,
    ThroneTaken,
    ThroneYielded,
    WentOut,
)
from ddz_bot.games.baohuang.engine import Played as BhPlayed
from ddz_bot.games.kit.words import table_line
from ddz_bot.i18n import t
from ddz_bot.kernel import Card, Event, Redealt
from ddz_bot.tg.cardwords import cards_text

__all__ = [
    "card_list_text",
    "declaration_word",
    "event_line",
    "face_text",
    "meld_text",
    "options_text",
    "play_text",
    "role_word",
]


def meld_text(meld: Meld, lang: str) -> str:
    """A play as people write it: ``8888``, ``77 大王``."""
    return cards_text(meld.cards, lang)


def card_list_text(cards: Iterable[Card], lang: str) -> str:
    """Physical cards (attached to the throne, taken with it) by their ranks."""
    return cards_text(sorted(RANK_OF[card] for card in cards), lang)


def face_text(face: Face, lang: str) -> str:
    """A called face: the suit's symbol and the rank (``♥K``)."""
    return face.suit.symbol + cards_text([face.rank], lang)


def role_word(role: Role, lang: str) -> str:
    return t(lang, f"bh_role_{role.value}")


def declaration_word(word: Declaration, lang: str) -> str:
    return t(lang, f"bh_say_{word.value}")


def options_text(rules: BaoHuangRules, lang: str) -> str:
    """The table's options, for the lobby and the caption: ``固定侍卫 · 烤牌``."""
    parts = [
        t(lang, "bh_method_called" if rules.method is GuardMethod.CALLED else "bh_method_fixed")
    ]
    if rules.roast:
        parts.append(t(lang, "bh_opt_roast"))
    if rules.six:
        parts.append(t(lang, "bh_opt_six"))
    if rules.grab_solo:
        parts.append(t(lang, "bh_opt_grab"))
    return " · ".join(parts)


def play_text(event: Event, lang: str) -> str | None:
    """The meld of a play event as the table writes it."""
    return meld_text(event.meld, lang) if isinstance(event, BhPlayed) else None


def event_line(event: Event, names: Sequence[str], lang: str) -> str | None:
    """One public event as the group reads it (``None``: nothing worth a word)."""
    said = table_line(event, names, lang, play_text)
    if said is not None:
        return said
    if isinstance(event, ThroneOffered):
        if event.number == 1:
            return None  # the deal: the caption says who holds the emperor card
        return t(lang, "bh_offered", name=names[event.seat], n=event.number)
    if isinstance(event, ThroneYielded):
        if event.attached is None:
            return t(lang, "bh_yielded", name=names[event.seat])
        return t(
            lang,
            "bh_yielded_attached",
            name=names[event.seat],
            cards=card_list_text([event.attached], lang),
        )
    if isinstance(event, ThroneTaken):
        extra = list(event.cards[1:])
        if not extra:
            return t(lang, "bh_taken", name=names[event.seat])
        return t(
            lang, "bh_taken_attached", name=names[event.seat], cards=card_list_text(extra, lang)
        )
    if isinstance(event, GuardCalled):
        return t(lang, "bh_called", name=names[event.seat], face=face_text(event.face, lang))
    if isinstance(event, Declared):
        return t(
            lang,
            f"bh_declared_{event.declaration.value}",
            name=names[event.seat],
        )
    if isinstance(event, GuardRevealed):
        return t(lang, f"bh_guard_revealed_{event.reason}", name=names[event.seat])
    if isinstance(event, SoloRevealed):
        return t(lang, "bh_solo_revealed", name=names[event.seat])
    if isinstance(event, SoloGrabbed):
        return t(lang, "bh_solo_grabbed", name=names[event.seat])
    if isinstance(event, WentOut):
        return t(
            lang, "bh_went_out", name=names[event.seat], place=t(lang, f"bh_place_{event.place}")
        )
    if isinstance(event, Redealt):
        return t(lang, "bh_redealt")
    return None
