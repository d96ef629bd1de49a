"""A finished 跑得快 hand told again: the replay's lines (who played what, in order, rebuilt by
the engine from the stored start and actions) and the result's itemised lines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ddz_bot.games.kit.replay import ReplayLines
from ddz_bot.kernel import Action, Passed, Settlement, TimedOut, action_from_dict

from ...engine import BOMB_POINTS, PdkGame, PdkOutcome, Played, loser_pays
from ...i18n import t
from .words import cards_text, kind_word, rank_label

__all__ = ["replay_head", "replay_lines", "result_lines"]


def replay_lines(
    start: dict[str, Any],
    actions: Iterable[Action | dict[str, Any]],
    names: Sequence[str],
    lang: str,
) -> list[str]:
    """One numbered line a play or pass (``(timed out)`` where the clock played it)."""
    game = PdkGame.replay(start, [])
    said = ReplayLines(names, t(lang, "replay_late"))
    for action in actions:
        act = action if isinstance(action, Action) else action_from_dict(action)
        for event in game.apply(act):
            if isinstance(event, TimedOut):
                said.clocked(event.seat)
            elif isinstance(event, Played):
                kind = kind_word(event.combo, lang)
                said.add(event.seat, f"{cards_text(event.combo.cards, lang)} ({kind})")
            elif isinstance(event, Passed):
                said.add(event.seat, t(lang, "replay_pass"))
    return said.lines


def replay_head(outcome: PdkOutcome, names: Sequence[str], lang: str) -> str:
    """The replay's header: who went out first, or who escaped."""
    if outcome.escaped is not None:
        verdict = t(
            lang,
            "result_escaped",
            name=names[outcome.escaped],
            points=-outcome.scores[outcome.escaped] // 2,
        )
    elif outcome.winner is not None:
        verdict = t(lang, "result_winner", name=names[outcome.winner])
    else:
        verdict = ""
    return t(lang, "replay_head", verdict=verdict)


def _signed(value: int) -> str:
    return f"{value:+d}"


def result_lines(
    outcome: PdkOutcome,
    names: Sequence[str],
    lang: str,
    settlement: Settlement | None = None,
    coefficient: int | None = None,
    fee: int | None = None,
) -> list[str]:
    """The result, itemised per seat: cards left (one card pays nothing, shut pays double),
    the bombs that stood, the total points and, with a settlement, the beans."""
    if outcome.escaped is not None:
        each = -outcome.scores[outcome.escaped] // 2
        lines = [t(lang, "result_escaped", name=names[outcome.escaped], points=each)]
    else:
        assert outcome.winner is not None
        lines = [t(lang, "result_winner", name=names[outcome.winner])]
    for seat, name in enumerate(names):
        items: list[str] = []
        left = outcome.cards_left[seat]
        if outcome.escaped is None and seat != outcome.winner:
            pays = -loser_pays(left, outcome.shut[seat])
            if left == 1:
                items.append(t(lang, "result_one_card"))
            elif outcome.shut[seat]:
                items.append(t(lang, "result_shut", n=left, points=_signed(pays)))
            else:
                items.append(t(lang, "result_cards", n=left, points=_signed(pays)))
        others = len(names) - 1
        for bomb in outcome.bombs:
            if bomb.seat == seat:
                gain = _signed(BOMB_POINTS * others)
                items.append(t(lang, "result_bomb", rank=rank_label(bomb.rank, lang), points=gain))
        paid = -BOMB_POINTS * sum(1 for b in outcome.bombs if b.seat != seat)
        if paid:
            items.append(t(lang, "result_bombs_paid", points=_signed(paid)))
        items.append(t(lang, "result_total", points=_signed(outcome.scores[seat])))
        if settlement is not None:
            items.append(
                t(
                    lang,
                    "result_beans",
                    beans=_signed(settlement.deltas[seat]),
                    coefficient=coefficient if coefficient is not None else "?",
                    fee=fee if fee is not None else 0,
                )
            )
        sep = "; " if lang == "en" else "；"
        lines.append(f"{name}: {sep.join(items)}")
    return lines
