"""Reading positions: graph6/sparse6, edge lists, JSON and family specs for
graphs (:mod:`.graphs`)."""
