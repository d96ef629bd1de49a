"""RLCard's rule agent (``doudizhu-rule-v1``) as an arena opponent nobody here wrote.

The learned 斗地主 agents (DouZero and its kin) report their strength as the win rate
against this agent, so playing it through our own ``Game`` puts ``hard`` on the same scale.
The agent is the ``rlcard`` package's own code (``DouDizhuRuleAgentV1``), a bench-only
dependency (``requirements-bench.txt``; never the bot's): this module only translates. The
seat's view becomes RLCard's raw observation (the hand as ``3..A2BR``, the legal plays as
RLCard's action strings in its action-space order, and the trace the agent reads: who played
the combo on the table and whether the seat before passed on it); the answer comes back as
one of the seat's legal actions. An answer that isn't legal here, or one the agent fails on
(a combo its tables don't know), is replaced by a random legal action, as DouZero's wrapper
of the same agent does; ``fallbacks`` counts them so a report can say how often.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from ddz_bot.games.doudizhu.engine import SeatView
from ddz_bot.kernel import Action, Pass, Play, format_cards

from .bidding import BiddingStyle
from .players import _Base

__all__ = ["RLCardRulePlayer", "from_rlcard", "rlcard_available", "to_rlcard"]

_TO_RLCARD = str.maketrans("XD", "BR")
_FROM_RLCARD = str.maketrans("BR", "XD")


def rlcard_available() -> bool:
    """Whether the ``rlcard`` package (requirements-bench.txt) can be imported."""
    try:
        import rlcard.models.doudizhu_rule_models  # noqa: F401
    except ImportError:
        return False
    return True


def to_rlcard(ranks: Sequence[int]) -> str:
    """Our ranks as RLCard writes them: the same order, ``B``/``R`` for the jokers."""
    return format_cards(ranks).translate(_TO_RLCARD)


def from_rlcard(text: str) -> str:
    """RLCard's card string in our notation (``BR`` is ``XD``)."""
    return text.translate(_FROM_RLCARD)


class RLCardRulePlayer(_Base):
    """RLCard's ``DouDizhuRuleAgentV1`` in a seat (three-player card play only; its bidding
    is the judged one, which the arena's fixed landlord never asks)."""

    name = "rlcard_rule"
    #: every player's decisions and fallbacks in this process (the arena reports them)
    totals: ClassVar[Counter[str]] = Counter()

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, BiddingStyle.JUDGED)
        try:
            import numpy
            from rlcard.games.doudizhu.utils import ACTION_2_ID
            from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
        except ImportError as error:  # a bench-only dependency
            raise RuntimeError(
                "rlcard_rule needs the rlcard package: pip install -r requirements-bench.txt"
            ) from error
        self._numpy: Any = numpy
        self._order: dict[str, int] = ACTION_2_ID
        self._agent: Any = DouDizhuRuleAgentV1()
        #: decisions where the agent's answer wasn't legal here (a random legal one played)
        self.fallbacks = 0
        self.decisions = 0

    def act(self, view: SeatView, legal: Sequence[Action], asked: float | None = None) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        passes = [a for a in legal if isinstance(a, Pass)]
        if not plays and not passes:
            return super().act(view, legal, asked)
        if view.public.rules.players != 3 or view.public.rules.wildcard:
            raise ValueError("rlcard_rule plays the three-player game without wildcards only")
        started = time.perf_counter()
        action = self._answer(view, plays, passes)
        if self.keep_timings:
            self.timings.append(time.perf_counter() - started)
        return action

    def _answer(self, view: SeatView, plays: list[Play], passes: list[Pass]) -> Action:
        """The agent's answer to a play decision, as a legal action."""
        self.decisions += 1
        RLCardRulePlayer.totals["decisions"] += 1
        by_text = {to_rlcard(a.cards): a for a in plays}
        actions = sorted(by_text, key=lambda t: self._order.get(t, len(self._order)))
        if passes:
            actions.append("pass")
        # the agent's random choices (numpy's global generator) follow this player's seed
        self._numpy.random.seed(self.rng.randrange(2**32))
        try:
            answer = str(self._agent.step({"raw_obs": self.raw_observation(view, actions)}))
        except (KeyError, IndexError, ValueError):
            answer = ""
        if answer == "pass" and passes:
            return passes[0]
        if answer in by_text:
            return by_text[answer]
        self.fallbacks += 1
        RLCardRulePlayer.totals["fallbacks"] += 1
        return self.rng.choice([*plays, *passes])

    @staticmethod
    def raw_observation(view: SeatView, actions: list[str]) -> dict[str, object]:
        """RLCard's raw observation of the seat, as far as the rule agent reads it: the trace
        is the play on the table and, when the seat before passed on it, that pass (the agent
        looks back two moves only)."""
        public = view.public
        seat = view.seat
        before = (seat - 1) % public.rules.players
        trace: list[tuple[int, str]] = []
        if public.to_beat is not None and public.to_beat_seat is not None:
            trace.append((public.to_beat_seat, to_rlcard(public.to_beat.cards)))
            if public.to_beat_seat != before:
                trace.append((before, "pass"))
        return {
            "current_hand": to_rlcard(view.hand_ranks),
            "trace": trace,
            "actions": actions,
            "landlord": public.landlord,
            "self": seat,
        }
