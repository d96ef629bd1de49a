"""Hints for people: their legal plays, best first, for a hint button to cycle through."""

from __future__ import annotations

from ddz_bot.games.doudizhu.engine import CLASSIC, Combo, RuleSet, SeatView
from ddz_bot.kernel import Cards

from .policy import NORMAL, score_options
from .situation import Situation, full_counts

__all__ = ["hints"]


def hints(
    source: SeatView | Cards, previous: Combo | None = None, rules: RuleSet = CLASSIC
) -> list[Combo]:
    """The legal plays ranked by the AI, best first (never a pass, never an illegal play).

    From a ``SeatView`` the table's combo and the card counts come from the view (the
    other arguments are ignored); from bare ``Cards`` the play is ranked against
    ``previous`` with nothing known of the other hands.
    """
    if isinstance(source, SeatView):
        situation = Situation.from_view(source)
    else:
        unseen = full_counts(rules)
        for r in source:
            unseen[r] -= 1
        others = max(0, sum(unseen)) // 2
        situation = Situation(
            rules=rules,
            seat=0,
            hand=source,
            landlord=0,
            card_counts=(len(source), others, others),
            to_beat=previous,
            to_beat_seat=None if previous is None else 1,
            unseen=[max(0, n) for n in unseen],
        )
    return [s.play for s in score_options(situation, NORMAL) if s.play is not None]
