"""Subset take-away on finite abstract simplicial complexes.

The game (Khandhawit-Ye, §2; Gale)
----------------------------------
A position is a finite simplicial complex: a family of nonempty finite sets
(faces) closed under taking nonempty subsets. A move chooses a face and
removes it together with every face containing it; the player who cannot
move loses. It is the poset game on the face poset (faces ordered by
inclusion, :meth:`Complex.face_poset`), and Graph Chomp is the case of
dimension at most 1 (a vertex or an edge is removed with the edges on it).
Gale's game on an ``n``-set is ``simplex-boundary:n``: all nonempty proper
subsets.

The package
-----------
:mod:`.complex` holds the position type, its keys, involutions and binary
stars; :mod:`.families` the named families; :mod:`.game` the game the
search plays, with the reductions and their sources
(:class:`ComplexSolver`); :mod:`.analysis` the answers for the user
(:func:`complex_analysis`, :func:`gale_first_moves`, :func:`gale_complement_replies`). The readers
(:func:`load_complex`, the ``.facets`` and JSON formats) are in
:mod:`grundy.readwrite.complexes` (readers import the games, not the
other way round).

>>> complex_analysis(build_complex_family("simplex-boundary:4"))["value"]
0
>>> [v for _k, v in gale_first_moves(4)]
[3, 2, 4]
"""

from __future__ import annotations

# Names the module grundy.games.complexes held before it became a package,
# kept importable from here (some it only imported).
from grundy.core.explain import measured, sum_values  # noqa: F401
from grundy.core.canon import automorphisms, certificate, graph_from_certificate  # noqa: F401
from grundy.core.moves import label_json, label_str  # noqa: F401
from grundy.core.search import Component, Namer, Searcher, Split  # noqa: F401
from grundy.errors import InputError, TooLargeError  # noqa: F401
from grundy.games.complexes.analysis import (  # noqa: F401
    _back,
    _face_json,
    _via_face_poset,
    _via_incidence,
    complex_analysis,
    gale_complement_position,
    gale_complement_replies,
    gale_reply_search,
    outcome_by_rounds,
    gale_first_moves,
)
from grundy.games.complexes.complex import (  # noqa: F401
    MAX_FACETS,
    Complex,
    Label,
    _compact,
    _faces_of,
    _facet_components,
    _incidence,
    _maximal,
    _vertex_mask,
    binary_stars,
    complex_from_key,
    complex_involution,
    complex_key,
    remove_face,
)
from grundy.games.complexes.families import (  # noqa: F401
    COMPLEX_FAMILIES,
    MAX_FAMILY_VERTICES,
    ComplexFamily,
    _size,
    _skeleton,
    build_complex_family,
)
from grundy.games.complexes.game import (  # noqa: F401
    BINARY_STAR_SOURCE,
    GRAPH_SOURCE,
    THEOREM1_SOURCE,
    ComplexGame,
    ComplexSolver,
    ComplexTheory,
)
from grundy.games.graphs.game import Solver  # noqa: F401
from grundy.games.graphs.graph import Graph, bits  # noqa: F401
from grundy.games.graphs.theory import Switches, Theory, involution_candidates  # noqa: F401
from grundy.games.posets import Poset, PosetSolver, poset_analysis  # noqa: F401

__all__ = [
    "Complex",
    "ComplexTheory",
    "ComplexSolver",
    "COMPLEX_FAMILIES",
    "THEOREM1_SOURCE",
    "BINARY_STAR_SOURCE",
    "build_complex_family",
    "complex_analysis",
    "gale_first_moves",
    "gale_complement_position",
    "gale_reply_search",
    "outcome_by_rounds",
    "gale_complement_replies",
    "complex_involution",
    "binary_stars",
]
