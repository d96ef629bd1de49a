"""Screenshots of the live table for the gallery: the browser tests take them at the moments
they reach (a hand, a decision, a result, a 保皇 table), and write them only when the gallery
asks (``DDZ_GALLERY_DIR``, set by ``python -m tools.gallery OUTDIR``)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.async_api import Page

GALLERY_DIR = "DDZ_GALLERY_DIR"


async def shoot(page: Page, name: str) -> Path | None:
    """``name``.png of what ``page`` shows now, in the gallery's folder (if one is asked)."""
    folder = os.environ.get(GALLERY_DIR)
    if not folder:
        return None
    path = Path(folder) / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(path))
    return path
