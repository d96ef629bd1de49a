"""Decision times as the arenas and the benches print them: median, p99 and max.

One definition of the p99 (the value 99% of the way up the sorted times), so that a figure
in one report means the same as in another.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

__all__ = ["describe_times", "percentile"]


def percentile(ordered: Sequence[float], share: float) -> float:
    """The value ``share`` of the way up ``ordered`` (sorted, not empty).

    >>> percentile([0.1, 0.2, 0.3, 0.4], 0.5)
    0.3
    """
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def describe_times(times: Sequence[float], decimals: int = 1) -> str:
    """``times`` (seconds) as a line: median, p99 and max in milliseconds, and how many.

    >>> describe_times([0.010, 0.020, 0.030])
    'median 20.0 ms, p99 30.0 ms, max 30.0 ms over 3 decisions'
    """
    if not times:
        return "no decisions"
    ordered = sorted(times)
    median, p99 = statistics.median(ordered), percentile(ordered, 0.99)
    return (
        f"median {median * 1e3:.{decimals}f} ms, p99 {p99 * 1e3:.{decimals}f} ms, "
        f"max {ordered[-1] * 1e3:.1f} ms over {len(ordered)} decisions"
    )
