"""Screenshots of the live table (the Mini App's page) for the gallery, on a phone screen:
a hand, a decision, a result, a spectator, a refusal, a 保皇 table and its result, a
tournament's standings between hands.

The browser tests reach those moments by playing whole hands; run with ``DDZ_GALLERY_DIR``
they also write what the page shows then (``tests/web/gallery.shoot``). Needs the system's
Chromium (``apt-get install chromium fonts-noto-cjk``); without it, nothing is written.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["write_live_gallery"]

ROOT = Path(__file__).resolve().parents[1]


def write_live_gallery(out: Path) -> list[Path]:
    """The live table's screenshots in ``out`` (``live_*.png``)."""
    if shutil.which("/usr/bin/chromium") is None:
        print("no /usr/bin/chromium: the live table's screenshots are left out", file=sys.stderr)
        return []
    out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "DDZ_GALLERY_DIR": str(out.resolve())}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/web",
            "-k",
            "browser",
        ],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return sorted(out.glob("live_*.png"))
