"""A 跑得快 player's private panel as data: its text and its rows of buttons.

The Telegram layer signs and sends the buttons; here is what they are. Rank buttons choose
cards (a press adds one card of the rank, past what is held back to none); the action row has
Clear, Hint, Play and, only when the seat follows and nothing of its beats the play on the
table, Pass: the panel never offers Pass to a seat that must beat (R-PDK-MUST).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ddz_bot.kernel import RANK_CHARS, Action, Cards, Pass, Play
from ddz_bot.tg.codec import Button

from ...ai.hints import hints
from ...engine import TOP_RANK, SeatView
from ...i18n import t
from .words import cards_text, kind_word, rank_label

__all__ = ["PanelButton", "hints", "panel_rows", "panel_text", "select_rank"]

_ROW = 7  # rank buttons a row


@dataclass(frozen=True, slots=True)
class PanelButton:
    """A button of the panel: its action code (the table layer's ``Button``; a rank's ``arg``
    is the rank's character in the notation), its label."""

    kind: Button
    label: str
    arg: str = ""


def select_rank(
    chosen: Sequence[int], held: Sequence[int], rank: int, everything: bool = False
) -> list[int]:
    """A rank pressed: one more card of it, back to none past what is held (``everything``:
    all of it at once)."""
    out = list(chosen) + [0] * (len(held) - len(chosen))
    if everything:
        out[rank] = held[rank]
    else:
        out[rank] = out[rank] + 1 if out[rank] < held[rank] else 0
    return out


def panel_rows(
    view: SeatView,
    legal: Sequence[Action],
    lang: str,
    selection: Sequence[int] | None = None,
    *,
    auto: bool = False,
) -> list[list[PanelButton]]:
    """The panel's buttons: Take back on auto-play; else the ranks held and, when it is the
    seat's turn, Clear, Hint, Pass (only if passing is legal) and Play."""
    if view.public.outcome is not None:
        return []
    if auto:
        return [[PanelButton(Button.TAKE_BACK, t(lang, "btn_take_back"))]]
    held = view.hand_ranks.counts()[: TOP_RANK + 1]
    chosen = list(selection or []) + [0] * (len(held) - len(selection or []))
    ranks: list[PanelButton] = []
    for rank, n in enumerate(held):
        if not n:
            continue
        label = rank_label(rank, lang)
        text = (
            f"✅{label} {chosen[rank]}/{n}"
            if chosen[rank]
            else (f"{label}×{n}" if n > 1 else label)
        )
        ranks.append(PanelButton(Button.RANK, text, RANK_CHARS[rank]))
    rows = [ranks[i : i + _ROW] for i in range(0, len(ranks), _ROW)]
    if view.my_turn and legal:
        row = [
            PanelButton(Button.CLEAR, t(lang, "btn_clear")),
            PanelButton(Button.HINT, t(lang, "btn_hint")),
        ]
        if Pass(view.seat) in legal:
            row.append(PanelButton(Button.PASS, t(lang, "btn_pass")))
        if any(isinstance(a, Play) for a in legal):
            row.append(PanelButton(Button.PLAY, t(lang, "btn_play")))
        rows.append(row)
    elif any(chosen):
        rows.append([PanelButton(Button.CLEAR, t(lang, "btn_clear"))])
    return rows


def panel_text(
    view: SeatView,
    legal: Sequence[Action],
    names: Sequence[str],
    lang: str,
    selection: Sequence[int] | None = None,
    *,
    auto: bool = False,
) -> str:
    """The panel's words: whose turn, what to beat, must-beat or can't-beat, the warnings."""
    public = view.public
    lines = [t(lang, "panel_hand", n=len(view.hand), cards=cards_text(view.hand_ranks, lang))]
    if auto:
        lines.append(t(lang, "panel_auto"))
    elif not view.my_turn:
        if public.turn is not None:
            lines.append(t(lang, "panel_wait", name=names[public.turn]))
    elif public.to_beat is None or public.to_beat_seat is None:
        lines.append(t(lang, "panel_lead"))
    else:
        combo = public.to_beat
        lines.append(
            t(
                lang,
                "panel_follow",
                name=names[public.to_beat_seat],
                cards=cards_text(combo.cards, lang),
                kind=kind_word(combo, lang),
            )
        )
        can_pass = Pass(view.seat) in legal
        lines.append(t(lang, "panel_cannot_beat" if can_pass else "panel_must_beat"))
    if view.my_turn and public.must_three:
        lines.append(t(lang, "panel_first_three"))
    if view.my_turn and view.next_has_one:
        lines.append(t(lang, "panel_next_one"))
    picked = Cards.from_counts(selection) if selection and any(selection) else None
    if picked:
        lines.append(t(lang, "panel_selected", cards=cards_text(picked, lang)))
    return "\n".join(lines)
