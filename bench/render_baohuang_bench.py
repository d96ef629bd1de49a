"""保皇 picture speed and size: median time and PNG bytes of each 保皇 gallery picture.

Run: python bench/render_baohuang_bench.py [--rounds N]
Times a whole call (drawing and PNG encoding) with warm sprite and font caches, as in a
running bot. Targets on a 2-core machine, as for the classic pictures: table <= 20 ms and
<= 120 KB, hand <= 15 ms (45 cards in columns), result <= 25 ms.
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

from ddz_bot.games.baohuang.render import render_bh_hand, render_bh_result, render_bh_table
from tools.baohuang_result_samples import bh_result_samples
from tools.baohuang_samples import bh_hand_samples, bh_table_samples

TARGET_MS = {"table": 20.0, "hand": 15.0, "result": 25.0}
TARGET_KB = {"table": 120.0}


def cases() -> list[tuple[str, str, Callable[[], bytes]]]:
    out: list[tuple[str, str, Callable[[], bytes]]] = []
    for t in bh_table_samples():
        out.append(("table", t.name, partial(render_bh_table, t.view, t.names, t.lang)))
    for h in bh_hand_samples():
        out.append(("hand", h.name, partial(render_bh_hand, h.view, h.selected, h.lang, h.names)))
    for r in bh_result_samples():
        out.append(("result", r.name, partial(render_bh_result, r.view, r.lines, r.lang)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    all_cases = cases()
    start = time.perf_counter()
    all_cases[0][2]()
    print(f"first picture, cold caches: {1000 * (time.perf_counter() - start):.0f} ms")
    for _kind, _name, fn in all_cases:
        fn()
    by_kind: dict[str, list[tuple[float, int]]] = {}
    print(f"{'picture':<36} {'median ms':>10} {'best ms':>8} {'KiB':>7}")
    for kind, name, fn in all_cases:
        times = []
        for _ in range(args.rounds):
            t0 = time.perf_counter()
            data = fn()
            times.append(time.perf_counter() - t0)
        median = 1000 * statistics.median(times)
        by_kind.setdefault(kind, []).append((median, len(data)))
        print(f"{name:<36} {median:>10.1f} {1000 * min(times):>8.1f} {len(data) / 1024:>7.1f}")
    print()
    print(f"{'kind':<8} {'median of medians':>18} {'worst':>7} {'target':>7} {'max KiB':>8}")
    ok = True
    for kind, rows in by_kind.items():
        worst = max(ms for ms, _ in rows)
        typical = statistics.median(ms for ms, _ in rows)
        biggest = max(size for _, size in rows) / 1024
        ms_target = TARGET_MS[kind]
        kb_target = TARGET_KB.get(kind)
        ok &= worst <= ms_target and (kb_target is None or biggest <= kb_target)
        print(f"{kind:<8} {typical:>18.1f} {worst:>7.1f} {ms_target:>7} {biggest:>8.1f}")
    print("all within targets" if ok else "SOME FIGURES ARE OVER TARGET")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
