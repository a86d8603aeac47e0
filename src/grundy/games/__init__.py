"""The games: impartial graph rulesets with the papers' theory
(:mod:`.graphs`), poset games (:mod:`.posets`), subset take-away on
simplicial complexes (:mod:`.complexes`), rectangular Chomp and Nim
(:mod:`.chomp`), octal games (:mod:`.octal`) and partizan graph games
(:mod:`.partizan`). Each states its positions, options and shortcuts; the
searching is :mod:`grundy.core.search`'s."""
