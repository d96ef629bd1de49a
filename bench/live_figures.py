"""Figures of ``bench/live_load.py`` worked out from what the run recorded: where the
slowest decisions' wait went, the AI workers' CPU, the Telegram calls while every page was
open."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

__all__ = ["cpu_of", "print_path", "print_window_calls"]


def print_path(
    traces: list[tuple[int, int, float, float, float]], written: dict[tuple[int, int], float]
) -> None:
    """Where the slowest decisions' wait went: the bot (the table at its version to the frame
    handed to the socket), the way to the page (to the page's socket reading it), the
    person's process (to the person taking it)."""
    paths = sorted(
        (taken - at, written.get((user, version), at) - at, received, taken)
        for user, version, at, received, taken in traces
    )
    for share, name in ((0.0, "all"), (0.99, "slowest 1%")):
        slow = paths[int(len(paths) * share) :]
        if not slow:
            continue
        at = [wait for wait, *_ in slow]
        bot = [w for _, w, _, _ in slow]
        way = [received - taken + wait - w for wait, w, received, taken in slow]
        person = [taken - received for _, _, received, taken in slow]
        mean = len(slow) / 1000
        print(
            f"wait's path ({name}, mean of {len(slow)}): bot {sum(bot) / mean:.1f} ms"
            f"  to the page {sum(way) / mean:.1f} ms  person's process {sum(person) / mean:.1f} ms"
            f"  (all {sum(at) / mean:.1f} ms)"
        )


def cpu_of(processes: list[Any]) -> float:
    """CPU seconds the ``processes`` (the AI's workers) have used so far (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for process in processes:
        try:
            fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def print_window_calls(calls: list[Any], moves: int) -> None:
    """The Bot API calls made while every page was open, by method, and per accepted move."""
    methods = Counter(call.method for call in calls)
    listed = ", ".join(f"{method} {n}" for method, n in methods.most_common())
    print(
        f"Telegram calls with every page open: {len(calls)}"
        f" ({len(calls) / max(1, moves):.3f} a move){': ' + listed if listed else ''}"
    )
