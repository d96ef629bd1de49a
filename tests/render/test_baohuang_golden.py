"""保皇 golden pictures: three samples compared with the reviewed PNGs in ``golden/``, with
the tolerance of ``test_golden.py``. After a deliberate change, look at the new pictures
(``python -m ddz_bot.render.gallery OUTDIR``) and regenerate them with::

    DDZ_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_baohuang_golden.py
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops

from ddz_bot.games.baohuang.render import render_bh_hand, render_bh_result, render_bh_table
from tools.baohuang_result_samples import bh_result_samples
from tools.baohuang_samples import bh_hand_samples, bh_table_samples

from .test_golden import GOLDEN, MAX_DELTA, MAX_SHARE


def _cases() -> dict[str, Callable[[], bytes]]:
    table = next(s for s in bh_table_samples() if s.name == "baohuang_table_trick_hans")
    hand = next(s for s in bh_hand_samples() if s.name == "baohuang_hand_crowded_en")
    result = next(s for s in bh_result_samples() if s.name == "baohuang_result_revolt_hant")
    return {
        table.name: lambda: render_bh_table(table.view, table.names, table.lang),
        hand.name: lambda: render_bh_hand(hand.view, hand.selected, hand.lang, hand.names),
        result.name: lambda: render_bh_result(result.view, result.lines, result.lang),
    }


CASES = _cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_baohuang_picture_matches_golden(name: str) -> None:
    data = CASES[name]()
    path = GOLDEN / f"{name}.png"
    if os.environ.get("DDZ_UPDATE_GOLDEN"):
        path.write_bytes(data)
    expected = Image.open(path).convert("RGB")
    actual = Image.open(io.BytesIO(data)).convert("RGB")
    assert actual.size == expected.size
    diff = ImageChops.difference(actual, expected).convert("L")
    far = diff.point(lambda value: 255 if value > MAX_DELTA else 0)
    changed = far.histogram()[255] / (actual.width * actual.height)
    assert changed <= MAX_SHARE, f"{name}: {changed:.2%} of pixels differ; see the docstring"
