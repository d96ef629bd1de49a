"""One command for every game's arena: ``python -m ddz_bot.games.arena --rules NAME ...``.

Each game measures its AI in an arena of its own (its folder's ``ai/arena.py``); this hands
the command line to the one the rules name, 斗地主's when they name none.
"""

from __future__ import annotations

import sys

from ddz_bot.games.baohuang.ai import arena as baohuang_arena
from ddz_bot.games.doudizhu.ai import arena as doudizhu_arena

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    if "baohuang" in given or "--rules=baohuang" in given:
        return baohuang_arena.main(given)
    return doudizhu_arena.main(given)


if __name__ == "__main__":
    raise SystemExit(main())
