"""The game-independent core: canonical keys (:mod:`.canon`), the one search
over a game protocol (:mod:`.search`), the transposition table in memory and
in SQLite (:mod:`.table`), misère outcome search (:mod:`.misere`) and the
move type every game reports (:mod:`.moves`). Nothing here knows a ruleset."""
