"""Picture speed and size: median time and PNG bytes of each picture of the gallery.

Run: python bench/render_bench.py [--rounds N]
Times a whole call (drawing and PNG encoding) once the sprite and font caches are warm,
as they are in a running bot; the first, cold call is printed apart. The machine is
shared: the best time shows the cost without the neighbours, the median with them. Targets on a
2-core machine: table <= 20 ms and <= 120 KB, hand <= 10 ms, result <= 25 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ddz_bot.games.doudizhu.render import render_hand, render_result, render_table
from ddz_bot.render import render_profile
from tools.render_samples import hand_samples, profile_samples, result_samples, table_samples

TARGET_MS = {"table": 20.0, "hand": 10.0, "result": 25.0, "profile": 25.0}
TARGET_KB = {"table": 120.0}


def cases() -> list[tuple[str, str, Callable[[], bytes]]]:
    out: list[tuple[str, str, Callable[[], bytes]]] = []
    for t in table_samples():
        out.append(("table", t.name, partial(render_table, t.view, t.names, t.lang)))
    for h in hand_samples():
        out.append(("hand", h.name, partial(render_hand, h.view, h.selected, h.lang, h.names)))
    for r in result_samples():
        out.append(("result", r.name, partial(render_result, r.view, r.lines, r.lang)))
    for name, record, lang in profile_samples():
        out.append(("profile", name, partial(render_profile, record, lang)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    all_cases = cases()
    start = time.perf_counter()
    all_cases[0][2]()
    print(f"first picture, cold caches: {1000 * (time.perf_counter() - start):.0f} ms")
    for _kind, _name, fn in all_cases:  # warm every sprite the samples use
        fn()
    by_kind: dict[str, list[tuple[float, int]]] = {}
    print(f"{'picture':<20} {'median ms':>10} {'best ms':>8} {'KiB':>8}")
    for kind, name, fn in all_cases:
        times = []
        for _ in range(args.rounds):
            t0 = time.perf_counter()
            data = fn()
            times.append(time.perf_counter() - t0)
        median = 1000 * statistics.median(times)
        size = len(data) / 1024
        by_kind.setdefault(kind, []).append((median, len(data)))
        print(f"{name:<20} {median:>10.1f} {1000 * min(times):>8.1f} {size:>8.1f}")
    print()
    print(f"{'kind':<10} {'worst median ms':>16} {'target':>8} {'max KiB':>9} {'target':>8}")
    ok = True
    for kind, rows in by_kind.items():
        worst = max(ms for ms, _ in rows)
        biggest = max(size for _, size in rows) / 1024
        ms_target = TARGET_MS.get(kind)
        kb_target = TARGET_KB.get(kind)
        ok &= (ms_target is None or worst <= ms_target) and (
            kb_target is None or biggest <= kb_target
        )
        print(
            f"{kind:<10} {worst:>16.1f} {ms_target or '-':>8} {biggest:>9.1f} {kb_target or '-':>8}"
        )
    print("all within targets" if ok else "SOME FIGURES ARE OVER TARGET")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
