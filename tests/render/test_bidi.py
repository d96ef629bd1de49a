"""The bidirectional order of a line, against python-bidi's (the Rust unicode-bidi crate)."""

from __future__ import annotations

from bidi import get_display
from hypothesis import given
from hypothesis import strategies as st

from ddz_bot.render.bidi import has_rtl, levels, mirror, paragraph_level, visual_order

#: Letters of both directions, both kinds of digits, separators, terminators, marks, the
#: joiners, an emoji and spaces. No tabs (a name's tabs are spaces before this runs) and no
#: brackets (their pairing, rule N0, is not implemented: see bidi.py).
_ALPHABET = (
    "abcXYZé मनक\u094d ก\u0e31 مرحبا שלום 0123 ٠١٢ ۴۵ .,-+%$#!?:/ \u064e\u05b8\u200c\u200d🐉"
)


def _display(text: str) -> str:
    resolved = levels(text)
    return "".join(mirror(text[i]) if resolved[i] % 2 else text[i] for i in visual_order(resolved))


@given(st.text(alphabet=_ALPHABET, max_size=24))
def test_the_visual_order_is_the_unicode_algorithms(text: str) -> None:
    assert _display(text) == get_display(text)


def test_a_right_to_left_name_reads_from_the_right_its_latin_and_digits_from_the_left() -> None:
    name = "ليلى 🌙 Li 2"
    assert paragraph_level(name) == 1
    assert _display(name) == "Li 2 🌙 ىليل"
    assert _display("Bob مرحبا 123") == "Bob 123 ابحرم"  # digits go with the Arabic before them
    assert _display("שירה (Shira)") == "(Shira) הריש"  # brackets mirrored in the RTL run


def test_a_left_to_right_line_keeps_its_order() -> None:
    for text in ("Bob", "小明 123", "Zoë!", "🐉 龍騰", ""):
        assert not has_rtl(text)
        assert visual_order(levels(text)) == list(range(len(text)))
        assert set(levels(text)) <= {0, 2}
    assert has_rtl("a١") and has_rtl("שלום") and not has_rtl("ก")
