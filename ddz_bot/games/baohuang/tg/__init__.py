"""保皇 at a table: its panels, keyboards, typed words, narration, result and replay (the
table layer hosts it like 斗地主; these are the parts only 保皇 has)."""
