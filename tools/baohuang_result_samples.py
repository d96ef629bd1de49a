"""保皇 result samples for the gallery, the tests and the benchmark: the emperor's side
winning with 明保, a successful revolt, a lost open solo, an escape, a hand nobody took the
throne of; each in the three languages, named ``baohuang_result_<scene>_<lang>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ddz_bot.games.baohuang.engine.views import (
    BaoHuangOutcome,
    FactorReason,
    Phase,
    PublicView,
    Role,
    ScoreFactor,
    SeatInfo,
    Solo,
)
from ddz_bot.kernel import Termination
from ddz_bot.render import LANGS, ResultLine

from .baohuang_samples import LANG_SUFFIX, NAMES, finished_view, make_view

__all__ = ["BhResultSample", "bh_result_samples", "result_scenes"]


@dataclass(frozen=True, slots=True)
class BhResultSample:
    name: str
    view: PublicView
    lines: tuple[ResultLine, ...]
    lang: str


def _lines(deltas: Sequence[int], points: Sequence[int]) -> tuple[ResultLine, ...]:
    balances = (12_400, 3_050, 8_800, 250_000, 41_200)
    return tuple(
        ResultLine(seat, NAMES[seat], deltas[seat], points[seat], balances[seat] + deltas[seat])
        for seat in range(5)
    )


def _result_view(
    outcome: BaoHuangOutcome, roles: Sequence[Role], hoes: Sequence[int] = ()
) -> PublicView:
    seats = [
        SeatInfo(
            seat,
            0,
            role=roles[seat],
            place=outcome.place_of(seat),
            hoe=seat in hoes,
            escaped=outcome.escaped == seat,
        )
        for seat in range(5)
    ]
    return make_view(
        Phase.ABORTED if outcome.aborted else Phase.FINISHED,
        seats,
        emperor=outcome.emperor,
        guard=outcome.guard,
        solo=outcome.solo,
        places=outcome.places,
        factors=outcome.factors,
        outcome=outcome,
    )


def result_scenes() -> dict[str, tuple[PublicView, tuple[ResultLine, ...]]]:
    E, G, R = Role.EMPEROR, Role.GUARD, Role.REBEL
    win = finished_view()
    revolt = ScoreFactor(FactorReason.REVOLT, 2)
    rebels = BaoHuangOutcome(
        termination=Termination.WON,
        places=(2, 4, 3, 1, 0),
        emperor=0,
        guard=1,
        solo=None,
        scores=(-12, -6, 6, 6, 6),
        base_scores=(-6, -3, 3, 3, 3),
        factors=(revolt,),
        multiplier=2,
        revolts=(2, 4),
    )
    solo = BaoHuangOutcome(
        termination=Termination.WON,
        places=(3,),
        emperor=2,
        guard=None,
        solo=Solo.OPEN,
        scores=(6, 6, -24, 6, 6),
        base_scores=(6, 6, -24, 6, 6),
    )
    escape = BaoHuangOutcome(
        termination=Termination.ESCAPED,
        places=(),
        emperor=0,
        guard=None,
        solo=None,
        scores=(10, 10, 10, -40, 10),
        base_scores=(10, 10, 10, -40, 10),
        escaped=3,
    )
    aborted = BaoHuangOutcome(
        termination=Termination.ABORTED,
        places=(),
        emperor=None,
        guard=None,
        solo=None,
        scores=(0, 0, 0, 0, 0),
        base_scores=(0, 0, 0, 0, 0),
        reason="no_emperor",
    )
    return {
        "emperor_wins": (win, _lines((1_200, 600, -600, -600, -600), (12, 6, -6, -6, -6))),
        "revolt": (
            _result_view(rebels, (E, G, R, R, R), hoes=(2, 4)),
            _lines((-1_200, -600, 600, 600, 600), (-12, -6, 6, 6, 6)),
        ),
        "open_solo": (
            _result_view(solo, (R, R, E, R, R)),
            _lines((600, 600, -2_405, 600, 600), (6, 6, -24, 6, 6)),
        ),
        "escape": (
            _result_view(escape, (R, R, R, R, R)),
            _lines((1_000, 1_000, 1_000, -4_005, 1_000), (10, 10, 10, -40, 10)),
        ),
        "aborted": (_result_view(aborted, (R, R, R, R, R)), _lines((0,) * 5, (0,) * 5)),
    }


def bh_result_samples() -> list[BhResultSample]:
    return [
        BhResultSample(f"baohuang_result_{scene}_{LANG_SUFFIX[lang]}", view, lines, lang)
        for scene, (view, lines) in result_scenes().items()
        for lang in LANGS
    ]
