"""The arena's measuring tools: the hard level's settings from the command line, one role
at a time, and a change compared deal by deal with a saved run of the same deals."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

from ddz_bot.ai import timing
from ddz_bot.games.doudizhu.ai import arena
from ddz_bot.games.doudizhu.ai.arena import Role, main, paired, run, search_config
from ddz_bot.games.doudizhu.ai.search import SearchConfig


def test_the_arena_examples_hold() -> None:
    assert doctest.testmod(arena).failed == 0


def test_decision_times_read_the_same_in_every_report() -> None:
    assert doctest.testmod(timing).failed == 0
    # of two hundred times, the p99 is the second slowest, not the slowest
    times = [i / 1000 for i in range(200, 0, -1)]
    assert timing.describe_times(times) == (
        "median 100.5 ms, p99 199.0 ms, max 200.0 ms over 200 decisions"
    )
    assert timing.describe_times([]) == "no decisions"


def test_search_settings_are_read_as_their_fields_types() -> None:
    config = search_config(["endgame=8", "budget=0.07", "read=true", "ceiling=none"])
    assert config == SearchConfig(endgame=8, budget=0.07, read=True, ceiling=None)
    assert search_config([]) == SearchConfig()


@pytest.mark.parametrize(
    ("setting", "named"),
    [("depth=3", "'depth'"), ("endgame=eight", "'endgame=eight'"), ("budget", "'budget'")],
)
def test_a_wrong_search_setting_is_named(setting: str, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        search_config([setting])


def test_a_wrong_search_setting_stops_the_command_with_its_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--games", "1", "--search", "depth=3"])
    assert "no search setting 'depth'" in capsys.readouterr().err


def test_one_role_plays_only_that_role() -> None:
    result = run(3, "normal", "normal_v1", seed=4, role=Role.LANDLORD)
    assert result.landlord.games == 3 and result.farmers.games == 0
    assert len(result.landlord.results) == 3
    assert result.landlord.wins == sum(result.landlord.results)
    both = run(3, "normal", "normal_v1", seed=4)
    # the same deals, the same (deterministic) players: the landlord's results agree
    assert both.landlord.results == result.landlord.results
    assert both.farmers.games == 3


def test_paired_counts_the_deals_that_ended_differently() -> None:
    found = paired([True, True, False, False], [True, False, False, True])
    assert found is not None
    assert (found.deals, found.difference, found.discordant) == (4, 0.0, 0.5)
    better = paired([True, True, True, False], [False, True, True, False])
    assert better is not None and better.difference == 0.25 and better.error > 0
    assert paired([], [True]) is None


def test_a_saved_run_is_compared_deal_by_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "before.json"
    common = ["--games", "4", "--a", "normal", "--b", "normal_v1", "--seed", "9"]
    assert main([*common, "--save", str(saved)]) == 0
    record = json.loads(saved.read_text())
    assert record["seed"] == 9 and len(record["landlord"]) == len(record["farmers"]) == 4
    capsys.readouterr()
    assert main([*common, "--role", "landlord", "--paired", str(saved)]) == 0
    out = capsys.readouterr().out
    # the same player on the same deals: no difference, and no farmer hands this time
    assert "A as landlord: WP +0.0000" in out and "over 4 deals (0% ended differently)" in out
    assert "A as farmers" not in out


def test_a_run_of_other_deals_is_not_compared(tmp_path: Path) -> None:
    saved = tmp_path / "before.json"
    assert main(["--games", "2", "--a", "normal", "--b", "normal_v1", "--save", str(saved)]) == 0
    with pytest.raises(SystemExit, match="other deals"):
        main(
            [
                "--games",
                "2",
                "--a",
                "normal",
                "--b",
                "normal_v1",
                "--seed",
                "2",
                "--paired",
                str(saved),
            ]
        )


def test_a_run_prints_each_role_and_both_with_their_standard_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--games", "4", "--a", "normal", "--b", "greedy", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    result = run(4, "normal", "greedy", seed=2)
    wp, error, deals = arena.overall(result.landlord.results, result.farmers.results)
    assert deals == 4
    assert f"WP {result.landlord.wp:.3f} \u00b1 {result.landlord.error:.3f}" in out
    assert f"A overall    : WP {wp:.3f} \u00b1 {error:.3f}  (both roles of 4 deals)" in out


def test_the_overall_error_counts_each_deal_once() -> None:
    # A wins every deal in one role and loses it in the other: no doubt about the overall
    wp, error, deals = arena.overall([True, False] * 5, [False, True] * 5)
    assert (wp, error, deals) == (0.5, 0.0, 10)
    assert arena.overall([], []) == (0.0, 0.0, 0)


def test_the_cpu_clock_times_the_ai_players_search_by_the_processs_cpu_time() -> None:
    import time
    from functools import partial

    from ddz_bot.games.doudizhu.ai.arena import _on_cpu_clock, make_arena_player

    make = partial(make_arena_player, search=None)
    hard = _on_cpu_clock(make, "hard", 1)
    assert getattr(hard, "clock", None) is time.process_time
    assert make("hard", 1).clock is None  # type: ignore[attr-defined]
    assert not hasattr(_on_cpu_clock(make, "greedy", 1), "clock")
