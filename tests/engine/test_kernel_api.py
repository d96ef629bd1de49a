"""The packages other code imports from say what they hand on: every name of their
``__all__`` is there (a name listed but not imported breaks ``import *`` and readers)."""

from __future__ import annotations

import importlib

import pytest

PACKAGES = (
    "ddz_bot.kernel",
    "ddz_bot.ai",
    "ddz_bot.render",
    "ddz_bot.games.doudizhu.engine",
    "ddz_bot.games.baohuang.engine",
    "ddz_bot.games.doudizhu.ai",
    "ddz_bot.games.baohuang.ai",
    "ddz_bot.games.doudizhu.render",
    "ddz_bot.games.baohuang.render",
)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_listed_name_is_there(package: str) -> None:
    module = importlib.import_module(package)
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert not missing, f"{package} lists {missing} but has them not"
