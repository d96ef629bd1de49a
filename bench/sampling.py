"""A sampling profile of a process's CPU: the main thread's stack every millisecond of CPU
time the process spends, written as collapsed stacks (``a;b;c N``, a flame graph's input).

cProfile's cost per call skews a profile toward code that makes many small calls; a sample
costs the same wherever it lands. CPU spent by another thread (the database's) shows up on
the main thread's stack as it was then, usually the loop waiting in ``select``.
"""

from __future__ import annotations

import signal
from collections import Counter
from pathlib import Path
from types import FrameType

__all__ = ["Sampler"]

#: the deepest stack kept (the outermost frames are the loop's own, all alike)
DEPTH = 60


class Sampler:
    """Samples the main thread's stack on the process's CPU clock while started."""

    def __init__(self, interval: float = 0.001) -> None:
        self.interval = interval
        self.stacks: Counter[tuple[str, ...]] = Counter()

    def _sample(self, _signum: int, frame: FrameType | None) -> None:
        names: list[str] = []
        while frame is not None and len(names) < DEPTH:
            code = frame.f_code
            names.append(f"{Path(code.co_filename).stem}.{code.co_name}")
            frame = frame.f_back
        self.stacks[tuple(reversed(names))] += 1

    def start(self) -> None:
        signal.signal(signal.SIGPROF, self._sample)
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0.0, 0.0)
        signal.signal(signal.SIGPROF, signal.SIG_DFL)

    def write(self, path: str) -> None:
        """The collapsed stacks, then (after a blank line, ``#`` lines) the functions that
        take the most samples, inclusive and self."""
        total = sum(self.stacks.values()) or 1
        inclusive: Counter[str] = Counter()
        own: Counter[str] = Counter()
        for stack, count in self.stacks.items():
            for name in set(stack):
                inclusive[name] += count
            if stack:
                own[stack[-1]] += count
        lines = [f"{';'.join(stack)} {count}" for stack, count in self.stacks.most_common()]
        lines.append("")
        lines.append(f"# {total} samples; inclusive share, then self share")
        lines.extend(f"# {n / total:6.1%} {name}" for name, n in inclusive.most_common(80))
        lines.append("#")
        lines.extend(f"# {n / total:6.1%} {name}" for name, n in own.most_common(60))
        Path(path).write_text("\n".join(lines) + "\n")
