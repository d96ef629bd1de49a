"""The 保皇 arena: reached from the common arena's command line, every role reported."""

from __future__ import annotations

import pytest

from ddz_bot.games import arena as common_arena
from ddz_bot.games.baohuang.ai.arena import ArenaRole, RoleStats, report, run


def test_a_few_deals_fill_each_role_of_both_kinds() -> None:
    result = run(4, "normal", "greedy", seed=2)
    for side in (result.a, result.b):
        emperor, solo = side.get(ArenaRole.EMPEROR), side.get(ArenaRole.SOLO)
        assert (emperor or RoleStats()).hands + (solo or RoleStats()).hands >= 1
        assert side[ArenaRole.REBEL].hands >= 3
    lines = report(result, "normal", "greedy")
    assert lines[0].split()[:2] == ["role", "A"]
    assert any(line.startswith("A (normal) decision time") for line in lines)


def test_the_common_arena_hands_baohuang_to_its_own(capsys: pytest.CaptureFixture[str]) -> None:
    assert common_arena.main(["--rules", "baohuang", "--games", "1", "--a", "hard"]) == 0
    out = capsys.readouterr().out
    assert "hard (A) vs greedy (B), 1 deals x 2 sides, baohuang (fixed)" in out
    assert "rebel" in out


def test_alone_among_baselines_the_ai_is_counted_at_each_seat() -> None:
    """Each deal: five tables with A at one seat (one hand of A's each) and one all-B table
    (a hand at each seat); a table nobody crowned counts as aborted."""
    result = run(2, "normal", "greedy", seed=4, single=True)
    a_hands = sum(stats.hands for stats in result.a.values())
    b_hands = sum(stats.hands for stats in result.b.values())
    assert b_hands % 5 == 0
    assert a_hands + b_hands // 5 + result.aborted == 2 * 6
