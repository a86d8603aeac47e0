"""Games on graphs: the labelled :class:`~.graph.Graph` position, bitset
helpers (:mod:`.bitset`), the impartial rulesets (:mod:`.rulesets`), the
papers' closed forms and reductions (:mod:`.formulas`, :mod:`.theory`),
named families (:mod:`.families`) and the optional compiled kernel
(``_kernel``, Cython)."""
