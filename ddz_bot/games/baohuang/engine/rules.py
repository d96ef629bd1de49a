"""The table options of 保皇 (docs/rules.md section 4): how the guard is found, and three extras."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = ["BaoHuangRules", "GuardMethod"]


class GuardMethod(StrEnum):
    """How the guard is found: the fixed guard card (R-BH-GUARD) or a called card (R-BH-CALL)."""

    FIXED = "fixed"  # 简明方法: the small joker with the sword is the guard card
    CALLED = "called"  # 典范方法: the emperor names a card of which they hold three copies


@dataclass(frozen=True, slots=True)
class BaoHuangRules:
    """A 保皇 table's options; all extras are off by default.

    ``roast``: 烤牌 (R-BH-ROAST); ``six``: 憋6 (R-BH-SIX); ``grab_solo``: 抢独 (R-BH-GRAB-SOLO).
    """

    method: GuardMethod = GuardMethod.FIXED
    roast: bool = False
    six: bool = False
    grab_solo: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.method, GuardMethod):
            object.__setattr__(self, "method", GuardMethod(self.method))

    def to_dict(self) -> dict[str, Any]:
        return {
            "method": self.method.value,
            "roast": self.roast,
            "six": self.six,
            "grab_solo": self.grab_solo,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BaoHuangRules:
        return cls(
            method=GuardMethod(data.get("method", GuardMethod.FIXED.value)),
            roast=bool(data.get("roast", False)),
            six=bool(data.get("six", False)),
            grab_solo=bool(data.get("grab_solo", False)),
        )

    def __str__(self) -> str:
        extras = [name for name in ("roast", "six", "grab_solo") if getattr(self, name)]
        return f"baohuang ({', '.join([self.method.value, *extras])})"
