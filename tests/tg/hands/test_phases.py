"""The table's phases move only along the declared table; timers' names parse back."""

from __future__ import annotations

import pytest

from ddz_bot.tg.phases import TRANSITIONS, PhaseError, TablePhase, next_phase
from ddz_bot.tg.table import Table
from ddz_bot.tg.timers import TimerKind, TimerName


def test_every_phase_is_in_the_table_and_a_table_ends_closed() -> None:
    assert set(TRANSITIONS) == set(TablePhase)
    assert TRANSITIONS[TablePhase.CLOSED] == frozenset()
    reachable = {TablePhase.LOBBY}
    for _ in TablePhase:
        reachable |= {later for phase in reachable for later in TRANSITIONS[phase]}
    assert reachable == set(TablePhase)


@pytest.mark.parametrize("current", list(TablePhase))
@pytest.mark.parametrize("wanted", list(TablePhase))
def test_a_move_not_in_the_table_is_refused(current: TablePhase, wanted: TablePhase) -> None:
    table = Table(id=1, chat_id=-1, title="g", lang="en", phase=current)
    if wanted in TRANSITIONS[current]:
        table.move_to(wanted)
        assert table.phase is wanted
    else:
        with pytest.raises(PhaseError):
            table.move_to(wanted)
        assert table.phase is current
        with pytest.raises(PhaseError):
            next_phase(current, wanted)


@pytest.mark.parametrize("kind", list(TimerKind))
def test_timer_names_parse_back(kind: TimerKind) -> None:
    name = TimerName(123456789012, kind, 42)
    assert str(name) == f"ddz:123456789012:{kind}:42"
    parsed = TimerName.parse(str(name))
    assert parsed == name and parsed.kind is kind
    with pytest.raises(ValueError):
        TimerName.parse(f"ddz:1:nap:{kind}")


def test_every_show_kind_has_its_factor() -> None:
    from ddz_bot.games.doudizhu.engine import ShowKind
    from ddz_bot.games.doudizhu.engine.game import SHOW_FACTORS

    assert set(ShowKind) == set(SHOW_FACTORS)
