"""跑得快 at a table: its host rules, panels, keyboards, typed words, narration, result and
replay, built on the pure pieces of ``table/`` (the table layer hosts it like the others)."""
