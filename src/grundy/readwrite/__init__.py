"""Reading positions: graph6/sparse6, edge lists, JSON and family specs for
graphs (:mod:`.graphs`); ``.poset`` files, JSON and family specs for posets
(:mod:`.posets`); ``.facets`` files, JSON and family specs for simplicial
complexes (:mod:`.complexes`); which kind of position a spec names
(:mod:`.kinds`)."""
