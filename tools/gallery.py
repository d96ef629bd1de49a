"""Write every picture for the sample states, for a person to review at a glance.

    python -m tools.gallery OUTDIR

Writes one PNG a sample (3 and 4 seats, bidding, the wildcard game, shown hands, long
and odd names, the end of a hand, hands, results, player cards, season and tournament
standings) and ``index.html``
that shows them side by side.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ddz_bot.games.baohuang.render import render_bh_hand, render_bh_result, render_bh_table
from ddz_bot.games.doudizhu.render import render_hand, render_result, render_table
from ddz_bot.games.paodekuai.render.gallery import pictures as pdk_pictures
from ddz_bot.render import render_profile
from ddz_bot.render.standings import render_standings
from ddz_bot.render.tournament_board import render_tournament

from .baohuang_result_samples import bh_result_samples
from .baohuang_samples import bh_hand_samples, bh_table_samples
from .live_gallery import write_live_gallery
from .render_samples import hand_samples, profile_samples, result_samples, table_samples
from .standings_samples import standings_samples, tournament_samples


def write_gallery(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, data: bytes) -> None:
        path = out / f"{name}.png"
        path.write_bytes(data)
        written.append(path)

    for table in table_samples():
        save(table.name, render_table(table.view, table.names, table.lang))
    for hand in hand_samples():
        save(hand.name, render_hand(hand.view, hand.selected, hand.lang, hand.names))
    for result in result_samples():
        save(result.name, render_result(result.view, result.lines, result.lang))
    for name, record, lang in profile_samples():
        save(name, render_profile(record, lang))
    for name, standings, lang in standings_samples():
        save(name, render_standings(standings, lang))
    for name, board, lang in tournament_samples():
        save(name, render_tournament(board, lang))
    for bh_table in bh_table_samples():
        save(bh_table.name, render_bh_table(bh_table.view, bh_table.names, bh_table.lang))
    for bh_hand in bh_hand_samples():
        save(
            bh_hand.name,
            render_bh_hand(bh_hand.view, bh_hand.selected, bh_hand.lang, bh_hand.names),
        )
    for bh_result in bh_result_samples():
        save(bh_result.name, render_bh_result(bh_result.view, bh_result.lines, bh_result.lang))
    written += write_live_gallery(out)  # the live table's page, beside the pictures
    for name, data in pdk_pictures().items():  # 跑得快 draws its own samples
        save(name, data)
    figures = "\n".join(
        f'<figure><img src="{p.name}" width="500"><figcaption>{p.stem}</figcaption></figure>'
        for p in written
    )
    (out / "index.html").write_text(
        "<!doctype html><meta charset=utf-8><title>ddz pictures</title>"
        "<style>body{background:#222;color:#ddd;font-family:sans-serif}"
        "figure{display:inline-block;margin:8px;vertical-align:top}</style>\n"
        f"{figures}\n",
        encoding="utf-8",
    )
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tools.gallery OUTDIR", file=sys.stderr)
        return 2
    for path in write_gallery(Path(argv[0])):
        print(f"{path}  {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
