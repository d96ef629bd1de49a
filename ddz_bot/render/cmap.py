"""The characters a font file maps, read from its ``cmap`` table (formats 4 and 12).

Read from the shipped files themselves, so that nothing has to be kept in step with the
subsets (``fonts.py`` picks each character's font by it).
"""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

__all__ = ["coverage"]


@lru_cache(maxsize=16)
def coverage(path: Path) -> frozenset[int]:
    """The code points a font file maps (its ``cmap`` formats 4 and 12)."""
    data = path.read_bytes()
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap_offset = None
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_offset = offset
    if cmap_offset is None:
        raise ValueError(f"{path.name}: no cmap table")
    count = struct.unpack_from(">H", data, cmap_offset + 2)[0]
    points: set[int] = set()
    seen: set[int] = set()
    for i in range(count):
        platform, _encoding, offset = struct.unpack_from(">HHI", data, cmap_offset + 4 + 8 * i)
        if platform not in (0, 3) or offset in seen:
            continue  # another platform's record of a table already read
        seen.add(offset)
        table = cmap_offset + offset
        fmt = struct.unpack_from(">H", data, table)[0]
        if fmt == 4:
            points |= _format4(data, table)
        elif fmt == 12:
            points |= _format12(data, table)
    return frozenset(points)


def _format4(data: bytes, table: int) -> set[int]:
    segments = struct.unpack_from(">H", data, table + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, table + 14)
    starts = struct.unpack_from(f">{segments}H", data, table + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, table + 16 + 4 * segments)
    range_offsets_at = table + 16 + 6 * segments
    range_offsets = struct.unpack_from(f">{segments}H", data, range_offsets_at)
    out: set[int] = set()
    for seg in range(segments):
        for code in range(starts[seg], ends[seg] + 1):
            if code == 0xFFFF:
                continue
            if range_offsets[seg] == 0:
                glyph = (code + deltas[seg]) & 0xFFFF
            else:
                at = range_offsets_at + 2 * seg + range_offsets[seg] + 2 * (code - starts[seg])
                glyph = struct.unpack_from(">H", data, at)[0]
                if glyph:
                    glyph = (glyph + deltas[seg]) & 0xFFFF
            if glyph:
                out.add(code)
    return out


def _format12(data: bytes, table: int) -> set[int]:
    groups = struct.unpack_from(">I", data, table + 12)[0]
    out: set[int] = set()
    for i in range(groups):
        start, end, _glyph = struct.unpack_from(">III", data, table + 16 + 12 * i)
        out.update(range(start, end + 1))
    return out
