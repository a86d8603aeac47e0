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
(:func:`analyze_complex`, :func:`gale_first_moves`, :func:`gale_complement_replies`). The readers
(:func:`load_complex`, the ``.facets`` and JSON formats) are in
:mod:`grundy.readwrite.complexes` (readers import the games, not the
other way round).

>>> analyze_complex(build_complex_family("simplex-boundary:4"))["value"]
0
>>> [v for _k, v in gale_first_moves(4)]
[3, 2, 4]
"""

from __future__ import annotations

from grundy.games.complexes.analysis import (
    analyze_complex,
    gale_complement_position,
    gale_complement_replies,
    gale_counter_search,
    gale_reply_search,
    outcome_by_rounds,
    gale_first_moves,
)
from grundy.games.complexes.complex import (
    Complex,
    binary_stars,
    complex_from_key,
    complex_involution,
    complex_key,
    remove_face,
)
from grundy.games.complexes.families import COMPLEX_FAMILIES, MAX_FAMILY_VERTICES, build_complex_family
from grundy.games.complexes.game import BINARY_STAR_SOURCE, THEOREM1_SOURCE, ComplexSolver, ComplexTheory

__all__ = [
    "Complex",
    "ComplexTheory",
    "ComplexSolver",
    "COMPLEX_FAMILIES",
    "THEOREM1_SOURCE",
    "BINARY_STAR_SOURCE",
    "build_complex_family",
    "analyze_complex",
    "gale_first_moves",
    "gale_complement_position",
    "gale_counter_search",
    "gale_reply_search",
    "outcome_by_rounds",
    "gale_complement_replies",
    "complex_involution",
    "binary_stars",
    "complex_key",
    "complex_from_key",
    "remove_face",
    "MAX_FAMILY_VERTICES",
]
