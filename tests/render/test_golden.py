"""Golden pictures: a few samples compared with the reviewed PNGs in ``golden/``.

A small tolerance absorbs anti-aliasing differences between FreeType builds; a
layout change fails. After a deliberate change, look at the new pictures
(``python -m ddz_bot.render.gallery OUTDIR``) and regenerate the golden ones with::

    DDZ_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from ddz_bot.games.doudizhu.render import render_hand, render_result, render_table
from ddz_bot.render import render_profile
from tools.render_samples import hand_samples, profile_samples, result_samples, table_samples

GOLDEN = Path(__file__).parent / "golden"
#: at most this share of pixels may differ, by at most MAX_DELTA in any channel
MAX_SHARE = 0.005
MAX_DELTA = 48


def _cases() -> dict[str, Callable[[], bytes]]:
    tables = {s.name: s for s in table_samples()}
    hands = {s.name: s for s in hand_samples()}
    results = {s.name: s for s in result_samples()}
    profiles = {name: (record, lang) for name, record, lang in profile_samples()}

    def table(name: str) -> Callable[[], bytes]:
        s = tables[name]
        return lambda: render_table(s.view, s.names, s.lang)

    def hand(name: str) -> Callable[[], bytes]:
        s = hands[name]
        return lambda: render_hand(s.view, s.selected, s.lang, s.names)

    def result(name: str) -> Callable[[], bytes]:
        s = results[name]
        return lambda: render_result(s.view, s.lines, s.lang)

    def profile(name: str) -> Callable[[], bytes]:
        record, lang = profiles[name]
        return lambda: render_profile(record, lang)

    return {
        "table_classic": table("table_classic"),
        "table_four": table("table_four"),
        "hand_wildcard": hand("hand_wildcard"),
        "result_spring": result("result_spring"),
        "profile_en": profile("profile_en"),
    }


CASES = _cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_picture_matches_golden(name: str) -> None:
    data = CASES[name]()
    path = GOLDEN / f"{name}.png"
    if os.environ.get("DDZ_UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(data)
    expected = Image.open(path).convert("RGB")
    actual = Image.open(io.BytesIO(data)).convert("RGB")
    assert actual.size == expected.size
    diff = ImageChops.difference(actual, expected).convert("L")
    far = diff.point(lambda value: 255 if value > MAX_DELTA else 0)
    changed = (far.histogram()[255]) / (actual.width * actual.height)
    assert changed <= MAX_SHARE, f"{name}: {changed:.2%} of pixels differ; see the docstring"


def test_the_tolerance_catches_a_real_change() -> None:
    english = next(s for s in table_samples() if s.name == "table_classic_en")
    actual = Image.open(io.BytesIO(render_table(english.view, english.names, english.lang)))
    expected = Image.open(GOLDEN / "table_classic.png")
    diff = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB")).convert("L")
    far = diff.point(lambda value: 255 if value > MAX_DELTA else 0)
    assert far.histogram()[255] / (actual.width * actual.height) > MAX_SHARE
